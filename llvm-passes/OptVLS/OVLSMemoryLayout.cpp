//===- OVLSMemoryLayout.cpp - Which contiguous blocks a group uses --------===//
//
// Computes per-lane and strided block layouts of a group and draws the
// initial shuffle graph from a layout.
//
//===----------------------------------------------------------------------===//

#include "OVLSMemoryLayout.h"

#include "llvm/ADT/DenseMap.h"

#include <map>

namespace t2s {

namespace {

/// True if some member of \p Group is active in \p Lane.
bool isLaneUsed(const OVLSGroup &Group, uint32_t Lane) {
  for (const OVLSMemref *M : Group.getMembers())
    if (M->isLaneActive(Lane))
      return true;
  return false;
}

void initSlots(const OVLSGroup &Group, OVLSMemoryLayout &Layout) {
  uint32_t Lanes = Group.getLeader()->getNumElements();
  Layout.Slots.assign(Group.size(), llvm::SmallVector<OVLSSlot, 16>(Lanes));
}

} // namespace

OVLSMemoryLayout computePerLaneLayout(const OVLSGroup &Group) {
  OVLSMemoryLayout Layout;
  Layout.Kind = OVLSMemoryLayout::PerLane;
  const OVLSMemref *Leader = Group.getLeader();
  uint32_t ElemBytes = Leader->getElementBytes();
  uint32_t Chunk = uint32_t(Group.getSpanBytes() / ElemBytes);
  Layout.BlockType = OVLSType(Chunk, Leader->getType().getElementBits());
  initSlots(Group, Layout);

  bool IsLoad = Group.isLoadGroup();
  for (uint32_t Lane = 0; Lane < Leader->getNumElements(); ++Lane) {
    if (!isLaneUsed(Group, Lane))
      continue;
    OVLSBlock Block;
    Block.Lane = Lane;
    Block.ByteOffset = 0;
    // A load may read the gaps between members (they lie inside the
    // chunk the lane touches anyway); a store must leave them alone.
    Block.Mask.assign(Chunk, IsLoad);
    int32_t BlockIdx = int32_t(Layout.Blocks.size());
    for (size_t F = 0; F < Group.size(); ++F) {
      if (!Group.getMember(F)->isLaneActive(Lane))
        continue;
      uint32_t Elem = uint32_t(Group.getOffset(F) / ElemBytes);
      Layout.Slots[F][Lane] = {BlockIdx, Elem};
      Block.Mask[Elem] = true;
    }
    Layout.Blocks.push_back(std::move(Block));
  }
  return Layout;
}

bool computeStridedLayout(const OVLSGroup &Group, OVLSMemoryLayout &Layout) {
  const OVLSMemref *Leader = Group.getLeader();
  int64_t Stride = 0;
  if (!Leader->hasAConstStride(&Stride))
    return false;
  for (const OVLSMemref *M : Group.getMembers()) {
    int64_t Other = 0;
    if (!M->hasAConstStride(&Other) || Other != Stride)
      return false;
  }
  int64_t ElemBytes = Leader->getElementBytes();
  int64_t Span = Group.getSpanBytes();
  if (Stride < 0 || Stride % ElemBytes)
    return false;
  // Two lanes writing the same byte would need the scatters' write order.
  if (!Group.isLoadGroup() && Stride < Span)
    return false;
  int64_t BlockElems = Group.getVectorLengthBytes() / ElemBytes;
  if (BlockElems < 1 || BlockElems * ElemBytes < Span)
    return false;

  Layout = OVLSMemoryLayout();
  Layout.Kind = OVLSMemoryLayout::Strided;
  Layout.BlockType =
      OVLSType(uint32_t(BlockElems), Leader->getType().getElementBits());
  initSlots(Group, Layout);

  // Blocks are numbered by their position in memory; only used ones are
  // created, in increasing address order.
  std::map<int64_t, llvm::SmallVector<bool, 16>> Used;
  auto Touch = [&](int64_t ElemPos) {
    auto &Mask = Used[ElemPos / BlockElems];
    if (Mask.empty())
      Mask.assign(BlockElems, false);
    Mask[ElemPos % BlockElems] = true;
  };
  bool IsLoad = Group.isLoadGroup();
  uint32_t Lanes = Leader->getNumElements();
  int64_t ChunkElems = Span / ElemBytes;
  for (uint32_t Lane = 0; Lane < Lanes; ++Lane) {
    int64_t LaneStart = Lane * Stride / ElemBytes;
    if (IsLoad && isLaneUsed(Group, Lane))
      for (int64_t E = 0; E < ChunkElems; ++E)
        Touch(LaneStart + E);
    for (size_t F = 0; F < Group.size(); ++F)
      if (Group.getMember(F)->isLaneActive(Lane))
        Touch(LaneStart + Group.getOffset(F) / ElemBytes);
  }
  llvm::DenseMap<int64_t, int32_t> BlockIndex;
  for (auto &[Pos, Mask] : Used) {
    BlockIndex[Pos] = int32_t(Layout.Blocks.size());
    OVLSBlock Block;
    Block.Lane = 0;
    Block.ByteOffset = Pos * BlockElems * ElemBytes;
    Block.Mask = Mask;
    Layout.Blocks.push_back(std::move(Block));
  }
  for (uint32_t Lane = 0; Lane < Lanes; ++Lane) {
    for (size_t F = 0; F < Group.size(); ++F) {
      if (!Group.getMember(F)->isLaneActive(Lane))
        continue;
      int64_t Pos = (Lane * Stride + Group.getOffset(F)) / ElemBytes;
      Layout.Slots[F][Lane] = {BlockIndex.lookup(Pos / BlockElems),
                               uint32_t(Pos % BlockElems)};
    }
  }
  return true;
}

std::unique_ptr<OVLSShuffleGraph>
buildInitialGraph(const OVLSGroup &Group, const OVLSMemoryLayout &Layout) {
  uint32_t EB = Group.getLeader()->getType().getElementBits();
  uint32_t Lanes = Group.getLeader()->getNumElements();
  uint32_t BlockBits = uint32_t(Layout.BlockType.getSizeInBits());
  auto G = std::make_unique<OVLSShuffleGraph>(EB);

  if (Group.isLoadGroup()) {
    llvm::SmallVector<OVLSGraphNode *, 16> Blocks;
    for (size_t B = 0; B < Layout.Blocks.size(); ++B)
      Blocks.push_back(G->addNode(OVLSGraphNode::Load, BlockBits, int32_t(B)));
    for (size_t F = 0; F < Group.size(); ++F) {
      OVLSGraphNode *R = G->addNode(OVLSGraphNode::Result, Lanes * EB, int32_t(F));
      for (uint32_t Lane = 0; Lane < Lanes; ++Lane) {
        const OVLSSlot &S = Layout.Slots[F][Lane];
        OVLSBitRange Dst{Lane * EB, EB};
        if (S.Block < 0)
          R->addGap(Dst);
        else
          R->addEdge(Blocks[S.Block], {S.Element * EB, EB}, Dst);
      }
    }
    return G;
  }

  llvm::SmallVector<OVLSGraphNode *, 4> Inputs;
  for (size_t F = 0; F < Group.size(); ++F)
    Inputs.push_back(G->addNode(OVLSGraphNode::Input, Lanes * EB, int32_t(F)));
  // Inverse of the slots: which (member, lane) each block element holds.
  using Origin = std::pair<int32_t, uint32_t>;
  llvm::SmallVector<llvm::SmallVector<Origin, 16>, 16> Holds(
      Layout.Blocks.size(),
      llvm::SmallVector<Origin, 16>(Layout.BlockType.getNumElements(),
                                    Origin{-1, 0}));
  for (size_t F = 0; F < Group.size(); ++F)
    for (uint32_t Lane = 0; Lane < Lanes; ++Lane) {
      const OVLSSlot &S = Layout.Slots[F][Lane];
      if (S.Block >= 0)
        Holds[S.Block][S.Element] = {int32_t(F), Lane};
    }
  for (size_t B = 0; B < Layout.Blocks.size(); ++B) {
    OVLSGraphNode *N =
        G->addNode(OVLSGraphNode::StoreValue, BlockBits, int32_t(B));
    for (uint32_t E = 0; E < Layout.BlockType.getNumElements(); ++E) {
      auto [F, Lane] = Holds[B][E];
      OVLSBitRange Dst{E * EB, EB};
      if (F < 0)
        N->addGap(Dst);
      else
        N->addEdge(Inputs[F], {Lane * EB, EB}, Dst);
    }
  }
  return G;
}

} // namespace t2s
