//===- URECheck.h - Report the rules a URE nest breaks --------*- C++ -*-===//
//
// t2s-check-ures: reports every URERejection of UREAnalysis and of
// SpaceTimeAnalysis as an error at its source line (UREModel.h and
// SpaceTimeSchedule.h list the rules), and the remarks of vectorize(k):
// -Rpass=t2s-vectorize says how many lanes each PE runs, and
// -Rpass-analysis=t2s-vectorize which reads serialize them. Changes nothing.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_URECHECK_H
#define T2S_URECHECK_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct URECheckPass : llvm::PassInfoMixin<URECheckPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_URECHECK_H
