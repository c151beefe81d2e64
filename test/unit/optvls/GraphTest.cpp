//===- GraphTest.cpp - The shuffle graph: split, merge, verify ------------===//
//
// Graphs are built by hand. Split and merge must not change what any final
// node holds: every final bit is traced back to the leaf bit it comes from,
// before and after.
//
//===----------------------------------------------------------------------===//

#include "OVLSSequence.h"
#include "OVLSShuffleGraph.h"
#include "TestSupport.h"

#include "gtest/gtest.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace t2s {
namespace {

using ovlstest::TestCostModel;
using Node = OVLSGraphNode;

/// For each final node (by kind and index) and each of its elements: the
/// (leaf kind/index, bit) it holds, or (-1, 0) for undefined.
using Meaning = std::map<std::pair<int, int>, std::vector<std::pair<int, uint32_t>>>;

std::pair<int, uint32_t> traceBit(const Node *N, uint32_t Bit) {
  while (!N->isLeaf()) {
    const OVLSEdge *Found = nullptr;
    for (const OVLSEdge &E : N->edges())
      if (Bit >= E.DstBits.BIndex && Bit < E.DstBits.end())
        Found = &E;
    if (!Found || !Found->Src)
      return {-1, 0};
    Bit = Found->SrcBits.BIndex + (Bit - Found->DstBits.BIndex);
    N = Found->Src;
  }
  return {N->getKind() * 100 + N->getIndex(), Bit};
}

Meaning meaningOf(const OVLSShuffleGraph &G) {
  Meaning M;
  for (Node *N : G.nodes())
    if (N->isFinal())
      for (uint32_t B = 0; B < N->getNumBits(); B += G.getElementBits())
        M[{N->getKind(), N->getIndex()}].push_back(traceBit(N, B));
  return M;
}

/// Loads of Lanes x <Fields x 64> and one result per field taking element
/// F of every load, as the seed's p/q example with VF = Lanes.
OVLSShuffleGraph gatherGraph(uint32_t Fields, uint32_t Lanes) {
  OVLSShuffleGraph G(64);
  std::vector<Node *> Loads;
  for (uint32_t L = 0; L < Lanes; ++L)
    Loads.push_back(G.addNode(Node::Load, Fields * 64, L));
  for (uint32_t F = 0; F < Fields; ++F) {
    Node *R = G.addNode(Node::Result, Lanes * 64, F);
    for (uint32_t L = 0; L < Lanes; ++L)
      R->addEdge(Loads[L], {F * 64, 64}, {L * 64, 64});
  }
  return G;
}

TEST(GraphTest, InitialSeedGraphVerifies) {
  OVLSShuffleGraph G = gatherGraph(2, 2);
  OVLSReason Why;
  EXPECT_TRUE(G.verify(&Why, /*RequireTwoSources=*/true)) << Why.getMessage();
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  G.print(OS);
  EXPECT_EQ(Text, "V0 (load 0), 128 bits\n"
                  "V1 (load 1), 128 bits\n"
                  "V2 (result 0), 128 bits\n"
                  "  [0:63] = V0[0:63]\n"
                  "  [64:127] = V1[0:63]\n"
                  "V3 (result 1), 128 bits\n"
                  "  [0:63] = V0[64:127]\n"
                  "  [64:127] = V1[64:127]\n");
}

// The seed's split figure: four loads feed each result; splitting adds two
// two-source nodes per result, each packing two 64-bit elements.
TEST(GraphTest, SplitSeedVF4) {
  OVLSShuffleGraph G = gatherGraph(2, 4);
  Meaning Before = meaningOf(G);
  EXPECT_FALSE(G.verify(nullptr, /*RequireTwoSources=*/true));
  EXPECT_EQ(G.split(), 4u);
  OVLSReason Why;
  ASSERT_TRUE(G.verify(&Why, true)) << Why.getMessage();
  EXPECT_EQ(meaningOf(G), Before);
  EXPECT_EQ(G.count(Node::Shuffle), 4u);
  for (Node *N : G.nodes()) {
    if (N->isIntermediate()) {
      EXPECT_EQ(N->getNumBits(), 128u);
      EXPECT_EQ(N->getNumSources(), 2u);
    }
    if (N->isFinal()) {
      ASSERT_EQ(N->edges().size(), 2u);
      EXPECT_EQ(N->edges()[0].SrcBits, (OVLSBitRange{0, 128}));
      EXPECT_EQ(N->edges()[0].DstBits, (OVLSBitRange{0, 128}));
      EXPECT_EQ(N->edges()[1].DstBits, (OVLSBitRange{128, 128}));
    }
  }
}

TEST(GraphTest, SplitThreeSourcesKeepsOneDirect) {
  OVLSShuffleGraph G = gatherGraph(1, 3);
  Meaning Before = meaningOf(G);
  EXPECT_EQ(G.split(), 1u);
  ASSERT_TRUE(G.verify(nullptr, true));
  EXPECT_EQ(meaningOf(G), Before);
}

TEST(GraphTest, SplitSixteenSourcesIsATree) {
  OVLSShuffleGraph G = gatherGraph(3, 16);
  Meaning Before = meaningOf(G);
  // A binary tree over 16 leaves has 15 inner nodes; the root is the result.
  EXPECT_EQ(G.split(), 3u * 14);
  OVLSReason Why;
  ASSERT_TRUE(G.verify(&Why, true)) << Why.getMessage();
  EXPECT_EQ(meaningOf(G), Before);
}

TEST(GraphTest, SplitKeepsGaps) {
  OVLSShuffleGraph G(32);
  std::vector<Node *> Loads;
  for (int L = 0; L < 4; ++L)
    Loads.push_back(G.addNode(Node::Load, 64, L));
  Node *R = G.addNode(Node::Result, 5 * 32, 0);
  R->addEdge(Loads[3], {32, 32}, {0, 32});
  R->addGap({32, 32});
  R->addEdge(Loads[1], {0, 32}, {64, 32});
  R->addEdge(Loads[0], {0, 32}, {96, 32});
  R->addEdge(Loads[2], {32, 32}, {128, 32});
  Meaning Before = meaningOf(G);
  G.split();
  ASSERT_TRUE(G.verify(nullptr, true));
  EXPECT_EQ(meaningOf(G), Before);
  EXPECT_TRUE(R->hasGap());
}

// After splitting, the per-result trees are parallel: merging fuses the
// nodes of different results that read the same loads.
TEST(GraphTest, MergeParallelTrees) {
  TestCostModel CM;
  auto Cost = [&CM](const Node &N) { return getNodeCost(N, 64, CM); };
  auto TotalCost = [&](const OVLSShuffleGraph &G) {
    int64_t C = 0;
    for (Node *N : G.nodes())
      C += Cost(*N);
    return C;
  };

  OVLSShuffleGraph G = gatherGraph(2, 8);
  Meaning Before = meaningOf(G);
  G.split();
  int64_t SplitCost = TotalCost(G);
  EXPECT_EQ(SplitCost, 2 * 7);
  // 4 pairs at the first level, then 2 at the second, each fused in a batch.
  EXPECT_EQ(G.merge(Cost, 512), 6u);
  OVLSReason Why;
  ASSERT_TRUE(G.verify(&Why, true)) << Why.getMessage();
  EXPECT_EQ(meaningOf(G), Before);
  EXPECT_EQ(G.count(Node::Shuffle), 6u);
  EXPECT_EQ(TotalCost(G), 8);
}

TEST(GraphTest, MergeRespectsMaxBits) {
  TestCostModel CM;
  auto Cost = [&CM](const Node &N) { return getNodeCost(N, 64, CM); };
  OVLSShuffleGraph G = gatherGraph(2, 4);
  G.split();
  // Each intermediate node is 128 bits; fusing two needs 256.
  EXPECT_EQ(G.merge(Cost, 128), 0u);
  EXPECT_EQ(G.count(Node::Shuffle), 4u);
}

TEST(GraphTest, MergeFollowsTheCostModel) {
  // A cost model for which wide shuffles are much dearer than narrow ones.
  struct WideIsDear : TestCostModel {
    int64_t getShuffleCost(OVLSType, llvm::ArrayRef<int> Mask) const override {
      return Mask.size() > 2 ? 10 : 1;
    }
  } CM;
  auto Cost = [&CM](const Node &N) { return getNodeCost(N, 64, CM); };
  OVLSShuffleGraph G = gatherGraph(2, 4);
  G.split();
  EXPECT_EQ(G.merge(Cost, 512), 0u);
}

TEST(GraphTest, MergeNeverCreatesACycle) {
  // A swaps the halves of L0; B reads A and L0. Together they use two
  // sources (L0 and A) and fit, but fusing them would make the fused node
  // read itself.
  OVLSShuffleGraph G(32);
  Node *L0 = G.addNode(Node::Load, 64, 0);
  Node *A = G.addNode(Node::Shuffle, 64);
  A->addEdge(L0, {32, 32}, {0, 32});
  A->addEdge(L0, {0, 32}, {32, 32});
  Node *B = G.addNode(Node::Shuffle, 64);
  B->addEdge(A, {0, 32}, {0, 32});
  B->addEdge(L0, {32, 32}, {32, 32});
  Node *R = G.addNode(Node::Result, 128, 0);
  R->addEdge(A, {0, 64}, {0, 64});
  R->addEdge(B, {0, 64}, {64, 64});
  // Any fusion looks like a large saving to this cost function.
  auto AlwaysFuse = [](const Node &N) -> int64_t {
    return N.isIntermediate() ? 100 - int64_t(N.getNumBits()) : 0;
  };
  EXPECT_EQ(G.merge(AlwaysFuse, 1024), 0u);
  EXPECT_TRUE(G.verify(nullptr, true));

  // The same two nodes, unrelated, do get fused.
  OVLSShuffleGraph H(32);
  Node *M0 = H.addNode(Node::Load, 64, 0);
  Node *C = H.addNode(Node::Shuffle, 64);
  C->addEdge(M0, {32, 32}, {0, 32});
  C->addEdge(M0, {0, 32}, {32, 32});
  Node *D = H.addNode(Node::Shuffle, 64);
  D->addEdge(M0, {32, 32}, {0, 32});
  D->addEdge(M0, {32, 32}, {32, 32});
  Node *S = H.addNode(Node::Result, 128, 0);
  S->addEdge(C, {0, 64}, {0, 64});
  S->addEdge(D, {0, 64}, {64, 64});
  Meaning Before = meaningOf(H);
  EXPECT_EQ(H.merge(AlwaysFuse, 1024), 1u);
  EXPECT_TRUE(H.verify(nullptr, true));
  EXPECT_EQ(meaningOf(H), Before);
}

TEST(GraphTest, BalanceWidthsPadsIntermediates) {
  OVLSShuffleGraph G(32);
  Node *L0 = G.addNode(Node::Load, 128, 0);
  Node *L1 = G.addNode(Node::Load, 128, 1);
  Node *T = G.addNode(Node::Shuffle, 64);
  T->addEdge(L0, {0, 32}, {0, 32});
  T->addEdge(L1, {0, 32}, {32, 32});
  Node *R = G.addNode(Node::Result, 128, 0);
  R->addEdge(T, {0, 64}, {0, 64});
  R->addEdge(L1, {64, 64}, {64, 64});
  Meaning Before = meaningOf(G);
  EXPECT_EQ(G.balanceOperandWidths(), 1u);
  EXPECT_EQ(T->getNumBits(), 128u);
  EXPECT_TRUE(T->hasGap());
  ASSERT_TRUE(G.verify(nullptr, true));
  EXPECT_EQ(meaningOf(G), Before);
}

// Broken graphs, one defect each.
TEST(GraphTest, VerifyRejectsBrokenGraphs) {
  auto Reject = [](OVLSShuffleGraph &G, const std::string &Expected,
                   bool TwoSources = false) {
    OVLSReason Why;
    EXPECT_FALSE(G.verify(&Why, TwoSources));
    EXPECT_EQ(Why.getKind(), OVLSReasonKind::InvalidGraph);
    EXPECT_EQ(Why.getMessage(), Expected);
  };
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {0, 64}, {0, 64});
    R->addEdge(L, {0, 32}, {32, 32}); // bits 32..63 defined twice
    Reject(G, "bit 32 of V1 (result 0) has more than one source");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 96, 0);
    R->addEdge(L, {0, 32}, {0, 32});
    R->addEdge(L, {32, 32}, {64, 32}); // nothing defines bits 32..63
    Reject(G, "bits 32..63 of V1 (result 0) have no source");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {0, 32}, {0, 32}); // the top half is missing
    Reject(G, "bits 32..63 of V1 (result 0) have no source");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {0, 32}, {0, 64}); // 32 bits into 64
    Reject(G, "V1 (result 0) has an edge moving 32 bits into 64");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {32, 64}, {0, 64});
    Reject(G, "V1 (result 0) reads past the end of V0 (load 0)");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *L2 = G.addNode(Node::Load, 64, 1);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {0, 16}, {0, 16});
    R->addEdge(L2, {16, 48}, {16, 48});
    Reject(G, "V2 (result 0) has an edge that is not element-aligned");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *R = G.addNode(Node::Result, 64, 0);
    R->addEdge(L, {0, 64}, {0, 64});
    L->addEdge(R, {0, 64}, {0, 64}); // a load computed from a result
    Reject(G, "V0 (load 0) is a leaf but has incoming edges");
  }
  {
    OVLSShuffleGraph G(32);
    Node *L = G.addNode(Node::Load, 64, 0);
    Node *A = G.addNode(Node::Shuffle, 64);
    Node *B = G.addNode(Node::Shuffle, 64);
    A->addEdge(B, {0, 32}, {0, 32});
    A->addEdge(L, {32, 32}, {32, 32});
    B->addEdge(A, {0, 32}, {0, 32});
    B->addEdge(L, {0, 32}, {32, 32});
    Reject(G, "the graph has a cycle through V1 (shuffle)");
  }
  {
    OVLSShuffleGraph G = gatherGraph(1, 3);
    Reject(G, "V3 (result 0) has 3 sources, more than a shuffle can take",
           /*TwoSources=*/true);
  }
  {
    OVLSShuffleGraph G(32);
    Node *R = G.addNode(Node::Result, 48, 0);
    R->addGap({0, 48});
    Reject(G, "V0 (result 0) has 48 bits, not a positive number of 32-bit "
              "elements");
  }
}

TEST(GraphTest, DotOutput) {
  OVLSShuffleGraph G(32);
  Node *L = G.addNode(Node::Load, 64, 0);
  Node *R = G.addNode(Node::Result, 96, 0);
  R->addEdge(L, {32, 32}, {0, 32});
  R->addGap({32, 32});
  R->addEdge(L, {0, 32}, {64, 32});
  std::string Dot;
  llvm::raw_string_ostream OS(Dot);
  G.printDot(OS, "g");
  EXPECT_EQ(Dot, "digraph \"g\" {\n"
                 "  V0 [label=\"V0 (load 0)\\n64 bits\", shape=box];\n"
                 "  V1 [label=\"V1 (result 0)\\n96 bits\", shape=doubleoctagon];\n"
                 "  undef [shape=point];\n"
                 "  V0 -> V1 [label=\"32:63 -> 0:31\"];\n"
                 "  undef -> V1 [label=\"32:63\"];\n"
                 "  V0 -> V1 [label=\"0:31 -> 64:95\"];\n"
                 "}\n");
}

} // namespace
} // namespace t2s
