//===- TileCounters.h - A feeder's tile loops as counters -------*- C++ -*-===//
//
// The HLS target's spelling of a feeder's tile loop variables (buffer(a, k),
// systolic/lowering/BufferLoaders.cpp). The feeder counts its tiles as one
// flat range and computes each tile loop's variable from the tile's number,
// i = tile / (K * J) and k = tile % K: dividers by run-time sizes inside the
// pipelined step, which Vitis builds as pipelined dividers (one per / and %,
// a stage per quotient bit) in every feeder. Here each tile loop is a
// counter instead, moved on at the last step of each tile, the innermost
// fastest; the tile the feeder sends (tile - 1) has counters of its own,
// which take the read's values as the next tile starts:
//
//   int t2s_tile_i = 0; int t2s_tile_k = 0; ...   (every tile loop, and t2s_sent_*)
//   for (tile ...) for (step = 0; step < 20480; step++) {
//     if (read)  { const int i = t2s_tile_i; const int k = t2s_tile_k; ... }
//     if (send)  { const int i = t2s_sent_i; ... }
//     if (step == 20479) { t2s_sent_i = t2s_tile_i; ...; advance t2s_tile_* }
//   }
//
// (FlattenTimeLoops.h then makes the tile and step loops one loop.) The
// constant divisions of the step's own loops stay: the tools build them as
// a multiplication by the reciprocal.
//
// Preconditions: the kernel is a feeder (Kernel::Reuse) laid out as
// BufferLoaders lays it out: its tile loop in its body, around its step
// loop of constant bounds and nothing else. Only the step's Lets whose
// values are ReuseBuffer::tileValue of the tile or of the tile before
// become counters; any other stays as it is.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TILECOUNTERS_H
#define T2S_TILECOUNTERS_H

#include "systolic/Design.h"

namespace t2s {

/// \p K with its tile loops' variables counted rather than divided out of
/// the tile's number; \p K itself where it is no feeder.
Design::Kernel withTileCounters(const Design::Kernel &K);

} // namespace t2s

#endif // T2S_TILECOUNTERS_H
