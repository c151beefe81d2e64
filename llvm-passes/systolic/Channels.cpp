//===- Channels.cpp - Arrays that become channels between kernels ---------===//

#include "systolic/Channels.h"
#include "language/LoopMetadata.h"
#include "systolic/SpaceTimeSchedule.h"
#include "ure/MergeURES.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Instructions.h"

#include <numeric>
#include <optional>

namespace t2s {

llvm::AnalysisKey ChannelAnalysis::Key;

std::string KernelUnit::describe() const {
  std::string Line = std::to_string(System->Loc.Line);
  if (!Schedule)
    return "kernel '" + System->KernelName + "' (line " + Line + ")";
  return "the systolic array at line " + Line;
}

const StreamChannel *ChannelResult::channelOf(const llvm::Instruction *I) const {
  for (const StreamChannel &C : Channels)
    if (C.Write == I || llvm::is_contained(C.Reads, I))
      return &C;
  return nullptr;
}

namespace {

constexpr uint64_t MaxReplayed = uint64_t(1) << 26;

// Runs the loops L..End of S (by index) over their ranges.
bool loopsFrom(const URESystem &S, llvm::ArrayRef<unsigned> Order, size_t At,
               llvm::SmallVectorImpl<int64_t> &Vals,
               llvm::function_ref<bool()> Inner) {
  if (At == Order.size())
    return Inner();
  const URELoop &L = S.Loops[Order[At]];
  for (int64_t V = L.Lower; V < L.Upper; ++V) {
    Vals[Order[At]] = V;
    if (!loopsFrom(S, Order, At + 1, Vals, Inner))
      return false;
  }
  return true;
}

// Which blocks of one iteration of the innermost body run, and the integer
// values of the instructions that decide it, from the loop variables alone.
// A block that post-dominates its immediate dominator runs whenever that one
// does: the branches between them (the two arms of a '?:' on computed
// values) decide values, not whether the block runs, and are not evaluated.
class BodyReplay {
  const URESystem &S;
  const llvm::DominatorTree &DT;
  const llvm::PostDominatorTree &PDT;
  llvm::BasicBlock *Entry;
  llvm::ArrayRef<int64_t> Vals;
  llvm::DenseMap<const llvm::BasicBlock *, bool> Reached;
  llvm::DenseMap<const llvm::Value *, int64_t> Values;

public:
  const llvm::Value *Unknown = nullptr; // what could not be evaluated

  BodyReplay(const URESystem &S, const llvm::DominatorTree &DT,
             const llvm::PostDominatorTree &PDT)
      : S(S), DT(DT), PDT(PDT) {
    llvm::Loop *Inner = S.innermost();
    Entry = Inner->getHeader();
    if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(Entry->getTerminator()))
      if (Br->isConditional())
        for (llvm::BasicBlock *Succ : Br->successors())
          if (Inner->contains(Succ) && Succ != Entry)
            Entry = Succ;
  }

  void start(llvm::ArrayRef<int64_t> V) {
    Vals = V;
    Reached.clear();
    Values.clear();
  }

  std::optional<bool> runs(const llvm::BasicBlock *BB) {
    if (BB == Entry)
      return true;
    if (auto It = Reached.find(BB); It != Reached.end())
      return It->second;
    llvm::Loop *Inner = S.innermost();
    if (const llvm::DomTreeNode *N = DT.getNode(BB))
      if (const llvm::DomTreeNode *D = N->getIDom())
        if (Inner->contains(D->getBlock()) && D->getBlock() != Inner->getHeader() &&
            PDT.dominates(BB, D->getBlock())) {
          std::optional<bool> R = runs(D->getBlock());
          if (R)
            Reached[BB] = *R;
          return R;
        }
    bool Any = false;
    for (const llvm::BasicBlock *P : llvm::predecessors(BB)) {
      if (!S.innermost()->contains(P) || P == S.innermost()->getHeader())
        continue;
      std::optional<bool> E = edge(P, BB);
      if (!E)
        return std::nullopt;
      if (*E) {
        Any = true;
        break;
      }
    }
    return Reached[BB] = Any;
  }

  std::optional<int64_t> eval(const llvm::Value *V) {
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
      return C->getType()->isIntegerTy(1) ? int64_t(C->isOne()) : C->getSExtValue();
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      if (S.Loops[L].IV == V)
        return Vals[L];
    if (auto It = Values.find(V); It != Values.end())
      return It->second;
    std::optional<int64_t> R = compute(V);
    if (!R) {
      if (!Unknown)
        Unknown = V;
      return std::nullopt;
    }
    return Values[V] = *R;
  }

private:
  std::optional<bool> edge(const llvm::BasicBlock *P, const llvm::BasicBlock *BB) {
    std::optional<bool> R = runs(P);
    if (!R || !*R)
      return R;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    if (!Br)
      return std::nullopt;
    if (!Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return true;
    std::optional<int64_t> C = eval(Br->getCondition());
    if (!C)
      return std::nullopt;
    return (*C != 0) == (Br->getSuccessor(0) == BB);
  }

  static int64_t normalize(int64_t V, const llvm::Type *T) {
    unsigned Bits = T->getIntegerBitWidth();
    if (Bits >= 64)
      return V;
    if (Bits == 1)
      return V & 1;
    uint64_t Mask = (uint64_t(1) << Bits) - 1;
    uint64_t U = uint64_t(V) & Mask;
    if (U >> (Bits - 1))
      U |= ~Mask;
    return int64_t(U);
  }

  std::optional<int64_t> compute(const llvm::Value *V) {
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    if (!I || !I->getType()->isIntegerTy() || I->getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I)) {
      for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
        std::optional<bool> E = edge(Phi->getIncomingBlock(K), Phi->getParent());
        if (!E)
          return std::nullopt;
        if (*E)
          return eval(Phi->getIncomingValue(K));
      }
      return std::nullopt;
    }
    if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(I)) {
      std::optional<int64_t> C = eval(Sel->getCondition());
      if (!C)
        return std::nullopt;
      return eval(*C ? Sel->getTrueValue() : Sel->getFalseValue());
    }
    if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(I)) {
      std::optional<int64_t> A = eval(Cast->getOperand(0));
      if (!A)
        return std::nullopt;
      const llvm::Type *From = Cast->getOperand(0)->getType();
      switch (Cast->getOpcode()) {
      case llvm::Instruction::SExt:
        return From->isIntegerTy(1) ? -*A : *A;
      case llvm::Instruction::ZExt: {
        unsigned Bits = From->getIntegerBitWidth();
        return Bits >= 64 ? *A : int64_t(uint64_t(*A) & ((uint64_t(1) << Bits) - 1));
      }
      case llvm::Instruction::Trunc:
        return normalize(*A, I->getType());
      default:
        return std::nullopt;
      }
    }
    if (auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(I)) {
      std::optional<int64_t> A = eval(Cmp->getOperand(0)), B = eval(Cmp->getOperand(1));
      if (!A || !B)
        return std::nullopt;
      uint64_t UA = uint64_t(*A), UB = uint64_t(*B);
      unsigned Bits = Cmp->getOperand(0)->getType()->getIntegerBitWidth();
      if (Bits < 64) {
        UA &= (uint64_t(1) << Bits) - 1;
        UB &= (uint64_t(1) << Bits) - 1;
      }
      using P = llvm::ICmpInst::Predicate;
      switch (Cmp->getPredicate()) {
      case P::ICMP_EQ: return *A == *B;
      case P::ICMP_NE: return *A != *B;
      case P::ICMP_SLT: return *A < *B;
      case P::ICMP_SLE: return *A <= *B;
      case P::ICMP_SGT: return *A > *B;
      case P::ICMP_SGE: return *A >= *B;
      case P::ICMP_ULT: return UA < UB;
      case P::ICMP_ULE: return UA <= UB;
      case P::ICMP_UGT: return UA > UB;
      case P::ICMP_UGE: return UA >= UB;
      default: return std::nullopt;
      }
    }
    auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I);
    if (!BO)
      return std::nullopt;
    std::optional<int64_t> A = eval(BO->getOperand(0)), B = eval(BO->getOperand(1));
    if (!A || !B)
      return std::nullopt;
    int64_t R;
    switch (BO->getOpcode()) {
    case llvm::Instruction::Add: R = *A + *B; break;
    case llvm::Instruction::Sub: R = *A - *B; break;
    case llvm::Instruction::Mul: R = *A * *B; break;
    case llvm::Instruction::And: R = *A & *B; break;
    case llvm::Instruction::Or: R = *A | *B; break;
    case llvm::Instruction::Xor: R = *A ^ *B; break;
    case llvm::Instruction::Shl: R = *A << (*B & 63); break;
    case llvm::Instruction::AShr: R = *A >> (*B & 63); break;
    case llvm::Instruction::SDiv:
      if (*B == 0) return std::nullopt;
      R = *A / *B; break;
    case llvm::Instruction::SRem:
      if (*B == 0) return std::nullopt;
      R = *A % *B; break;
    default:
      return std::nullopt;
    }
    return normalize(R, I->getType());
  }
};

// Whether A and B compute the same value in one iteration: the same value,
// or the same pure operation on the same operands (clang computes an index
// once per use).
bool sameValue(const llvm::Value *A, const llvm::Value *B) {
  if (A == B)
    return true;
  auto *IA = llvm::dyn_cast<llvm::Instruction>(A);
  auto *IB = llvm::dyn_cast<llvm::Instruction>(B);
  if (!IA || !IB || !IA->isSameOperationAs(IB) || IA->mayReadOrWriteMemory() ||
      llvm::isa<llvm::PHINode>(IA))
    return false;
  for (unsigned K = 0; K < IA->getNumOperands(); ++K)
    if (!sameValue(IA->getOperand(K), IB->getOperand(K)))
      return false;
  return true;
}

// Whether two loads read the same element of Object in one iteration.
bool sameElement(llvm::LoadInst *A, llvm::LoadInst *B) {
  llvm::Value *BaseA, *BaseB;
  llvm::SmallVector<llvm::Value *, 4> SubsA, SubsB;
  if (!decomposeAddress(A->getPointerOperand(), BaseA, SubsA) ||
      !decomposeAddress(B->getPointerOperand(), BaseB, SubsB) || BaseA != BaseB ||
      SubsA.size() != SubsB.size())
    return false;
  for (unsigned K = 0; K < SubsA.size(); ++K)
    if (!sameValue(SubsA[K], SubsB[K]))
      return false;
  return true;
}

std::string elementText(llvm::StringRef Array, llvm::ArrayRef<int64_t> Subs) {
  std::string T = Array.str();
  for (int64_t V : Subs)
    T += "[" + std::to_string(V) + "]";
  return T;
}

class ChannelFinder {
  const UREModel &M;
  ChannelResult &R;
  llvm::DominatorTree &DT;
  llvm::PostDominatorTree &PDT;

public:
  ChannelFinder(const UREModel &M, ChannelResult &R, llvm::DominatorTree &DT,
                llvm::PostDominatorTree &PDT)
      : M(M), R(R), DT(DT), PDT(PDT) {}

  void run(const SpaceTimeResult &ST) {
    for (const URESystem &S : M.Systems) {
      const SpaceTimeSchedule *Sch = nullptr;
      for (const SpaceTimeSchedule &X : ST.Schedules)
        if (X.System.outermost() == S.outermost())
          Sch = &X;
      if (Sch || S.isPlainKernel())
        R.Units.push_back({&S, Sch});
    }
    for (unsigned P = 0; P < R.Units.size(); ++P)
      for (const UREStatement &St : R.Units[P].System->Statements)
        if (St.Extended && !llvm::isa<llvm::Argument>(St.Output))
          consider(P, St);
    stages();
  }

private:
  void reject(const SourceLoc &Loc, const llvm::Twine &Message) {
    R.Rejections.push_back({URERule::Channel, Loc, Message.str()});
  }

  // The stages of the units (ChannelResult::StageOf). A unit that shares
  // memory with a unit of another stage, one of them writing it, must stay
  // on the same side of it as in the source: otherwise a value is read
  // before it is written, or overwritten before it is read.
  void stages() {
    llvm::SmallVector<unsigned, 4> &StageOf = R.StageOf;
    StageOf.resize(R.Units.size());
    std::iota(StageOf.begin(), StageOf.end(), 0u);
    for (bool Changed = true; Changed;) { // each unit joins its lowest partner
      Changed = false;
      for (const StreamChannel &C : R.Channels) {
        unsigned A = StageOf[C.Producer], B = StageOf[C.Consumer];
        for (unsigned &U : StageOf)
          if ((U == A || U == B) && U != std::min(A, B)) {
            U = std::min(A, B);
            Changed = true;
          }
      }
    }
    llvm::SmallVector<unsigned, 4> First(StageOf.begin(), StageOf.end());
    llvm::sort(First);
    First.erase(std::unique(First.begin(), First.end()), First.end());
    for (unsigned &U : StageOf)
      U = llvm::find(First, U) - First.begin();
    for (unsigned V = 0; V < R.Units.size(); ++V)
      for (unsigned U = 0; U < V; ++U) {
        if (StageOf[U] < StageOf[V])
          continue;
        std::string Name;
        bool WritesU = false, WritesV = false;
        if (!sharedMemory(U, V, Name, WritesU, WritesV))
          continue;
        if (StageOf[U] == StageOf[V]) {
          reject(R.Units[V].System->Loc,
                 R.Units[V].describe() + (WritesV ? " writes '" : " reads '") + Name +
                     "', which " + R.Units[U].describe() +
                     (WritesU ? " writes" : " reads") +
                     ", but the two run together (joined by channels), so "
                     "nothing orders their accesses to it; pass '" + Name +
                     "' between them through a channel too (a static array "
                     "one writes and the other reads), or compute it in one "
                     "of them");
          return;
        }
        std::string Early = R.Units[U].describe(), Late = R.Units[V].describe(),
                    Partner = R.Units[First[StageOf[V]]].describe();
        reject(R.Units[V].System->Loc,
               Late + (WritesV ? " writes '" : " reads '") + Name + "', which " +
                   Early + (WritesU ? " writes" : " reads") +
                   " before it, but exchanges channels with " + Partner +
                   ", which comes before " + Early +
                   ": kernels joined by channels run together, so these cannot "
                   "run in their source order (move " + Early + " before " +
                   Partner + " or after " + Late + ")");
        return;
      }
  }

  // Whether units U and V use one object that one of them writes: its name,
  // and who writes it.
  bool sharedMemory(unsigned U, unsigned V, std::string &Name, bool &WritesU,
                    bool &WritesV) const {
    auto uses = [&](unsigned X, const llvm::Value *O, bool &Writes, std::string &N) {
      bool Used = false;
      for (const UREStatement &St : R.Units[X].System->Statements)
        if (St.Extended && St.Output == O) {
          Used = Writes = true;
          N = St.OutputName;
        }
      for (const InputRead &In : R.Units[X].System->Inputs)
        if (In.Object == O) {
          Used = true;
          N = In.Name;
        }
      return Used;
    };
    llvm::SmallVector<const llvm::Value *, 8> Objects;
    for (const UREStatement &St : R.Units[U].System->Statements)
      if (St.Extended)
        Objects.push_back(St.Output);
    for (const InputRead &In : R.Units[U].System->Inputs)
      Objects.push_back(In.Object);
    for (const llvm::Value *O : Objects) {
      if (llvm::any_of(R.Channels, [&](const StreamChannel &C) { return C.Object == O; }))
        continue; // passed through a channel, not memory
      WritesU = WritesV = false;
      std::string Ignored;
      if (O && uses(U, O, WritesU, Ignored) && uses(V, O, WritesV, Name) &&
          (WritesU || WritesV))
        return true;
    }
    return false;
  }

  bool inUnit(const llvm::Instruction *I, unsigned U) const {
    return R.Units[U].System->outermost()->contains(I);
  }

  // A use of Object outside the two nests, or null.
  const llvm::Instruction *useElsewhere(const llvm::Value *Object, unsigned P,
                                        unsigned C) const {
    llvm::SmallVector<const llvm::Value *, 8> Work{Object};
    llvm::SmallPtrSet<const llvm::Value *, 16> Seen;
    while (!Work.empty()) {
      const llvm::Value *V = Work.pop_back_val();
      for (const llvm::User *U : V->users()) {
        auto *I = llvm::dyn_cast<llvm::Instruction>(U);
        if (!I) {
          if (Seen.insert(U).second)
            Work.push_back(U); // a constant expression
          continue;
        }
        if (inUnit(I, P) || inUnit(I, C))
          continue;
        if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I); II && II->isLifetimeStartOrEnd())
          continue;
        if (llvm::isa<llvm::GetElementPtrInst, llvm::CastInst>(I)) {
          if (Seen.insert(I).second)
            Work.push_back(I);
          continue;
        }
        return I;
      }
    }
    return nullptr;
  }

  void consider(unsigned P, const UREStatement &Write) {
    const URESystem &PS = *R.Units[P].System;
    for (const StreamChannel &C : R.Channels)
      if (C.Object == Write.Output) {
        reject(Write.Loc, "'" + Write.OutputName + "' becomes a channel, which " +
                              R.Units[P].describe() + " must write at one place, "
                              "but it writes it a second time here; write it once "
                              "per iteration");
        return;
      }
    // The first later nest that reads it.
    for (unsigned C = P + 1; C < R.Units.size(); ++C) {
      const URESystem &CS = *R.Units[C].System;
      if (llvm::none_of(CS.Inputs, [&](const InputRead &In) {
            return In.Object == Write.Output;
          }))
        continue;
      // Every load of the array in the body (a load that only decides a
      // condition is no input of the model, but reads the channel too).
      llvm::SmallVector<llvm::LoadInst *, 2> Loads;
      for (llvm::BasicBlock *BB : CS.innermost()->blocks())
        for (llvm::Instruction &I : *BB) {
          auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I);
          llvm::Value *Base;
          llvm::SmallVector<llvm::Value *, 4> Subs;
          if (Ld && decomposeAddress(Ld->getPointerOperand(), Base, Subs) &&
              Base == Write.Output)
            Loads.push_back(Ld);
        }
      std::string Between = R.Units[P].describe() + " and " + R.Units[C].describe();
      // Loads of one element, the first dominating the others, are one read.
      llvm::LoadInst *First = Loads.front();
      for (llvm::LoadInst *Ld : Loads)
        if (llvm::all_of(Loads, [&](llvm::LoadInst *O) { return O == Ld || DT.dominates(Ld, O); }))
          First = Ld;
      std::swap(*llvm::find(Loads, First), Loads.front());
      for (llvm::LoadInst *Ld : llvm::drop_begin(Loads))
        if (!sameElement(First, Ld) || !DT.dominates(First, Ld)) {
          reject(sourceLocOf(Ld),
                 "'" + Write.OutputName + "' becomes a channel between " + Between +
                     ", which must read it at one place, but it reads it again "
                     "here" + (sameElement(First, Ld) ? " (where the first read "
                                                        "does not always run)"
                                                      : ", another element") +
                     "; read it once per iteration into a local variable");
          return;
        }
      for (unsigned D = C + 1; D < R.Units.size(); ++D)
        for (const InputRead &In : R.Units[D].System->Inputs)
          if (In.Object == Write.Output) {
            reject(sourceLocOf(In.Load),
                   "'" + Write.OutputName + "' becomes a channel between " +
                       Between + ", but " + R.Units[D].describe() +
                       " reads it too; a channel has one reader: write a second "
                       "array for this nest");
            return;
          }
      if (const llvm::Instruction *Other = useElsewhere(Write.Output, P, C)) {
        reject(sourceLocOf(Other),
               "'" + Write.OutputName + "' is written by " + R.Units[P].describe() +
                   " and read by " + R.Units[C].describe() +
                   ", so it becomes a channel between them, but it is also used "
                   "here; a channel's values exist only between the two kernels: "
                   "use another array here");
        return;
      }
      StreamChannel Ch;
      Ch.Array = Write.OutputName;
      Ch.Object = Write.Output;
      Ch.Producer = P;
      Ch.Consumer = C;
      Ch.Write = Write.Store;
      Ch.Read = Loads.front();
      Ch.Reads = Loads;
      if (checkOrder(Ch, Write, PS, CS))
        R.Channels.push_back(Ch);
      return;
    }
  }

  // The elements in the order a nest writes (reads) them; false after a
  // rejection.
  bool sequence(unsigned U, const llvm::Instruction *Access,
                llvm::ArrayRef<AffineExpr> Subs, llvm::StringRef Array,
                std::vector<int64_t> &Flat, unsigned &Rank) {
    const URESystem &S = *R.Units[U].System;
    const SpaceTimeSchedule *Sch = R.Units[U].Schedule;
    uint64_t Iterations = 1;
    for (const URELoop &L : S.Loops)
      Iterations *= uint64_t(std::max<int64_t>(L.extent(), 0));
    if (Iterations > MaxReplayed) {
      reject(sourceLocOf(Access),
             "'" + Array + "' becomes a channel, but " + R.Units[U].describe() +
                 " runs " + llvm::Twine(Iterations) + " iterations, more than "
                 "the 2^26 the compiler replays to check the channel's order; "
                 "check the design at a smaller size");
      return false;
    }
    Rank = Subs.size();
    BodyReplay Body(S, DT, PDT);
    bool Failed = false;
    forEachIteration(S, Sch, [&](llvm::ArrayRef<int64_t> Vals) {
      Body.start(Vals);
      std::optional<bool> Runs = Body.runs(Access->getParent());
      if (!Runs) {
        std::string Line;
        if (auto *I = llvm::dyn_cast_or_null<llvm::Instruction>(Body.Unknown))
          Line = " (line " + std::to_string(sourceLocOf(I).Line) + ")";
        reject(sourceLocOf(Access),
               "'" + Array + "' becomes a channel, so the compiler must know "
               "from the loop variables when " + R.Units[U].describe() +
                   " accesses it, but this access depends on a computed value" +
                   Line + "; make its condition a test of the loop variables");
        Failed = true;
        return false;
      }
      if (*Runs)
        for (const AffineExpr &E : Subs) {
          int64_t V = E.Constant;
          for (unsigned L = 0; L < E.Coeffs.size(); ++L)
            V += E.Coeffs[L] * Vals[L];
          Flat.push_back(V);
        }
      return true;
    });
    return !Failed;
  }

  bool checkOrder(StreamChannel &Ch, const UREStatement &Write,
                  const URESystem &PS, const URESystem &CS) {
    const InputRead *Read = nullptr; // the subscripts of every load of Reads
    for (const InputRead &In : CS.Inputs)
      if (llvm::is_contained(Ch.Reads, In.Load))
        Read = &In;
    llvm::SmallVector<AffineExpr, 4> ReadSubs;
    for (const std::optional<AffineExpr> &E : Read->Subscripts) {
      if (!E) {
        reject(sourceLocOf(Ch.Read),
               "'" + Ch.Array + "' becomes a channel, but " +
                   R.Units[Ch.Consumer].describe() + " reads it at an index "
                   "that is not an affine expression of the loop variables; "
                   "index it with loop variables and constants");
        return false;
      }
      ReadSubs.push_back(*E);
    }
    std::vector<int64_t> Written, ReadSeq;
    unsigned WRank = 0, RRank = 0;
    if (!sequence(Ch.Producer, Write.Store, Write.OutputSubscripts, Ch.Array,
                  Written, WRank) ||
        !sequence(Ch.Consumer, Ch.Read, ReadSubs, Ch.Array, ReadSeq, RRank))
      return false;
    (void)PS;
    std::string P = R.Units[Ch.Producer].describe(), C = R.Units[Ch.Consumer].describe();
    uint64_t NW = WRank ? Written.size() / WRank : 0, NR = RRank ? ReadSeq.size() / RRank : 0;
    uint64_t N = std::min(NW, NR);
    for (uint64_t K = 0; K < N; ++K) {
      llvm::ArrayRef<int64_t> A(Written.data() + K * WRank, WRank);
      llvm::ArrayRef<int64_t> B(ReadSeq.data() + K * RRank, RRank);
      if (A == B)
        continue;
      reject(CS.Loc,
             "'" + Ch.Array + "' becomes a channel from " + P + " to " + C +
                 ", but they traverse it in different orders: value #" +
                 llvm::Twine(K) + " is " + elementText(Ch.Array, A) +
                 " as the writer sends it but " + elementText(Ch.Array, B) +
                 " as the reader expects it; make both nests visit the "
                 "elements in the same order (reorder the loops of " +
                 (R.Units[Ch.Producer].Schedule ? C : P) + ")");
      return false;
    }
    if (NW != NR) {
      reject(CS.Loc, "'" + Ch.Array + "' becomes a channel from " + P + " to " +
                         C + ", but the writer sends " + llvm::Twine(NW) +
                         " values and the reader takes " + llvm::Twine(NR) +
                         "; the reader must read every value written, once");
      return false;
    }
    Ch.Values = NW;
    return true;
  }
};

} // namespace

bool forEachIteration(const URESystem &S, const SpaceTimeSchedule *Sch,
                      llvm::function_ref<bool(llvm::ArrayRef<int64_t>)> Visit) {
  llvm::SmallVector<int64_t, 8> Vals(S.Loops.size(), 0);
  if (!Sch || Sch->Steps.empty()) {
    llvm::SmallVector<unsigned, 8> All;
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      All.push_back(L);
    return loopsFrom(S, All, 0, Vals, [&] { return Visit(Vals); });
  }
  // As the emitted kernel: loops outside the first time loop, the time
  // variables, then the PEs recovering their loop variables.
  // A vectorized time loop runs inside each PE, after the others.
  std::optional<unsigned> Lanes;
  if (Sch->Vector && !Sch->Vector->Space)
    Lanes = Sch->Vector->Loop;
  const SpaceTimeStep &First = Sch->Steps.front();
  unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
  llvm::SmallVector<unsigned, 4> OuterLoops;
  for (unsigned L = 0; L < Outer; ++L)
    if (L != Lanes)
      OuterLoops.push_back(L);
  llvm::SmallVector<unsigned, 4> Timed; // steps with a time loop
  for (unsigned K = 0; K < Sch->Steps.size(); ++K)
    if (Sch->Steps[K].HasTimeLoop && Sch->Steps[K].TimeLoop != Lanes)
      Timed.push_back(K);
  llvm::SmallVector<int64_t, 4> T(Sch->Steps.size(), 0);
  std::function<bool(size_t)> Times = [&](size_t At) -> bool {
    if (At == Timed.size())
      return loopsFrom(S, Sch->PELoops, 0, Vals, [&] {
        for (const SpaceTimeStep &St : llvm::reverse(Sch->Steps)) {
          if (!St.HasTimeLoop)
            continue;
          int64_t V = T[&St - Sch->Steps.begin()];
          if (St.needsRecovery())
            for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
              V -= St.Schedule[I] * Vals[St.SpaceLoops[I]];
          if (St.TimeLoop == Lanes)
            continue;
          const URELoop &L = S.Loops[St.TimeLoop];
          if (V < L.Lower || V >= L.Upper)
            return true; // this PE is idle at this step
          Vals[St.TimeLoop] = V;
        }
        if (!Lanes)
          return Visit(Vals);
        for (int64_t V = S.Loops[*Lanes].Lower; V < S.Loops[*Lanes].Upper; ++V) {
          Vals[*Lanes] = V;
          if (!Visit(Vals))
            return false;
        }
        return true;
      });
    const SpaceTimeStep &St = Sch->Steps[Timed[At]];
    for (int64_t V = St.TimeLower; V < St.TimeUpper; ++V) {
      T[Timed[At]] = V;
      if (!Times(At + 1))
        return false;
    }
    return true;
  };
  return loopsFrom(S, OuterLoops, 0, Vals, [&] { return Times(0); });
}

ChannelResult ChannelAnalysis::run(llvm::Function &F,
                                   llvm::FunctionAnalysisManager &FAM) {
  ChannelResult R;
  if (F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return R;
  const UREModel &M = FAM.getResult<UREAnalysis>(F);
  const SpaceTimeResult &ST = FAM.getResult<SpaceTimeAnalysis>(F);
  if (!M.Rejections.empty() || !ST.Rejections.empty())
    return R;
  ChannelFinder(M, R, FAM.getResult<llvm::DominatorTreeAnalysis>(F),
                FAM.getResult<llvm::PostDominatorTreeAnalysis>(F))
      .run(ST);
  return R;
}

bool designsRejected(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  return F.getMetadata(MergeFailedTag) ||
         !FAM.getResult<UREAnalysis>(F).Rejections.empty() ||
         !FAM.getResult<SpaceTimeAnalysis>(F).Rejections.empty() ||
         !FAM.getResult<ChannelAnalysis>(F).Rejections.empty();
}

} // namespace t2s
