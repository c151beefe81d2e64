//===- Pipeline.h - The order of the T2S passes ---------------*- C++ -*-===//
//
// The one place where the order of the T2S steps is visible, and how they hook
// into clang's default pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PIPELINE_H
#define T2S_PIPELINE_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class PassBuilder;
}

namespace t2s {

/// The systolic steps, in order. They run on the IR as clang emitted it:
/// every function is checked before the report of the whole module, then
/// emitted and transformed.
void addSystolicPasses(llvm::ModulePassManager &MPM);

/// Registers the T2S passes by name and at the default pipelines' extension
/// points.
void registerT2SPasses(llvm::PassBuilder &PB);

} // namespace t2s

#endif // T2S_PIPELINE_H
