//===- RegisterPlan.cpp - Registers and PE buffers of a schedule ----------===//

#include "systolic/RegisterPlan.h"
#include "systolic/LoopNames.h"
#include "systolic/SpaceTimeSchedule.h"
#include "ure/IterationDomain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <functional>
#include <vector>

namespace t2s {

namespace {

// Above this many iterations per PE the minimization is not attempted.
constexpr int64_t MaxScannedIterations = int64_t(1) << 22;

class RegisterPlanner {
  const URESystem &S;
  SpaceTimeSchedule &R;
  // Per URE array: the time loop from which its PE buffer is indexed, or -1
  // for a shift register (SpaceTimeSchedule.cpp's checkAffineBounds).
  llvm::ArrayRef<int> BufferFrom;
  llvm::SmallVectorImpl<URERejection> &Rejections;

public:
  RegisterPlanner(SpaceTimeSchedule &Sch, llvm::ArrayRef<int> BufferFrom,
                  llvm::SmallVectorImpl<URERejection> &Rej)
      : S(Sch.System), R(Sch), BufferFrom(BufferFrom), Rejections(Rej) {}

  bool run() { return planPadding() && planRegisters(); }

private:
  void reject(const SourceLoc &Loc, const llvm::Twine &Message, URERule Rule) {
    Rejections.push_back({Rule, Loc, Message.str()});
  }

  // The flattened times at which one PE runs, sorted (every PE's are a
  // translate of these). Empty if there are too many.
  llvm::SmallVector<int64_t, 0> productionTimes() const {
    if (hasAffineBounds(S.Loops))
      return {}; // the PEs run different steps
    llvm::SmallVector<unsigned, 4> Iterated;
    int64_t Count = 1;
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      if (!llvm::is_contained(R.PELoops, L)) {
        Iterated.push_back(L);
        Count *= S.Loops[L].extent(); // < 2^22 * 2^32
        if (Count > MaxScannedIterations)
          return {};
      }
    llvm::SmallVector<int64_t, 0> Times;
    llvm::SmallVector<int64_t, 4> Point(S.Loops.size(), 0);
    for (unsigned L = 0; L < S.Loops.size(); ++L)
      Point[L] = S.Loops[L].Lower;
    Times.reserve(Count);
    while (true) {
      Times.push_back(R.flattenedTime(Point));
      unsigned K = Iterated.size();
      while (K > 0) {
        unsigned L = Iterated[K - 1];
        if (++Point[L] < S.Loops[L].Upper)
          break;
        Point[L] = S.Loops[L].Lower;
        --K;
      }
      if (K == 0)
        break;
    }
    llvm::sort(Times);
    return Times;
  }

  // A read of a buffered array whose buffer starts at loop From that stays
  // within a round: zero along every time loop but the innermost, inside
  // From (RegisterPlan::RoundWords).
  bool withinRound(const URERead &Rd, unsigned From) const {
    unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
    for (unsigned L = 0; L < TimeLoops; ++L)
      if (Rd.Distance[L] != 0 && !(L == TimeLoops - 1 && L > From))
        return false;
    return true;
  }

  // pad_rounds(i, N) (RoundPadding): i must be a time loop that PE buffers
  // cross, with one time loop inside it whose bounds are affine in i alone,
  // and constant bounds on i and the loops outside it, so that the padded
  // steps are counted here; bufferWaits numbers them and finds Apart.
  bool planPadding() {
    const LocatedDirective *Pad = nullptr;
    for (const LocatedDirective &LD : S.Directives) {
      if (LD.D.Kind != DirectiveKind::PadRounds)
        continue;
      if (Pad) {
        reject(LD.Loc, "a nest takes one 'pad_rounds'; '" + Pad->D.str() + "' is already "
                       "given: remove this one", URERule::PadRounds);
        return false;
      }
      Pad = &LD;
    }
    if (!Pad)
      return true;
    std::optional<unsigned> I = S.loopIndex(Pad->D.Args[0].Name);
    if (!I)
      return false; // reported by the URE model ([loop names])
    RoundPadding P;
    if (std::optional<std::string> Why =
            padRoundsProblem(R, BufferFrom, *I, Pad->D.Args[1].Value, P)) {
      reject(Pad->Loc, "'" + Pad->D.str() + "' " + *Why, URERule::PadRounds);
      return false;
    }
    P.Loc = Pad->Loc;
    R.Padding = std::move(P);
    return true;
  }

  bool planRegisters() {
    if (llvm::any_of(BufferFrom, [](int F) { return F >= 0; }))
      bufferWaits();
    llvm::SmallVector<int64_t, 0> Times = productionTimes();
    // Regular production: the same gap between every two writes.
    int64_t Period = 0;
    bool Regular = Times.size() > 1;
    for (size_t I = 1; I < Times.size(); ++I) {
      int64_t Gap = Times[I] - Times[I - 1];
      if (Period == 0)
        Period = Gap;
      Regular &= Gap == Period;
    }
    for (unsigned A = 0; A < S.Arrays.size(); ++A) {
      RegisterPlan P;
      P.Array = A;
      for (const ScheduledRead &SR : R.Reads)
        if (S.Statements[SR.Statement].Reads[SR.Read].Array == A)
          P.MaxTimeDistance = std::max(P.MaxTimeDistance, SR.TimeDistance);
      P.ConservativeWords = P.MaxTimeDistance + 1;
      if (A < BufferFrom.size() && BufferFrom[A] >= 0) {
        planBuffer(P, BufferFrom[A]);
        R.Registers.push_back(P);
        continue;
      }
      if (!Times.empty()) {
        P.Minimized = true;
        int64_t X = P.MaxTimeDistance;
        if (Regular || Times.size() == 1) {
          P.ShiftEvery = Period ? Period : 1;
          P.MinimizedWords = (X + P.ShiftEvery - 1) / P.ShiftEvery + 1;
        } else {
          // A FIFO holds a value and every value the PE writes before that
          // value is read X steps later.
          int64_t Most = 0;
          for (size_t I = 0, J = 0; I < Times.size(); ++I) {
            J = std::max(J, I + 1);
            while (J < Times.size() && Times[J] < Times[I] + X)
              ++J;
            Most = std::max<int64_t>(Most, J - I - 1);
          }
          P.MinimizedWords = Most + 1;
        }
        P.MinimizedWords = std::min(P.MinimizedWords, P.ConservativeWords);
      }
      R.Registers.push_back(P);
    }
    return registersFit();
  }

  // The steps each read of a PE buffer waits, fewest and most: the time
  // loops' iterations numbered in order (they are the steps), each read's
  // pair of iterations looked up.
  void bufferWaits() {
    unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
    llvm::ArrayRef<URELoop> Time = llvm::ArrayRef(S.Loops).take_front(TimeLoops);
    // Each point of the time loops' box gets its step (-1: not in the
    // nest); too large a box is not scanned.
    int64_t Box = 1;
    for (const URELoop &L : Time) {
      Box *= std::max<int64_t>(L.extent(), 0);
      if (Box > MaxScannedIterations)
        return;
    }
    if (TimeLoops == 0 || Box == 0)
      return;
    auto index = [&](llvm::ArrayRef<int64_t> Point) -> int64_t {
      int64_t X = 0;
      for (unsigned L = 0; L < TimeLoops; ++L) {
        if (Point[L] < Time[L].Lower || Point[L] >= Time[L].Upper)
          return -1;
        X = X * Time[L].extent() + (Point[L] - Time[L].Lower);
      }
      return X;
    };
    std::vector<int32_t> StepOf(size_t(Box), -1);
    llvm::SmallVector<int64_t, 4> Point;
    int32_t Step = 0;
    // pad_rounds: a short round of the padded loop starts with idle steps.
    RoundPadding *Pad = R.Padding ? &*R.Padding : nullptr;
    // A step whose point is outside the box (the time loops run it, but no
    // PE has an iteration there: the box keeps only the nest's points) is a
    // step all the same.
    std::function<void(unsigned)> Walk = [&](unsigned L) {
      if (L == TimeLoops) {
        if (int64_t X = index(Point); X >= 0)
          StepOf[size_t(X)] = Step;
        ++Step;
        return;
      }
      int64_t V = lowerAt(Time[L], Point), E = upperAt(Time[L], Point);
      if (Pad && L == Pad->Inner && E - V < Pad->Least)
        Step += int32_t(Pad->Least - std::max<int64_t>(0, E - V));
      for (; V < E; ++V) {
        Point.push_back(V);
        Walk(L + 1);
        Point.pop_back();
      }
    };
    Walk(0);
    // The reads across the padded loop, and when each word they read is
    // next written: the write of its iteration Window rounds on, or later.
    std::optional<int64_t> Apart;
    auto apart = [&](int64_t Steps) { Apart = Apart ? std::min(*Apart, Steps) : Steps; };
    for (ScheduledRead &SR : R.Reads) {
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      if (Rd.NamesNoIteration || Rd.Array >= BufferFrom.size() || BufferFrom[Rd.Array] < 0)
        continue;
      unsigned Crossed = unsigned(BufferFrom[Rd.Array]);
      bool Padded = Pad && Crossed == Pad->Loop && !withinRound(Rd, Crossed);
      int64_t Window = distanceSpan(Rd.Array, Crossed).first + 1;
      bool Any = false;
      // Every point of the box, its iteration and the one it reads.
      llvm::SmallVector<int64_t, 4> At, From(TimeLoops);
      for (const URELoop &L : Time)
        At.push_back(L.Lower);
      for (int64_t X = 0; X < Box; ++X) {
        if (StepOf[size_t(X)] >= 0) {
          for (unsigned L = 0; L < TimeLoops; ++L)
            From[L] = At[L] - Rd.Distance[L];
          int64_t F = index(From);
          if (F >= 0 && StepOf[size_t(F)] >= 0) {
            int64_t Wait = StepOf[size_t(X)] - StepOf[size_t(F)];
            SR.FewestSteps = Any ? std::min(SR.FewestSteps, Wait) : Wait;
            SR.MostSteps = Any ? std::max(SR.MostSteps, Wait) : Wait;
            Any = true;
            if (Padded) {
              apart(Wait);
              for (From[Crossed] += Window; index(From) >= 0; From[Crossed] += Window)
                if (int32_t Next = StepOf[size_t(index(From))]; Next >= 0) {
                  apart(Next - StepOf[size_t(X)]);
                  break;
                }
            }
          }
        }
        for (unsigned L = TimeLoops; L-- > 0;) // the next point, row-major
          if (++At[L] < Time[L].Upper)
            break;
          else
            At[L] = Time[L].Lower;
      }
    }
    if (Pad && Apart)
      Pad->Apart = *Apart;
  }

  // The largest and the smallest distance along loop L of the reads of
  // Array that name an iteration, with 0 among them: the buffer's window
  // along the crossed loop is the first plus one (bufferWaits, planBuffer).
  std::pair<int64_t, int64_t> distanceSpan(unsigned Array, unsigned L) const {
    int64_t Most = 0, Least = 0;
    for (const UREStatement &St : S.Statements)
      for (const URERead &Rd : St.Reads)
        if (Rd.Array == Array && !Rd.NamesNoIteration) {
          Most = std::max(Most, Rd.Distance[L]);
          Least = std::min(Least, Rd.Distance[L]);
        }
    return {Most, Least};
  }

  // The PE buffer of array P.Array, indexed by the time loops from From
  // inward: a window of From's values as far back as the reads reach, and
  // each inner loop's box widened by the distances along it.
  void planBuffer(RegisterPlan &P, unsigned From) {
    unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
    for (unsigned L = From; L < TimeLoops; ++L) {
      auto [Most, Least] = distanceSpan(P.Array, L);
      PEBufferDim D;
      D.Loop = L;
      D.Window = L == From;
      D.Lower = D.Window ? S.Loops[L].Lower : S.Loops[L].Lower - Most;
      D.Extent = D.Window ? Most + 1 : S.Loops[L].extent() + Most - Least;
      P.Buffer.push_back(D);
    }
    // Words beyond 64 bits are refused as too many (registersFit).
    std::optional<int64_t> Words = 1;
    for (const PEBufferDim &D : P.Buffer)
      Words = Words ? llvm::checkedMul(*Words, D.Extent) : std::nullopt;
    P.ConservativeWords = Words ? *Words : INT64_MAX;
    P.MinimizedWords = P.ConservativeWords;
    P.Minimized = false;
    // The longest wait, where the steps were scanned (else the box's).
    int64_t Longest = -1;
    for (const ScheduledRead &SR : R.Reads)
      if (S.Statements[SR.Statement].Reads[SR.Read].Array == P.Array)
        Longest = std::max(Longest, SR.MostSteps);
    if (Longest >= 0)
      P.MaxTimeDistance = Longest;
    // The reads within a round wait their distance along the innermost
    // time loop, in steps.
    for (ScheduledRead &SR : R.Reads) {
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      if (Rd.Array != P.Array || Rd.NamesNoIteration || !withinRound(Rd, From))
        continue;
      SR.InRound = true;
      P.RoundWords = std::max(P.RoundWords, SR.TimeDistance + 1);
    }
  }

  // The native build keeps each array's registers in a static array, the
  // OpenCL kernel in private arrays (on a thread's stack under emulation,
  // t2s/emulation.h): a design's registers may take at most 1 GiB.
  bool registersFit() {
    constexpr int64_t MaxBytes = int64_t(1) << 30;
    int64_t Sum = 0;
    for (const RegisterPlan &P : R.Registers) {
      const UREArray &A = S.Arrays[P.Array];
      // Scalars; a bool counts as one byte.
      int64_t Bytes = 1;
      if (A.ElementType)
        Bytes = std::max<int64_t>(
            1, A.ElementType->getPrimitiveSizeInBits().getFixedValue() / 8);
      std::optional<int64_t> Words = llvm::checkedMul(P.ConservativeWords, R.NumPEs);
      std::optional<int64_t> Total = Words ? llvm::checkedMul(*Words, Bytes) : std::nullopt;
      std::optional<int64_t> NewSum = Total ? llvm::checkedAdd(Sum, *Total) : std::nullopt;
      if (NewSum && *NewSum <= MaxBytes) {
        Sum = *NewSum;
        continue;
      }
      // What sizes them, and the fix.
      std::string Why =
          P.Buffer.empty()
              ? "its longest read waits " + std::to_string(P.MaxTimeDistance) +
                    " time steps); use smaller schedule coefficients or fewer PEs"
              : "a value for every iteration of the time loops inside '" +
                    S.Loops[P.Buffer.front().Loop].Name +
                    "'); use smaller loop extents or fewer PEs";
      reject(S.Loc,
             "the " + llvm::Twine(P.Buffer.empty() ? "shift registers" : "buffers") + " of '" +
                 A.Name + "' would hold " + llvm::Twine(P.ConservativeWords) +
                 " words in each of " + llvm::Twine(R.NumPEs) +
                 " PEs, more than the 1 GiB a design's registers may take (" + Why,
             URERule::ScheduleSize);
      return false;
    }
    return true;
  }
};

} // namespace

std::optional<std::string> padRoundsProblem(const SpaceTimeSchedule &R,
                                            llvm::ArrayRef<int> BufferFrom, unsigned I,
                                            int64_t Least, RoundPadding &P) {
  const URESystem &S = R.System;
  const std::string &Name = S.Loops[I].Name;
  unsigned TimeLoops = R.PELoops.empty() ? S.Loops.size() : R.PELoops.front();
  if (I >= TimeLoops)
    return "names '" + Name + "', a space loop: name the time loop whose iterations the "
           "buffers' reads cross";
  P = RoundPadding();
  P.Loop = I;
  P.Inner = I + 1;
  P.Least = Least;
  for (unsigned A = 0; A < BufferFrom.size(); ++A)
    if (BufferFrom[A] == int(I))
      P.Arrays.push_back(A);
  if (P.Arrays.empty())
    return "pads the rounds of '" + Name + "', but no read reaches back across an "
           "iteration of '" + Name + "' over a time loop with affine bounds, so no "
           "value waits in a PE buffer across its rounds: remove it, or name the "
           "loop such a read crosses";
  if (R.Steps.size() != 1 || P.Inner + 1 != TimeLoops)
    return "flattens '" + Name + "' with the one time loop inside it, but " +
           (R.Steps.size() != 1
                ? "the nest has " + std::to_string(R.Steps.size()) +
                      " space_time lines: give it one"
                : "'" + Name + "' encloses the time loops " +
                      joinLoopNames(S, llvm::to_vector(llvm::seq(P.Inner, TimeLoops))) +
                      ": pad the rounds of the time loop just outside the innermost");
  // (A loop outside may run to a run-time size: it repeats the rounds.)
  for (unsigned L = 0; L <= I; ++L)
    if (!S.Loops[L].LowerBound.isConstant() || !S.Loops[L].UpperBound.isConstant() ||
        (L == I && S.Loops[L].runTime()))
      return "counts the rounds and their steps as it compiles, but '" + S.Loops[L].Name +
             "' (" + (L == I ? "the padded loop" : "outside it") + ") has " +
             (S.Loops[L].runTime() ? "a run-time bound" : "affine bounds") +
             ": give it constant bounds";
  const URELoop &J = S.Loops[P.Inner];
  for (const AffineExpr *E : {&J.LowerBound, &J.UpperBound})
    for (unsigned L = 0; L < E->Coeffs.size(); ++L)
      if (E->Coeffs[L] && L != I)
        return "pads each round of '" + Name + "' by the bounds of '" + J.Name +
               "', which must depend on '" + Name + "' alone, but they name '" +
               S.Loops[L].Name + "': write them over '" + Name + "' and constants";
  // The padded steps of one run of i, then of the nest.
  llvm::SmallVector<int64_t, 4> Point;
  for (unsigned L = 0; L < I; ++L)
    Point.push_back(S.Loops[L].Lower);
  std::optional<int64_t> Steps = 0;
  for (int64_t V = S.Loops[I].Lower; V < S.Loops[I].Upper && Steps; ++V) {
    Point.push_back(V);
    int64_t Run = std::max<int64_t>(0, upperAt(J, Point) - lowerAt(J, Point));
    Steps = llvm::checkedAdd(*Steps, std::max(Run, P.Least));
    Point.pop_back();
  }
  P.RoundSteps = Steps ? *Steps : 0;
  for (unsigned L = 0; L < I && Steps; ++L)
    Steps = llvm::checkedMul(*Steps, S.Loops[L].extent());
  int64_t Box = 1;
  for (unsigned L = 0; L < TimeLoops && Box <= MaxScannedIterations; ++L)
    Box *= std::max<int64_t>(S.Loops[L].extent(), 1);
  if (!Steps || *Steps > MaxScannedIterations || Box > MaxScannedIterations)
    return "would run more than " + std::to_string(MaxScannedIterations) +
           " steps, too many to check how far apart the padded rounds keep the "
           "buffers' accesses: use smaller loop extents";
  P.Steps = *Steps;
  P.Apart = P.Least;
  return std::nullopt;
}

bool planRegisters(SpaceTimeSchedule &Sch, llvm::ArrayRef<int> BufferFrom,
                   llvm::SmallVectorImpl<URERejection> &Rejections) {
  return RegisterPlanner(Sch, BufferFrom, Rejections).run();
}

} // namespace t2s
