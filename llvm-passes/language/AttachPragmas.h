//===- AttachPragmas.h - Markers to loop metadata -------------*- C++ -*-===//
//
// Turns the front end's llvm.var.annotation markers (Markers.h) into
// '!llvm.loop' metadata on the loop each marker precedes (LoopMetadata.h), then
// deletes the markers. Runs first in every pipeline, at -O0 too; it assumes the
// IR is as clang emitted it (loop variables still in allocas, no loop rotated).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_ATTACHPRAGMAS_H
#define T2S_ATTACHPRAGMAS_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct AttachPragmasPass : llvm::PassInfoMixin<AttachPragmasPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_ATTACHPRAGMAS_H
