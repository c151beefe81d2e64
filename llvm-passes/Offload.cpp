//===- Offload.cpp - Run a design's kernels instead of its nest -----------===//

#include "Offload.h"
#include "LoopMetadata.h"
#include "MergeURES.h"
#include "OpenCLEmitter.h"
#include "SpaceTimeSchedule.h"
#include "UREModel.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

namespace {

llvm::cl::opt<bool> OffloadDesigns(
    "t2s-offload",
    llvm::cl::desc("Replace each T2S design's loop nest by a call to its host "
                   "stub t2s_run_<design> (what t2s-clang --emulate does)"));

} // namespace

namespace t2s {

namespace {

// A value of the nest used after it, or null.
const llvm::Instruction *usedAfter(const llvm::Loop &L) {
  for (const llvm::BasicBlock *BB : L.blocks())
    for (const llvm::Instruction &I : *BB)
      for (const llvm::User *U : I.users())
        if (auto *UI = llvm::dyn_cast<llvm::Instruction>(U); UI && !L.contains(UI))
          return &I;
  return nullptr;
}

} // namespace

llvm::PreservedAnalyses OffloadPass::run(llvm::Function &F,
                                         llvm::FunctionAnalysisManager &FAM) {
  if (!OffloadDesigns || F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return llvm::PreservedAnalyses::all();
  const SpaceTimeResult &R = FAM.getResult<SpaceTimeAnalysis>(F);
  if (R.Schedules.empty() || !R.Rejections.empty() ||
      !FAM.getResult<UREAnalysis>(F).Rejections.empty())
    return llvm::PreservedAnalyses::all();

  // Collect first: deleting a nest invalidates the analyses' results.
  struct Site {
    llvm::Loop *L;
    std::string Stub;
    SourceLoc Loc;
  };
  llvm::SmallVector<Site, 2> Sites;
  for (const SpaceTimeSchedule &Sch : R.Schedules) {
    llvm::Loop *L = Sch.System.outermost();
    if (!L->getLoopPreheader() || !L->getExitBlock()) {
      reportError(F, Sch.System.Loc,
                  "cannot offload this nest: it needs a single entry and a "
                  "single exit; do not jump into or out of the nest");
      return llvm::PreservedAnalyses::all();
    }
    if (const llvm::Instruction *I = usedAfter(*L)) {
      reportError(F, sourceLocOf(I),
                  "cannot offload this nest: a value it computes is used "
                  "after it; pass results through an output array");
      return llvm::PreservedAnalyses::all();
    }
    Sites.push_back({L, hostStubName(F, &Sch - R.Schedules.begin()), Sch.System.Loc});
  }

  auto &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  auto &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  auto &SE = FAM.getResult<llvm::ScalarEvolutionAnalysis>(F);
  llvm::SmallVector<llvm::Type *, 4> Params;
  llvm::SmallVector<llvm::Value *, 4> Args;
  for (llvm::Argument &A : F.args()) {
    Params.push_back(A.getType());
    Args.push_back(&A);
  }
  auto *Ty = llvm::FunctionType::get(llvm::Type::getVoidTy(F.getContext()),
                                     Params, false);
  for (Site &S : Sites) {
    llvm::FunctionCallee Stub = F.getParent()->getOrInsertFunction(S.Stub, Ty);
    llvm::IRBuilder<> B(S.L->getLoopPreheader()->getTerminator());
    B.CreateCall(Stub, Args);
    llvm::deleteDeadLoop(S.L, &DT, &SE, &LI);
  }
  return llvm::PreservedAnalyses::none();
}

} // namespace t2s
