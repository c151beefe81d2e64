//===- URECheck.cpp - Report the rules a URE nest breaks ------------------===//

#include "URECheck.h"
#include "Channels.h"
#include "LoopMetadata.h"
#include "SpaceTimeSchedule.h"
#include "UREModel.h"

#include "llvm/IR/Function.h"

namespace t2s {

llvm::PreservedAnalyses URECheckPass::run(llvm::Function &F,
                                          llvm::FunctionAnalysisManager &FAM) {
  if (F.getMetadata(MergeFailedTag)) // already reported by t2s-merge-ures
    return llvm::PreservedAnalyses::all();
  for (const URERejection &R : FAM.getResult<UREAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  for (const URERejection &R : FAM.getResult<SpaceTimeAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  for (const URERejection &R : FAM.getResult<ChannelAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
