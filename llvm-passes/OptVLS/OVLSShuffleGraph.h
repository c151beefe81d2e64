//===- OVLSShuffleGraph.h - Directed graph of bit-range moves --*- C++ -*-===//
//
// The data-flow graph from which the shuffle network is derived. A node is a
// vector value; its incoming edges say, for each destination bit range, which
// bit range of which source node it holds (or that the range is undefined, a
// gap). The value of a node is thus fully described by its edges, and a node
// with at most two sources is exactly one two-source shuffle.
//
// Leaves are the loaded blocks (gathers) or the scatters' values (scatters);
// final nodes are the gather results or the blocks to store. In between,
// split() introduces intermediate nodes until every node has at most two
// sources, and merge() fuses intermediate nodes with the same sources when the
// client's cost model says one wider shuffle is cheaper than several narrow
// ones.
//
// Preconditions: every bit range is a whole number of elements of the
// graph's element size. verify() checks this and the well-formedness that
// instruction emission relies on.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSSHUFFLEGRAPH_H
#define T2S_OPTVLS_OVLSSHUFFLEGRAPH_H

#include "OVLSReason.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>

namespace t2s {

/// NumBits consecutive bits starting at bit BIndex (bit 0 is the lowest bit of
/// element 0).
struct OVLSBitRange {
  uint32_t BIndex = 0;
  uint32_t NumBits = 0;

  uint32_t end() const { return BIndex + NumBits; }
  bool operator==(const OVLSBitRange &O) const {
    return BIndex == O.BIndex && NumBits == O.NumBits;
  }
  /// Prints "lo:hi", both inclusive.
  void print(llvm::raw_ostream &OS) const;
};

class OVLSGraphNode;

/// The destination's bits DstBits hold the source's bits SrcBits. A null Src
/// marks an undefined range (a gap); its SrcBits are meaningless.
struct OVLSEdge {
  OVLSGraphNode *Src = nullptr;
  OVLSBitRange SrcBits;
  OVLSBitRange DstBits;
};

class OVLSGraphNode {
public:
  enum NodeKind {
    Load,       // leaf: a contiguous block read from memory
    Input,      // leaf: the value of one scatter
    Shuffle,    // intermediate, introduced by split()/merge()
    Result,     // final: the value of one gather
    StoreValue, // final: a contiguous block written to memory
  };

private:
  NodeKind Kind;
  uint32_t Id;
  uint32_t NumBits;
  /// Block number (Load, StoreValue) or group member number (Input, Result).
  int32_t Index;
  /// Sorted by DstBits.BIndex; adjacent edges that continue each other are
  /// fused.
  llvm::SmallVector<OVLSEdge, 8> Incoming;

public:
  OVLSGraphNode(NodeKind Kind, uint32_t Id, uint32_t NumBits, int32_t Index)
      : Kind(Kind), Id(Id), NumBits(NumBits), Index(Index) {}

  NodeKind getKind() const { return Kind; }
  uint32_t getId() const { return Id; }
  uint32_t getNumBits() const { return NumBits; }
  int32_t getIndex() const { return Index; }
  bool isLeaf() const { return Kind == Load || Kind == Input; }
  bool isFinal() const { return Kind == Result || Kind == StoreValue; }
  bool isIntermediate() const { return Kind == Shuffle; }

  llvm::ArrayRef<OVLSEdge> edges() const { return Incoming; }
  /// Distinct non-null sources, in order of their first destination bit.
  llvm::SmallVector<OVLSGraphNode *, 4> getSources() const;
  size_t getNumSources() const { return getSources().size(); }
  bool hasGap() const;

  /// Inserts an edge in destination order, fusing it with a neighbour that
  /// it continues. Does not check anything: verify() does.
  void addEdge(OVLSGraphNode *Src, OVLSBitRange SrcBits, OVLSBitRange DstBits);
  void addGap(OVLSBitRange DstBits) { addEdge(nullptr, {0, 0}, DstBits); }
  void setNumBits(uint32_t Bits) { NumBits = Bits; }
  /// Replaces all edges (e.g. after split) and re-fuses neighbours.
  void setEdges(llvm::ArrayRef<OVLSEdge> Edges);

  void print(llvm::raw_ostream &OS) const;
  /// "V3 (load 0)", "V1 (result 2)".
  void printName(llvm::raw_ostream &OS) const;
};

class OVLSShuffleGraph {
  llvm::SmallVector<std::unique_ptr<OVLSGraphNode>, 16> Nodes;
  uint32_t ElementBits;
  uint32_t NextId = 0;

public:
  explicit OVLSShuffleGraph(uint32_t ElementBits) : ElementBits(ElementBits) {}

  uint32_t getElementBits() const { return ElementBits; }
  OVLSGraphNode *addNode(OVLSGraphNode::NodeKind Kind, uint32_t NumBits,
                         int32_t Index = -1);
  size_t size() const { return Nodes.size(); }
  OVLSGraphNode *getNode(size_t I) const { return Nodes[I].get(); }
  /// The nodes in creation order (not topological).
  llvm::SmallVector<OVLSGraphNode *, 16> nodes() const;
  size_t count(OVLSGraphNode::NodeKind Kind) const;

  /// Checks that every node's destination bits are each defined by exactly
  /// one edge (a source range or a gap), that edge sizes match and stay in
  /// their source, that ranges are element-aligned, that leaves have no
  /// incoming edges and that the graph is acyclic; with RequireTwoSources,
  /// also that no node has more than two sources. On failure, says why.
  bool verify(OVLSReason *Why = nullptr, bool RequireTwoSources = false) const;

  /// Replaces every node with more than two sources by a tree of nodes with
  /// at most two: the sources are halved (in order of first use), each half
  /// with two or more sources becomes a new intermediate node that packs its
  /// ranges, and the original node takes those ranges from the new nodes.
  /// Returns the number of nodes added.
  unsigned split();

  /// Estimated cost of computing one node from its sources (0 for leaves).
  using NodeCostFn = llvm::function_ref<int64_t(const OVLSGraphNode &)>;

  /// Repeatedly fuses intermediate nodes pairwise: a pair qualifies if the
  /// two together use at most two sources, fit in MaxBits and have no path
  /// between them. Each round prices every qualifying pair, and every batch
  /// of disjoint pairs that feed the same users (the same step of the
  /// parallel trees of several results), by the cost of the fused nodes and
  /// of the users rewired to read them, and applies the option that saves
  /// most, until none saves anything. Returns the number of fusions.
  unsigned merge(NodeCostFn Cost, uint32_t MaxBits);

  /// Two-source shuffles need operands of one width. When the narrower
  /// source of a node is an intermediate node, that node is made as wide as
  /// the other source (undefined bits on top), so that the shuffle computing
  /// it also does the widening, instead of a separate one. Returns the
  /// number of nodes widened.
  unsigned balanceOperandWidths();

  /// Sources before users. Precondition: acyclic.
  llvm::SmallVector<OVLSGraphNode *, 16> topologicalOrder() const;

  /// Textual dump: each node with one line per incoming edge.
  void print(llvm::raw_ostream &OS) const;
  /// Graphviz dot; edges labelled "source bits -> destination bits".
  void printDot(llvm::raw_ostream &OS, llvm::StringRef Name = "OVLS") const;

private:
  void splitNode(OVLSGraphNode *N, llvm::SmallVectorImpl<OVLSGraphNode *> &New);
  void eraseNode(const OVLSGraphNode *N);
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSSHUFFLEGRAPH_H
