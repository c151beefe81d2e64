//===- URECheck.cpp - Report the rules a URE nest breaks ------------------===//

#include "URECheck.h"
#include "Channels.h"
#include "LoopMetadata.h"
#include "SpaceTimeSchedule.h"
#include "UREModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

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
  auto &ORE = FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F);
  for (const SpaceTimeSchedule &Sch : FAM.getResult<SpaceTimeAnalysis>(F).Schedules) {
    if (!Sch.Vector || Sch.System.Statements.empty())
      continue;
    const VectorPlan &V = *Sch.Vector;
    const std::string &K = Sch.System.Loops[V.Loop].Name;
    llvm::Instruction *At = Sch.System.Statements.front().Store;
    if (V.Space) {
      ORE.emit([&] {
        return llvm::OptimizationRemark("t2s-vectorize", "Vectorized", At)
               << "vectorize(" << K << "): the " << std::to_string(V.Lanes)
               << " PEs along '" << K << "' exchange one vector per time step "
               << "with each loader and drainer";
      });
      continue;
    }
    ORE.emit([&] {
      return llvm::OptimizationRemark("t2s-vectorize", "Vectorized", At)
             << "vectorize(" << K << "): each PE runs the " << std::to_string(V.Lanes)
             << " lanes of '" << K << "' in one time step; the array takes "
             << std::to_string(V.Steps) << " steps instead of "
             << std::to_string(Sch.TotalSteps);
    });
    if (!V.Serialized.empty())
      ORE.emit([&] {
        return llvm::OptimizationRemarkAnalysis("t2s-vectorize", "Serialized", At)
               << "vectorize(" << K << ") is serialized: the lanes run in order, "
               << "each after the lanes it reads (reads along '" << K << "': "
               << llvm::join(V.Serialized, ", ") << ")";
      });
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
