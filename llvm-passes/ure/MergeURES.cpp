//===- MergeURES.cpp - Fuse separately written URE nests ------------------===//
//
// All checks run first, on the IR as it is; only then is any nest moved, so a
// rejected merge leaves the function untouched. The fusion works on the shape
// clang emits (after PrepareNests): each loop is 'header -> body ... -> latch
// -> header' with the increment alone in the latch. A merged nest's innermost
// body blocks move in front of the representative's innermost latch, its loop
// variables are replaced by the representative's, and the rest of it is
// deleted.
//
//===----------------------------------------------------------------------===//

#include "ure/MergeURES.h"
#include "language/LoopMetadata.h"
#include "ure/UREModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#define DEBUG_TYPE "t2s-merge-ures"

STATISTIC(NumMerged, "Number of URE nests merged into a representative");

namespace t2s {

namespace {

// A perfect nest as the fusion sees it.
struct Nest {
  llvm::Loop *Root = nullptr;
  llvm::SmallVector<URELoop, 4> Loops; // outermost first
  llvm::BasicBlock *InnerHeader = nullptr;
  llvm::BasicBlock *InnerLatch = nullptr;
  llvm::BasicBlock *BodyEntry = nullptr;
  llvm::BasicBlock *Preheader = nullptr; // of the root
  llvm::BasicBlock *Exit = nullptr;      // of the root
  llvm::SmallVector<llvm::BasicBlock *, 16> Blocks; // all of the root's
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> Body; // innermost minus header, latch
  unsigned Order = 0;                           // position in the function
  SourceLoc Loc;
};

// A merged nest: which representative loop each of its loops is, and for
// loops it lacks, the constant that fixes them.
struct MergePlan {
  Nest M;
  std::string Array;
  llvm::SmallVector<unsigned, 4> LevelOf;               // M level -> R level
  llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Fixed; // R level, value
  llvm::SmallVector<std::pair<llvm::Use *, unsigned>, 4> FixedSubscripts;
};

class Merger {
  llvm::Function &F;
  llvm::LoopInfo &LI;
  llvm::ScalarEvolution &SE;
  llvm::DominatorTree &DT;
  llvm::DenseMap<const llvm::BasicBlock *, unsigned> BlockOrder;
  bool Failed = false;

public:
  Merger(llvm::Function &F, llvm::FunctionAnalysisManager &FAM)
      : F(F), LI(FAM.getResult<llvm::LoopAnalysis>(F)),
        SE(FAM.getResult<llvm::ScalarEvolutionAnalysis>(F)),
        DT(FAM.getResult<llvm::DominatorTreeAnalysis>(F)) {
    unsigned I = 0;
    for (llvm::BasicBlock &BB : F)
      BlockOrder[&BB] = I++;
  }

  bool run() {
    struct Task {
      Nest R;
      llvm::SmallVector<MergePlan, 2> Plans;
    };
    llvm::SmallVector<Task, 2> Tasks;
    llvm::SmallPtrSet<llvm::Loop *, 4> Claimed;
    for (llvm::Loop *L : LI.getLoopsInPreorder()) {
      for (const LocatedDirective &D : getLoopDirectives(*L)) {
        if (D.D.Kind != DirectiveKind::MergeURES)
          continue;
        Task T;
        if (!buildNest(L, T.R, D.Loc, "the representative of merge_ures"))
          continue;
        for (const DirectiveArg &A : D.D.Args) {
          MergePlan P;
          P.Array = A.Name;
          if (!planMerge(T.R, D, A.Name, P))
            continue;
          if (!fusible(T.R, P)) {
            error(P.M.Loc, "merge_ures: the nest that writes '" + A.Name +
                               "' exchanges values with the code around it "
                               "(a scalar computed outside and used inside, "
                               "or the other way); only arrays may carry "
                               "values between merged nests");
            continue;
          }
          if (!Claimed.insert(P.M.Root).second) {
            error(D.Loc, "merge_ures: the nest that writes '" + A.Name +
                             "' is merged twice; name it once");
            continue;
          }
          T.Plans.push_back(std::move(P));
        }
        checkSequentialOrder(T.R, T.Plans);
        checkFullArrays(T.R, T.Plans);
        Tasks.push_back(std::move(T));
      }
    }
    if (Failed) {
      // The nests stay apart; checking them as separate systems would only
      // repeat the problem in other words.
      F.setMetadata(MergeFailedTag, llvm::MDNode::get(F.getContext(), {}));
      return false;
    }
    if (Tasks.empty())
      return false;
    for (Task &T : Tasks)
      for (MergePlan &P : T.Plans)
        fuse(T.R, P);
    return true;
  }

private:
  void error(const SourceLoc &Loc, const llvm::Twine &Message) {
    reportError(F, Loc, Message);
    Failed = true;
  }

  bool buildNest(llvm::Loop *Root, Nest &N, const SourceLoc &Where,
                 llvm::StringRef Role) {
    N.Root = Root;
    N.Loc = sourceLocOf(Root);
    N.Preheader = Root->getLoopPreheader();
    N.Exit = Root->getExitBlock();
    N.Blocks.assign(Root->block_begin(), Root->block_end());
    N.Order = BlockOrder.lookup(Root->getHeader());
    for (llvm::Loop *L = Root;;) {
      URELoop UL;
      UL.Name = getLoopSourceName(*L).value_or("<unnamed>");
      if (analyzeCountedLoop(*L, SE, UL) != CountedLoop::Ok) {
        error(sourceLocOf(L), Role + ": loop '" + UL.Name +
                              "' must count up by one between constant bounds (nests "
                              "with affine bounds are not merged: write their "
                              "statements in one nest)");
        return false;
      }
      N.Loops.push_back(UL);
      if (L->getSubLoops().empty())
        break;
      if (L->getSubLoops().size() != 1) {
        error(sourceLocOf(L), Role + " must be a perfect loop nest: loop '" +
                              UL.Name + "' holds more than one loop");
        return false;
      }
      L = L->getSubLoops()[0];
    }
    llvm::Loop *Inner = N.Loops.back().L;
    N.InnerHeader = Inner->getHeader();
    N.InnerLatch = Inner->getLoopLatch();
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(N.InnerHeader->getTerminator());
    bool Shape = N.InnerLatch && Br && Br->isConditional() &&
                 N.InnerLatch != N.InnerHeader &&
                 llvm::isa<llvm::BranchInst>(N.InnerLatch->getTerminator()) &&
                 N.InnerLatch->phis().empty() &&
                 N.InnerLatch->getTerminator()->getNumSuccessors() == 1;
    if (Shape) {
      for (unsigned S = 0; S < 2; ++S)
        if (Inner->contains(Br->getSuccessor(S)))
          N.BodyEntry = Br->getSuccessor(S);
      // The latch only increments the loop variable.
      for (llvm::Instruction &I : *N.InnerLatch)
        if (!I.isTerminator() && !llvm::isa<llvm::BinaryOperator>(I))
          Shape = false;
    }
    if (!Shape || !N.BodyEntry || N.BodyEntry == N.InnerLatch ||
        !N.BodyEntry->phis().empty()) {
      error(Where, Role + " has a loop shape merge_ures cannot fuse; write it "
                          "as plain 'for (int i = 0; i < N; ++i) { ... }' loops");
      return false;
    }
    for (llvm::BasicBlock *BB : Inner->blocks())
      if (BB != N.InnerHeader && BB != N.InnerLatch)
        N.Body.insert(BB);
    return true;
  }

  // The object of a full-dimension store in Body named Name, if any.
  static bool writesArray(const Nest &N, llvm::StringRef Name) {
    for (llvm::BasicBlock *BB : N.Body)
      for (llvm::Instruction &I : *BB)
        if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
          llvm::Value *Base;
          llvm::SmallVector<llvm::Value *, 4> Subs;
          if (decomposeAddress(St->getPointerOperand(), Base, Subs) &&
              getSourceName(Base) == Name)
            return true;
        }
    return false;
  }

  bool planMerge(const Nest &R, const LocatedDirective &D, llvm::StringRef Name,
                 MergePlan &P) {
    if (writesArray(R, Name)) {
      error(D.Loc, "merge_ures: '" + Name +
                       "' is written by this nest already; name only the "
                       "arrays of the nests to merge into it");
      return false;
    }
    llvm::Loop *Found = nullptr;
    for (llvm::Loop *L : LI.getLoopsInPreorder()) {
      if (L == R.Root || L->getParentLoop() != R.Root->getParentLoop() ||
          BlockOrder.lookup(L->getHeader()) < R.Order)
        continue;
      Nest Probe;
      Probe.Root = L;
      for (llvm::Loop *In = L; In; In = In->getSubLoops().empty()
                                            ? nullptr
                                            : In->getSubLoops().front())
        if (In->getSubLoops().empty())
          for (llvm::BasicBlock *BB : In->blocks())
            Probe.Body.insert(BB);
      if (writesArray(Probe, Name)) {
        Found = L;
        break;
      }
    }
    if (!Found) {
      error(D.Loc, "merge_ures: no later loop nest in this function writes '" +
                       Name + "'; name arrays written by the nests below this "
                              "one, in the order their statements should run");
      return false;
    }
    bool Marked = llvm::any_of(getLoopDirectives(*Found), [](const LocatedDirective &X) {
      return X.D.Kind == DirectiveKind::URE;
    });
    if (!Marked) {
      error(sourceLocOf(Found), "the nest that writes '" + Name +
                                "' is merged into the nest at line " +
                                llvm::Twine(R.Loc.Line) +
                                " but is not marked; put '#pragma t2s ure' "
                                "above it");
      return false;
    }
    if (!buildNest(Found, P.M, sourceLocOf(Found), "the nest that writes '" + Name.str() + "'"))
      return false;
    return matchLoops(R, P);
  }

  // Every loop of M is a loop of R with the same name and bounds, in the same
  // order; loops of R that M lacks must be fixed by M's reads (outputs only).
  bool matchLoops(const Nest &R, MergePlan &P) {
    const Nest &M = P.M;
    unsigned Next = 0;
    for (const URELoop &ML : M.Loops) {
      while (Next < R.Loops.size() && R.Loops[Next].Name != ML.Name)
        ++Next;
      if (Next == R.Loops.size()) {
        error(sourceLocOf(ML.L), "merge_ures: loop '" + ML.Name + "' of the nest "
                             "that writes '" + P.Array +
                             "' is not a loop of the representative at line " +
                             llvm::Twine(R.Loc.Line) + " (its loops are " +
                             loopNames(R) + ", in this order)");
        return false;
      }
      const URELoop &RL = R.Loops[Next];
      if (RL.Lower != ML.Lower || RL.Upper != ML.Upper ||
          RL.IV->getType() != ML.IV->getType()) {
        error(sourceLocOf(ML.L),
              "merge_ures: loop '" + ML.Name + "' runs over [" +
                  llvm::Twine(ML.Lower) + ", " + llvm::Twine(ML.Upper) +
                  ") here but over [" + llvm::Twine(RL.Lower) + ", " +
                  llvm::Twine(RL.Upper) + ") in the representative at line " +
                  llvm::Twine(R.Loc.Line) + "; merged nests share their loops");
        return false;
      }
      P.LevelOf.push_back(Next++);
    }
    if (M.Loops.size() == R.Loops.size())
      return true;
    return fixMissingLoops(R, P);
  }

  static std::string loopNames(const Nest &N) {
    std::string S;
    for (const URELoop &L : N.Loops)
      S += (S.empty() ? "" : ", ") + L.Name;
    return S;
  }

  // An output nest with fewer loops: its reads of full-dimension arrays give
  // the value of each missing loop ('A[j][20]' fixes i = 20).
  bool fixMissingLoops(const Nest &R, MergePlan &P) {
    llvm::SmallVector<std::optional<int64_t>, 4> Value(R.Loops.size());
    llvm::SmallVector<bool, 4> Missing(R.Loops.size(), true);
    for (unsigned D : P.LevelOf)
      Missing[D] = false;
    for (llvm::BasicBlock *BB : P.M.Body)
      for (llvm::Instruction &I : *BB) {
        auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I);
        if (!Ld)
          continue;
        llvm::Value *Base;
        llvm::SmallVector<llvm::Use *, 4> Subs;
        if (!decomposeAddress(Ld->getPointerOperand(), Base, Subs) ||
            !arrayObjectType(Base) || Subs.size() != R.Loops.size())
          continue;
        for (unsigned D = 0; D < R.Loops.size(); ++D) {
          if (!Missing[D])
            continue;
          auto *C = llvm::dyn_cast<llvm::ConstantInt>(Subs[D]->get());
          if (!C || (Value[D] && *Value[D] != C->getSExtValue()) ||
              C->getSExtValue() < R.Loops[D].Lower ||
              C->getSExtValue() >= R.Loops[D].Upper) {
            error(sourceLocOf(Ld),
                  "merge_ures: this nest lacks loop '" + R.Loops[D].Name +
                      "', so its reads of '" + getSourceName(Base) +
                      "' must all use one constant within [" +
                      llvm::Twine(R.Loops[D].Lower) + ", " +
                      llvm::Twine(R.Loops[D].Upper) + ") for '" +
                      R.Loops[D].Name + "' (the seed's B(j) = A(20, j) form)");
            return false;
          }
          Value[D] = C->getSExtValue();
          P.FixedSubscripts.push_back({Subs[D], D});
        }
      }
    for (unsigned D = 0; D < R.Loops.size(); ++D) {
      if (!Missing[D])
        continue;
      if (!Value[D]) {
        error(P.M.Loc, "merge_ures: the nest that writes '" + P.Array +
                           "' lacks loop '" + R.Loops[D].Name +
                           "' and no read fixes it; read a URE array with a "
                           "constant for '" + R.Loops[D].Name + "'");
        return false;
      }
      P.Fixed.push_back({D, *Value[D]});
    }
    return true;
  }

  // In the sequential program a nest reads what earlier nests wrote; a read
  // of an array that a later nest writes would see other values once fused.
  void checkSequentialOrder(const Nest &R, llvm::ArrayRef<MergePlan> Plans) {
    llvm::SmallVector<std::pair<const Nest *, std::string>, 4> All{{&R, ""}};
    for (const MergePlan &P : Plans)
      All.push_back({&P.M, P.Array});
    for (auto &[Reader, Unused] : All)
      for (auto &[Writer, Array] : All) {
        if (Array.empty() || Writer->Order <= Reader->Order)
          continue;
        for (llvm::BasicBlock *BB : Reader->Body)
          for (llvm::Instruction &I : *BB) {
            auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I);
            llvm::Value *Base;
            llvm::SmallVector<llvm::Value *, 4> Subs;
            if (!Ld || !decomposeAddress(Ld->getPointerOperand(), Base, Subs) ||
                getSourceName(Base) != Array)
              continue;
            error(sourceLocOf(Ld),
                  "merge_ures: this reads '" + Array +
                      "', which the nest at line " +
                      llvm::Twine(Writer->Loc.Line) +
                      " computes later in the sequential program; merged, it "
                      "would read other values: move that nest above this one");
            return;
          }
      }
  }

  // Each nest of the sequential program keeps only what its own order needs
  // when its URE arrays roll or drop loops (UREModel.h, ArrayStorage);
  // fused, the nests interleave and another nest would read overwritten
  // values. merge_ures takes URE arrays with one dimension per loop.
  void checkFullArrays(const Nest &R, llvm::ArrayRef<MergePlan> Plans) {
    llvm::SmallVector<const Nest *, 4> All{&R};
    llvm::SmallPtrSet<const llvm::BasicBlock *, 32> Blocks;
    for (const MergePlan &P : Plans)
      All.push_back(&P.M);
    for (const Nest *N : All)
      Blocks.insert(N->Blocks.begin(), N->Blocks.end());
    auto usedElsewhere = [&](const llvm::Value *Object) {
      return firstUseWhere(Object, [&](const llvm::Instruction &I) {
        return !Blocks.contains(I.getParent());
      });
    };
    for (const Nest *N : All)
      for (llvm::BasicBlock *BB : N->Body)
        for (llvm::Instruction &I : *BB) {
          auto *St = llvm::dyn_cast<llvm::StoreInst>(&I);
          llvm::Value *Base;
          llvm::SmallVector<llvm::Value *, 4> Subs;
          if (!St || !decomposeAddress(St->getPointerOperand(), Base, Subs) ||
              !arrayObjectType(Base) || usedElsewhere(Base))
            continue;
          bool Window = llvm::any_of(
              Subs, [](llvm::Value *S) { return splitWindow(S).second != 0; });
          if (!Window && Subs.size() >= N->Loops.size())
            continue;
          error(sourceLocOf(St),
                "merge_ures: the URE array '" + getSourceName(Base) + "' " +
                    (Window ? "keeps a window of some loop"
                            : "keeps no dimension for some loop") +
                    " of its nest; merged, the nests run interleaved and would "
                    "read values the window no longer holds: give '" +
                    getSourceName(Base) + "' one dimension per loop of its "
                    "nest, or write the statements in one nest");
          return;
        }
  }

  void fuse(const Nest &R, MergePlan &P) {
    Nest &M = P.M;
    llvm::BasicBlock *RLatch = R.InnerLatch;
    llvm::BasicBlock *Entry = M.BodyEntry;

    // Loops the merged nest lacks: rewrite their constant subscripts to the
    // loop variable and run the moved statements only at that value.
    for (auto [U, D] : P.FixedSubscripts) {
      auto *GEP = llvm::cast<llvm::Instruction>(U->getUser());
      llvm::IRBuilder<> B(GEP);
      U->set(B.CreateSExtOrTrunc(R.Loops[D].IV, U->get()->getType()));
    }
    if (!P.Fixed.empty()) {
      llvm::BasicBlock *Guard = llvm::BasicBlock::Create(
          F.getContext(), "t2s.merge.guard", &F, Entry);
      llvm::IRBuilder<> B(Guard);
      llvm::Value *Cond = nullptr;
      for (auto [D, V] : P.Fixed) {
        llvm::Value *IV = R.Loops[D].IV;
        llvm::Value *Eq = B.CreateICmpEQ(IV, llvm::ConstantInt::get(IV->getType(), V));
        Cond = Cond ? B.CreateAnd(Cond, Eq) : Eq;
      }
      B.CreateCondBr(Cond, Entry, RLatch);
      Entry = Guard;
    }

    // The representative's body now continues into the merged body ...
    llvm::SmallVector<llvm::BasicBlock *, 4> Tails(llvm::predecessors(RLatch));
    for (llvm::BasicBlock *T : Tails)
      if (T != Entry)
        T->getTerminator()->replaceSuccessorWith(RLatch, Entry);
    // ... which ends in the representative's latch.
    llvm::SmallVector<llvm::BasicBlock *, 4> MTails(llvm::predecessors(M.InnerLatch));
    for (llvm::BasicBlock *T : MTails)
      if (M.Body.contains(T))
        T->getTerminator()->replaceSuccessorWith(M.InnerLatch, RLatch);
    M.InnerHeader->getTerminator()->replaceSuccessorWith(M.BodyEntry, M.InnerLatch);

    for (unsigned Level = 0; Level < M.Loops.size(); ++Level)
      M.Loops[Level].IV->replaceUsesWithIf(
          R.Loops[P.LevelOf[Level]].IV, [&](llvm::Use &U) {
            auto *I = llvm::dyn_cast<llvm::Instruction>(U.getUser());
            return I && M.Body.contains(I->getParent());
          });

    // Drop the rest of the merged nest: its preheader goes straight on.
    llvm::BasicBlock *Header = M.Loops.front().IV->getParent();
    M.Preheader->getTerminator()->replaceSuccessorWith(Header, M.Exit);
    M.Exit->replacePhiUsesWith(Header, M.Preheader);
    llvm::SmallVector<llvm::BasicBlock *, 8> Dead;
    for (llvm::BasicBlock *BB : M.Blocks)
      if (!M.Body.contains(BB))
        Dead.push_back(BB);
    llvm::DeleteDeadBlocks(Dead);
    ++NumMerged;
  }

public:
  // Shapes fuse() relies on, checked before anything moves.
  bool fusible(const Nest &R, const MergePlan &P) {
    const Nest &M = P.M;
    if (!M.Preheader || !M.Exit)
      return false;
    auto isIV = [&](const llvm::Value *V) {
      return llvm::any_of(M.Loops, [&](const URELoop &L) { return L.IV == V; });
    };
    for (llvm::BasicBlock *BB : M.Body)
      for (llvm::Instruction &I : *BB) {
        for (llvm::Value *Op : I.operands()) {
          auto *Def = llvm::dyn_cast<llvm::Instruction>(Op);
          if (!Def || M.Body.contains(Def->getParent()) || isIV(Def))
            continue;
          if (!DT.dominates(Def, R.InnerHeader))
            return false;
        }
        for (llvm::User *U : I.users())
          if (auto *UI = llvm::dyn_cast<llvm::Instruction>(U);
              UI && !M.Body.contains(UI->getParent()))
            return false;
      }
    // Nothing computed in the nest outside its body is used after it.
    for (llvm::BasicBlock *BB : M.Blocks)
      if (!M.Body.contains(BB))
        for (llvm::Instruction &I : *BB)
          for (llvm::User *U : I.users())
            if (auto *UI = llvm::dyn_cast<llvm::Instruction>(U);
                UI && !M.Root->contains(UI->getParent()))
              return false;
    return true;
  }
};

} // namespace

llvm::PreservedAnalyses MergeURESPass::run(llvm::Function &F,
                                           llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  if (!Merger(F, FAM).run())
    return llvm::PreservedAnalyses::all();
  return llvm::PreservedAnalyses::none();
}

} // namespace t2s
