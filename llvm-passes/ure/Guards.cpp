//===- Guards.cpp - The conditions under which a nest's code runs ---------===//

#include "ure/Guards.h"
#include "ure/UREModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

namespace t2s {

// The branch conditions that hold whenever BB runs, within the innermost
// loop's body.
llvm::SmallVector<Guard, 2> dominatingGuards(const URESystem &S,
                                             llvm::DominatorTree &DT,
                                             llvm::BasicBlock *BB) {
  llvm::SmallVector<Guard, 2> Guards;
  llvm::BasicBlock *Header = S.innermost()->getHeader(), *Start = BB;
  while (BB != Header) {
    llvm::DomTreeNode *Node = DT.getNode(BB);
    if (!Node || !Node->getIDom())
      break;
    llvm::BasicBlock *P = Node->getIDom()->getBlock();
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    if (Br && Br->isConditional() && P != Header)
      for (unsigned K = 0; K < 2; ++K)
        if (DT.dominates(llvm::BasicBlockEdge(P, Br->getSuccessor(K)), BB))
          Guards.push_back({Br->getCondition(), K == 0});
    BB = P;
  }
  Guards.append(joinedGuards(S, DT, Start));
  return Guards;
}

llvm::SmallVector<Guard, 2> joinedGuards(const URESystem &S,
                                         llvm::DominatorTree &DT,
                                         llvm::BasicBlock *BB) {
  llvm::Loop *Inner = S.innermost();
  llvm::BasicBlock *Header = Inner->getHeader();
  // The branches that decide whether Target runs (control dependence within
  // one iteration): blocks with a successor from which every path runs
  // Target, although not every path from the block itself does. Those that
  // decide a decider decide Target too.
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> Deciders, Visited{BB};
  llvm::SmallVector<llvm::BasicBlock *, 8> Targets{BB};
  while (!Targets.empty()) {
    llvm::BasicBlock *Target = Targets.pop_back_val();
    // The body's blocks from which Target can be reached in the iteration.
    llvm::SmallPtrSet<llvm::BasicBlock *, 16> Reach;
    llvm::SmallVector<llvm::BasicBlock *, 16> Work{Target};
    while (!Work.empty()) {
      llvm::BasicBlock *X = Work.pop_back_val();
      for (llvm::BasicBlock *P : llvm::predecessors(X))
        if (Inner->contains(P) && P != Header && Reach.insert(P).second)
          Work.push_back(P);
    }
    // Those from which every path runs Target.
    llvm::SmallPtrSet<llvm::BasicBlock *, 16> Always{Target};
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (llvm::BasicBlock *X : Reach)
        if (!Always.count(X) && llvm::succ_size(X) &&
            llvm::all_of(llvm::successors(X),
                         [&](llvm::BasicBlock *Y) { return Always.count(Y); }))
          Changed = Always.insert(X).second;
    }
    for (llvm::BasicBlock *X : Reach)
      if (!Always.count(X) &&
          llvm::any_of(llvm::successors(X),
                       [&](llvm::BasicBlock *Y) { return Always.count(Y); })) {
        Deciders.insert(X);
        if (Visited.insert(X).second)
          Targets.push_back(X);
      }
  }
  llvm::SmallVector<Guard, 2> Guards;
  for (llvm::BasicBlock &X : *BB->getParent()) {
    if (!Deciders.count(&X))
      continue;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(X.getTerminator());
    if (!Br || !Br->isConditional())
      continue;
    // Dominating edges are exact guards already.
    if (DT.dominates(llvm::BasicBlockEdge(&X, Br->getSuccessor(0)), BB) ||
        DT.dominates(llvm::BasicBlockEdge(&X, Br->getSuccessor(1)), BB))
      continue;
    Guards.push_back({Br->getCondition(), true, /*Exact=*/false});
  }
  return Guards;
}

llvm::SmallVector<Guard, 2> accessGuards(const URESystem &S,
                                         llvm::DominatorTree &DT,
                                         llvm::Instruction *Access) {
  for (const UREStatement &St : S.Statements)
    if (St.Store == Access)
      return St.Guards;
  return dominatingGuards(S, DT, Access->getParent());
}

namespace {

bool dependsOn(const URESystem &S, const llvm::Value *V,
               const llvm::PHINode *IV,
               llvm::SmallPtrSetImpl<const llvm::Value *> &Visited) {
  if (V == IV)
    return true;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !Visited.insert(V).second)
    return false;
  if (llvm::any_of(S.Loops, [&](const URELoop &L) { return L.IV == V; }))
    return false; // another loop's variable
  return llvm::any_of(I->operands(), [&](const llvm::Use &U) {
    return dependsOn(S, U.get(), IV, Visited);
  });
}

} // namespace

bool onlyLoopVariables(const URESystem &S, const llvm::Value *V) {
  if (llvm::isa<llvm::Constant>(V) ||
      llvm::any_of(S.Loops, [&](const URELoop &L) { return L.IV == V; }))
    return true;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || llvm::isa<llvm::PHINode>(I) || I->mayReadOrWriteMemory() ||
      llvm::isa<llvm::CallBase>(I))
    return false;
  return llvm::all_of(I->operands(),
                      [&](const llvm::Use &U) { return onlyLoopVariables(S, U.get()); });
}

bool dependsOnLoop(const URESystem &S, const llvm::Value *V, unsigned Loop) {
  llvm::SmallPtrSet<const llvm::Value *, 16> Visited;
  return dependsOn(S, V, S.Loops[Loop].IV, Visited);
}

namespace {

void pinnedIn(const URESystem &S, llvm::Value *Cond, bool WhenTrue,
              llvm::SmallVectorImpl<std::pair<unsigned, int64_t>> &Out) {
  using namespace llvm::PatternMatch;
  llvm::Value *A, *B;
  if (WhenTrue && match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))) {
    pinnedIn(S, A, true, Out);
    pinnedIn(S, B, true, Out);
    return;
  }
  auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(Cond);
  if (!Cmp ||
      Cmp->getPredicate() != (WhenTrue ? llvm::ICmpInst::ICMP_EQ : llvm::ICmpInst::ICMP_NE))
    return;
  for (unsigned Op = 0; Op < 2; ++Op)
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(Cmp->getOperand(1 - Op)))
      for (unsigned L = 0; L < S.Loops.size(); ++L)
        if (S.Loops[L].IV == Cmp->getOperand(Op))
          Out.push_back({L, C->getSExtValue()});
}

} // namespace

llvm::SmallVector<std::pair<unsigned, int64_t>, 2> pinnedValues(const URESystem &S,
                                                                const Guard &G) {
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Out;
  if (G.Exact)
    pinnedIn(S, G.Condition, G.WhenTrue, Out);
  return Out;
}

} // namespace t2s
