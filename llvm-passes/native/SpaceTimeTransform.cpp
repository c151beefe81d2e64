//===- SpaceTimeTransform.cpp - UREs to a systolic array ------------------===//

#include "native/SpaceTimeTransform.h"
#include "language/LoopMetadata.h"
#include "systolic/DataPath.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "t2s-space-time"

STATISTIC(NumTransformed, "Number of URE systems turned into systolic arrays");
STATISTIC(NumShiftRegisters, "Number of URE arrays turned into shift registers");

namespace t2s {

namespace {

class Transformer {
  llvm::Function &F;
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::LLVMContext &Ctx;
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Body; // innermost, minus header/latch
  llvm::BasicBlock *InnerHeader = nullptr, *InnerLatch = nullptr;
  llvm::BasicBlock *BodyEntry = nullptr;
  llvm::SmallVector<llvm::Value *, 4> Recovered; // per nest loop
  llvm::SmallVector<llvm::GlobalVariable *, 4> Registers; // per URE array

public:
  Transformer(llvm::Function &F, const SpaceTimeSchedule &Sch)
      : F(F), Sch(Sch), S(Sch.System), Ctx(F.getContext()) {}

  bool run() {
    if (!checkShape())
      return false;
    for (const SpaceTimeStep &St : Sch.Steps)
      if (St.needsRecovery())
        rebound(St);
    recoverLoopVariables();
    makeRegisters();
    rewriteAccesses();
    if (!dropUREArrays())
      return false;
    ++NumTransformed;
    return true;
  }

private:
  void error(const SourceLoc &Loc, const llvm::Twine &Message) {
    reportError(F, Loc, Message);
  }

  const URELoop &loop(unsigned L) const { return S.Loops[L]; }

  // The header compare 'v < Upper' that ends loop L, if it has that shape.
  llvm::ICmpInst *exitCompare(const URELoop &L) const {
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(L.L->getHeader()->getTerminator());
    if (!Br || !Br->isConditional() || !L.L->contains(Br->getSuccessor(0)))
      return nullptr;
    auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(Br->getCondition());
    if (!Cmp || !Cmp->hasOneUse())
      return nullptr;
    // 'N > v' is 'v < N'.
    if (Cmp->getOperand(1) == L.IV && llvm::isa<llvm::ConstantInt>(Cmp->getOperand(0)))
      Cmp->swapOperands();
    auto *C = llvm::dyn_cast<llvm::ConstantInt>(Cmp->getOperand(1));
    if (Cmp->getOperand(0) != L.IV || !C)
      return nullptr;
    switch (Cmp->getPredicate()) {
    case llvm::CmpInst::ICMP_SLT:
    case llvm::CmpInst::ICMP_ULT:
    case llvm::CmpInst::ICMP_NE:
      return C->getSExtValue() == L.Upper ? Cmp : nullptr;
    case llvm::CmpInst::ICMP_SLE:
    case llvm::CmpInst::ICMP_ULE:
      return C->getSExtValue() == L.Upper - 1 ? Cmp : nullptr;
    default:
      return nullptr;
    }
  }

  // Everything the rewrite relies on, checked before anything changes.
  bool checkShape() {
    int FirstTime = int(Sch.Steps.front().SpaceLoops.front()) - 1;
    for (unsigned K = 1; K < Sch.Steps.size(); ++K)
      if (int(Sch.Steps[K].TimeLoop) != FirstTime + int(K)) {
        error(Sch.Steps[K].Loc,
              "this space_time turns '" + loop(Sch.Steps[K].TimeLoop).Name +
                  "' into time, but it is not the outermost space loop of the "
                  "previous space_time; the space-time transform supports "
                  "dropping the outermost one: reorder the loops");
        return false;
      }
    llvm::Loop *Inner = S.innermost();
    InnerHeader = Inner->getHeader();
    InnerLatch = Inner->getLoopLatch();
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(InnerHeader->getTerminator());
    if (InnerLatch && Br && Br->isConditional() && Inner->contains(Br->getSuccessor(0)))
      BodyEntry = Br->getSuccessor(0);
    for (llvm::BasicBlock *BB : Inner->blocks())
      if (BB != InnerHeader && BB != InnerLatch)
        Body.insert(BB);
    bool Shape = BodyEntry && BodyEntry != InnerLatch && BodyEntry->phis().empty() &&
                 InnerLatch->phis().empty();
    // The time loops' variables are used only by their own loop control and
    // by the statements.
    for (const SpaceTimeStep &St : Sch.Steps) {
      if (!St.needsRecovery())
        continue;
      const URELoop &T = loop(St.TimeLoop);
      Shape &= exitCompare(T) != nullptr;
      for (llvm::User *U : T.IV->users()) {
        auto *I = llvm::cast<llvm::Instruction>(U);
        bool Control = I->getParent() == T.L->getLoopLatch() ||
                       I == exitCompare(T) || llvm::isa<llvm::PHINode>(I);
        Shape &= Control || Body.contains(I->getParent());
      }
      llvm::BasicBlock *Pre = T.L->getLoopPreheader();
      Shape &= Pre && llvm::isa<llvm::ConstantInt>(T.IV->getIncomingValueForBlock(Pre));
    }
    if (!Shape)
      error(S.Loc, "the space-time transform cannot rewrite this nest's loops; "
                   "write them as plain 'for (int i = 0; i < N; ++i)' loops with "
                   "the statements in the innermost one");
    return Shape;
  }

  // The loop now counts its time variable over [TimeLower, TimeUpper).
  void rebound(const SpaceTimeStep &St) {
    const URELoop &T = loop(St.TimeLoop);
    llvm::ICmpInst *Cmp = exitCompare(T);
    bool Inclusive = Cmp->getPredicate() == llvm::CmpInst::ICMP_SLE ||
                     Cmp->getPredicate() == llvm::CmpInst::ICMP_ULE;
    llvm::Type *Ty = T.IV->getType();
    Cmp->setOperand(1, llvm::ConstantInt::get(
                           Ty, Inclusive ? St.TimeUpper - 1 : St.TimeUpper, true));
    llvm::BasicBlock *Pre = T.L->getLoopPreheader();
    T.IV->setIncomingValueForBlock(Pre,
                                   llvm::ConstantInt::get(Ty, St.TimeLower, true));
  }

  // In front of the statements: each PE recovers the original loop variables
  // from the time variables (last space_time first) and runs only when they
  // are in range.
  void recoverLoopVariables() {
    Recovered.assign(S.Loops.size(), nullptr);
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      Recovered[L] = loop(L).IV;
    if (llvm::none_of(Sch.Steps,
                      [](const SpaceTimeStep &St) { return St.needsRecovery(); }))
      return;
    llvm::BasicBlock *PE =
        llvm::BasicBlock::Create(Ctx, "t2s.pe", &F, BodyEntry);
    llvm::IRBuilder<> B(PE);
    B.SetCurrentDebugLocation(BodyEntry->getFirstNonPHI()->getDebugLoc());
    llvm::Value *Valid = nullptr;
    for (const SpaceTimeStep &St : llvm::reverse(Sch.Steps)) {
      if (!St.needsRecovery())
        continue;
      const URELoop &T = loop(St.TimeLoop);
      llvm::Value *V = T.IV;
      for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
        if (int64_t C = St.Schedule[I])
          V = B.CreateSub(V, B.CreateMul(Recovered[St.SpaceLoops[I]],
                                         llvm::ConstantInt::get(T.IV->getType(), C, true)));
      V->setName(T.Name);
      Recovered[St.TimeLoop] = V;
      llvm::Value *InRange = B.CreateAnd(
          B.CreateICmpSGE(V, llvm::ConstantInt::get(V->getType(), T.Lower, true)),
          B.CreateICmpSLT(V, llvm::ConstantInt::get(V->getType(), T.Upper, true)));
      Valid = Valid ? B.CreateAnd(Valid, InRange) : InRange;
    }
    B.CreateCondBr(Valid, BodyEntry, InnerLatch);
    InnerHeader->getTerminator()->replaceSuccessorWith(BodyEntry, PE);
    for (const SpaceTimeStep &St : Sch.Steps) {
      if (!St.needsRecovery())
        continue;
      const URELoop &T = loop(St.TimeLoop);
      T.IV->replaceUsesWithIf(Recovered[St.TimeLoop], [&](llvm::Use &U) {
        auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
        return I && Body.contains(I->getParent());
      });
    }
  }

  // One global per URE array: [words][PE extents...] of its element type,
  // slot-major so that a shift is one memmove. Thread-local: the design's
  // function may run on several host threads at once, each with its own
  // registers (a register array can be far larger than a stack frame should
  // hold, so not an alloca).
  void makeRegisters() {
    llvm::Module &M = *F.getParent();
    for (const RegisterPlan &P : Sch.Registers) {
      const UREArray &A = S.Arrays[P.Array];
      llvm::Type *T = A.ElementType;
      for (unsigned L : llvm::reverse(Sch.PELoops))
        T = llvm::ArrayType::get(T, loop(L).extent());
      T = llvm::ArrayType::get(T, P.ConservativeWords);
      auto *G = new llvm::GlobalVariable(
          M, T, /*isConstant=*/false, llvm::GlobalValue::InternalLinkage,
          llvm::Constant::getNullValue(T), "t2s.sr." + A.Name, /*InsertBefore=*/nullptr,
          llvm::GlobalValue::GeneralDynamicTLSModel);
      Registers.push_back(G);
      ++NumShiftRegisters;
    }
    // Shift once per flattened time step, before any PE runs. (When every
    // loop is space there is one step and nothing to shift.)
    if (!Sch.Steps.back().HasTimeLoop)
      return;
    const URELoop &Time = loop(Sch.Steps.back().TimeLoop);
    auto *Br = llvm::cast<llvm::BranchInst>(Time.L->getHeader()->getTerminator());
    llvm::BasicBlock *Step = Br->getSuccessor(0);
    llvm::IRBuilder<> B(Step, Step->getFirstInsertionPt());
    const llvm::DataLayout &DL = F.getParent()->getDataLayout();
    for (unsigned A = 0; A < Registers.size(); ++A) {
      int64_t Words = Sch.Registers[A].ConservativeWords;
      if (Words < 2 || !Sch.Registers[A].Buffer.empty())
        continue; // a PE buffer is not shifted
      llvm::GlobalVariable *G = Registers[A];
      uint64_t Slot = DL.getTypeAllocSize(G->getValueType()) / Words;
      llvm::Value *Second = B.CreateConstGEP2_64(G->getValueType(), G, 0, 1);
      B.CreateMemMove(Second, llvm::MaybeAlign(), G, llvm::MaybeAlign(),
                      B.getInt64(Slot * (Words - 1)));
    }
  }

  // &register[Slot][pe - Offset...] of array A, in front of I. A PE's index
  // along a space loop counts from the loop's lower bound: the PE that runs
  // v = Lower is PE 0.
  llvm::Value *registerAddress(unsigned A, int64_t Slot,
                               llvm::ArrayRef<int64_t> Offset,
                               llvm::Instruction *I,
                               llvm::ArrayRef<int64_t> Distance = {}) {
    llvm::IRBuilder<> B(I);
    const RegisterPlan &P = Sch.Registers[A];
    llvm::SmallVector<llvm::Value *, 5> Idx{
        B.getInt64(0), P.Buffer.empty() ? B.getInt64(Slot) : bufferSlot(B, P, Distance)};
    for (unsigned P = 0; P < Sch.PELoops.size(); ++P) {
      const URELoop &L = loop(Sch.PELoops[P]);
      llvm::Value *V = B.CreateSExt(L.IV, B.getInt64Ty());
      if (int64_t D = L.Lower + (Offset.empty() ? 0 : Offset[P]))
        V = B.CreateSub(V, B.getInt64(D));
      Idx.push_back(V);
    }
    // Not inbounds: a read guarded by a boundary test may name a PE outside
    // the array, and must not become a load that LLVM could hoist.
    return B.CreateGEP(Registers[A]->getValueType(), Registers[A], Idx);
  }

  // The word of array P's PE buffer that holds the iteration Distance
  // before this one (systolic/PEBuffer.h), from the loop variables.
  llvm::Value *bufferSlot(llvm::IRBuilder<> &B, const RegisterPlan &P,
                          llvm::ArrayRef<int64_t> Distance) {
    llvm::Value *Slot = nullptr;
    for (const PEBufferDim &D : P.Buffer) {
      int64_t Off = -(Distance.empty() ? 0 : Distance[D.Loop]) - D.Lower;
      llvm::Value *X = B.CreateSExt(Recovered[D.Loop], B.getInt64Ty());
      if (D.Window) // Off + Extent > 0: the distance is below the window
        X = B.CreateSRem(B.CreateAdd(X, B.getInt64(Off + D.Extent)), B.getInt64(D.Extent));
      else if (Off)
        X = B.CreateAdd(X, B.getInt64(Off));
      Slot = Slot ? B.CreateAdd(B.CreateMul(Slot, B.getInt64(D.Extent)), X) : X;
    }
    return Slot;
  }

  void rewriteAccesses() {
    for (unsigned SI = 0; SI < S.Statements.size(); ++SI) {
      const UREStatement &St = S.Statements[SI];
      if (!St.Extended)
        St.Store->setOperand(St.Store->getPointerOperandIndex(),
                             registerAddress(St.Array, 0, {}, St.Store));
    }
    for (const ScheduledRead &SR : Sch.Reads) {
      const URERead &R = S.Statements[SR.Statement].Reads[SR.Read];
      for (llvm::LoadInst *Ld : R.Loads)
        Ld->setOperand(Ld->getPointerOperandIndex(),
                       registerAddress(R.Array, SR.TimeDistance, SR.PEDistance, Ld,
                                       R.NamesNoIteration ? llvm::ArrayRef<int64_t>()
                                                          : llvm::ArrayRef(R.Distance)));
    }
  }

  // The full URE arrays must be gone from the program.
  bool dropUREArrays() {
    for (const UREArray &A : S.Arrays) {
      llvm::SmallVector<llvm::Instruction *, 8> Dead;
      llvm::SmallVector<llvm::User *, 8> Work(A.Object->users());
      llvm::SmallPtrSet<llvm::User *, 8> Seen;
      bool Clean = true;
      while (!Work.empty()) {
        llvm::User *U = Work.pop_back_val();
        if (!Seen.insert(U).second)
          continue;
        auto *I = llvm::dyn_cast<llvm::Instruction>(U);
        if (llvm::isa<llvm::GetElementPtrInst>(U) || llvm::isa<llvm::BitCastInst>(U) ||
            (I && (llvm::isa<llvm::LifetimeIntrinsic>(I) ||
                   llvm::isa<llvm::DbgInfoIntrinsic>(I)))) {
          Dead.push_back(I);
          Work.append(U->user_begin(), U->user_end());
          continue;
        }
        Clean = false;
        error(I ? sourceLocOf(I) : S.Loc,
              "this access to the URE array '" + A.Name +
                  "' is not supported by the space-time transform; URE arrays "
                  "are read only in the values of statements and the "
                  "conditions of outputs");
      }
      if (!Clean)
        return false;
      // A user is found after what it uses: erase from the far end.
      for (llvm::Instruction *I : llvm::reverse(Dead))
        if (I->use_empty())
          I->eraseFromParent();
      if (auto *Alloca = llvm::dyn_cast<llvm::AllocaInst>(A.Object);
          Alloca && Alloca->use_empty())
        Alloca->eraseFromParent();
      else if (auto *G = llvm::dyn_cast<llvm::GlobalVariable>(A.Object);
               G && G->use_empty())
        G->eraseFromParent();
    }
    return true;
  }
};

} // namespace

llvm::PreservedAnalyses SpaceTimeTransformPass::run(llvm::Function &F,
                                                    llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return llvm::PreservedAnalyses::all();
  if (!FAM.getResult<UREAnalysis>(F).Rejections.empty())
    return llvm::PreservedAnalyses::all();
  // Copies: the analyses are invalid once the first system changes.
  const SpaceTimeResult &ST = FAM.getResult<SpaceTimeAnalysis>(F);
  if (ST.Schedules.empty() || !ST.Rejections.empty())
    return llvm::PreservedAnalyses::all();
  llvm::SmallVector<SpaceTimeSchedule, 1> Schedules;
  for (const DataPath &P : ST.Schedules)
    Schedules.push_back(P.Sch);
  for (const SpaceTimeSchedule &Sch : Schedules)
    if (!Transformer(F, Sch).run())
      break;
  return llvm::PreservedAnalyses::none();
}

} // namespace t2s
