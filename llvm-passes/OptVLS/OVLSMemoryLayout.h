//===- OVLSMemoryLayout.h - Which contiguous blocks a group uses -*- C++ -*-===//
//
// Load (and store) generation: decides which contiguous blocks of memory
// replace a group's gathers or scatters, where each (member, lane) element
// lives in those blocks, and draws the initial shuffle graph from that: load
// nodes feeding gather-result nodes, or scatter-value nodes feeding the blocks
// to store.
//
// Two layouts exist:
//  - per lane: block i is lane i's chunk, from the leader's lane i address to
//    the end of the last member's element (any index vector);
//  - strided: when the members have a constant stride, the whole strided
//    range is cut into vector-length blocks starting at the leader's lane 0.
//
// Preconditions (checked by getSequence): the group is non-empty, its members
// have one access kind and type, and offsets are multiples of the element
// size.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSMEMORYLAYOUT_H
#define T2S_OPTVLS_OVLSMEMORYLAYOUT_H

#include "OVLSShuffleGraph.h"
#include "OVLSTypes.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>

namespace t2s {

/// A contiguous block: Type at (lane Lane of the leader) + ByteOffset; only
/// elements with a true Mask entry are accessed.
struct OVLSBlock {
  uint32_t Lane = 0;
  int64_t ByteOffset = 0;
  llvm::SmallVector<bool, 16> Mask;
};

/// Where one lane of one member lives; Block is -1 for masked-off lanes.
struct OVLSSlot {
  int32_t Block = -1;
  uint32_t Element = 0;
};

struct OVLSMemoryLayout {
  enum LayoutKind { PerLane, Strided };
  LayoutKind Kind = PerLane;
  /// The type of every block.
  OVLSType BlockType;
  llvm::SmallVector<OVLSBlock, 16> Blocks;
  /// Slots[member][lane].
  llvm::SmallVector<llvm::SmallVector<OVLSSlot, 16>, 4> Slots;
};

/// Block i is lane i's chunk. Lanes where every member is masked off get no
/// block. Load blocks read the whole chunk (gaps between members included);
/// store blocks write only the members' active elements.
OVLSMemoryLayout computePerLaneLayout(const OVLSGroup &Group);

/// Cuts [leader lane 0, last lane's end) into blocks of the group's vector
/// length. Fails (returns false) unless all members have the same constant
/// non-negative stride that is a multiple of the element size, and, for
/// stores, at least the group's span so that lanes do not overlap. Blocks
/// with nothing to access are left out; masks cover exactly the active lanes'
/// chunks (loads) or active elements (stores).
bool computeStridedLayout(const OVLSGroup &Group, OVLSMemoryLayout &Layout);

/// The initial graph: for a load group, one Load node per block and one
/// Result node per member whose lanes take their element from the blocks
/// (gaps for masked-off lanes); for a store group, one Input node per member
/// and one StoreValue node per block (gaps for bytes not written).
std::unique_ptr<OVLSShuffleGraph>
buildInitialGraph(const OVLSGroup &Group, const OVLSMemoryLayout &Layout);

} // namespace t2s

#endif // T2S_OPTVLS_OVLSMEMORYLAYOUT_H
