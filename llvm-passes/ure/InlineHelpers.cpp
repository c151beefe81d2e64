//===- InlineHelpers.cpp - A nest's calls of the program's own functions --===//

#include "ure/InlineHelpers.h"
#include "expr/MathFunctions.h"
#include "ure/NestBlocks.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/Cloning.h"

namespace t2s {

namespace {

constexpr unsigned MaxInstructions = 400, MaxDepth = 4;

// Whether the CFG of Fn has a cycle (a loop, or a goto back).
bool hasCycle(const llvm::Function &Fn) {
  llvm::SmallPtrSet<const llvm::BasicBlock *, 16> Done, OnPath;
  llvm::SmallVector<std::pair<const llvm::BasicBlock *, unsigned>, 16> Stack;
  Stack.push_back({&Fn.getEntryBlock(), 0});
  OnPath.insert(&Fn.getEntryBlock());
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    const llvm::Instruction *T = BB->getTerminator();
    if (!T || Next == T->getNumSuccessors()) {
      OnPath.erase(BB);
      Done.insert(BB);
      Stack.pop_back();
      continue;
    }
    const llvm::BasicBlock *S = T->getSuccessor(Next++);
    if (OnPath.count(S))
      return true;
    if (!Done.count(S)) {
      OnPath.insert(S);
      Stack.push_back({S, 0});
    }
  }
  return false;
}

bool isHelper(const llvm::Function *Callee, const llvm::Function &Caller, unsigned Depth = 0);

// Whether Fn writes nothing but its own locals and calls only library math
// and helpers: a function of its arguments (and of what it reads).
bool isPure(const llvm::Function &Fn, const llvm::Function &Caller, unsigned Depth) {
  for (const llvm::BasicBlock &BB : Fn)
    for (const llvm::Instruction &I : BB) {
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
        if (St->isVolatile() ||
            !llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(St->getPointerOperand())))
          return false;
      } else if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I)) {
        const llvm::Function *G = CB->getCalledFunction();
        if (!G)
          return false;
        if (G->isIntrinsic() ? G->getIntrinsicID() == llvm::Intrinsic::memset ||
                                   G->getIntrinsicID() == llvm::Intrinsic::memcpy
                             : !(G->isDeclaration() && (mathFunction(G->getName()) ||
                                                        isRoundToInteger(G->getName()))) &&
                                   !isHelper(G, Caller, Depth + 1))
          return false;
      } else if (I.mayWriteToMemory() || I.isAtomic() || llvm::isa<llvm::LandingPadInst>(I)) {
        return false;
      }
    }
  return true;
}

bool isHelper(const llvm::Function *Callee, const llvm::Function &Caller, unsigned Depth) {
  if (!Callee || Callee == &Caller || Callee->isDeclaration() || Callee->isIntrinsic() ||
      Callee->isVarArg() || Callee->getInstructionCount() > MaxInstructions ||
      Depth >= MaxDepth)
    return false;
  return !hasCycle(*Callee) && isPure(*Callee, Caller, Depth);
}

} // namespace

bool inlineHelpers(llvm::Function &F) {
  bool Changed = false;
  // A helper's body may call helpers: each round inlines the calls the last
  // one brought into the nest (its loops found anew: inlining splits blocks).
  for (unsigned Depth = 0; Depth < MaxDepth; ++Depth) {
    llvm::SmallPtrSet<llvm::BasicBlock *, 32> Blocks = nestBlocks(F);
    llvm::SmallVector<llvm::CallBase *, 8> Calls;
    for (llvm::BasicBlock &BB : F)
      if (Blocks.count(&BB))
        for (llvm::Instruction &I : BB)
          if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I))
            if (isHelper(CB->getCalledFunction(), F))
              Calls.push_back(CB);
    bool Inlined = false;
    for (llvm::CallBase *CB : Calls) {
      llvm::InlineFunctionInfo IFI;
      Inlined |= llvm::InlineFunction(*CB, IFI).isSuccess();
    }
    if (!Inlined)
      break;
    Changed = true;
  }
  return Changed;
}

} // namespace t2s
