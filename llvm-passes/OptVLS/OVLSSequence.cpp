//===- OVLSSequence.cpp - Optimized sequence for one group ----------------===//
//
// Group checks, the per-layout pipeline (initial graph, split, merge, verify,
// emit) and the profitability decision. See OVLSSequence.h.
//
//===----------------------------------------------------------------------===//

#include "OVLSSequence.h"
#include "OVLSMemoryLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <string>

#define DEBUG_TYPE "ovls"

namespace t2s {

namespace {

bool fail(OVLSReason *Why, OVLSReasonKind Kind, std::string Message) {
  if (Why)
    *Why = OVLSReason(Kind, std::move(Message));
  return false;
}

/// The rules getSequence relies on, whether or not the group came from
/// getGroups().
bool checkGroup(const OVLSGroup &Group, OVLSReason *Why) {
  if (Group.empty())
    return fail(Why, OVLSReasonKind::EmptyGroup, "the group has no memref");
  const OVLSMemref *Leader = Group.getLeader();
  OVLSType Ty = Leader->getType();
  if (!Ty.isSupported())
    return fail(Why, OVLSReasonKind::UnsupportedType,
                "type " + Ty.str() +
                    " is not supported: elements must be 8 to 64 bits");
  int64_t ElemBytes = Ty.getElementBytes();
  for (size_t I = 0; I < Group.size(); ++I) {
    const OVLSMemref *M = Group.getMember(I);
    if (M->getAccessType() != Leader->getAccessType())
      return fail(Why, OVLSReasonKind::InconsistentGroup,
                  "the group mixes " + M->getAccessType().str().str() +
                      " and " + Leader->getAccessType().str().str());
    if (M->getType().getElementBits() != Ty.getElementBits())
      return fail(Why, OVLSReasonKind::DifferentElementSize,
                  "the group mixes element sizes " + M->getType().str() +
                      " and " + Ty.str());
    if (M->getNumElements() != Ty.getNumElements())
      return fail(Why, OVLSReasonKind::DifferentNumElements,
                  "the group mixes " + std::to_string(M->getNumElements()) +
                      " and " + std::to_string(Ty.getNumElements()) + " lanes");
    if (Group.getOffset(I) % ElemBytes)
      return fail(Why, OVLSReasonKind::DistanceNotElementMultiple,
                  "distance " + std::to_string(Group.getOffset(I)) +
                      " bytes is not a multiple of the element size " +
                      std::to_string(ElemBytes));
    if (!M->hasActiveLane())
      return fail(Why, OVLSReasonKind::NoActiveLane,
                  "a memref of the group has every lane masked off");
    if (I > 0 && Leader->isStore() &&
        Group.getOffset(I) - Group.getOffset(I - 1) < ElemBytes)
      return fail(Why, OVLSReasonKind::OverlappingStores,
                  "two scatters of the group write the same bytes");
  }
  if (Group.getSpanBytes() > int64_t(Group.getVectorLengthBytes()))
    return fail(Why, OVLSReasonKind::ExceedsVectorLength,
                "the group spans " + std::to_string(Group.getSpanBytes()) +
                    " bytes, more than the vector length " +
                    std::to_string(Group.getVectorLengthBytes()));
  return true;
}

/// How a node with one or two sources becomes one shufflevector.
struct ShufflePlan {
  /// The node is its only source, bit for bit (gaps aside): no instruction.
  bool IsCopy = false;
  const OVLSGraphNode *Src1 = nullptr;
  const OVLSGraphNode *Src2 = nullptr;
  /// Elements per operand; the narrower source is widened to it.
  uint32_t Width = 0;
  llvm::SmallVector<int, 16> Mask;
};

ShufflePlan planShuffle(const OVLSGraphNode &N, uint32_t EB) {
  ShufflePlan P;
  llvm::SmallVector<OVLSGraphNode *, 4> Sources = N.getSources();
  assert(!Sources.empty() && Sources.size() <= 2 && "split the graph first");
  P.Src1 = Sources[0];
  P.Src2 = Sources.size() > 1 ? Sources[1] : nullptr;
  uint32_t N1 = P.Src1->getNumBits() / EB;
  uint32_t N2 = P.Src2 ? P.Src2->getNumBits() / EB : 0;
  P.Width = std::max(N1, N2);
  if (!P.Src2 && P.Src1->getNumBits() == N.getNumBits() &&
      llvm::all_of(N.edges(), [](const OVLSEdge &E) {
        return !E.Src || E.SrcBits == E.DstBits;
      })) {
    P.IsCopy = true;
    return P;
  }
  P.Mask.assign(N.getNumBits() / EB, -1);
  for (const OVLSEdge &E : N.edges()) {
    if (!E.Src)
      continue;
    int Base = E.Src == P.Src2 ? int(P.Width) : 0;
    for (uint32_t K = 0; K < E.DstBits.NumBits / EB; ++K)
      P.Mask[E.DstBits.BIndex / EB + K] = Base + int(E.SrcBits.BIndex / EB + K);
  }
  return P;
}

/// Mask of a single-source shuffle that pads an N-element vector to Width.
llvm::SmallVector<int, 16> widenMask(uint32_t N, uint32_t Width) {
  llvm::SmallVector<int, 16> Mask(Width, -1);
  for (uint32_t I = 0; I < N; ++I)
    Mask[I] = int(I);
  return Mask;
}

/// Turns a verified, split graph into instructions and adds up their cost.
class SequenceBuilder {
  const OVLSGroup &Group;
  const OVLSMemoryLayout &Layout;
  const OVLSShuffleGraph &Graph;
  const OVLSCostModel &CostModel;
  OVLSSequence &Seq;
  uint32_t EB;
  llvm::DenseMap<const OVLSGraphNode *, const OVLSInstruction *> Values;
  /// Widened copies, so several users of one narrow value share them.
  std::map<std::pair<const OVLSInstruction *, uint32_t>,
           const OVLSInstruction *>
      Widened;
  int64_t MemoryCost = 0, ShuffleCost = 0;

public:
  SequenceBuilder(const OVLSGroup &Group, const OVLSMemoryLayout &Layout,
                  const OVLSShuffleGraph &Graph,
                  const OVLSCostModel &CostModel, OVLSSequence &Seq)
      : Group(Group), Layout(Layout), Graph(Graph), CostModel(CostModel),
        Seq(Seq), EB(Graph.getElementBits()) {}

  int64_t getMemoryCost() const { return MemoryCost; }
  int64_t getShuffleCost() const { return ShuffleCost; }

  bool run(OVLSReason *Why) {
    llvm::SmallVector<OVLSGraphNode *, 16> Order = Graph.topologicalOrder();
    llvm::SmallVector<OVLSGraphNode *, 16> Leaves, Stores;
    for (OVLSGraphNode *N : Order) {
      if (N->isLeaf())
        Leaves.push_back(N);
      if (N->getKind() == OVLSGraphNode::StoreValue)
        Stores.push_back(N);
    }
    auto ByIndex = [](const OVLSGraphNode *A, const OVLSGraphNode *B) {
      return A->getIndex() < B->getIndex();
    };
    llvm::stable_sort(Leaves, ByIndex);
    llvm::stable_sort(Stores, ByIndex);

    for (OVLSGraphNode *N : Leaves)
      Values[N] = emitLeaf(*N);
    for (OVLSGraphNode *N : Order) {
      if (N->isLeaf())
        continue;
      if (N->getNumSources() == 0)
        return fail(Why, OVLSReasonKind::InvalidGraph,
                    "a node of the graph has no defined bit");
      Values[N] = emitShuffle(*N);
    }
    for (OVLSGraphNode *N : Order)
      if (N->getKind() == OVLSGraphNode::Result)
        Seq.setResult(Group.getMember(N->getIndex()), Values[N]);
    for (OVLSGraphNode *N : Stores) {
      const OVLSBlock &B = Layout.Blocks[N->getIndex()];
      MemoryCost += CostModel.getContiguousMemOpCost(false, Layout.BlockType, B.Mask);
      Seq.append(std::make_unique<OVLSStore>(Seq.getNextId(), Values[N],
                                             addressOf(B), B.Mask));
    }
    return true;
  }

private:
  OVLSAddress addressOf(const OVLSBlock &B) const {
    return {Group.getLeader(), B.Lane, B.ByteOffset};
  }

  const OVLSInstruction *emitLeaf(const OVLSGraphNode &N) {
    if (N.getKind() == OVLSGraphNode::Input)
      return Seq.append(std::make_unique<OVLSScatterValue>(
          Seq.getNextId(), Group.getMember(N.getIndex())));
    const OVLSBlock &B = Layout.Blocks[N.getIndex()];
    MemoryCost += CostModel.getContiguousMemOpCost(true, Layout.BlockType, B.Mask);
    return Seq.append(std::make_unique<OVLSLoad>(
        Seq.getNextId(), Layout.BlockType, addressOf(B), B.Mask));
  }

  const OVLSInstruction *widen(const OVLSInstruction *V, uint32_t Width) {
    uint32_t N = V->getType().getNumElements();
    if (N == Width)
      return V;
    auto Key = std::make_pair(V, Width);
    if (const OVLSInstruction *Done = Widened[Key])
      return Done;
    llvm::SmallVector<int, 16> Mask = widenMask(N, Width);
    ShuffleCost += CostModel.getShuffleCost(V->getType(), Mask);
    const OVLSInstruction *W = Seq.append(
        std::make_unique<OVLSShuffle>(Seq.getNextId(), V, nullptr, Mask));
    Widened[Key] = W;
    return W;
  }

  const OVLSInstruction *emitShuffle(const OVLSGraphNode &N) {
    ShufflePlan P = planShuffle(N, EB);
    const OVLSInstruction *Op1 = Values.lookup(P.Src1);
    if (P.IsCopy)
      return Op1;
    const OVLSInstruction *Op2 = P.Src2 ? Values.lookup(P.Src2) : nullptr;
    if (Op2) {
      Op1 = widen(Op1, P.Width);
      Op2 = widen(Op2, P.Width);
    }
    ShuffleCost += CostModel.getShuffleCost(Op1->getType(), P.Mask);
    return Seq.append(
        std::make_unique<OVLSShuffle>(Seq.getNextId(), Op1, Op2, P.Mask));
  }
};

} // namespace

int64_t getNodeCost(const OVLSGraphNode &N, uint32_t ElementBits,
                    const OVLSCostModel &CostModel) {
  size_t NumSources = N.getNumSources();
  if (N.isLeaf() || NumSources == 0 || NumSources > 2)
    return 0;
  ShufflePlan P = planShuffle(N, ElementBits);
  if (P.IsCopy)
    return 0;
  int64_t Cost =
      CostModel.getShuffleCost(OVLSType(P.Width, ElementBits), P.Mask);
  if (P.Src2) {
    // An intermediate source is widened for free by balanceOperandWidths().
    for (const OVLSGraphNode *S : {P.Src1, P.Src2}) {
      uint32_t N = S->getNumBits() / ElementBits;
      if (N < P.Width && !S->isIntermediate())
        Cost += CostModel.getShuffleCost(OVLSType(N, ElementBits),
                                         widenMask(N, P.Width));
    }
  }
  return Cost;
}

bool getSequence(const OVLSGroup &Group, const OVLSCostModel &CostModel,
                 OVLSSequence &Seq, OVLSReason *Why,
                 const OVLSSequenceOptions &Options) {
  Seq.clear();
  if (!checkGroup(Group, Why))
    return false;

  // Per lane first: on equal cost its narrower, unmasked accesses win.
  llvm::SmallVector<OVLSMemoryLayout, 2> Layouts;
  bool LanesOverlap = false;
  if (Options.AllowPerLane) {
    // Every member's lanes must be disjoint, not only the leader's: a
    // client may know that of some members only.
    if (Group.isLoadGroup() ||
        llvm::all_of(Group.getMembers(), [&](const OVLSMemref *M) {
          return M->hasDisjointLaneChunks(Group.getSpanBytes());
        }))
      Layouts.push_back(computePerLaneLayout(Group));
    else
      LanesOverlap = true;
  }
  OVLSMemoryLayout Strided;
  if (Options.AllowStrided && computeStridedLayout(Group, Strided))
    Layouts.push_back(std::move(Strided));
  if (Layouts.empty()) {
    if (LanesOverlap)
      return fail(Why, OVLSReasonKind::LanesMayOverlap,
                  "lanes of the scatters may write the same bytes (no "
                  "constant stride of at least " +
                      std::to_string(Group.getSpanBytes()) +
                      " bytes, and the client cannot show the lanes "
                      "disjoint)");
    return fail(Why, OVLSReasonKind::InconsistentGroup,
                "no memory layout is allowed for this group");
  }

  uint32_t EB = Group.getLeader()->getType().getElementBits();
  auto NodeCost = [&](const OVLSGraphNode &N) {
    return getNodeCost(N, EB, CostModel);
  };
  int64_t OriginalCost = 0;
  for (const OVLSMemref *M : Group.getMembers())
    OriginalCost += CostModel.getGatherScatterCost(*M);

  OVLSSequence Best;
  bool HaveBest = false;
  for (const OVLSMemoryLayout &Layout : Layouts) {
    std::unique_ptr<OVLSShuffleGraph> Graph = buildInitialGraph(Group, Layout);
    LLVM_DEBUG({
      llvm::dbgs() << "OVLS: "
                   << (Layout.Kind == OVLSMemoryLayout::Strided ? "strided"
                                                                : "per-lane")
                   << " layout of ";
      Group.print(llvm::dbgs());
      llvm::dbgs() << "\nInitial graph:\n";
      Graph->print(llvm::dbgs());
    });
    if (!Graph->verify(Why))
      return false;
    [[maybe_unused]] unsigned Added = Graph->split();
    [[maybe_unused]] unsigned Fused = 0;
    if (Options.MergeNodes)
      Fused = Graph->merge(NodeCost, Group.getVectorLengthBytes() * 8);
    Graph->balanceOperandWidths();
    LLVM_DEBUG({
      llvm::dbgs() << "After split (+" << Added << " nodes) and merge ("
                   << Fused << " fusions):\n";
      Graph->print(llvm::dbgs());
    });
    if (!Graph->verify(Why, /*RequireTwoSources=*/true))
      return false;
    OVLSSequence Candidate;
    SequenceBuilder Builder(Group, Layout, *Graph, CostModel, Candidate);
    if (!Builder.run(Why))
      return false;
    Candidate.setCosts(Builder.getMemoryCost() + Builder.getShuffleCost(),
                       OriginalCost);
    Candidate.setCostParts(Builder.getMemoryCost(), Builder.getShuffleCost());
    LLVM_DEBUG(llvm::dbgs() << "Sequence:\n" << Candidate.str());
    Candidate.setGraph(std::move(Graph));
    if (!HaveBest || Candidate.getCost() < Best.getCost()) {
      Best = std::move(Candidate);
      HaveBest = true;
    }
  }

  if (Options.RequireProfit && Best.getCost() >= OriginalCost) {
    Seq.setCosts(Best.getCost(), OriginalCost);
    Seq.setCostParts(Best.getMemoryCost(), Best.getShuffleCost());
    const char *What = Group.isLoadGroup() ? "gathers" : "scatters";
    return fail(Why, OVLSReasonKind::NotProfitable,
                std::string("not profitable: ") + What + " cost " +
                    std::to_string(OriginalCost) + ", sequence costs " +
                    std::to_string(Best.getCost()));
  }
  Seq = std::move(Best);
  return true;
}

} // namespace t2s
