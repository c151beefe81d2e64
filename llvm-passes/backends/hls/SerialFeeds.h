//===- SerialFeeds.h - A feeder fed from the host's layout ------*- C++ -*-===//
//
// The HLS target's I/O module of a feeder (buffer(a, k),
// systolic/lowering/BufferLoaders.cpp), as AutoSA builds its with
// --host-serialize. The feeder as the Design has it reads, in the first
// kept steps of each tile, the values of one kept step from its m_axi port:
// 80 to 208 scalars at addresses the tile's loops compute, in a branch of
// the pipelined step, which Vitis neither bursts nor widens (UG1399,
// "Optimizing Burst Transfers": sequential accesses in a loop, not in a
// conditional branch), so the step takes a clock per element.
//
// Here the host lays the values out in the order the feeder stores them:
// per tile, per kept step, a record of what that step stores (each memory's
// words in its order, [PEs, lanes] of the buffer's element), padded to
// whole 64-byte beats (the packer, serialPacker, runs the feeder's own
// read statements on the host). A reader process moves the layout, one
// 512-bit beat per clock, from a flat loop whose only statement is the
// access (an unconditional sequential read of ap_uint<512>: a burst of the
// port's full width), into a stream of beats. The feeder takes a beat per
// step in the first Records x RecordBeats steps of the tile and, at each
// record's last beat, stores the record in the half of its memories being
// filled; sending is as before. A tile of AutoSA's SGEMM, 1,280 records of
// 104 floats, fills in 8,960 of its 20,480 steps.
//
// Preconditions, else the feeder stays as it is (serialFeed is none): a
// feeder laid out as BufferLoaders lays it out, its input read by no other
// kernel and written by none, at indices the stub need not measure; every
// memory holds one kind of scalar of 1 to 8 bytes (no bool, no half), a
// record of at most 64 beats, and the records' beats fit in a tile's steps.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SERIALFEEDS_H
#define T2S_SERIALFEEDS_H

#include "systolic/Design.h"

#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace t2s {

/// The bytes of one beat of a serial feed: a 512-bit m_axi word.
inline constexpr unsigned SerialBeatBytes = 64;

/// The depth of the stream of beats, reader to feeder: the 512-bit words
/// of one block RAM.
inline constexpr unsigned SerialBeatDepth = 64;

/// How the host, a reader process and a feeder share the feeder's input.
struct SerialFeed {
  unsigned Port = 0;       ///< the input's argument number
  DType Lane;              ///< the scalar each memory holds
  unsigned BeatLanes = 16; ///< scalars per beat
  int64_t RecordBeats = 1; ///< beats per kept step
  int64_t Records = 0;     ///< kept steps per tile
  ExprPtr Tiles;           ///< the number of tiles (ReuseBuffer::tileCount)
  std::string Channel;     ///< the stream of beats, reader to feeder
  std::string Reader;      ///< the reader process
  std::string Packer;      ///< the host function that lays the input out
  /// Per memory of the feeder (ReuseBuffer::Memories, in order): where its
  /// words start in a record, in scalars.
  llvm::SmallVector<int64_t, 2> Offsets;

  DType beat() const { return Lane.withLanes(BeatLanes); }
  int64_t recordBytes() const { return RecordBeats * SerialBeatBytes; }
  /// The beats per tile.
  int64_t beatsPerTile() const { return Records * RecordBeats; }
};

/// The serial feed of feeder \p K of \p D, or none where \p K keeps reading
/// its input itself (the preconditions above).
std::optional<SerialFeed> serialFeed(const Design &D, const Design::Kernel &K);

/// Whether \p E names only the design's parameters, constants and the
/// variables \p Names (no loop of the nest, load or channel read).
bool namesOnly(const ExprPtr &E, const llvm::StringSet<> &Names = {});
/// Whether \p E names only the design's parameters and constants.
inline bool ofParams(const ExprPtr &E) { return namesOnly(E); }

/// The names a design's parameters, kernels and channels take, which an
/// I/O module's own names avoid.
llvm::StringSet<> designNames(const Design &D);

/// The kernels of \p D that \p Plan gives an I/O module (serialFeed,
/// serialDrain), with their modules.
template <typename Module>
llvm::SmallVector<std::pair<const Design::Kernel *, Module>, 2>
ioModules(const Design &D, std::optional<Module> (*Plan)(const Design &, const Design::Kernel &)) {
  llvm::SmallVector<std::pair<const Design::Kernel *, Module>, 2> Out;
  for (const Design::Kernel &K : D.Kernels)
    if (std::optional<Module> M = Plan(D, K))
      Out.push_back({&K, std::move(*M)});
  return Out;
}
/// The module of \p Modules whose port is buffer parameter \p ArgNo, or null.
template <typename Module>
const Module *ioModuleOf(llvm::ArrayRef<std::pair<const Design::Kernel *, Module>> Modules,
                         unsigned ArgNo) {
  for (const auto &[K, M] : Modules)
    if (M.Port == ArgNo)
      return &M;
  return nullptr;
}

/// The feeders of \p D that serial feeds feed, with their feeds.
inline llvm::SmallVector<std::pair<const Design::Kernel *, SerialFeed>, 2>
serialFeeds(const Design &D) {
  return ioModules(D, serialFeed);
}
inline const SerialFeed *
serialFeedOf(llvm::ArrayRef<std::pair<const Design::Kernel *, SerialFeed>> Feeds, unsigned ArgNo) {
  return ioModuleOf(Feeds, ArgNo);
}

/// \p K taking its tiles from the feed's beats rather than its input.
Design::Kernel withSerialFeed(const Design::Kernel &K, const SerialFeed &F);

/// The host's packer as a kernel: its body lays out every tile's records,
/// the feeder's read statements storing into a record per memory
/// (serialRecord(K, F, M)), each followed by a comment statement whose text
/// is serialRecordEnd; the host's printer copies the records out there, to
/// (tile * Records + step) * recordBytes() + Offsets[M] * the scalar's bytes.
Design::Kernel serialPacker(const Design::Kernel &K, const SerialFeed &F);
/// The name of the record of memory \p M in the packer.
std::string serialRecord(const Design::Kernel &K, unsigned M);
/// The text of the comment after which the packer's printer copies the
/// records out.
extern const char *const SerialRecordEnd;

} // namespace t2s

#endif // T2S_SERIALFEEDS_H
