//===- StripChecks.cpp - The sanitizer's checks out of a nest -------------===//

#include "ure/StripChecks.h"
#include "ure/NestBlocks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

namespace t2s {

namespace {

// Whether BB reports a failed check: it calls the sanitizer's handler or
// traps, then ends there or goes on to Next.
bool isCheckFailure(const llvm::BasicBlock &BB, const llvm::BasicBlock *Next) {
  bool Reports = false;
  for (const llvm::Instruction &I : BB)
    if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I)) {
      const llvm::Function *Fn = CB->getCalledFunction();
      if (!Fn)
        return false;
      llvm::Intrinsic::ID ID = Fn->getIntrinsicID();
      if (Fn->getName().starts_with("__ubsan_handle_") || ID == llvm::Intrinsic::ubsantrap ||
          ID == llvm::Intrinsic::trap)
        Reports = true;
      else if (!Fn->isIntrinsic())
        return false;
    } else if (I.mayHaveSideEffects() && !llvm::isa<llvm::UnreachableInst>(I)) {
      return false;
    }
  const llvm::Instruction *T = BB.getTerminator();
  bool Ends = llvm::isa<llvm::UnreachableInst>(T) ||
              (llvm::isa<llvm::BranchInst>(T) &&
               llvm::cast<llvm::BranchInst>(T)->isUnconditional() && T->getSuccessor(0) == Next);
  return Reports && Ends;
}

// The operation an overflow-checked intrinsic computes, if it is one.
std::optional<llvm::Instruction::BinaryOps> plainOperation(llvm::Intrinsic::ID ID) {
  switch (ID) {
  case llvm::Intrinsic::sadd_with_overflow:
  case llvm::Intrinsic::uadd_with_overflow: return llvm::Instruction::Add;
  case llvm::Intrinsic::ssub_with_overflow:
  case llvm::Intrinsic::usub_with_overflow: return llvm::Instruction::Sub;
  case llvm::Intrinsic::smul_with_overflow:
  case llvm::Intrinsic::umul_with_overflow: return llvm::Instruction::Mul;
  default: return std::nullopt;
  }
}

} // namespace

bool stripChecks(llvm::Function &F) {
  llvm::SmallPtrSet<llvm::BasicBlock *, 32> Nest = nestBlocks(F);
  bool Changed = false;
  llvm::SmallVector<llvm::WeakTrackingVH, 16> Dead; // the conditions of the checks
  // Each check's block and the block it went on to: one again afterwards.
  llvm::SmallVector<std::pair<llvm::BasicBlock *, llvm::BasicBlock *>, 16> Continued;
  for (llvm::BasicBlock &Block : F) { // in the function's order: the same IR every time
    llvm::BasicBlock *BB = &Block;
    if (!Nest.count(BB))
      continue;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    for (unsigned S = 0; S < 2; ++S) {
      llvm::BasicBlock *Fail = Br->getSuccessor(S), *Pass = Br->getSuccessor(1 - S);
      if (Fail == Pass || !isCheckFailure(*Fail, Pass))
        continue;
      if (auto *Cond = llvm::dyn_cast<llvm::Instruction>(Br->getCondition()))
        Dead.push_back(Cond);
      Fail->removePredecessor(BB);
      Continued.push_back({BB, Pass});
      llvm::BranchInst::Create(Pass, Br);
      Br->eraseFromParent();
      Changed = true;
      break;
    }
  }
  if (!Changed)
    return false;
  llvm::removeUnreachableBlocks(F);
  llvm::RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
  // The blocks each check split a statement into, one again (the URE model
  // reads an access's address computation in one block, as clang emits it
  // without checks). A block merged away passes its own successors on: the
  // later pairs name the block it went into.
  llvm::DenseMap<llvm::BasicBlock *, llvm::BasicBlock *> MergedInto;
  auto live = [&](llvm::BasicBlock *BB) {
    while (MergedInto.count(BB))
      BB = MergedInto[BB];
    return BB;
  };
  for (auto [From, To] : Continued) {
    From = live(From);
    if (To->getSinglePredecessor() == From && From->getSingleSuccessor() == To &&
        llvm::MergeBlockIntoPredecessor(To))
      MergedInto[To] = From;
  }
  // The checked arithmetic whose overflow bit no check reads any more.
  llvm::SmallVector<llvm::IntrinsicInst *, 16> Checked;
  for (llvm::BasicBlock &BB : F)
    for (llvm::Instruction &I : BB)
      if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I))
        if (plainOperation(II->getIntrinsicID()) && Nest.count(&BB))
          Checked.push_back(II);
  for (llvm::IntrinsicInst *II : Checked) {
    bool OnlyValue = llvm::all_of(II->users(), [](const llvm::User *U) {
      auto *EV = llvm::dyn_cast<llvm::ExtractValueInst>(U);
      return EV && EV->getNumIndices() == 1 &&
             (EV->getIndices()[0] == 0 || EV->use_empty());
    });
    if (!OnlyValue)
      continue;
    llvm::IRBuilder<> B(II);
    llvm::Value *Plain = B.CreateBinOp(*plainOperation(II->getIntrinsicID()),
                                       II->getArgOperand(0), II->getArgOperand(1));
    // Overflow is what the check ruled out: no signed (unsigned) wrap, as
    // clang marks the operation without the check.
    if (auto *PI = llvm::dyn_cast<llvm::BinaryOperator>(Plain)) {
      PI->setDebugLoc(II->getDebugLoc());
      switch (II->getIntrinsicID()) {
      case llvm::Intrinsic::sadd_with_overflow:
      case llvm::Intrinsic::ssub_with_overflow:
      case llvm::Intrinsic::smul_with_overflow: PI->setHasNoSignedWrap(); break;
      default: PI->setHasNoUnsignedWrap(); break;
      }
    }
    for (llvm::User *U : llvm::make_early_inc_range(II->users())) {
      auto *EV = llvm::cast<llvm::ExtractValueInst>(U);
      if (EV->getIndices()[0] == 0)
        EV->replaceAllUsesWith(Plain);
      EV->eraseFromParent();
    }
    II->eraseFromParent();
  }
  // The checks' constant expressions of the arrays' addresses ('ptrtoint
  // (ptr @A to i64)') outlive the checks: they would stay users of the
  // arrays, which the space-time transform removes.
  for (llvm::GlobalVariable &G : F.getParent()->globals())
    G.removeDeadConstantUsers();
  return true;
}

} // namespace t2s
