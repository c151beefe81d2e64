//===- PrepareNests.cpp - SSA form for the marked loop nests --------------===//

#include "ure/PrepareNests.h"
#include "language/LoopMetadata.h"
#include "ure/InlineHelpers.h"
#include "ure/StdMinMax.h"
#include "ure/StripChecks.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

namespace t2s {

llvm::PreservedAnalyses PrepareNestsPass::run(llvm::Function &F,
                                              llvm::FunctionAnalysisManager &FAM) {
  llvm::LoopInfo &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  bool HasT2SLoop = llvm::any_of(LI.getLoopsInPreorder(), [](llvm::Loop *L) {
    return getLoopSourceName(*L).has_value();
  });
  if (!HasT2SLoop)
    return llvm::PreservedAnalyses::all();

  // std::min/max/clamp first: their arguments' temporaries become scalars;
  // then the program's own helpers, whose locals become the function's.
  // The sanitizer's checks last, those of the helpers with them.
  bool Expanded = expandStdMinMax(F);
  bool CFGChanged = inlineHelpers(F);
  CFGChanged |= stripChecks(F);
  if (CFGChanged)
    FAM.invalidate(F, llvm::PreservedAnalyses::none());
  llvm::SmallVector<llvm::AllocaInst *, 16> Promotable;
  for (llvm::Instruction &I : F.getEntryBlock())
    if (auto *AI = llvm::dyn_cast<llvm::AllocaInst>(&I))
      if (llvm::isAllocaPromotable(AI))
        Promotable.push_back(AI);
  if (Promotable.empty() && !Expanded && !CFGChanged)
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses PA;
  if (!CFGChanged)
    PA.preserveSet<llvm::CFGAnalyses>();
  if (Promotable.empty())
    return PA;
  // The values the named locals hold keep their names (the first local a
  // value is stored to).
  for (llvm::AllocaInst *AI : Promotable) {
    llvm::MDNode *Name = AI->getMetadata(NameTag);
    if (!Name)
      continue;
    for (llvm::User *U : AI->users())
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(U); St && St->getPointerOperand() == AI)
        if (auto *V = llvm::dyn_cast<llvm::Instruction>(St->getValueOperand());
            V && !V->getType()->isPointerTy() && !llvm::isa<llvm::AllocaInst>(V) &&
            !V->getMetadata(NameTag))
          V->setMetadata(NameTag, Name);
  }
  llvm::DominatorTree &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  llvm::AssumptionCache &AC = FAM.getResult<llvm::AssumptionAnalysis>(F);
  llvm::PromoteMemToReg(Promotable, DT, &AC);
  return PA;
}

} // namespace t2s
