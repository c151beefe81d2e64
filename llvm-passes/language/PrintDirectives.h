//===- PrintDirectives.h - Dump the T2S loop metadata ---------*- C++ -*-===//
//
// print<t2s-directives>: prints, for each loop of each function, its source
// name and its directives as the passes read them (LoopMetadata.h). A testing
// and debugging aid; changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PRINTDIRECTIVES_H
#define T2S_PRINTDIRECTIVES_H

#include "llvm/IR/PassManager.h"

namespace llvm {
class raw_ostream;
}

namespace t2s {

class PrintDirectivesPass : public llvm::PassInfoMixin<PrintDirectivesPass> {
  llvm::raw_ostream &OS;

public:
  explicit PrintDirectivesPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_PRINTDIRECTIVES_H
