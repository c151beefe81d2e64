//===- SequenceTest.cpp - getSequence on hand-made groups -----------------===//
//
// Each test builds a group, asks for its sequence, checks its shape (how
// many loads, shuffles, stores, which masks) and runs it on a memory image
// against the original gathers/scatters.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "llvm/Support/Casting.h"

#include "gtest/gtest.h"

#include <string>
#include <tuple>
#include <vector>

namespace t2s {
namespace {

using ovlstest::checkSequence;
using ovlstest::TestBase;
using ovlstest::TestCostModel;
using ovlstest::TestMemref;
using ovlstest::TestProgram;

/// Lane addresses far apart and out of order, as an index vector would give.
std::vector<int64_t> scatteredLanes(uint32_t NumLanes, int64_t Spacing) {
  std::vector<int64_t> Lanes;
  for (uint32_t I = 0; I < NumLanes; ++I)
    Lanes.push_back(int64_t((I * 5 + 3) % NumLanes) * Spacing + 16);
  return Lanes;
}

/// A group of the given memrefs, all from the same base.
OVLSGroup makeGroup(const std::vector<TestMemref *> &Members,
                    uint32_t VectorLengthBytes) {
  OVLSGroup G(VectorLengthBytes);
  for (TestMemref *M : Members)
    G.addMember(M, M->getOffset());
  return G;
}

bool maskIs(llvm::ArrayRef<bool> Mask, const std::string &Bits) {
  std::string S;
  for (bool B : Mask)
    S += B ? '1' : '0';
  return S == Bits;
}

// The seed's first example: p = x[j], q = x[j + 1], doubles, VF 2. Two loads
// of lane chunks, then <0, 2> and <1, 3>.
TEST(SequenceTest, SeedExampleTwoDoublesVF2) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed({0, 32}));
  TestMemref *Pm = P.add("p", B, 0, 8, true);
  TestMemref *Qm = P.add("q", B, 8, 8, true);
  OVLSGroup G = makeGroup({Pm, Qm}, 32);
  TestCostModel CM;
  OVLSSequence Seq;
  OVLSReason Why;
  ASSERT_TRUE(getSequence(G, CM, Seq, &Why)) << Why.getMessage();
  EXPECT_EQ(Seq.str(), "%0 = load <2 x 64>, [lane 0 of p + 0], mask 11\n"
                       "%1 = load <2 x 64>, [lane 1 of p + 0], mask 11\n"
                       "%2 = shuffle <2 x 64> %0, <2 x 64> %1, <0, 2>\n"
                       "%3 = shuffle <2 x 64> %0, <2 x 64> %1, <1, 3>\n"
                       "; result of p is %2\n"
                       "; result of q is %3\n"
                       "; cost 4 (original 8)\n");
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// The seed's split example: the same two fields with VF 4 need a shuffle
// tree; merging lets one shuffle serve both fields at the first level.
TEST(SequenceTest, SeedExampleTwoDoublesVF4Merges) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 64)));
  TestMemref *Pm = P.add("p", B, 0, 8, true);
  TestMemref *Qm = P.add("q", B, 8, 8, true);
  OVLSGroup G = makeGroup({Pm, Qm}, 64);
  TestCostModel CM;

  OVLSSequenceOptions NoMerge;
  NoMerge.MergeNodes = false;
  OVLSSequence Plain, Merged;
  ASSERT_TRUE(getSequence(G, CM, Plain, nullptr, NoMerge));
  ASSERT_TRUE(getSequence(G, CM, Merged));
  EXPECT_EQ(Plain.count(OVLSInstruction::Load), 4u);
  EXPECT_EQ(Plain.count(OVLSInstruction::Shuffle), 6u);
  EXPECT_EQ(Merged.count(OVLSInstruction::Load), 4u);
  EXPECT_EQ(Merged.count(OVLSInstruction::Shuffle), 4u);
  EXPECT_LT(Merged.getCost(), Plain.getCost());
  EXPECT_EQ(checkSequence(G, Plain), "");
  EXPECT_EQ(checkSequence(G, Merged), "");
}

// Fields x, z of {x, y, z}: loads read y too (a gap), results skip it.
TEST(SequenceTest, GatherWithGapReadsTheGap) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 48)));
  TestMemref *X = P.add("x", B, 0, 4, true);
  TestMemref *Z = P.add("z", B, 8, 4, true);
  OVLSGroup G = makeGroup({X, Z}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  ASSERT_EQ(Seq.count(OVLSInstruction::Load), 4u);
  for (const auto &I : Seq) {
    if (const auto *L = llvm::dyn_cast<OVLSLoad>(I.get())) {
      EXPECT_EQ(L->getType(), OVLSType(3, 32));
      EXPECT_TRUE(maskIs(L->getMask(), "111"));
    }
  }
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// Scatters to x, z of {x, y, z}: stores must not write y.
TEST(SequenceTest, ScatterWithGapUsesMaskedStores) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 48)));
  TestMemref *X = P.add("x", B, 0, 4, false);
  TestMemref *Z = P.add("z", B, 8, 4, false);
  OVLSGroup G = makeGroup({X, Z}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  OVLSReason Why;
  ASSERT_TRUE(getSequence(G, CM, Seq, &Why)) << Why.getMessage();
  EXPECT_EQ(Seq.count(OVLSInstruction::ScatterValue), 2u);
  ASSERT_EQ(Seq.count(OVLSInstruction::Store), 4u);
  for (const auto &I : Seq) {
    if (const auto *S = llvm::dyn_cast<OVLSStore>(I.get())) {
      EXPECT_TRUE(maskIs(S->getMask(), "101"));
    }
  }
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// Masked-off lanes: a lane no member uses is not loaded at all, and a store
// never writes a masked-off lane.
TEST(SequenceTest, MaskedLanes) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 32)));
  TestMemref *X = P.add("x", B, 0, 4, true, {true, false, true, false});
  TestMemref *Y = P.add("y", B, 4, 4, true, {true, false, false, true});
  OVLSGroup G = makeGroup({X, Y}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  EXPECT_EQ(Seq.count(OVLSInstruction::Load), 3u); // lane 1 is unused
  EXPECT_EQ(checkSequence(G, Seq), "");

  int BS = P.addBase(TestBase::indexed(scatteredLanes(4, 32)));
  TestMemref *SX = P.add("sx", BS, 0, 4, false, {true, false, true, false});
  TestMemref *SY = P.add("sy", BS, 4, 4, false, {true, false, false, true});
  OVLSGroup GS = makeGroup({SX, SY}, 16);
  OVLSSequence SSeq;
  OVLSReason Why;
  ASSERT_TRUE(getSequence(GS, CM, SSeq, &Why)) << Why.getMessage();
  std::vector<std::string> Masks;
  for (const auto &I : SSeq)
    if (const auto *S = llvm::dyn_cast<OVLSStore>(I.get())) {
      std::string M;
      for (bool Bit : S->getMask())
        M += Bit ? '1' : '0';
      Masks.push_back(std::to_string(S->getAddress().Lane) + ":" + M);
    }
  EXPECT_EQ(Masks, (std::vector<std::string>{"0:11", "2:10", "3:01"}));
  EXPECT_EQ(checkSequence(GS, SSeq), "");
}

// x, y, z floats at stride 12 (an array of structs): the strided layout
// reads the 48 bytes with three vector loads instead of four lane chunks.
TEST(SequenceTest, StridedLayoutLoadsWholeVectors) {
  TestProgram P;
  int B = P.addBase(TestBase::strided(8, 12, 4));
  TestMemref *X = P.add("x", B, 0, 4, true);
  TestMemref *Y = P.add("y", B, 4, 4, true);
  TestMemref *Z = P.add("z", B, 8, 4, true);
  OVLSGroup G = makeGroup({X, Y, Z}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  EXPECT_EQ(Seq.count(OVLSInstruction::Load), 3u);
  for (const auto &I : Seq) {
    if (const auto *L = llvm::dyn_cast<OVLSLoad>(I.get())) {
      EXPECT_EQ(L->getType(), OVLSType(4, 32));
      EXPECT_EQ(L->getAddress().Lane, 0u);
      EXPECT_FALSE(L->isMasked());
    }
  }
  EXPECT_EQ(checkSequence(G, Seq), "");

  OVLSSequenceOptions PerLaneOnly;
  PerLaneOnly.AllowStrided = false;
  OVLSSequence PerLane;
  ASSERT_TRUE(getSequence(G, CM, PerLane, nullptr, PerLaneOnly));
  EXPECT_EQ(PerLane.count(OVLSInstruction::Load), 4u);
  EXPECT_LT(Seq.getCost(), PerLane.getCost());
  EXPECT_EQ(checkSequence(G, PerLane), "");
}

// Strided scatters of x, z with stride 12: stores cover the lanes' bytes but
// mask off every y.
TEST(SequenceTest, StridedScatterKeepsGaps) {
  TestProgram P;
  int B = P.addBase(TestBase::strided(4, 12, 4));
  TestMemref *X = P.add("x", B, 0, 4, false);
  TestMemref *Z = P.add("z", B, 8, 4, false);
  OVLSGroup G = makeGroup({X, Z}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  OVLSReason Why;
  ASSERT_TRUE(getSequence(G, CM, Seq, &Why)) << Why.getMessage();
  std::string AllMasks;
  for (const auto &I : Seq)
    if (const auto *S = llvm::dyn_cast<OVLSStore>(I.get()))
      for (bool Bit : S->getMask())
        AllMasks += Bit ? '1' : '0';
  EXPECT_EQ(AllMasks, "101101101101");
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// A single memref at stride 2 elements: a group of one can still beat a
// gather with contiguous loads and one shuffle.
TEST(SequenceTest, SingleStridedMemref) {
  TestProgram P;
  int B = P.addBase(TestBase::strided(0, 8, 8));
  TestMemref *X = P.add("x", B, 0, 4, true);
  OVLSGroup G = makeGroup({X}, 32);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  EXPECT_EQ(Seq.count(OVLSInstruction::Load), 2u);
  EXPECT_EQ(Seq.count(OVLSInstruction::Shuffle), 1u);
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// A unit-stride "gather" is a plain vector load: no shuffle at all.
TEST(SequenceTest, UnitStrideIsOneLoad) {
  TestProgram P;
  int B = P.addBase(TestBase::strided(0, 4, 4));
  TestMemref *X = P.add("x", B, 0, 4, true);
  OVLSGroup G = makeGroup({X}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  EXPECT_EQ(Seq.size(), 1u);
  EXPECT_EQ(Seq.getResult(X), &Seq[0]);
  EXPECT_EQ(checkSequence(G, Seq), "");
}

TEST(SequenceTest, RejectedWhenGathersAreCheaper) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 64)));
  TestMemref *X = P.add("x", B, 0, 4, true);
  TestMemref *Y = P.add("y", B, 4, 4, true);
  OVLSGroup G = makeGroup({X, Y}, 16);
  TestCostModel Cheap;
  Cheap.PerLane = 1; // a gather of 4 lanes costs 4: 8 for both
  Cheap.Shuffle = 2;
  OVLSSequence Seq;
  OVLSReason Why;
  EXPECT_FALSE(getSequence(G, Cheap, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::NotProfitable);
  EXPECT_TRUE(Seq.empty());
  EXPECT_EQ(Seq.getOriginalCost(), 8);
  EXPECT_GE(Seq.getCost(), 8);
  EXPECT_EQ(Why.getMessage(), "not profitable: gathers cost 8, sequence costs " +
                                  std::to_string(Seq.getCost()));

  // Without the profitability check the same group is accepted and correct.
  OVLSSequenceOptions Always;
  Always.RequireProfit = false;
  ASSERT_TRUE(getSequence(G, Cheap, Seq, &Why, Always));
  EXPECT_EQ(checkSequence(G, Seq), "");
}

// A sequence's cost is its loads (stores) plus its shuffles, kept apart so
// that a client can show what the price is made of.
TEST(SequenceTest, CostIsMemoryPlusShuffles) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 64)));
  TestMemref *X = P.add("x", B, 0, 4, true);
  TestMemref *Y = P.add("y", B, 4, 4, true);
  OVLSGroup G = makeGroup({X, Y}, 16);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  EXPECT_GT(Seq.getMemoryCost(), 0);
  EXPECT_GT(Seq.getShuffleCost(), 0);
  EXPECT_EQ(Seq.getCost(), Seq.getMemoryCost() + Seq.getShuffleCost());

  // A refused sequence keeps its parts too.
  TestCostModel Cheap;
  Cheap.PerLane = 1;
  Cheap.Shuffle = 2;
  OVLSReason Why;
  EXPECT_FALSE(getSequence(G, Cheap, Seq, &Why));
  EXPECT_EQ(Seq.getCost(), Seq.getMemoryCost() + Seq.getShuffleCost());
}

TEST(SequenceTest, ScatterRejectedWhenMaskedStoresAreExpensive) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 64)));
  TestMemref *X = P.add("x", B, 0, 4, false);
  TestMemref *Z = P.add("z", B, 8, 4, false);
  OVLSGroup G = makeGroup({X, Z}, 16);
  TestCostModel CM;
  CM.MaskedStorePenalty = 10;
  OVLSSequence Seq;
  OVLSReason Why;
  EXPECT_FALSE(getSequence(G, CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::NotProfitable);
  EXPECT_NE(Why.getMessage().find("scatters cost 16"), std::string::npos)
      << Why.getMessage();
}

TEST(SequenceTest, Reasons) {
  TestProgram P;
  TestCostModel CM;
  OVLSSequence Seq;
  OVLSReason Why;

  OVLSGroup Empty(16);
  EXPECT_FALSE(getSequence(Empty, CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::EmptyGroup);

  int B = P.addBase(TestBase::indexed(scatteredLanes(4, 64)));
  TestMemref *Huge = P.add("huge", B, 0, 16, true);
  EXPECT_FALSE(getSequence(makeGroup({Huge}, 64), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::UnsupportedType);
  EXPECT_EQ(Why.getMessage(),
            "type <4 x 128> is not supported: elements must be 8 to 64 bits");

  TestMemref *A = P.add("a", B, 0, 4, true);
  TestMemref *Odd = P.add("odd", B, 6, 4, true);
  EXPECT_FALSE(getSequence(makeGroup({A, Odd}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::DistanceNotElementMultiple);

  TestMemref *Far = P.add("far", B, 32, 4, true);
  EXPECT_FALSE(getSequence(makeGroup({A, Far}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::ExceedsVectorLength);
  EXPECT_EQ(Why.getMessage(),
            "the group spans 36 bytes, more than the vector length 16");

  TestMemref *Off = P.add("off", B, 4, 4, true, {false, false, false, false});
  EXPECT_FALSE(getSequence(makeGroup({A, Off}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::NoActiveLane);

  TestMemref *Store = P.add("st", B, 4, 4, false);
  EXPECT_FALSE(getSequence(makeGroup({A, Store}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::InconsistentGroup);

  // Index vector whose lanes are 4 bytes apart: lane chunks of 8 overlap,
  // so scatters cannot be written lane by lane.
  int Close = P.addBase(TestBase::indexed({0, 4, 100, 200}));
  TestMemref *S1 = P.add("s1", Close, 0, 4, false);
  TestMemref *S2 = P.add("s2", Close, 4, 4, false);
  EXPECT_FALSE(getSequence(makeGroup({S1, S2}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::LanesMayOverlap);
  // Lanes far apart, but the client can show it for the leader only: a
  // member whose lanes may meet keeps the group from being written lane by
  // lane.
  int Apart = P.addBase(TestBase::indexed({0, 64, 128, 192}));
  TestMemref *K1 = P.add("k1", Apart, 0, 4, false);
  TestMemref *K2 = P.add("k2", Apart, 4, 4, false);
  ASSERT_TRUE(getSequence(makeGroup({K1, K2}, 16), CM, Seq, &Why)) << Why.getMessage();
  K2->setLanesKnown(false);
  EXPECT_FALSE(getSequence(makeGroup({K1, K2}, 16), CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::LanesMayOverlap);
  // The same index vector is fine for gathers: overlapping reads are harmless.
  TestMemref *L1 = P.add("l1", Close, 0, 4, true);
  TestMemref *L2 = P.add("l2", Close, 4, 4, true);
  OVLSGroup Loads = makeGroup({L1, L2}, 16);
  ASSERT_TRUE(getSequence(Loads, CM, Seq, &Why)) << Why.getMessage();
  EXPECT_EQ(checkSequence(Loads, Seq), "");

  OVLSGroup Bad(16);
  int B2 = P.addBase(TestBase::indexed(scatteredLanes(2, 64)));
  Bad.addMember(A, 0);
  Bad.addMember(P.add("short", B2, 4, 4, true), 4);
  EXPECT_FALSE(getSequence(Bad, CM, Seq, &Why));
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::DifferentNumElements);
  EXPECT_EQ(OVLSReason::getKindName(Why.getKind()), "different-num-elements");
}

// The shuffle graph of a sequence prints as Graphviz and as text.
TEST(SequenceTest, GraphDumps) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed({0, 32}));
  TestMemref *Pm = P.add("p", B, 0, 8, true);
  TestMemref *Qm = P.add("q", B, 8, 8, true);
  OVLSGroup G = makeGroup({Pm, Qm}, 32);
  TestCostModel CM;
  OVLSSequence Seq;
  ASSERT_TRUE(getSequence(G, CM, Seq));
  ASSERT_NE(Seq.getGraph(), nullptr);
  std::string Dot, Text;
  llvm::raw_string_ostream DotOS(Dot), TextOS(Text);
  Seq.getGraph()->printDot(DotOS, "seed");
  Seq.getGraph()->print(TextOS);
  EXPECT_EQ(Dot, "digraph \"seed\" {\n"
                 "  V0 [label=\"V0 (load 0)\\n128 bits\", shape=box];\n"
                 "  V1 [label=\"V1 (load 1)\\n128 bits\", shape=box];\n"
                 "  V2 [label=\"V2 (result 0)\\n128 bits\", shape=doubleoctagon];\n"
                 "  V3 [label=\"V3 (result 1)\\n128 bits\", shape=doubleoctagon];\n"
                 "  V0 -> V2 [label=\"0:63 -> 0:63\"];\n"
                 "  V1 -> V2 [label=\"0:63 -> 64:127\"];\n"
                 "  V0 -> V3 [label=\"64:127 -> 0:63\"];\n"
                 "  V1 -> V3 [label=\"64:127 -> 64:127\"];\n"
                 "}\n");
  EXPECT_EQ(Text, "V0 (load 0), 128 bits\n"
                  "V1 (load 1), 128 bits\n"
                  "V2 (result 0), 128 bits\n"
                  "  [0:63] = V0[0:63]\n"
                  "  [64:127] = V1[0:63]\n"
                  "V3 (result 1), 128 bits\n"
                  "  [0:63] = V0[64:127]\n"
                  "  [64:127] = V1[64:127]\n");
}

// Wider than the usual lane counts: 64 lanes of i8 (a 512-bit gather) with
// eight fields, and 32 lanes of i16 with gaps. Merging must stay fast on
// graphs of hundreds of nodes.
TEST(SequenceTest, ManyLanes) {
  for (auto [Fields, ElemBytes, VF, Stride] :
       {std::tuple<int, int, int, int>{8, 1, 64, 1}, {4, 2, 32, 2}}) {
    TestProgram P;
    int B = P.addBase(
        TestBase::indexed(scatteredLanes(VF, Fields * ElemBytes * Stride + 4)));
    std::vector<TestMemref *> Members;
    for (int F = 0; F < Fields; ++F)
      Members.push_back(P.add("f" + std::to_string(F), B,
                              F * ElemBytes * Stride, ElemBytes, true));
    OVLSGroup G = makeGroup(Members, 64);
    TestCostModel CM;
    OVLSSequence Seq;
    OVLSReason Why;
    ASSERT_TRUE(getSequence(G, CM, Seq, &Why)) << Why.getMessage();
    EXPECT_EQ(Seq.count(OVLSInstruction::Load), size_t(VF));
    EXPECT_LT(Seq.getCost(), Seq.getOriginalCost());
    EXPECT_EQ(checkSequence(G, Seq), "");
  }
}

// Every field count, element size and lane count the issue names, gathers
// and scatters, on an index vector.
class SequenceShapes
    : public ::testing::TestWithParam<std::tuple<int, int, int, bool>> {};

TEST_P(SequenceShapes, CorrectAndTwoSourced) {
  auto [Fields, ElemBytes, VF, IsLoad] = GetParam();
  TestProgram P;
  int64_t Chunk = int64_t(Fields) * ElemBytes;
  int B = P.addBase(TestBase::indexed(scatteredLanes(VF, Chunk + 8)));
  std::vector<TestMemref *> Members;
  for (int F = 0; F < Fields; ++F)
    Members.push_back(P.add("f" + std::to_string(F), B, F * ElemBytes,
                            ElemBytes, IsLoad));
  OVLSGroup G = makeGroup(Members, 64);
  TestCostModel CM;
  CM.PerLane = 4;
  OVLSSequence Seq;
  OVLSReason Why;
  ASSERT_TRUE(getSequence(G, CM, Seq, &Why)) << Why.getMessage();
  EXPECT_EQ(Seq.count(IsLoad ? OVLSInstruction::Load : OVLSInstruction::Store),
            size_t(VF));
  for (const auto &I : Seq) {
    const auto *S = llvm::dyn_cast<OVLSShuffle>(I.get());
    if (S && S->getOperand2()) {
      EXPECT_EQ(S->getOperand1()->getType(), S->getOperand2()->getType());
    }
  }
  if (IsLoad)
    for (TestMemref *M : Members) {
      ASSERT_NE(Seq.getResult(M), nullptr);
      EXPECT_EQ(Seq.getResult(M)->getType(), M->getType());
    }
  EXPECT_TRUE(Seq.getGraph()->verify(nullptr, /*RequireTwoSources=*/true));
  EXPECT_EQ(checkSequence(G, Seq), "") << Seq.str();
}

INSTANTIATE_TEST_SUITE_P(
    AllShapes, SequenceShapes,
    ::testing::Combine(::testing::Values(2, 3, 4), ::testing::Values(1, 2, 4, 8),
                       ::testing::Values(2, 4, 8, 16), ::testing::Bool()));

} // namespace
} // namespace t2s
