//===- SpaceTimeSchedule.h - Where and when each URE iteration runs -*- C++ -*-===//
//
// The arithmetic of the space-time transform (seed space_time_transform.md)
// on a URE system: for each '#pragma t2s space_time' step, in order, which
// loops are space (PEs) and which loop becomes the next time variable
// t = sum(schedule * space loop) + time loop, its exact range; the flattened
// time (outer loops, then t1, t2, ... row-major); the time distance and PE
// displacement of every dependence; PE utilization. Last, the registers and
// PE buffers the values wait in (systolic/RegisterPlan.h).
//
// Rules (errors, at the directive): a later step's space loops are the
// previous step's minus exactly one loop (which becomes its time loop); with
// a schedule vector every dependence moves forward in time (T.d > 0). The
// first step's loops are checked by the URE model ([space loops]).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPACETIMESCHEDULE_H
#define T2S_SPACETIMESCHEDULE_H

#include "systolic/PEBuffer.h"
#include "systolic/RegisterPlan.h"
#include "ure/UREModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace t2s {

/// One space_time directive, applied after the previous ones.
struct SpaceTimeStep {
  llvm::SmallVector<unsigned, 4> SpaceLoops; // indices into URESystem::Loops
  llvm::SmallVector<int64_t, 4> Schedule;    // per space loop, same order
  unsigned TimeLoop = 0;                     // the loop this step turns into t
  bool HasTimeLoop = true; // false: every loop is space (one time step)
  bool ExplicitSchedule = false;
  /// The schedule is the compiler's (URESystem::ScheduleChosenBecause).
  bool ChosenSchedule = false;
  bool CheckTime = false;
  int64_t TimeLower = 0, TimeUpper = 0;      // t in [TimeLower, TimeUpper)
  SourceLoc Loc;

  /// Whether the PEs recover the step's loop variables from its time
  /// variable t (a time loop and a schedule that is not all zero); otherwise
  /// the time loop itself runs in place of t. The native transform, the
  /// OpenCL printer and the channel-order replay all lay the step out so.
  bool needsRecovery() const {
    return HasTimeLoop && llvm::any_of(Schedule, [](int64_t C) { return C != 0; });
  }
};

/// A dimension of the flattened time: an untouched outer loop or a step's t.
struct TimeDimension {
  std::string Name;
  int64_t Extent = 0;
  int64_t Stride = 0; // in flattened steps
};

/// A dependence as the array sees it after the transform.
struct ScheduledRead {
  unsigned Statement = 0, Read = 0;   // URESystem::Statements[S].Reads[R]
  int64_t TimeDistance = 0;           // flattened
  llvm::SmallVector<int64_t, 4> PEDistance; // over the final space loops
  /// A read of a PE buffer (RegisterPlan::Buffer) waits a number of steps
  /// that changes with the iteration: the fewest and the most over the
  /// iterations whose point at the distance is one of the nest's (-1 if
  /// there were too many to scan). TimeDistance is then the box's.
  int64_t FewestSteps = -1, MostSteps = -1;
  /// A read of a buffered array that stays within a round: zero along every
  /// time loop but the innermost, which runs inside the crossed loop. Its
  /// iteration and the one it reads are TimeDistance steps apart wherever it
  /// runs (the innermost loop's values between them are all in the nest).
  bool InRound = false;
};

/// pad_rounds(i, N) (T2SP's triangular_loop_optimize): the kernels flatten
/// time loop Loop (i) and the one time loop inside it (Inner, j, whose
/// bounds are affine in i) into one loop of steps in which each iteration
/// of i, a round, runs at least Least steps: a short round starts with idle
/// steps. The values its PE buffers keep across rounds are then read at
/// least Apart steps after they were written and overwritten at least Apart
/// steps after their last read, which the kernels tell the FPGA compiler
/// (ivdep safelen). The native build runs the rounds unpadded.
struct RoundPadding {
  unsigned Loop = 0, Inner = 0;
  int64_t Least = 0;
  /// The kernels' steps (SpaceTimeSchedule::TotalSteps counts the nest's),
  /// and those of one run of Loop.
  int64_t Steps = 0, RoundSteps = 0;
  int64_t Apart = 0;
  /// The URE arrays whose buffers cross Loop (their reads within a round
  /// read their round registers).
  llvm::SmallVector<unsigned, 4> Arrays;
  SourceLoc Loc;
};

struct SpaceTimeSchedule {
  URESystem System; // the system scheduled (a copy)
  llvm::SmallVector<SpaceTimeStep, 2> Steps;
  llvm::SmallVector<unsigned, 4> PELoops;        // final space loops
  int64_t NumPEs = 1;
  llvm::SmallVector<TimeDimension, 4> Time;      // outermost first
  int64_t TotalSteps = 1;
  int64_t UsefulPESteps = 1;                     // iterations of the nest
  /// Affine bounds: the PEs of the box that run an iteration (NumPEs
  /// otherwise), and whether every count is exact (false: a count was out
  /// of reach and the box's stands in).
  int64_t ActivePEs = -1;
  bool Counted = true;
  llvm::SmallVector<ScheduledRead, 8> Reads;
  llvm::SmallVector<RegisterPlan, 4> Registers;  // one per URE array
  std::optional<RoundPadding> Padding;           // pad_rounds(i, N)
  /// Per time dimension: its coefficient on each nest loop (t = sum c * v).
  llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> TimeCoeffs;

  /// The flattened time of a nest-loop vector (an iteration or a distance):
  /// sum over the time dimensions of TimeCoeffs . V times their stride.
  int64_t flattenedTime(llvm::ArrayRef<int64_t> V) const;
  /// A read of a neighbour's value in the same step (time distance 0, a PE
  /// offset): the most PEs the value passes through within one step, along
  /// the longest of its PE loops (a chain of wires, and of the operations
  /// on the way, with no register between the PEs); 0 for any other read,
  /// and for a read of a PE buffer (its wait changes with the iteration).
  int64_t sameStepChainPEs(const ScheduledRead &SR) const;
  /// Useful PE steps per PE step; none for an array without PEs or steps
  /// (a loop that runs no iteration).
  std::optional<double> utilization() const {
    if (NumPEs == 0 || TotalSteps == 0)
      return std::nullopt;
    return double(UsefulPESteps) / (double(NumPEs) * double(TotalSteps));
  }
  /// Why PEs idle: each time variable that spans more steps than its time
  /// loop has values, e.g. "t1 = 2*i + k spans 12 steps for the 8 values of
  /// k". Utilization is the product of those ratios. Empty if none does.
  std::string idleReason() const;
  /// The steps, PEs, time, utilization and reads as print<t2s-space-time>
  /// shows them (DataPath::print adds the plans and the registers).
  void print(llvm::raw_ostream &OS) const;
  /// A line per URE array: its registers, conservative and minimized.
  void printRegisters(llvm::raw_ostream &OS) const;
};

/// What the schedule's minimization made of a register, as the schedule's
/// dump and the report print it after its size: ", minimized 2 per PE
/// shifted every 1 steps", ", minimized to a FIFO of depth 8 per PE" or
/// ", not minimized (...)".
std::string minimizedText(bool Minimized, int64_t Words, int64_t ShiftEvery,
                          bool AffineBounds = false);

/// A buffered array's shift register for its reads within a round
/// (RegisterPlan::RoundWords), after its buffer's text: ", and 2 words per
/// PE shifted each step for the reads within a round of i"; "" for none.
std::string roundText(int64_t Words, llvm::StringRef Loop);

/// Computes the schedule of \p S, or returns the broken rules as rejections.
/// Systems without space_time get std::nullopt and no rejection. The
/// data-path plans come after it (DataPath.h).
std::optional<SpaceTimeSchedule>
computeSpaceTimeSchedule(const URESystem &S,
                         llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_SPACETIMESCHEDULE_H
