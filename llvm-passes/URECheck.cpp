//===- URECheck.cpp - Report the rules a URE nest breaks ------------------===//

#include "URECheck.h"
#include "UREModel.h"

#include "llvm/IR/Function.h"

namespace t2s {

llvm::PreservedAnalyses URECheckPass::run(llvm::Function &F,
                                          llvm::FunctionAnalysisManager &FAM) {
  for (const URERejection &R : FAM.getResult<UREAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
