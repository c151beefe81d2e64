//===- SerialDrains.h - A drainer's results in the host's layout -*- C++ -*-===//
//
// The HLS target's I/O module of a drainer, the mirror of SerialFeeds.h. The
// drainer as the Design has it replays the array's loops and, in the steps
// where the PEs' results arrive (k == K - 1 && kk == 63 for a GEMM), stores
// each of them at the address its loops compute: 208 scalars in one step
// of AutoSA's SGEMM, in a branch, to one m_axi port, which Vitis neither
// bursts nor widens (UG1399, "Optimizing Burst Transfers"): 13 clocks a
// step.
//
// Here the step stores its results into a record instead: a slot per
// store statement and unrolled copy of it (PE, lane), in the order the
// unrolled loops number them, and in each step that writes (the pins: the
// equalities on the step's loops that every store is under) sends the
// record, whole, on a stream that holds the longest run of such steps (at
// most 1,024 records; past that the drainer waits for its writer). A
// writer process moves the records to the port, one 512-bit beat per clock
// from a flat loop whose access is unconditional and sequential (a burst
// of the port's full width), while the array computes the next tile. The
// host then runs the drainer's loops and conditions itself, with each
// store taking its slot of the step's record (serialUnpacker), so every
// element lands where the drainer would have put it, and no other.
//
// Preconditions, else the drainer stays as it is (serialDrain is none): a
// perfect nest of loops around its step, whose extents name only the
// design's parameters; every store into its output under the same pins,
// each a step loop's variable equal to a value in its range (a constant
// inside constant bounds, its first or its last value), and otherwise only
// under conditions on unrolled loops and constants; the output written by
// no other kernel, read by none, at indices the stub need not measure; its
// elements one kind of scalar of 1 to 8 bytes (no bool, no half); a record
// of at most 64 beats; nothing the host leaves out (the channel reads and
// the values computed from them) deciding a store or its address.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SERIALDRAINS_H
#define T2S_SERIALDRAINS_H

#include "backends/hls/SerialFeeds.h"
#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// How a drainer, a writer process and the host share the drainer's output.
struct SerialDrain {
  unsigned Port = 0;       ///< the output's argument number
  DType Lane;              ///< its elements
  unsigned BeatLanes = 16; ///< scalars per beat
  int64_t Slots = 0;       ///< scalars per record (the stores' copies)
  int64_t RecordBeats = 1; ///< beats per record
  ExprPtr Records;         ///< records per run: the steps that write
  ExprPtr When;            ///< a step writes: the pins' conjunction
  int64_t Depth = 2;       ///< records the stream holds
  std::string Channel;     ///< the stream of records, drainer to writer
  std::string Writer;      ///< the writer process
  std::string Unpacker;    ///< the host function that stores the records

  DType record() const { return Lane.withLanes(unsigned(RecordBeats * BeatLanes)); }
  int64_t recordLanes() const { return RecordBeats * BeatLanes; }
};

/// The serial drain of drainer \p K of \p D, or none where \p K keeps
/// storing its output itself (the preconditions above).
std::optional<SerialDrain> serialDrain(const Design &D, const Design::Kernel &K);
/// The drainers of \p D that serial drains empty, with their drains.
inline llvm::SmallVector<std::pair<const Design::Kernel *, SerialDrain>, 2>
serialDrains(const Design &D) {
  return ioModules(D, serialDrain);
}
/// The serial drain of buffer parameter \p ArgNo, or null.
inline const SerialDrain *
serialDrainOf(llvm::ArrayRef<std::pair<const Design::Kernel *, SerialDrain>> Drains,
              unsigned ArgNo) {
  return ioModuleOf(Drains, ArgNo);
}

/// \p K storing its results into records it sends to its writer.
Design::Kernel withSerialDrain(const Design::Kernel &K, const SerialDrain &F);

/// The host's unpacker as a kernel: \p K's loops and conditions, each store
/// taking its slot of the step's record from the array 't2s_in' (of the
/// output's elements), the records taken in turn.
Design::Kernel serialUnpacker(const Design::Kernel &K, const SerialDrain &F);

} // namespace t2s

#endif // T2S_SERIALDRAINS_H
