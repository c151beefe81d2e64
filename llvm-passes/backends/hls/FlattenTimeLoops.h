//===- FlattenTimeLoops.h - A nest of time loops as one loop -----*- C++ -*-===//
//
// The HLS target's spelling of a perfect nest of time loops around a
// pipelined step (the array's i, j, k, kk, ii, jj; a feeder's tile and
// step): one pipelined loop over the product of their trip counts, the
// loops' variables counters that the end of each iteration advances, the
// innermost fastest. Vitis HLS flattens a perfect nest itself only where
// every bound but the outermost is a constant (UG1399, LOOP_FLATTEN); a
// nest with run-time bounds it leaves as it is, and its pipeline drains and
// fills again at each entry of the inner loop, clocks the model does not
// charge. T2SP's kernels are flattened the same way. The rewrite:
//
//   for (int i = 0; i < I; i++)          { // i, j as one loop
//     for (int j = 0; j < 8; j++) {        int i = 0; int j = 0;
//       PIPELINE                           long t2s_steps = (long)I * 8;   (0 where a count is)
//       body                               for (long t2s_step = 0; t2s_step < t2s_steps; t2s_step++) {
//     }                                      PIPELINE
//                                            body
//                                            if (j == 7) { j = 0; i = i + 1; } else j = j + 1;
//                                          } }
//
// Preconditions: the loops count up; the bounds and starts of the inner
// ones do not name the outer ones' variables (the nest is a box); nothing
// but the next loop (and comments) sits between them; the body does not
// assign the loops' variables.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_FLATTENTIMELOOPS_H
#define T2S_FLATTENTIMELOOPS_H

#include "systolic/Design.h"

namespace t2s {

/// \p K with each perfect nest of two or more time (or serial) loops around
/// a pipelined step flattened into one loop with counters.
Design::Kernel withFlatTimeLoops(const Design::Kernel &K);

/// The advance of counters \p Names (outermost first, each over its range
/// [From, Bound) of \p Ranges) after a step: the innermost wraps to its
/// start where it reached its last value and the one outside it moves on,
/// and so on outward; the outermost only counts on.
Stmt advanceCounters(llvm::ArrayRef<std::string> Names,
                     llvm::ArrayRef<std::pair<ExprPtr, ExprPtr>> Ranges);

} // namespace t2s

#endif // T2S_FLATTENTIMELOOPS_H
