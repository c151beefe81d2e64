//===- ReuseOrder.h - Whether a feeder sends what its loader sent -*- C++ -*-===//
//
// The channel-order check of the reuse buffers (buffer(a, k),
// systolic/lowering/BufferLoaders.cpp): a feeder must send each PE the values the
// loader without the buffer sent, in the same order. checkReuseBuffers runs
// the integer part of both, at the design's stand-in sizes: the loader
// records, per channel write, the channel, the tile (its tile loops, counted
// as one range) and the values of the kept loops and of the loops around
// the write; the feeder records the same from the element of its memory
// that each write sends, and checks that the element was read from
// off-chip memory in that tile, into that half, and not overwritten since.
// The two sequences must be equal. Runs stop after a budget of accesses
// (their first tiles are compared), or at a decision on a computed value.
//
// Preconditions: the buffer step built the feeders (Kernel::Reuse).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REUSEORDER_H
#define T2S_REUSEORDER_H

#include "systolic/Design.h"

#include <cstdint>
#include <optional>
#include <string>

namespace t2s {

/// Why the first feeder of \p D that disagrees with its loader does; none
/// if every one agrees (as far as the runs went).
std::optional<std::string> checkReuseBuffers(const Design &D, uint64_t Budget = 1 << 16);

} // namespace t2s

#endif // T2S_REUSEORDER_H
