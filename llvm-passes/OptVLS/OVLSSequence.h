//===- OVLSSequence.h - Optimized sequence for one group -------*- C++ -*-===//
//
// getSequence() replaces the gathers (or scatters) of one group by contiguous
// loads (stores) and a network of two-source shuffles:
//   1. choose the blocks to access (OVLSMemoryLayout: per lane, or strided
//      when the members have a constant stride) and draw the initial graph;
//   2. split the graph until every node has at most two sources;
//   3. merge similar intermediate nodes where the cost model says so;
//   4. widen intermediate nodes that are the narrower operand of a shuffle,
//      verify the graph, then emit one instruction per node in topological
//      order (widening a narrower load or scatter value with an extra
//      shuffle when a shuffle's sources still differ in size);
//   5. keep the cheapest layout, and give up unless it is cheaper than the
//      original gathers/scatters.
//
// Preconditions: the group comes from getGroups() or respects the same
// rules; for scatters, the client vouches through hasDisjointLaneChunks() (or
// a constant stride) that lanes never write the same bytes.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSSEQUENCE_H
#define T2S_OPTVLS_OVLSSEQUENCE_H

#include "OVLSCostModel.h"
#include "OVLSInstruction.h"
#include "OVLSReason.h"
#include "OVLSShuffleGraph.h"
#include "OVLSTypes.h"

namespace t2s {

struct OVLSSequenceOptions {
  /// Consider the strided layout when members have a constant stride.
  bool AllowStrided = true;
  /// Consider the per-lane layout.
  bool AllowPerLane = true;
  /// Run merge() on the split graph.
  bool MergeNodes = true;
  /// Refuse sequences that are not cheaper than the original accesses.
  bool RequireProfit = true;
};

/// On success, fills \p Seq and returns true. Otherwise returns false with
/// \p Seq holding no instruction (but the costs, when they were compared) and
/// \p Why saying why.
bool getSequence(const OVLSGroup &Group, const OVLSCostModel &CostModel,
                 OVLSSequence &Seq, OVLSReason *Why = nullptr,
                 const OVLSSequenceOptions &Options = OVLSSequenceOptions());

/// The cost of computing node \p N of a graph whose elements have
/// \p ElementBits bits, as emission would produce it: 0 for leaves and for
/// nodes that are a plain copy of their only source, else the shuffle plus
/// the widening of a narrower leaf operand (intermediate operands are widened
/// for free, see balanceOperandWidths()). This is the cost merge() minimises.
int64_t getNodeCost(const OVLSGraphNode &N, uint32_t ElementBits,
                    const OVLSCostModel &CostModel);

} // namespace t2s

#endif // T2S_OPTVLS_OVLSSEQUENCE_H
