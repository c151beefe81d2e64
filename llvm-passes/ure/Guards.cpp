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
  if (llvm::any_of(I->operands(), [&](const llvm::Use &U) {
        return dependsOn(S, U.get(), IV, Visited);
      }))
    return true;
  // A phi that joins paths in the body (a short circuit kept in a bool
  // local, 'bool b = a && c'): its value depends on the branches that
  // decide which edge comes in, too (not a loop header's: those are the
  // loops' own).
  auto *Phi = llvm::dyn_cast<llvm::PHINode>(I);
  if (!Phi || llvm::any_of(S.Loops, [&](const URELoop &L) {
        return L.IV && L.IV->getParent() == Phi->getParent();
      }))
    return false;
  return llvm::any_of(Phi->blocks(), [&](const llvm::BasicBlock *From) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(From->getTerminator());
    return Br && Br->isConditional() && dependsOn(S, Br->getCondition(), IV, Visited);
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

const llvm::Value *throughBoolCasts(const llvm::Value *V, bool &WhenTrue) {
  using namespace llvm::PatternMatch;
  for (;;) {
    const llvm::Value *X = nullptr;
    llvm::ICmpInst::Predicate P;
    if (match(V, m_Trunc(m_ZExt(m_Value(X)))) && X->getType()->isIntegerTy(1) &&
        V->getType()->isIntegerTy(1)) {
      V = X;
    } else if (match(V, m_ICmp(P, m_ZExt(m_Value(X)), m_Zero())) &&
               X->getType()->isIntegerTy(1) &&
               (P == llvm::ICmpInst::ICMP_NE || P == llvm::ICmpInst::ICMP_EQ)) {
      if (P == llvm::ICmpInst::ICMP_EQ)
        WhenTrue = !WhenTrue;
      V = X;
    } else if (match(V, m_Not(m_Value(X))) && V->getType()->isIntegerTy(1)) {
      WhenTrue = !WhenTrue;
      V = X;
    } else {
      return V;
    }
  }
}

namespace {

// 'phi [K, P1], ..., [K, Pn], [X, R]' where every Pi branches, on its
// condition, either to the phi's block (giving K) or on towards R, and R
// and the later Pi are reached only that way: with K false, all the Pi's
// onward conditions && X; with K true, any of the Pi's exit conditions || X.
std::optional<LogicalTerms> shortCircuit(const llvm::PHINode *Phi) {
  if (!Phi->getType()->isIntegerTy(1) || Phi->getNumIncomingValues() < 2)
    return std::nullopt;
  const llvm::ConstantInt *K = nullptr;
  const llvm::Value *X = nullptr;
  const llvm::BasicBlock *R = nullptr;
  llvm::SmallPtrSet<const llvm::BasicBlock *, 4> Tests;
  llvm::SmallVector<const llvm::BasicBlock *, 4> InOrder; // of the phi's operands
  for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I) {
    const llvm::Value *V = Phi->getIncomingValue(I);
    auto *C = llvm::dyn_cast<llvm::ConstantInt>(V);
    if (C && (!K || K == C)) {
      K = C;
      if (Tests.insert(Phi->getIncomingBlock(I)).second)
        InOrder.push_back(Phi->getIncomingBlock(I));
    } else if (!X) {
      X = V;
      R = Phi->getIncomingBlock(I);
    } else {
      return std::nullopt;
    }
  }
  if (!K || !X || Tests.count(R))
    return std::nullopt;
  const llvm::BasicBlock *Merge = Phi->getParent();
  auto *RBr = llvm::dyn_cast<llvm::BranchInst>(R->getTerminator());
  if (!RBr || RBr->isConditional())
    return std::nullopt;
  LogicalTerms Out;
  Out.IsAnd = K->isZero();
  unsigned Entries = 0;
  llvm::SmallVector<const llvm::BasicBlock *, 8> Region; // where X is computed
  for (const llvm::BasicBlock *P : InOrder) {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    if (!Br || !Br->isConditional())
      return std::nullopt;
    bool ExitWhenTrue = Br->getSuccessor(0) == Merge;
    const llvm::BasicBlock *Onward = Br->getSuccessor(ExitWhenTrue ? 1 : 0);
    if (Br->getSuccessor(ExitWhenTrue ? 0 : 1) != Merge)
      return std::nullopt;
    if (!Tests.count(Onward))
      Region.push_back(Onward);
    if (!P->getSinglePredecessor() || !Tests.count(P->getSinglePredecessor()))
      ++Entries; // the first test of the chain
    // '&&' needs the onward edge; '||' holds on the exit edge.
    Out.Terms.push_back({Br->getCondition(), Out.IsAnd ? !ExitWhenTrue : ExitWhenTrue});
  }
  if (Entries != 1 || Region.size() != 1)
    return std::nullopt;
  // The last test's onward edge enters the code that computes X (itself a
  // condition, 'a && (b || c)'), which nothing else enters, and which ends
  // in R: X is computed only after every test went on.
  llvm::SmallPtrSet<const llvm::BasicBlock *, 8> Inside{Region.front()};
  for (unsigned I = 0; I < Region.size(); ++I)
    for (const llvm::BasicBlock *S : llvm::successors(Region[I]))
      if (S != Merge && Inside.insert(S).second) {
        if (Region.size() > 32)
          return std::nullopt;
        Region.push_back(S);
      }
  if (!Inside.count(R))
    return std::nullopt;
  for (const llvm::BasicBlock *B : Region)
    for (const llvm::BasicBlock *P : llvm::predecessors(B))
      if (!Inside.count(P) && !(B == Region.front() && Tests.count(P)))
        return std::nullopt;
  Out.Terms.push_back({X, true});
  return Out;
}

} // namespace

std::optional<LogicalTerms> logicalTerms(const llvm::Value *V) {
  if (!V->getType()->isIntegerTy(1))
    return std::nullopt;
  if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(V))
    return shortCircuit(Phi);
  using namespace llvm::PatternMatch;
  const llvm::Value *A = nullptr, *B = nullptr;
  LogicalTerms Out;
  if (match(V, m_LogicalAnd(m_Value(A), m_Value(B))))
    Out.IsAnd = true;
  else if (match(V, m_LogicalOr(m_Value(A), m_Value(B))))
    Out.IsAnd = false;
  else
    return std::nullopt;
  Out.Terms = {{A, true}, {B, true}};
  return Out;
}

namespace {

void pinnedIn(const URESystem &S, const llvm::Value *Cond, bool WhenTrue,
              llvm::SmallVectorImpl<std::pair<unsigned, int64_t>> &Out) {
  Cond = throughBoolCasts(Cond, WhenTrue);
  if (std::optional<LogicalTerms> L = logicalTerms(Cond)) {
    // The terms of an '&&' that holds (or of an '||' that does not) all hold.
    if (L->IsAnd == WhenTrue)
      for (auto [Term, Value] : L->Terms)
        pinnedIn(S, Term, Value == WhenTrue, Out);
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
