//===- OVLSGrouping.h - Groups of adjacent memrefs -------------*- C++ -*-===//
//
// getGroups() partitions memrefs into groups of adjacent ones: same access
// kind, element size and lane count, constant distances between them, a span
// (first byte to last byte) within the vector length, no two stores writing
// the same bytes, and every member movable to the group's insertion point.
//
// Among the memrefs that could share groups (a "class"), the default strategy
// picks, by dynamic programming over the address order, the partition with
// the fewest groups and, among those, the smallest total span, i.e. the
// fewest gap bytes loaded. The seed's greedy strategy (fill a group from the
// lowest address until the next memref does not fit) is kept for comparison.
//
// Preconditions: Memrefs are in program order (the insertion point of a load
// group is its first member, of a store group its last).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSGROUPING_H
#define T2S_OPTVLS_OVLSGROUPING_H

#include "OVLSReason.h"
#include "OVLSTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <utility>

namespace t2s {

enum class OVLSGroupingStrategy {
  /// The seed's: from the lowest address, add memrefs while they fit.
  Greedy,
  /// Fewest groups, then smallest total span.
  MinSpan,
};

struct OVLSGrouping {
  /// Every memref is in exactly one group (possibly alone).
  llvm::SmallVector<std::unique_ptr<OVLSGroup>, 8> Groups;
  llvm::DenseMap<const OVLSMemref *, OVLSGroup *> GroupOf;
  /// The memrefs that ended alone in their group, and why they could not
  /// join another memref.
  llvm::SmallVector<std::pair<const OVLSMemref *, OVLSReason>, 4> Alone;

  /// Sum of the groups' spans: the bytes the groups' loads cover per lane.
  int64_t getTotalSpanBytes() const;
  /// Groups with at least two members.
  size_t getNumMultiMemberGroups() const;
  /// The reason recorded for \p M, or a None reason if \p M has company.
  OVLSReason getReasonAlone(const OVLSMemref *M) const;
};

/// Partitions \p Memrefs (in program order) into groups whose span does not
/// exceed \p VectorLengthBytes.
OVLSGrouping getGroups(llvm::ArrayRef<OVLSMemref *> Memrefs,
                       uint32_t VectorLengthBytes,
                       OVLSGroupingStrategy Strategy =
                           OVLSGroupingStrategy::MinSpan);

} // namespace t2s

#endif // T2S_OPTVLS_OVLSGROUPING_H
