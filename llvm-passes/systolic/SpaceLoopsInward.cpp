//===- SpaceLoopsInward.cpp - Move space loops inside the time loops ------===//

#include "systolic/SpaceLoopsInward.h"
#include "language/LoopMetadata.h"
#include "systolic/IslText.h"
#include "systolic/LoopNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <memory>

#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#define DEBUG_TYPE "t2s-space-loops-inward"

STATISTIC(NumMoved, "Number of URE nests whose space loops moved inward");

namespace t2s {

namespace {

// One loop of the nest in the shape PrepareNests leaves: 'header: phi,
// compare, conditional branch into the loop', the increment in the latch.
struct LevelShape {
  llvm::Loop *L = nullptr;
  llvm::PHINode *Phi = nullptr;
  llvm::BasicBlock *Entry = nullptr; // the phi's block from outside the loop
  llvm::Value *Start = nullptr;
  llvm::ICmpInst *Cmp = nullptr;
  llvm::Instruction *Inc = nullptr;
};

bool definedOutside(const llvm::Value *V, const llvm::Loop *Root) {
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  return !I || !Root->contains(I->getParent());
}

// The shape of loop UL of a nest whose outermost loop is Root, or why it is
// not one the move can rewrite.
std::optional<LevelShape> levelShape(const URELoop &UL, const llvm::Loop *Root,
                                     const llvm::Loop *Innermost, std::string &Why) {
  using namespace llvm::PatternMatch;
  LevelShape Lv;
  Lv.L = UL.L;
  Lv.Phi = UL.IV;
  llvm::BasicBlock *Header = UL.L->getHeader(), *Latch = UL.L->getLoopLatch();
  auto Fail = [&](const std::string &What) {
    Why = "loop '" + UL.Name + "' " + What;
    return std::nullopt;
  };
  if (!Lv.Phi || Lv.Phi->getParent() != Header || Lv.Phi->getNumIncomingValues() != 2 || !Latch)
    return Fail("is not a counted loop with one latch");
  unsigned Out = Lv.Phi->getIncomingBlock(0) == Latch ? 1 : 0;
  Lv.Entry = Lv.Phi->getIncomingBlock(Out);
  Lv.Start = Lv.Phi->getIncomingValue(Out);
  Lv.Inc = llvm::dyn_cast<llvm::Instruction>(Lv.Phi->getIncomingValueForBlock(Latch));
  if (!Lv.Inc || !match(Lv.Inc, m_Add(m_Specific(Lv.Phi), m_One())) || !Lv.Inc->hasOneUse())
    return Fail("does not count up by one in its latch");
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(Header->getTerminator());
  Lv.Cmp = Br && Br->isConditional() ? llvm::dyn_cast<llvm::ICmpInst>(Br->getCondition()) : nullptr;
  if (!Lv.Cmp || !Lv.Cmp->hasOneUse() || Lv.Cmp->getParent() != Header ||
      !UL.L->contains(Br->getSuccessor(0)))
    return Fail("does not test its bound in its header");
  llvm::Value *Other = Lv.Cmp->getOperand(0) == Lv.Phi ? Lv.Cmp->getOperand(1)
                       : Lv.Cmp->getOperand(1) == Lv.Phi ? Lv.Cmp->getOperand(0)
                                                         : nullptr;
  if (!Other || !definedOutside(Other, Root) || !definedOutside(Lv.Start, Root))
    return Fail("computes its bounds inside the nest; compute them before it");
  for (const llvm::Use &U : Lv.Phi->uses()) {
    auto *I = llvm::cast<llvm::Instruction>(U.getUser());
    if (I != Lv.Cmp && I != Lv.Inc && !Innermost->contains(I->getParent()))
      return Fail("is used outside the innermost loop's body");
  }
  return Lv;
}

// "(i - 1, k + 1)": the iteration a read at distance D reaches.
std::string reached(const URESystem &S, llvm::ArrayRef<unsigned> Order,
                    llvm::ArrayRef<int64_t> D) {
  std::string Out;
  for (unsigned Q : Order) {
    Out += (Out.empty() ? "" : ", ") + S.Loops[Q].Name;
    if (D[Q] > 0)
      Out += " - " + std::to_string(D[Q]);
    else if (D[Q] < 0)
      Out += " + " + std::to_string(-D[Q]);
  }
  return "(" + Out + ")";
}

std::string names(const URESystem &S, llvm::ArrayRef<unsigned> Order) {
  return "(" + joinLoopNames(S, Order) + ")";
}

int64_t coordinate(isl_point *P, unsigned Pos) {
  isl_val *V = isl_point_get_coordinate_val(P, isl_dim_set, int(Pos));
  int64_t Out = isl_val_get_num_si(V);
  isl_val_free(V);
  return Out;
}

struct PointFree {
  void operator()(isl_point *P) const { isl_point_free(P); }
};

// Why two iterations that write one element of an output would swap their
// order with the loops in Order, or empty if none would.
std::string outputsReordered(const URESystem &S, llvm::ArrayRef<unsigned> Order) {
  const unsigned N = S.Loops.size();
  IslCtx C = makeIslCtx();
  for (const UREStatement &B : S.Statements) {
    if (!B.Extended)
      continue;
    if (!B.AffineOutput)
      return "the output '" + B.OutputName + "' at line " + std::to_string(B.Loc.Line) +
             " is indexed by values that are not affine in the loops, so whether two "
             "iterations that write one element would swap their order cannot be told";
    for (const UREStatement &A : S.Statements) {
      if (!A.Extended || A.Output != B.Output || !A.AffineOutput ||
          A.OutputSubscripts.size() != B.OutputSubscripts.size())
        continue;
      IslText Text(S);
      llvm::SmallVector<std::string, 8> Terms = Text.sameElement(A, B);
      llvm::SmallVector<std::string, 4> VA, VB, PA, PB;
      for (unsigned L = 0; L < N; ++L) {
        VA.push_back(IslText::var('a', L));
        VB.push_back(IslText::var('b', L));
        PA.push_back(IslText::var('a', Order[L]));
        PB.push_back(IslText::var('b', Order[L]));
      }
      // a before b as written, b before a with the loops moved.
      Terms.push_back(islLexLess(VA, VB, /*Strict=*/true));
      Terms.push_back(islLexLess(PB, PA, /*Strict=*/true));
      std::string Set = Text.paramList() + " -> { [" + llvm::join(VA, ", ") + ", " +
                        llvm::join(VB, ", ") + "] : " + llvm::join(Terms, " and ") + " }";
      IslSet Pairs(isl_set_read_from_str(C.get(), Set.c_str()));
      if (Pairs && isl_set_is_empty(Pairs.get()) == isl_bool_true)
        continue;
      std::string Why = "the output '" + B.OutputName + "' at line " +
                        std::to_string(B.Loc.Line) + " is written by several iterations";
      std::unique_ptr<isl_point, PointFree> P(
          Pairs ? isl_set_sample_point(isl_set_lexmin(Pairs.release())) : nullptr);
      if (P && isl_point_is_void(P.get()) == isl_bool_false) {
        std::string XA, XB;
        for (unsigned L = 0; L < N; ++L) {
          XA += (L ? ", " : "") + S.Loops[L].Name + " = " + std::to_string(coordinate(P.get(), L));
          XB += (L ? ", " : "") + S.Loops[L].Name + " = " +
                std::to_string(coordinate(P.get(), N + L));
        }
        Why += ", among them (" + XA + ") and (" + XB + ")";
      }
      return Why + ", and the sequential program keeps the value of the one it runs last; "
                   "with the loops in the order " + names(S, Order) +
             " the other one would run last";
    }
  }
  return "";
}

} // namespace

// One isl problem: lexmin of (chains, added steps, |c|, c, which reads
// are chains).
std::optional<ChosenSchedule>
chooseSchedule(const URESystem &S, const SpaceLoopsMove &M, const Directive &D,
               std::string &Why) {
  if (M.NumTime == 0)
    return std::nullopt;
  const unsigned K = M.Order[M.NumTime - 1];
  llvm::SmallVector<unsigned, 4> Space;
  for (const DirectiveArg &A : D.Args)
    Space.push_back(*S.loopIndex(A.Name));
  const unsigned N = Space.size();
  llvm::SmallVector<std::string, 4> A, C;
  llvm::SmallVector<std::string, 8> Terms;
  std::string Steps = "z = 0";
  for (unsigned I = 0; I < N; ++I) {
    A.push_back("a" + std::to_string(I));
    C.push_back("c" + std::to_string(I));
    Terms.push_back(A[I] + " >= " + C[I] + " and " + A[I] + " >= -" + C[I]);
    Steps += " + " + std::to_string(S.Loops[Space[I]].extent() - 1) + "*" + A[I];
  }
  Terms.push_back(Steps);
  // Per read between PEs: its time distance, and whether it may be a chain.
  llvm::SmallVector<std::pair<std::string, bool>, 8> Reads;
  for (const UREStatement &St : S.Statements)
    for (const URERead &R : St.Reads) {
      if (R.NamesNoIteration)
        continue;
      llvm::SmallVector<int64_t, 4> Outer, PE;
      for (unsigned P = 0; P + 1 < M.NumTime; ++P)
        Outer.push_back(R.Distance[M.Order[P]]);
      for (unsigned P = M.NumTime; P < M.Order.size(); ++P)
        PE.push_back(R.Distance[M.Order[P]]);
      int Sign = lexicographicSign(Outer);
      if (Sign > 0)
        continue;
      if (Sign < 0) {
        unsigned Back = *llvm::find_if(llvm::ArrayRef(M.Order).take_front(M.NumTime - 1),
                                       [&](unsigned Q) { return R.Distance[Q] != 0; });
        Why = "the read of '" + S.Arrays[R.Array].Name + "'" +
              (R.Loads.empty() ? std::string()
                               : " at line " + std::to_string(sourceLocOf(R.Loads.front()).Line)) +
              " goes back along time loop '" + S.Loops[Back].Name +
              "', which runs outside the space loops, and a schedule skews only the "
              "time loop right outside them, '" + S.Loops[K].Name + "'";
        return std::nullopt;
      }
      std::string Time = std::to_string(R.Distance[K]);
      for (unsigned I = 0; I < N; ++I)
        if (int64_t Dist = R.Distance[Space[I]])
          Time += " + " + std::to_string(Dist) + "*" + C[I];
      if (int Across = lexicographicSign(PE))
        Reads.push_back({Time, Across > 0});
    }
  // Each read that may be a chain pays u = 1 when it stays in its step; the
  // fewest such reads come first, then the fewest steps.
  llvm::SmallVector<std::string, 8> U;
  for (const auto &[Time, Chain] : Reads)
    if (!Chain) {
      Terms.push_back(Time + " >= 1");
    } else {
      U.push_back("u" + std::to_string(U.size()));
      Terms.push_back(Time + " >= 0 and " + Time + " + " + U.back() + " >= 1 and 0 <= " +
                      U.back() + " <= 1");
    }
  Terms.push_back("w = 0" + (U.empty() ? std::string() : " + " + llvm::join(U, " + ")));
  std::string Set = "{ [w, z, " + llvm::join(A, ", ") + ", " + llvm::join(C, ", ") +
                    (U.empty() ? std::string() : ", " + llvm::join(U, ", ")) +
                    "] : " + llvm::join(Terms, " and ") + " }";
  IslCtx Ctx = makeIslCtx();
  IslSet Options(isl_set_read_from_str(Ctx.get(), Set.c_str()));
  std::unique_ptr<isl_point, PointFree> P(
      Options ? isl_set_sample_point(isl_set_lexmin(Options.release())) : nullptr);
  if (P && isl_point_is_void(P.get()) == isl_bool_false) {
    ChosenSchedule Out;
    for (unsigned I = 0; I < N; ++I)
      Out.Coeffs.push_back(coordinate(P.get(), 2 + N + I));
    Out.Chains = coordinate(P.get(), 0) > 0;
    return Out;
  }
  // The sequential order is such a schedule (large coefficients, and zero
  // with chains for the space loops inside K), so this is not reached.
  Why = "no coefficients keep every read forward in time";
  return std::nullopt;
}

std::optional<SpaceLoopsMove> planSpaceLoopsInward(const URESystem &S) {
  auto First = llvm::find_if(S.Directives, [](const LocatedDirective &D) {
    return D.D.Kind == DirectiveKind::SpaceTime;
  });
  if (First == S.Directives.end())
    return std::nullopt;
  llvm::SmallVector<bool, 4> Space(S.Loops.size(), false);
  for (const DirectiveArg &A : First->D.Args) {
    std::optional<unsigned> L = S.loopIndex(A.Name);
    if (!L)
      return std::nullopt; // reported by the URE model
    Space[*L] = true;
  }
  SpaceLoopsMove M;
  M.Order = S.timeThenSpaceOrder();
  M.NumTime = unsigned(llvm::count(Space, false));
  unsigned Low = 0;
  while (Low < M.Order.size() && M.Order[Low] == Low)
    ++Low;
  if (Low == M.Order.size())
    return std::nullopt;

  auto Block = [&](std::string Why) {
    M.Blocked = std::move(Why);
    return M;
  };
  // Bounds: the loops from the first one that moves inward run under new
  // outer loops, so none of them may name another loop.
  for (unsigned P = Low; P < M.Order.size(); ++P) {
    const URELoop &L = S.Loops[M.Order[P]];
    if (L.affine())
      return Block("loop '" + L.Name + "' has bounds that name another loop, which the move "
                   "would reorder; a loop that changes level, or runs inside one that does, "
                   "needs bounds that name no loop");
  }
  // The levels from Low on trade their tests, starts and variables.
  const llvm::Loop *Root = S.outermost(), *Innermost = S.innermost();
  for (unsigned P = Low; P < S.Loops.size(); ++P) {
    const URELoop &L = S.Loops[P];
    std::string Why;
    if (!levelShape(L, Root, Innermost, Why))
      return Block(Why);
    if (L.IV->getType() != S.Loops[Low].IV->getType())
      return Block("loop '" + L.Name + "' counts in another integer type than loop '" +
                   S.Loops[Low].Name + "'; give the loops one type");
  }
  // With a schedule vector the schedule orders the iterations: it keeps
  // every read forward in time (or in a chain) and the output order check
  // compares the steps with the written order (systolic/OutputOrder.h).
  if (First->D.clause("schedule"))
    return M;
  // Reads: each still reaches an iteration that runs earlier.
  for (const UREStatement &St : S.Statements)
    for (const URERead &R : St.Reads) {
      if (R.NamesNoIteration)
        continue;
      llvm::SmallVector<int64_t, 4> Moved;
      for (unsigned Q : M.Order)
        Moved.push_back(R.Distance[Q]);
      if (lexicographicSign(Moved) >= 0)
        continue;
      llvm::SmallVector<unsigned, 4> Written;
      for (unsigned Q = 0; Q < S.Loops.size(); ++Q)
        Written.push_back(Q);
      std::string Read = "the read of '" + S.Arrays[R.Array].Name + "' at line " +
                         std::to_string(sourceLocOf(R.Loads.front()).Line) +
                         " reaches iteration " + reached(S, Written, R.Distance) +
                         ", which runs earlier with the loops " + names(S, Written) +
                         " but later with the space loops inside, " + names(S, M.Order) +
                         ", where it reads " + reached(S, M.Order, R.Distance);
      // Run the nest as written instead, under a schedule (the output
      // order is then the schedule's to check, as for one of the user's).
      std::string Why;
      if (std::optional<ChosenSchedule> C = chooseSchedule(S, M, First->D, Why)) {
        M.Schedule = std::move(C->Coeffs);
        M.ScheduleChains = C->Chains;
        M.Because = std::move(Read);
        return M;
      }
      return Block(Read + "; nor can a schedule vector run the nest as written: " + Why);
    }
  std::string Outputs = outputsReordered(S, M.Order);
  if (!Outputs.empty())
    return Block(Outputs);
  return M;
}

std::string enclosedTimeLoop(const URESystem &S, const SpaceLoopsMove &M) {
  llvm::ArrayRef<unsigned> Time = llvm::ArrayRef(M.Order).take_front(M.NumTime);
  for (unsigned Q = 0; Q < S.Loops.size(); ++Q)
    for (unsigned E = Q + 1; E < S.Loops.size() && !llvm::is_contained(Time, Q); ++E)
      if (llvm::is_contained(Time, E))
        return "'" + S.Loops[Q].Name + "' encloses '" + S.Loops[E].Name + "'";
  return "";
}

namespace {

// Rewrites the nest of S so that new level P runs the loop Order[P]; the
// levels before Low keep their loops.
void moveLoops(const URESystem &S, llvm::ArrayRef<unsigned> Order) {
  const unsigned N = S.Loops.size();
  unsigned Low = 0;
  while (Order[Low] == Low)
    ++Low;
  llvm::SmallVector<LevelShape, 4> Lv(N);
  std::string Why;
  for (unsigned P = Low; P < N; ++P)
    Lv[P] = *levelShape(S.Loops[P], S.outermost(), S.innermost(), Why);
  llvm::SmallVector<unsigned, 4> LevelOf(N);
  for (unsigned P = 0; P < N; ++P)
    LevelOf[Order[P]] = P;

  // Each level's test, the one of the loop that now runs there.
  llvm::SmallVector<llvm::ICmpInst *, 4> Tests(N, nullptr);
  for (unsigned P = Low; P < N; ++P) {
    const LevelShape &From = Lv[Order[P]];
    auto *Test = llvm::cast<llvm::ICmpInst>(From.Cmp->clone());
    Test->insertBefore(Lv[P].Cmp);
    Test->replaceUsesOfWith(From.Phi, Lv[P].Phi);
    Tests[P] = Test;
  }
  // The body reads each loop variable from its new level.
  llvm::SmallVector<std::pair<llvm::Use *, unsigned>, 16> Uses;
  for (unsigned Q = Low; Q < N; ++Q)
    for (llvm::Use &U : Lv[Q].Phi->uses()) {
      auto *I = llvm::cast<llvm::Instruction>(U.getUser());
      if (I != Lv[Q].Cmp && I != Lv[Q].Inc && !llvm::is_contained(Tests, I))
        Uses.push_back({&U, LevelOf[Q]});
    }
  for (auto [U, P] : Uses)
    U->set(Lv[P].Phi);
  for (unsigned P = Low; P < N; ++P) {
    Lv[P].Phi->setIncomingValueForBlock(Lv[P].Entry, Lv[Order[P]].Start);
    Lv[P].Cmp->replaceAllUsesWith(Tests[P]);
    Lv[P].Cmp->eraseFromParent();
    setLoopSourceName(*Lv[P].L, S.Loops[Order[P]].Name);
  }
  // The reference still runs the loops as written: the storage rules of
  // the URE arrays follow that order (docs/language.md, "URE array storage").
  llvm::LLVMContext &Ctx = S.outermost()->getHeader()->getContext();
  llvm::SmallVector<llvm::Metadata *, 5> Written{llvm::MDString::get(Ctx, WrittenOrderTag)};
  for (const URELoop &L : S.Loops)
    Written.push_back(llvm::MDString::get(Ctx, L.Name));
  addLoopMetadata(*S.outermost(), {llvm::MDNode::get(Ctx, Written)});
  ++NumMoved;
}

std::string at(const SourceLoc &Loc) {
  return std::to_string(Loc.Line) + ":" + std::to_string(Loc.Column);
}

} // namespace

llvm::PreservedAnalyses SpaceLoopsInwardPass::run(llvm::Function &F,
                                                  llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return llvm::PreservedAnalyses::all();
  const UREModel &Model = FAM.getResult<UREAnalysis>(F);
  auto &ORE = FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F);
  bool Changed = false;
  for (const URESystem &S : Model.Systems) {
    std::optional<SpaceLoopsMove> M = planSpaceLoopsInward(S);
    if (!M || !M->legal())
      continue;
    std::string Encloses = enclosedTimeLoop(S, *M);
    llvm::SmallVector<unsigned, 4> Written;
    for (unsigned Q = 0; Q < S.Loops.size(); ++Q)
      Written.push_back(Q);
    std::string From = names(S, Written), To = names(S, M->Order);
    llvm::Loop *L = S.outermost();
    SourceLoc Loc = S.Loc;
    bool Scheduled = false;
    const LocatedDirective *First = nullptr;
    for (const LocatedDirective &D : S.Directives)
      if (D.D.Kind == DirectiveKind::SpaceTime) {
        Loc = D.Loc;
        Scheduled = D.D.clause("schedule") != nullptr;
        First = &D;
        break;
      }
    moveLoops(S, M->Order);
    Changed = true;
    std::string Chosen;
    if (!M->Schedule.empty()) {
      // The nest runs as written, under the schedule the plan chose: the
      // directive carries it from here on, and the loop says why.
      Directive D = First->D;
      DirectiveClause Clause;
      Clause.Name = "schedule";
      for (int64_t C : M->Schedule) {
        DirectiveArg A;
        A.Kind = DirectiveArg::Integer;
        A.Value = C;
        Clause.Args.push_back(A);
      }
      D.Clauses.push_back(std::move(Clause));
      Chosen = D.str();
      replaceLoopDirective(*L, Loc, D);
      llvm::LLVMContext &Ctx = L->getHeader()->getContext();
      addLoopMetadata(*L, {llvm::MDNode::get(Ctx, {llvm::MDString::get(Ctx, ChosenScheduleTag),
                                                   llvm::MDString::get(Ctx, M->Because)})});
    }
    ORE.emit([&] {
      llvm::OptimizationRemark R("t2s-space-time", "SpaceLoopsInward", L->getStartLoc(),
                                 L->getHeader());
      R << "space_time at " << at(Loc) << ": the space loop " << Encloses;
      if (!Chosen.empty())
        return R << " and cannot move inward as it stands: " << M->Because
                 << "; so the nest runs as written, PE after PE, under '" << Chosen
                 << (M->ScheduleChains
                         ? "', the schedule with the fewest reads within a step (a chain "
                           "of PEs) and then the fewest time steps, and the loops "
                         : "', the schedule with the fewest time steps that runs every "
                           "read at least one step after its write, and the loops ")
                 << From << " run as " << To;
      return R << ", so the loops " << From << " run as " << To
               << (Scheduled ? " under the schedule, which keeps every read forward in time "
                               "or in a chain and every output element's last write last"
                             : ": every read still reaches an earlier iteration and every "
                               "output element keeps its last write");
    });
  }
  return Changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

} // namespace t2s
