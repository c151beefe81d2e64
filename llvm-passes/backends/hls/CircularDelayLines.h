//===- CircularDelayLines.h - Long delay lines as circular buffers -*- C++ -*-===//
//
// The HLS target's spelling of a long delay line (systolic/DelayLines.h):
// rather than a register array of L + 1 words that every step shifts (which
// Vitis HLS can only build from flip-flops, one per bit, the array
// partitioned completely), a memory of L words per PE and lane and a cursor
// the step advances once: the step reads the word at the cursor, written L
// steps before, and writes its own value there. T2SP's accumulators rotate
// the same way on Intel's devices. The kernel's statements change so:
//
//   float sr_Z_kkk7[321][13][16];      float sr_Z_kkk7[320][13][16];  int sr_Z_kkk7_at = 0;
//   shift: slot 320..1 <- slot - 1     sr_Z_kkk7_at = sr_Z_kkk7_at == 319 ? 0 : sr_Z_kkk7_at + 1;
//   ... sr_Z_kkk7[320][iii][jjj] ...   ... sr_Z_kkk7[sr_Z_kkk7_at][iii][jjj] ...
//   sr_Z_kkk7[0][iii][jjj] = v;        sr_Z_kkk7[sr_Z_kkk7_at][iii][jjj] = v;
//
// Each step reads and writes each PE's memory once, at one address, and a
// word is read L steps after it was written, which the printer tells Vitis
// (DEPENDENCE distance L). Preconditions: the lines are those delayLines
// found in this kernel; the advance replaces the shift at its place in the
// step (the shifts run before the step's reads), once for all PEs.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CIRCULARDELAYLINES_H
#define T2S_CIRCULARDELAYLINES_H

#include "systolic/Design.h"

#include "llvm/ADT/StringMap.h"

namespace t2s {

/// \p K with each delay line of \p Lines (register name -> length) kept as
/// a circular buffer; its declaration carries the length (Stmt::DelayLine).
Design::Kernel withCircularDelayLines(const Design::Kernel &K,
                                      const llvm::StringMap<int64_t> &Lines);

} // namespace t2s

#endif // T2S_CIRCULARDELAYLINES_H
