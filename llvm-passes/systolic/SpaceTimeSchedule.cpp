//===- SpaceTimeSchedule.cpp - Where and when each URE iteration runs -----===//

#include "systolic/SpaceTimeSchedule.h"
#include "systolic/LoopNames.h"
#include "language/LoopMetadata.h"
#include "systolic/NumberText.h"
#include "systolic/RegisterPlan.h"
#include "systolic/SpaceLoopsInward.h"
#include "ure/IterationDomain.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <vector>

namespace t2s {

namespace {

// Above this many PEs in the box, those that run are not counted.
constexpr int64_t MaxCountedPEs = int64_t(1) << 16;

class Scheduler {
  const URESystem &S;
  llvm::SmallVectorImpl<URERejection> &Rejections;
  SpaceTimeSchedule R;
  // Per URE array: the time loop from which its PE buffer is indexed, or -1
  // for a shift register (checkAffineBounds).
  llvm::SmallVector<int, 4> BufferFrom;

public:
  Scheduler(const URESystem &S, llvm::SmallVectorImpl<URERejection> &Rej)
      : S(S), Rejections(Rej) {}

  std::optional<SpaceTimeSchedule> run() {
    R.System = S;
    if (!buildSteps())
      return std::nullopt;
    if (R.Steps.empty())
      return std::nullopt;
    if (!buildTime() || !scheduleReads() || !checkAffineBounds())
      return std::nullopt;
    if (!planRegisters(R, BufferFrom, Rejections))
      return std::nullopt;
    return std::move(R);
  }

private:
  void reject(const SourceLoc &Loc, const llvm::Twine &Message,
              URERule Rule = URERule::SpaceLoops) {
    Rejections.push_back({Rule, Loc, Message.str()});
  }

  bool buildSteps() {
    const size_t Depth = S.Loops.size();
    for (const LocatedDirective &LD : S.Directives) {
      if (LD.D.Kind != DirectiveKind::SpaceTime)
        continue;
      SpaceTimeStep Step;
      Step.Loc = LD.Loc;
      Step.CheckTime = LD.D.clause("check_time") != nullptr;
      const DirectiveClause *Sched = LD.D.clause("schedule");
      Step.ExplicitSchedule = Sched != nullptr;
      Step.ChosenSchedule = Sched && R.Steps.empty() && !S.ScheduleChosenBecause.empty();
      // Space loops in nest order, with their coefficients.
      llvm::SmallVector<std::pair<unsigned, int64_t>, 4> Space;
      for (unsigned A = 0; A < LD.D.Args.size(); ++A) {
        std::optional<unsigned> L = S.loopIndex(LD.D.Args[A].Name);
        if (!L)
          return false; // reported by the URE model
        Space.push_back({*L, Sched ? Sched->Args[A].Value : 0});
      }
      llvm::sort(Space);
      for (auto [L, C] : Space) {
        Step.SpaceLoops.push_back(L);
        Step.Schedule.push_back(C);
      }
      if (R.Steps.empty()) {
        if (Step.SpaceLoops.empty() ||
            (Step.SpaceLoops.size() == Depth && Step.ExplicitSchedule))
          return false; // reported by the URE model ([space loops])
        if (Step.SpaceLoops.front() != Depth - Step.SpaceLoops.size()) {
          // t2s-space-loops-inward moves them where it may.
          std::optional<SpaceLoopsMove> M = planSpaceLoopsInward(S);
          if (M)
            reject(Step.Loc,
                   "space loops must be the innermost loops: " + enclosedTimeLoop(S, *M) +
                       (M->legal()
                            ? ", and t2s-space-loops-inward, which would move them "
                              "inward, did not run: run it before the schedule"
                            : ", and they cannot move inward: " + M->Blocked +
                                  "; name other loops as space, or write the nest "
                                  "with its space loops innermost where the program "
                                  "allows it"));
          return false;
        }
        if (Step.SpaceLoops.size() == Depth) {
          // Every loop is space: the whole nest runs in one time step.
          Step.HasTimeLoop = false;
          Step.TimeLower = 0;
          Step.TimeUpper = 1;
          R.Steps.push_back(std::move(Step));
          continue;
        }
        Step.TimeLoop = Step.SpaceLoops.front() - 1;
      } else {
        const SpaceTimeStep &Prev = R.Steps.back();
        llvm::SmallVector<unsigned, 2> Dropped;
        for (unsigned L : Prev.SpaceLoops)
          if (!llvm::is_contained(Step.SpaceLoops, L))
            Dropped.push_back(L);
        bool Subset = llvm::all_of(Step.SpaceLoops, [&](unsigned L) {
          return llvm::is_contained(Prev.SpaceLoops, L);
        });
        if (!Subset || Dropped.size() != 1) {
          if (Subset && !Dropped.empty())
            reject(Step.Loc,
                   "this space_time drops " + llvm::Twine(Dropped.size()) +
                       " space loops (" + joinLoopNames(S, Dropped) +
                       "); each later space_time turns exactly one space loop "
                       "of the previous one into time: split it into several "
                       "space_time lines");
          return false; // not a proper subset: reported by the URE model
        }
        Step.TimeLoop = Dropped.front();
      }
      if (S.Loops[Step.TimeLoop].runTime() && Step.needsRecovery()) {
        const URELoop &T = S.Loops[Step.TimeLoop];
        reject(Step.Loc,
               "this schedule skews loop '" + T.Name + "', which runs up to '" +
                   runTimeUpperText(T) +
                   "', known only at run time, into the time variable t" +
                   llvm::Twine(R.Steps.size() + 1) + " = " + timeFormula(Step) +
                   "; the PEs recover '" + T.Name + "' from t between "
                   "constant bounds: give '" + T.Name + "' a constant bound "
                   "(a run-time tile loop outside it may count the tiles), or "
                   "drop the schedule",
               URERule::RunTimeSizes);
        return false;
      }
      // t = sum(c * space) + time loop, over the loops' ranges. The loops
      // fit an int (URE model); the coefficients need not.
      int64_t Lo = S.Loops[Step.TimeLoop].Lower, Hi = S.Loops[Step.TimeLoop].Upper - 1;
      bool Fits = true, Known = true;
      for (unsigned I = 0; I < Step.SpaceLoops.size() && Known; ++I) {
        const URELoop &L = S.Loops[Step.SpaceLoops[I]];
        std::optional<int64_t> A = llvm::checkedMul(Step.Schedule[I], L.Lower);
        std::optional<int64_t> B = llvm::checkedMul(Step.Schedule[I], L.Upper - 1);
        std::optional<int64_t> NewLo = A && B ? llvm::checkedAdd(Lo, std::min(*A, *B)) : std::nullopt;
        std::optional<int64_t> NewHi = A && B ? llvm::checkedAdd(Hi, std::max(*A, *B)) : std::nullopt;
        Known = NewLo && NewHi;
        if (!Known)
          break;
        // Each PE computes its time loop's value as t - c * v in an int.
        Fits &= fitsInt(*A) && fitsInt(*B);
        Lo = *NewLo;
        Hi = *NewHi;
      }
      Fits = Known && Fits && fitsInt(Lo) && Hi < INT32_MAX;
      if (!Fits) {
        std::string Range = Known ? "values in [" + std::to_string(Lo) + ", " +
                                        std::to_string(Hi) + "]"
                                  : std::string("values beyond 64 bits");
        reject(Step.Loc,
               "this schedule gives the time variable t" +
                   llvm::Twine(R.Steps.size() + 1) + " = " + timeFormula(Step) + " " +
                   Range +
                   ", beyond the 32-bit 'int' the systolic array counts time "
                   "steps in ([-2147483648, 2147483647]); use smaller schedule "
                   "coefficients",
               URERule::ScheduleSize);
        return false;
      }
      Step.TimeLower = Lo;
      Step.TimeUpper = Hi + 1;
      R.Steps.push_back(std::move(Step));
    }
    return true;
  }

  static bool fitsInt(int64_t V) { return V >= INT32_MIN && V <= INT32_MAX; }

  // "c1*j + c2*i + k", as the report prints it.
  std::string timeFormula(const SpaceTimeStep &St) const {
    std::string Out;
    for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
      if (St.Schedule[I])
        Out += std::to_string(St.Schedule[I]) + "*" + S.Loops[St.SpaceLoops[I]].Name + " + ";
    return Out + S.Loops[St.TimeLoop].Name;
  }

  // Multiplies into Product; false (and a rejection) on a 64-bit overflow.
  bool multiply(int64_t &Product, int64_t Factor, const llvm::Twine &What) {
    if (std::optional<int64_t> P = llvm::checkedMul(Product, Factor)) {
      Product = *P;
      return true;
    }
    reject(S.Loc, "the " + What + " of this design exceed 2^63; split its loops into smaller tiles",
           URERule::ScheduleSize);
    return false;
  }

  bool buildTime() {
    const SpaceTimeStep &First = R.Steps.front();
    const size_t Depth = S.Loops.size();
    // Loops outside the first time loop stay sequential, outermost first.
    unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
    for (unsigned L = 0; L < Outer; ++L) {
      llvm::SmallVector<int64_t, 4> C(Depth, 0);
      C[L] = 1;
      R.TimeCoeffs.push_back(C);
      R.Time.push_back({S.Loops[L].Name, S.Loops[L].extent(), 0});
    }
    for (unsigned K = 0; K < R.Steps.size(); ++K) {
      const SpaceTimeStep &St = R.Steps[K];
      if (!St.HasTimeLoop)
        continue;
      llvm::SmallVector<int64_t, 4> C(Depth, 0);
      C[St.TimeLoop] = 1;
      for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
        C[St.SpaceLoops[I]] += St.Schedule[I];
      R.TimeCoeffs.push_back(C);
      R.Time.push_back({"t" + std::to_string(K + 1), St.TimeUpper - St.TimeLower, 0});
    }
    int64_t Stride = 1;
    for (TimeDimension &D : llvm::reverse(R.Time)) {
      D.Stride = Stride;
      if (!multiply(Stride, D.Extent, "time steps"))
        return false;
    }
    R.TotalSteps = Stride;
    R.PELoops = R.Steps.back().SpaceLoops;
    for (unsigned L : R.PELoops)
      if (!multiply(R.NumPEs, S.Loops[L].extent(), "PEs"))
        return false;
    for (const URELoop &L : S.Loops)
      if (!multiply(R.UsefulPESteps, L.extent(), "iterations"))
        return false;
    // Every PE-step must be countable too (utilization).
    int64_t PESteps = R.NumPEs;
    if (!multiply(PESteps, R.TotalSteps, "PE-steps"))
      return false;
    R.ActivePEs = R.NumPEs;
    if (hasAffineBounds(S.Loops))
      countAffineDomain();
    return true;
  }

  // Affine bounds: the iterations, time steps and PEs that run, exactly
  // (ure/IterationDomain.h); the box's where a count is out of reach.
  void countAffineDomain() {
    if (std::optional<uint64_t> N = countIterations(S.Loops))
      R.UsefulPESteps = int64_t(*N);
    else
      R.Counted = false;
    // The time loops (those outside the PE loops) run their exact bounds;
    // a step's time variable under a schedule spans its range.
    unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
    llvm::ArrayRef<URELoop> Prefix = llvm::ArrayRef(S.Loops).take_front(TimeLoops);
    if (hasAffineBounds(Prefix)) {
      std::optional<uint64_t> Steps = countIterations(Prefix);
      if (Steps) {
        int64_t T = int64_t(*Steps);
        for (const SpaceTimeStep &St : R.Steps)
          if (St.needsRecovery() && S.Loops[St.TimeLoop].extent() > 0)
            T = T / S.Loops[St.TimeLoop].extent() * (St.TimeUpper - St.TimeLower);
        R.TotalSteps = T;
      } else {
        R.Counted = false;
      }
    }
    // The PEs of the box that run an iteration. Where the PE loops' bounds
    // name only PE loops, every PE within them runs (the time loops, outside,
    // run the same iterations for each): count them as a nest of their own.
    bool OwnBounds = llvm::all_of(R.PELoops, [&](unsigned L) {
      for (const AffineExpr *B : {&S.Loops[L].LowerBound, &S.Loops[L].UpperBound})
        for (unsigned D = 0; D < B->Coeffs.size(); ++D)
          if (B->Coeffs[D] && !llvm::is_contained(R.PELoops, D))
            return false;
      return true;
    });
    if (OwnBounds && R.UsefulPESteps > 0) {
      llvm::SmallVector<URELoop, 6> PENest(S.Loops.begin(), S.Loops.end());
      for (unsigned L = 0; L < PENest.size(); ++L)
        if (!llvm::is_contained(R.PELoops, L)) {
          PENest[L].Lower = 0;
          PENest[L].Upper = 1;
          PENest[L].LowerBound = PENest[L].UpperBound = AffineExpr();
        }
      if (std::optional<uint64_t> N = countIterations(PENest)) {
        R.ActivePEs = int64_t(*N);
        return;
      }
    }
    if (R.NumPEs > MaxCountedPEs) {
      R.Counted = false;
      return;
    }
    R.ActivePEs = 0;
    llvm::SmallVector<std::optional<int64_t>, 6> Pins(S.Loops.size());
    forEachPE([&](llvm::ArrayRef<int64_t> PE) {
      for (unsigned I = 0; I < R.PELoops.size(); ++I)
        Pins[R.PELoops[I]] = PE[I];
      std::optional<uint64_t> N = countIterations(S.Loops, Pins);
      if (!N)
        R.Counted = false;
      if (!N || *N > 0)
        ++R.ActivePEs;
    });
  }

  // Calls Visit with the coordinates of every PE of the box.
  void forEachPE(llvm::function_ref<void(llvm::ArrayRef<int64_t>)> Visit) const {
    llvm::SmallVector<int64_t, 4> PE;
    for (unsigned L : R.PELoops) {
      if (S.Loops[L].extent() <= 0)
        return;
      PE.push_back(S.Loops[L].Lower);
    }
    while (true) {
      Visit(PE);
      unsigned K = PE.size();
      while (K > 0) {
        const URELoop &L = S.Loops[R.PELoops[K - 1]];
        if (++PE[K - 1] < L.Upper)
          break;
        PE[K - 1] = L.Lower;
        --K;
      }
      if (K == 0)
        return;
    }
  }

  // What the kernels need of a nest with affine bounds: a time variable
  // recovered under a schedule ranges over a constant loop; a read that
  // waits a fixed number of time steps; the lanes of a vectorized loop all
  // run together.
  bool checkAffineBounds() {
    if (!hasAffineBounds(S.Loops))
      return true;
    bool OK = true;
    auto bounds = [&](const URELoop &L) { return rangeText(L, S.Loops); };
    auto namer = [&](unsigned D) { return loopNaming(S.Loops, D); };
    for (unsigned K = 0; K < R.Steps.size(); ++K) {
      const SpaceTimeStep &St = R.Steps[K];
      if (!St.needsRecovery())
        continue;
      const URELoop &T = S.Loops[St.TimeLoop];
      const URELoop *Namer = namer(St.TimeLoop);
      if (!T.affine() && !Namer)
        continue;
      reject(St.Loc,
             "this schedule makes loop '" + T.Name + "' part of the time variable t" +
                 llvm::Twine(K + 1) + " = " + timeFormula(St) + ", but " +
                 (T.affine() ? "its bounds are affine (" + bounds(T) + ")"
                             : "the bounds of loop " + bounds(*Namer) + " name it") +
                 "; the PEs recover '" + T.Name +
                 "' from the time, which needs a loop with constant bounds that no "
                 "other loop's bounds name: drop the schedule, or give '" +
                 (T.affine() ? T.Name : Namer->Name) +
                 "' constant bounds and guard the statements with the condition",
             URERule::AffineBounds);
      OK = false;
    }
    // Time steps are the time loops' iterations, so a read reaching back
    // across an iteration of loop p waits as many steps as the loops inside
    // p run: fixed only if those loops have constant bounds. Otherwise its
    // array is kept in a buffer per PE indexed by the time loops from p
    // inward (systolic/PEBuffer.h), which needs the time loops to run
    // themselves and every lane of a vector to run in each step. (No loop
    // inside p has a run-time bound: [run-time sizes] refuses such reads;
    // p may, as the buffer keeps a window of it.)
    unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
    BufferFrom.assign(S.Arrays.size(), -1);
    for (const UREStatement &St : S.Statements)
      for (const URERead &Rd : St.Reads) {
        if (Rd.NamesNoIteration)
          continue;
        unsigned P = 0;
        while (P < TimeLoops && Rd.Distance[P] == 0)
          ++P;
        for (unsigned Q = P + 1; Q < TimeLoops; ++Q) {
          if (!S.Loops[Q].affine())
            continue;
          int &From = BufferFrom[Rd.Array];
          From = From < 0 ? int(P) : std::min(From, int(P));
          break;
        }
      }
    for (unsigned A = 0; A < S.Arrays.size(); ++A) {
      if (BufferFrom[A] < 0)
        continue;
      const URERead *Rd = nullptr;
      for (const UREStatement &St : S.Statements)
        for (const URERead &X : St.Reads)
          if (!Rd && X.Array == A && !X.NamesNoIteration && X.Distance[BufferFrom[A]] > 0)
            Rd = &X;
      std::string Read = S.Arrays[A].Name;
      for (unsigned X = 0; X < S.Loops.size(); ++X) {
        int64_t D = Rd->Distance[X];
        Read += "[" + S.Loops[X].Name +
                (D > 0 ? " - " + std::to_string(D) : D < 0 ? " + " + std::to_string(-D) : "") +
                "]";
      }
      const URELoop &P = S.Loops[BufferFrom[A]];
      SourceLoc At = Rd->Loads.empty() ? S.Loc : sourceLocOf(Rd->Loads.front());
      std::string Why = "the read " + Read + " reaches back across an iteration of loop '" +
                        P.Name + "', inside which the time loops run a number of steps that "
                        "depends on the outer loops, so each PE keeps '" + S.Arrays[A].Name +
                        "' in a buffer indexed by the time loops";
      for (const SpaceTimeStep &Step : R.Steps)
        if (Step.needsRecovery()) {
          reject(At,
                 Why + ", which needs them to run themselves, but the schedule of '" +
                     S.Loops[Step.TimeLoop].Name + "' recovers them from the time: drop "
                     "the schedule, or give the loops inside '" + P.Name +
                     "' constant bounds and guard the statements with the condition",
                 URERule::AffineBounds);
          OK = false;
          break;
        }
      for (const LocatedDirective &LD : S.Directives)
        if (LD.D.Kind == DirectiveKind::Vectorize) {
          reject(At,
                 Why + ", which the lanes of '" + LD.D.str() + "' do not share: drop the "
                 "vectorize, or give the loops inside '" + P.Name +
                 "' constant bounds and guard the statements with the condition",
                 URERule::AffineBounds);
          OK = false;
          break;
        }
    }
    for (const LocatedDirective &LD : S.Directives) {
      if (LD.D.Kind != DirectiveKind::Vectorize)
        continue;
      std::optional<unsigned> D = S.loopIndex(LD.D.Args[0].Name);
      if (!D)
        continue;
      const URELoop &L = S.Loops[*D];
      const URELoop *Namer = namer(*D);
      if (!L.affine() && !Namer)
        continue;
      std::string Why = L.affine() ? "its bounds are affine (" + bounds(L) + ")"
                                   : "the bounds of loop " + bounds(*Namer) + " name it";
      reject(LD.Loc,
             "'" + LD.D.str() + "' runs the iterations of '" + L.Name +
                 "' as the lanes of a vector, but " + Why +
                 ": the lanes of a vector all run in every step, so '" + L.Name +
                 "' needs constant bounds that no other loop's bounds name (give it "
                 "constant bounds and guard the statements with the condition)",
             URERule::Vectorize);
      OK = false;
    }
    return OK;
  }

  // " (t1 = -1*i + t changes by -1*(-1) + 1 = 2)": how each step's time
  // variable moves along a distance, where a schedule vector moves it.
  std::string stepChanges(llvm::ArrayRef<int64_t> Dist) const {
    std::string Out;
    for (unsigned K = 0; K < R.Steps.size(); ++K) {
      const SpaceTimeStep &St = R.Steps[K];
      if (!St.ExplicitSchedule || !St.HasTimeLoop)
        continue;
      std::string Terms;
      int64_t Sum = Dist[St.TimeLoop];
      for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
        if (St.Schedule[I]) {
          int64_t D = Dist[St.SpaceLoops[I]];
          Terms += std::to_string(St.Schedule[I]) + "*" +
                   (D < 0 ? "(" + std::to_string(D) + ")" : std::to_string(D)) + " + ";
          Sum += St.Schedule[I] * D;
        }
      Out += (Out.empty() ? " (" : "; ") + ("t" + std::to_string(K + 1)) + " = " +
             timeFormula(St) + " changes by " + Terms +
             std::to_string(Dist[St.TimeLoop]) +
             (Terms.empty() ? "" : " = " + std::to_string(Sum));
    }
    return Out.empty() ? Out : Out + ")";
  }

  bool scheduleReads() {
    bool OK = true;
    for (unsigned SI = 0; SI < S.Statements.size(); ++SI)
      for (unsigned RI = 0; RI < S.Statements[SI].Reads.size(); ++RI) {
        const URERead &Rd = S.Statements[SI].Reads[RI];
        ScheduledRead SR{SI, RI, 0, {}, -1, -1};
        for (unsigned L : R.PELoops)
          SR.PEDistance.push_back(Rd.NamesNoIteration ? 0 : Rd.Distance[L]);
        if (Rd.NamesNoIteration) {
          R.Reads.push_back(std::move(SR));
          continue;
        }
        SR.TimeDistance = R.flattenedTime(Rd.Distance);
        bool Zero = llvm::all_of(Rd.Distance, [](int64_t D) { return D == 0; });
        // Within a step the PEs run in nest order, so a read of a PE before
        // this one in that order may stay in the step (a chain along a loop
        // the schedule gives coefficient 0; without a schedule, every read
        // of time distance 0 is one, since its distance is positive).
        bool EarlierPE = lexicographicSign(SR.PEDistance) > 0;
        if (!Zero && (SR.TimeDistance < 0 || (SR.TimeDistance == 0 && !EarlierPE))) {
          std::string Dist;
          llvm::raw_string_ostream OS(Dist);
          llvm::interleave(Rd.Distance, OS, ", ");
          reject(Rd.Loads.empty() ? S.Loc : sourceLocOf(Rd.Loads.front()),
                 "the schedule gives this read of '" + S.Arrays[Rd.Array].Name +
                     "' (distance (" + Dist + ")) the time distance " +
                     llvm::Twine(SR.TimeDistance) + stepChanges(Rd.Distance) +
                     (SR.TimeDistance == 0
                          ? "; with a schedule vector a read stays within a step only "
                            "from a PE that runs before this one in nest order "
                            "(a chain), and this one runs after: change the schedule"
                          : "; with a schedule vector every dependence must move "
                            "forward in time (T.d > 0), or stay within a step along a "
                            "chain of PEs: change the schedule"));
          OK = false;
        }
        R.Reads.push_back(std::move(SR));
      }
    return OK;
  }
};

} // namespace

int64_t SpaceTimeSchedule::flattenedTime(llvm::ArrayRef<int64_t> V) const {
  int64_t T = 0;
  for (unsigned D = 0; D < Time.size(); ++D) {
    int64_t Comp = 0;
    for (unsigned L = 0; L < V.size(); ++L)
      Comp += TimeCoeffs[D][L] * V[L];
    T += Comp * Time[D].Stride;
  }
  return T;
}

int64_t SpaceTimeSchedule::sameStepChainPEs(const ScheduledRead &SR) const {
  unsigned Array = System.Statements[SR.Statement].Reads[SR.Read].Array;
  if (SR.TimeDistance != 0 || llvm::any_of(Registers, [&](const RegisterPlan &P) {
        return P.Array == Array && !P.Buffer.empty(); // a PE buffer's read waits
      }))
    return 0;
  int64_t Most = 0;
  for (unsigned D = 0; D < SR.PEDistance.size() && D < PELoops.size(); ++D)
    if (int64_t Step = SR.PEDistance[D] < 0 ? -SR.PEDistance[D] : SR.PEDistance[D])
      Most = std::max(Most, (std::max<int64_t>(System.Loops[PELoops[D]].extent(), 1) - 1) /
                                    Step + 1);
  return Most;
}

std::optional<SpaceTimeSchedule>
computeSpaceTimeSchedule(const URESystem &S,
                         llvm::SmallVectorImpl<URERejection> &Rejections) {
  return Scheduler(S, Rejections).run();
}

std::string SpaceTimeSchedule::idleReason() const {
  std::string Out;
  for (unsigned K = 0; K < Steps.size(); ++K) {
    const SpaceTimeStep &St = Steps[K];
    if (!St.HasTimeLoop)
      continue;
    const URELoop &T = System.Loops[St.TimeLoop];
    int64_t Span = St.TimeUpper - St.TimeLower;
    if (Span <= T.extent())
      continue;
    std::string Formula;
    for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
      if (St.Schedule[I])
        Formula += std::to_string(St.Schedule[I]) + "*" +
                   System.Loops[St.SpaceLoops[I]].Name + " + ";
    Out += (Out.empty() ? "" : "; ") + ("t" + std::to_string(K + 1)) + " = " +
           Formula + T.Name + " spans " + std::to_string(Span) +
           " steps for the " + std::to_string(T.extent()) + " values of " + T.Name;
  }
  return Out;
}

void SpaceTimeSchedule::print(llvm::raw_ostream &OS) const {
  const URESystem &S = System;
  OS << "space-time schedule of the URE system at " << S.Loc.File << ":"
     << S.Loc.Line << ":" << S.Loc.Column << "\n";
  for (unsigned K = 0; K < Steps.size(); ++K) {
    const SpaceTimeStep &St = Steps[K];
    OS << "  step " << K + 1 << ": space (" << joinLoopNames(S, St.SpaceLoops)
       << ") schedule (";
    llvm::interleave(St.Schedule, OS, ", ");
    OS << ")" << (St.ChosenSchedule ? ", chosen by the compiler" : "")
       << (St.CheckTime ? " check_time" : "") << ": ";
    if (!St.HasTimeLoop) {
      OS << "every loop is space: one time step\n";
      continue;
    }
    OS << "t" << K + 1 << " = ";
    for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
      if (St.Schedule[I])
        OS << St.Schedule[I] << "*" << S.Loops[St.SpaceLoops[I]].Name << " + ";
    OS << S.Loops[St.TimeLoop].Name << " in [" << St.TimeLower << ", "
       << St.TimeUpper << ")\n";
  }
  OS << "  PEs: " << NumPEs << " (";
  llvm::interleave(
      PELoops, OS,
      [&](unsigned L) { OS << S.Loops[L].Name << " in [" << S.Loops[L].Lower
                           << ", " << S.Loops[L].Upper << ")"; },
      ", ");
  OS << ")";
  if (ActivePEs != NumPEs)
    OS << ", " << ActivePEs << " of them run an iteration";
  // A run-time loop counts at its stand-in ('k x4 (K at run time)').
  OS << "\n  time: ";
  llvm::interleave(
      Time, OS,
      [&](const TimeDimension &D) {
        OS << D.Name << " x" << D.Extent;
        if (std::optional<unsigned> L = S.loopIndex(D.Name); L && S.Loops[*L].runTime())
          OS << " (" << runTimeUpperText(S.Loops[*L]) << " at run time)";
      },
      ", ");
  OS << " = " << TotalSteps << " steps (flattened t =";
  bool First = true;
  for (const TimeDimension &D : Time) {
    OS << (First ? " " : " + ");
    if (D.Stride != 1)
      OS << D.Stride << "*";
    OS << D.Name;
    First = false;
  }
  OS << ")\n";
  if (Padding)
    OS << "  pad_rounds: the kernels run each round of " << S.Loops[Padding->Loop].Name
       << " (its values of " << S.Loops[Padding->Inner].Name << ") in at least "
       << Padding->Least << " steps, " << Padding->Steps << " in all, so that the buffers' "
       << "accesses across rounds are at least " << Padding->Apart << " steps apart ("
       << UsefulPESteps << " / (" << NumPEs << " PEs x " << Padding->Steps << " steps) = "
       << (NumPEs && Padding->Steps
               ? percent(double(UsefulPESteps) / (double(NumPEs) * double(Padding->Steps)))
               : std::string("none"))
       << " of the padded PE-steps compute)\n";
  OS << "  utilization: " << UsefulPESteps << " / (" << NumPEs << " PEs x "
     << TotalSteps << " steps) = ";
  if (std::optional<double> U = utilization()) {
    OS << percent(*U);
    if (!Counted)
      OS << " (over the box: the nest's iterations are too many to count)";
    else if (hasAffineBounds(S.Loops))
      OS << " (the nest's iterations, not its box)";
    OS << "\n";
    if (std::string Why = idleReason(); !Why.empty() && *U < 0.5)
      OS << "  PEs idle because " << Why << "\n";
  } else {
    OS << "none (no PE runs a step)\n";
  }
  for (const ScheduledRead &SR : Reads) {
    const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
    OS << "  read of " << S.Arrays[Rd.Array].Name << " at distance (";
    llvm::interleave(Rd.Distance, OS, ", ");
    if (Rd.NamesNoIteration) {
      OS << "): names no iteration of the nest, never runs\n";
      continue;
    }
    const RegisterPlan *Buffer = nullptr;
    for (const RegisterPlan &P : Registers)
      if (P.Array == Rd.Array && !P.Buffer.empty())
        Buffer = &P;
    if (Buffer && SR.InRound)
      OS << "): time distance " << SR.TimeDistance << " within a round of "
         << S.Loops[Buffer->Buffer.front().Loop].Name << ", from PE offset (";
    else if (Buffer && SR.MostSteps >= 0)
      OS << "): waits " << SR.FewestSteps
         << (SR.MostSteps != SR.FewestSteps ? " to " + std::to_string(SR.MostSteps) : "")
         << (SR.MostSteps == 1 ? " step" : " steps") << " in a PE buffer, from PE offset (";
    else if (Buffer)
      OS << "): waits a number of steps that changes with the iteration, in a PE "
            "buffer, from PE offset (";
    else
      OS << "): time distance " << SR.TimeDistance << ", from PE offset (";
    llvm::interleave(SR.PEDistance, OS, ", ");
    OS << ")";
    if (int64_t Chain = sameStepChainPEs(SR); Chain > 1)
      OS << ": within the step, a chain through " << Chain
         << " PEs with no register between them";
    OS << "\n";
  }
}

void SpaceTimeSchedule::printRegisters(llvm::raw_ostream &OS) const {
  const URESystem &S = System;
  for (const RegisterPlan &P : Registers) {
    OS << "  registers of " << S.Arrays[P.Array].Name << ": "
       << P.ConservativeWords << " per PE (" << P.ConservativeWords * NumPEs
       << " in all)";
    if (!P.Buffer.empty())
      OS << ", " << peBufferText(P.Buffer, [&](unsigned L) { return S.Loops[L].Name; })
         << roundText(P.RoundWords, S.Loops[P.Buffer.front().Loop].Name);
    else
      OS << minimizedText(P.Minimized, P.MinimizedWords, P.ShiftEvery, hasAffineBounds(S.Loops));
    OS << "\n";
  }
}

std::string roundText(int64_t Words, llvm::StringRef Loop) {
  if (!Words)
    return "";
  return ", and " + std::to_string(Words) + (Words == 1 ? " word" : " words shifted each step") +
         " per PE for the reads within a round of " + Loop.str();
}

std::string minimizedText(bool Minimized, int64_t Words, int64_t ShiftEvery,
                          bool AffineBounds) {
  if (!Minimized && AffineBounds)
    return ", not minimized (a nest with affine bounds)";
  if (!Minimized)
    return ", not minimized (too many iterations per PE to scan)";
  if (ShiftEvery)
    return ", minimized " + std::to_string(Words) + " per PE shifted every " +
           std::to_string(ShiftEvery) + " steps";
  return ", minimized to a FIFO of depth " + std::to_string(Words) + " per PE";
}

} // namespace t2s
