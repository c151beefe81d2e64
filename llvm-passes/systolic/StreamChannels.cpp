//===- StreamChannels.cpp - Arrays that become channels -------------------===//

#include "systolic/StreamChannels.h"
#include "language/LoopMetadata.h"
#include "systolic/DataPath.h"
#include "ure/MergeURES.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
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

class ChannelFinder {
  const UREModel &M;
  ChannelResult &R;
  llvm::DominatorTree &DT;

public:
  ChannelFinder(const UREModel &M, ChannelResult &R, llvm::DominatorTree &DT)
      : M(M), R(R), DT(DT) {}

  void run(const SpaceTimeResult &ST) {
    for (const URESystem &S : M.Systems) {
      const DataPath *Sch = nullptr;
      for (const DataPath &X : ST.Schedules)
        if (X.Sch.System.outermost() == S.outermost())
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
      if (!Write.AffineOutput) {
        reject(Write.Loc,
               "'" + Write.OutputName + "' becomes a channel between " + Between +
                   ", whose two ends must name each element alike, but this "
                   "write indexes it with a run-time value; index it with the "
                   "loop variables and constants");
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
      if (replayable(Ch))
        R.Channels.push_back(Ch);
      return;
    }
  }

  // Whether systolic/StreamOrder.h can follow the two nests: the reader's
  // subscripts are affine (it replays them, or reads them as loops and
  // affine conditions where they run too long to replay).
  bool replayable(const StreamChannel &Ch) {
    const InputRead *Read = nullptr; // the subscripts of every load of Reads
    for (const InputRead &In : R.Units[Ch.Consumer].System->Inputs)
      if (llvm::is_contained(Ch.Reads, In.Load))
        Read = &In;
    if (llvm::any_of(Read->Subscripts, [](const std::optional<AffineExpr> &E) { return !E; })) {
      reject(sourceLocOf(Ch.Read),
             "'" + Ch.Array + "' becomes a channel, but " + R.Units[Ch.Consumer].describe() +
                 " reads it at an index that is not an affine expression of the loop "
                 "variables; index it with loop variables and constants");
      return false;
    }
    return true;
  }
};

} // namespace

ChannelResult ChannelAnalysis::run(llvm::Function &F,
                                   llvm::FunctionAnalysisManager &FAM) {
  ChannelResult R;
  if (F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return R;
  const UREModel &M = FAM.getResult<UREAnalysis>(F);
  const SpaceTimeResult &ST = FAM.getResult<SpaceTimeAnalysis>(F);
  if (!M.Rejections.empty() || !ST.Rejections.empty())
    return R;
  ChannelFinder(M, R, FAM.getResult<llvm::DominatorTreeAnalysis>(F)).run(ST);
  return R;
}

} // namespace t2s
