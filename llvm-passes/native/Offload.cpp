//===- Offload.cpp - Run a design's kernels instead of its nest -----------===//

#include "native/Offload.h"
#include "systolic/DesignNames.h"
#include "language/LoopMetadata.h"
#include "systolic/StreamChannels.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/DataPath.h"
#include "ure/MergeURES.h"
#include "ure/UREModel.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

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

// An instruction between two nests (from the first's exit block to the
// second's preheader, both included) that must not move behind the kernels:
// anything that touches memory or has side effects. Null if none; BadPath
// when the code between them is not a straight line.
const llvm::Instruction *codeBetween(llvm::BasicBlock *From, llvm::BasicBlock *To,
                                     bool &BadPath) {
  BadPath = false;
  for (llvm::BasicBlock *BB = From;;) {
    for (const llvm::Instruction &I : *BB) {
      if (I.isTerminator() || llvm::isa<llvm::DbgInfoIntrinsic>(I))
        continue;
      if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
        continue;
      if (I.mayHaveSideEffects() || I.mayReadFromMemory())
        return &I;
    }
    if (BB == To)
      return nullptr;
    BB = BB->getSingleSuccessor();
    if (!BB) {
      BadPath = true;
      return nullptr;
    }
  }
}

} // namespace

llvm::PreservedAnalyses OffloadPass::run(llvm::Function &F,
                                         llvm::FunctionAnalysisManager &FAM) {
  if (!Enabled || F.isDeclaration() || designsRejected(F, FAM))
    return llvm::PreservedAnalyses::all();
  const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
  if (CR.Units.empty())
    return llvm::PreservedAnalyses::all();

  // The kernels of all nests run together (channels connect them), where the
  // first nest was: nothing may lie between the nests.
  llvm::SmallVector<llvm::Loop *, 4> Nests;
  for (const KernelUnit &U : CR.Units) {
    llvm::Loop *L = U.System->outermost();
    if (!L->getLoopPreheader() || !L->getExitBlock()) {
      reportError(F, U.System->Loc,
                  "cannot offload this nest: it needs a single entry and a "
                  "single exit; do not jump into or out of the nest [" +
                      ruleName(URERule::Offload) + "]");
      return llvm::PreservedAnalyses::all();
    }
    if (const llvm::Instruction *I = usedAfter(*L)) {
      reportError(F, sourceLocOf(I),
                  "cannot offload this nest: a value it computes is used "
                  "after it; pass results through an output array [" +
                      ruleName(URERule::Offload) + "]");
      return llvm::PreservedAnalyses::all();
    }
    if (!Nests.empty()) {
      bool BadPath;
      const llvm::Instruction *I =
          codeBetween(Nests.back()->getExitBlock(), L->getLoopPreheader(), BadPath);
      if (I || BadPath) {
        SourceLoc Loc = I ? sourceLocOf(I) : U.System->Loc;
        if (!Loc.Line)
          Loc = U.System->Loc;
        reportError(F, Loc,
                    "cannot offload the kernels of '" + designName(F, 0) +
                        "': their nests run together as one group of kernels, "
                        "but code lies between two of them (before " +
                        CR.Units[&U - CR.Units.begin()].describe() +
                        "); move that code before the first nest or after "
                        "the last [" + ruleName(URERule::Offload) + "]");
        return llvm::PreservedAnalyses::all();
      }
    }
    Nests.push_back(L);
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
  llvm::FunctionCallee Stub = F.getParent()->getOrInsertFunction(hostStubName(F), Ty);
  llvm::IRBuilder<> B(Nests.front()->getLoopPreheader()->getTerminator());
  B.CreateCall(Stub, Args);
  for (llvm::Loop *L : Nests)
    llvm::deleteDeadLoop(L, &DT, &SE, &LI);
  return llvm::PreservedAnalyses::none();
}

} // namespace t2s
