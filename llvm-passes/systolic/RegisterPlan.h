//===- RegisterPlan.h - Registers and PE buffers of a schedule --*- C++ -*-===//
//
// How the values of each URE array wait in each PE between their write and
// their reads, once the space-time schedule (SpaceTimeSchedule.h) has given
// every read its time distance. A shift register by default, sized
// conservatively (the largest time distance) and minimized ("Minimizing FIFO
// size": a producer that writes every s steps needs ceil(x/s) registers
// shifted every s steps; an irregular one a FIFO as deep as the most values
// it writes while one waits). A read that reaches back across an iteration
// of a time loop inside which a time loop with affine bounds runs waits a
// number of steps that changes with the iteration: its array is a buffer
// per PE indexed by the time loops (systolic/PEBuffer.h), whose reads'
// waits are counted by numbering the steps, and pad_rounds(i, N) pads the
// rounds of i so that the buffer's accesses across rounds stay apart.
//
// Rules (errors): one pad_rounds per nest, on a time loop that PE buffers
// cross, with one time loop inside it whose bounds are affine in it alone
// and constant bounds on it and the loops outside ([pad rounds]); a
// design's registers take at most 1 GiB ([schedule size]).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REGISTERPLAN_H
#define T2S_REGISTERPLAN_H

#include "systolic/PEBuffer.h"
#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace t2s {

struct RoundPadding;
struct SpaceTimeSchedule;

/// How the values of one URE array wait in each PE between write and reads.
struct RegisterPlan {
  unsigned Array = 0;
  int64_t MaxTimeDistance = 0;     // over its reads, flattened
  int64_t ConservativeWords = 0;   // per PE: MaxTimeDistance + 1
  /// Minimized, per PE: registers shifted every ShiftEvery steps, or (when
  /// the PE writes at irregular steps, ShiftEvery == 0) a FIFO of this depth.
  int64_t MinimizedWords = 0;
  int64_t ShiftEvery = 0;
  bool Minimized = false; // false if the PE's domain was too large to scan
  /// A read of the array reaches back across an iteration of a time loop
  /// inside which a time loop with affine bounds runs: the array is a
  /// buffer per PE indexed by these time loops (systolic/PEBuffer.h),
  /// ConservativeWords long, not a shift register. Empty otherwise.
  llvm::SmallVector<PEBufferDim, 3> Buffer;
  /// A buffered array's reads within a round (ScheduledRead::InRound) wait
  /// a fixed number of steps: the kernels serve them from a shift register
  /// of this many words per PE, shifted every step, and leave the buffer to
  /// the reads across rounds. 0: no such read.
  int64_t RoundWords = 0;
};

/// Plans the registers of every URE array of \p Sch: fills Sch.Registers
/// (one per array), Sch.Padding (pad_rounds) and the waits of the reads of
/// PE buffers (ScheduledRead::FewestSteps, MostSteps, InRound). \p
/// BufferFrom gives per URE array the time loop from which its PE buffer is
/// indexed, or -1 for a shift register; empty if no array is buffered.
/// Preconditions: Sch's steps, time dimensions, TimeCoeffs and reads are
/// computed and its bounds checked (computeSpaceTimeSchedule calls this
/// last). False, with the broken rules as rejections, if it refuses.
bool planRegisters(SpaceTimeSchedule &Sch, llvm::ArrayRef<int> BufferFrom,
                   llvm::SmallVectorImpl<URERejection> &Rejections);

/// Why 'pad_rounds(i, Least)', i the time loop \p I of \p Sch, cannot pad
/// the nest (the text goes on from the directive: "names 'k', a space
/// loop: ..."), or none, with the padding it makes in \p P (but for Loc).
/// BufferFrom as planRegisters takes it. The planner refuses the directive
/// with this reason, and a warning that proposes one asks it first.
std::optional<std::string> padRoundsProblem(const SpaceTimeSchedule &Sch,
                                            llvm::ArrayRef<int> BufferFrom, unsigned I,
                                            int64_t Least, RoundPadding &P);

} // namespace t2s

#endif // T2S_REGISTERPLAN_H
