//===- SpaceLoopsInward.h - Move space loops inside the time loops -*- C++ -*-===//
//
// The space-time transform maps the innermost loops of a nest to PEs: the
// time loops enclose them. A designer may name loops that enclose time loops
// ('#pragma t2s space_time(i)' over 'for (i) for (k)', T2SP's SYMV); the
// nest then means the same computation with the space loops moved inward,
// time loops and space loops each keeping their order, when the sequential
// program with the loops in that order computes the same values:
//
//  * every read of a URE array still reads an iteration that comes earlier
//    (its distance vector, permuted, stays lexicographically positive);
//  * every output element written by several iterations keeps the value of
//    the same last one (isl: no two iterations that write one element swap
//    their order; outputs with subscripts that are not affine are not
//    allowed to move);
//    (with a schedule vector these two are the schedule's to check: it
//    keeps every read forward in time or in a chain, systolic/
//    SpaceTimeSchedule.h, and the output order rule compares its steps with
//    the written order, systolic/OutputOrder.h; so Kung and Song's arrays,
//    whose reads run against the moved order, move too);
//  * the loops that change level, and those inside them, have bounds that
//    name no other loop (constants, or run-time sizes computed before the
//    nest) and count in one integer type.
//
// Where only a read keeps the loops from moving (Kung and Song's arrays
// without a schedule: 'V[r - 1][c + 1]' with space loop r around c), the
// nest runs as its author wrote it, PE r after PE r - 1: the plan chooses
// the schedule vector that runs every read at least one step after its
// write with the fewest time steps (isl minimizes the steps the skew adds,
// sum |c| * (extent - 1)), or, where no schedule does, the one that keeps
// the fewest reads in their step along a chain of PEs; the nest then moves
// under it as under a schedule of its own. The pass writes it into the space_time directive
// and tags the loop (ChosenScheduleTag). A read that goes back along a
// time loop outside the innermost one, which no schedule of the space
// loops changes, still blocks the move.
//
// planSpaceLoopsInward decides this on the URE model of the nest as written;
// SpaceLoopsInwardPass (t2s-space-loops-inward, after t2s-merge-ures and
// before the model is checked) then rewrites the IR: the loop headers keep
// their places, each level runs the variable of the loop that now belongs
// there (bounds, start, source name), and the body reads the loop variables
// from their new levels. Directives stay on the outermost loop. Where a
// dependence forbids the move, the schedule refuses the nest with the
// plan's reason ([space loops]).
//
// Preconditions: the URE model accepted the nest (UREAnalysis); the loops
// have the shape clang emits after PrepareNests ('header: phi, compare,
// branch', the increment in the latch).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPACELOOPSINWARD_H
#define T2S_SPACELOOPSINWARD_H

#include "ure/UREModel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace t2s {

struct SpaceLoopsMove {
  /// Per new level, outermost first: the loop (index into the nest as
  /// written) that runs there.
  llvm::SmallVector<unsigned, 4> Order;
  /// How many time loops come first in Order.
  unsigned NumTime = 0;
  /// Why the loops cannot move ("the read of 'X' at line 12 ..."), or
  /// empty when they can.
  std::string Blocked;
  /// A schedule the plan chose, one coefficient per argument of the first
  /// space_time, when the nest had none and a read kept the loops from
  /// moving without one; Because says which read.
  llvm::SmallVector<int64_t, 4> Schedule;
  bool ScheduleChains = false; // under it, some read stays in its step
  std::string Because;

  bool legal() const { return Blocked.empty(); }
};

/// A schedule vector chooseSchedule found.
struct ChosenSchedule {
  llvm::SmallVector<int64_t, 4> Coeffs; // one per argument of the space_time
  bool Chains = false;                  // some read stays in its step
};

/// The schedule vector, one coefficient per argument of the space_time
/// directive D, under which the nest of S runs with the loops in M's order
/// (t = sum c * space + the innermost time loop) and every read goes forward
/// in time: with the fewest reads that stay in their step (only from a PE
/// that runs earlier in nest order, a chain), then the fewest time steps
/// the skew adds (sum |c| * (extent - 1)). std::nullopt, with Why saying
/// what keeps every schedule from it, where a read goes back along a time
/// loop outside the innermost one.
std::optional<ChosenSchedule> chooseSchedule(const URESystem &S, const SpaceLoopsMove &M,
                                             const Directive &D, std::string &Why);

/// The move of the first space_time's loops to the innermost levels, or
/// std::nullopt when they already are innermost (or there is none).
std::optional<SpaceLoopsMove> planSpaceLoopsInward(const URESystem &S);

/// "'i' encloses 'k'": a space loop of S and a time loop inside it.
std::string enclosedTimeLoop(const URESystem &S, const SpaceLoopsMove &M);

class SpaceLoopsInwardPass : public llvm::PassInfoMixin<SpaceLoopsInwardPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_SPACELOOPSINWARD_H
