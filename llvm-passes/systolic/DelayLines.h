//===- DelayLines.h - Shift registers that only delay their values -*- C++ -*-===//
//
// A shift register whose every write is to its word 0 and every read of its
// last word (T2SP's and AutoSA's accumulator across the steps of a tile:
// 'sr_Z_kkk7[320]' read, 'sr_Z_kkk7[0]' written, the words shifted every
// step) holds each value for the same number of steps and gives it back
// once: a delay line. A target may keep a long one in a memory rather than
// in registers (a circular buffer: hls/CircularDelayLines.h), and the
// estimates then count it as that memory (model/Estimate.cpp). This finds
// them in a kernel's statements, the one place both ask.
//
// Preconditions: the kernel is the array (its registers are declared as
// [word][PE...][lane] and shifted by one Shift statement each).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DELAYLINES_H
#define T2S_DELAYLINES_H

#include "systolic/Design.h"

#include "llvm/ADT/StringMap.h"

#include <cstdint>

namespace t2s {

/// The delay lines of \p K at least \p MinLength steps long (0: none), by
/// register name: each the steps between a value's write and its read (the
/// register's words less one, the word of the step that writes it).
llvm::StringMap<int64_t> delayLines(const Design::Kernel &K, int64_t MinLength);

} // namespace t2s

#endif // T2S_DELAYLINES_H
