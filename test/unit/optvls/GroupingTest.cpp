//===- GroupingTest.cpp - getGroups on abstract memrefs -------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

namespace t2s {
namespace {

using ovlstest::checkSequence;
using ovlstest::Simulator;
using ovlstest::TestBase;
using ovlstest::TestCostModel;
using ovlstest::TestMemref;
using ovlstest::TestProgram;

/// "a,b | c" : members of each group by name, groups in result order.
std::string describe(const OVLSGrouping &R) {
  std::string S;
  for (const auto &G : R.Groups) {
    if (!S.empty())
      S += " | ";
    for (size_t I = 0; I < G->size(); ++I) {
      if (I)
        S += ',';
      S += static_cast<const TestMemref *>(G->getMember(I))->getName();
    }
  }
  return S;
}

std::vector<int64_t> farLanes(uint32_t N) {
  std::vector<int64_t> Lanes;
  for (uint32_t I = 0; I < N; ++I)
    Lanes.push_back(int64_t(N - I) * 128);
  return Lanes;
}

/// The seed's example: i32 memrefs at 0, 4, 12, 16, 20 with a 16-byte
/// vector length.
struct SeedExample {
  TestProgram P;
  std::vector<OVLSMemref *> Memrefs;

  SeedExample() {
    int B = P.addBase(TestBase::indexed(farLanes(4)));
    for (int64_t Off : {0, 4, 12, 16, 20})
      P.add("m" + std::to_string(Off), B, Off, 4, true);
    Memrefs = P.memrefs();
  }
};

TEST(GroupingTest, SeedExampleGreedy) {
  SeedExample E;
  OVLSGrouping R =
      getGroups(E.Memrefs, 16, OVLSGroupingStrategy::Greedy);
  EXPECT_EQ(describe(R), "m0,m4,m12 | m16,m20");
  EXPECT_EQ(R.getTotalSpanBytes(), 16 + 8);
}

TEST(GroupingTest, SeedExampleMinSpanBeatsGreedy) {
  SeedExample E;
  OVLSGrouping Better = getGroups(E.Memrefs, 16);
  OVLSGrouping Greedy = getGroups(E.Memrefs, 16, OVLSGroupingStrategy::Greedy);
  EXPECT_EQ(describe(Better), "m0,m4 | m12,m16,m20");
  EXPECT_EQ(Better.Groups.size(), Greedy.Groups.size());
  // Same number of groups, but no gap: each lane loads 20 bytes instead of
  // 24, 4 of which nobody asked for.
  EXPECT_EQ(Better.getTotalSpanBytes(), 8 + 12);
  EXPECT_LT(Better.getTotalSpanBytes(), Greedy.getTotalSpanBytes());

  // The difference is real traffic: run both groupings' sequences on a
  // memory image and count the bytes the loads read.
  TestCostModel CM;
  auto BytesLoaded = [&CM](const OVLSGrouping &R) {
    uint64_t Total = 0;
    for (const auto &G : R.Groups) {
      OVLSSequence Seq;
      OVLSReason Why;
      EXPECT_TRUE(getSequence(*G, CM, Seq, &Why)) << Why.getMessage();
      EXPECT_EQ(checkSequence(*G, Seq), "");
      ovlstest::Memory Mem(4096, 1);
      Simulator Sim(Mem);
      Sim.run(Seq);
      Total += Sim.BytesLoaded;
    }
    return Total;
  };
  EXPECT_EQ(BytesLoaded(Better), 4u * 20);
  EXPECT_EQ(BytesLoaded(Greedy), 4u * 24);
}

// Greedy fills the first group as far as it can, which can strand a memref
// at a gap; the better partition shifts a member to the next group.
TEST(GroupingTest, MinSpanAvoidsGapsOnLongerRuns) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(8)));
  for (int64_t Off : {0, 8, 24, 32, 40, 56, 64})
    P.add("m" + std::to_string(Off), B, Off, 8, true);
  OVLSGrouping Greedy =
      getGroups(P.memrefs(), 32, OVLSGroupingStrategy::Greedy);
  OVLSGrouping Better = getGroups(P.memrefs(), 32);
  EXPECT_EQ(describe(Greedy), "m0,m8,m24 | m32,m40,m56 | m64");
  EXPECT_EQ(describe(Better), "m0,m8 | m24,m32,m40 | m56,m64");
  EXPECT_EQ(Greedy.getTotalSpanBytes(), 32 + 32 + 8);
  EXPECT_EQ(Better.getTotalSpanBytes(), 16 + 24 + 16);
}

TEST(GroupingTest, EveryMemrefInExactlyOneGroup) {
  SeedExample E;
  OVLSGrouping R = getGroups(E.Memrefs, 16);
  size_t Total = 0;
  for (const auto &G : R.Groups)
    Total += G->size();
  EXPECT_EQ(Total, E.Memrefs.size());
  for (OVLSMemref *M : E.Memrefs) {
    ASSERT_TRUE(R.GroupOf.count(M));
    EXPECT_TRUE(R.GroupOf.lookup(M)->contains(M));
  }
  EXPECT_TRUE(R.Alone.empty());
}

TEST(GroupingTest, OffsetsAreRelativeToTheLeader) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  // Program order differs from address order.
  TestMemref *C = P.add("c", B, 24, 4, true);
  TestMemref *A = P.add("a", B, 16, 4, true);
  TestMemref *D = P.add("d", B, 28, 4, true);
  OVLSGrouping R = getGroups(P.memrefs(), 16);
  ASSERT_EQ(R.Groups.size(), 1u);
  const OVLSGroup &G = *R.Groups[0];
  EXPECT_EQ(G.getLeader(), A);
  EXPECT_EQ(G.getMembers().vec(), (std::vector<OVLSMemref *>{A, C, D}));
  EXPECT_EQ(G.getOffsets().vec(), (std::vector<int64_t>{0, 8, 12}));
  EXPECT_EQ(G.getSpanBytes(), 16);
  // A load group is emitted where its first load (in program order) is.
  EXPECT_EQ(G.getInsertPoint(), C);
}

TEST(GroupingTest, StoreGroupInsertsAtTheLastStore) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  P.add("s4", B, 4, 4, false);
  TestMemref *Last = P.add("s0", B, 0, 4, false);
  OVLSGrouping R = getGroups(P.memrefs(), 16);
  ASSERT_EQ(R.Groups.size(), 1u);
  EXPECT_EQ(R.Groups[0]->getInsertPoint(), Last);
}

TEST(GroupingTest, SeparatesIncompatibleMemrefs) {
  TestProgram P;
  int B1 = P.addBase(TestBase::indexed(farLanes(4)));
  int B2 = P.addBase(TestBase::indexed(farLanes(4)));
  int B8 = P.addBase(TestBase::indexed(farLanes(8)));
  TestMemref *A = P.add("a", B1, 0, 4, true);
  TestMemref *OtherBase = P.add("otherbase", B2, 4, 4, true);
  TestMemref *Wide = P.add("wide", B1, 8, 8, true);
  TestMemref *Store = P.add("store", B1, 4, 4, false);
  TestMemref *Lanes8 = P.add("lanes8", B8, 4, 4, true);
  OVLSGrouping R = getGroups(P.memrefs(), 16);
  EXPECT_EQ(R.Groups.size(), 5u);
  EXPECT_EQ(R.getNumMultiMemberGroups(), 0u);
  EXPECT_EQ(R.getReasonAlone(OtherBase).getKind(),
            OVLSReasonKind::DistanceNotConstant);
  EXPECT_EQ(R.getReasonAlone(Wide).getKind(),
            OVLSReasonKind::DifferentElementSize);
  EXPECT_EQ(R.getReasonAlone(Store).getKind(),
            OVLSReasonKind::DifferentAccessKind);
  EXPECT_EQ(R.getReasonAlone(Lanes8).getKind(),
            OVLSReasonKind::DifferentNumElements);
  // 'a' was compared with everything else and got as far as the distance.
  EXPECT_EQ(R.getReasonAlone(A).getKind(), OVLSReasonKind::DistanceNotConstant);
}

TEST(GroupingTest, VectorLengthBoundsTheSpan) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  TestMemref *A = P.add("a", B, 0, 8, true);
  TestMemref *C = P.add("c", B, 24, 8, true);
  OVLSGrouping Narrow = getGroups(P.memrefs(), 16);
  EXPECT_EQ(describe(Narrow), "a | c");
  OVLSReason Why = Narrow.getReasonAlone(A);
  EXPECT_EQ(Why.getKind(), OVLSReasonKind::ExceedsVectorLength);
  EXPECT_EQ(Why.getMessage(),
            "the group would span 32 bytes, more than the vector length 16");
  EXPECT_EQ(Narrow.getReasonAlone(C).getKind(),
            OVLSReasonKind::ExceedsVectorLength);
  OVLSGrouping Wide = getGroups(P.memrefs(), 32);
  EXPECT_EQ(describe(Wide), "a,c");
}

TEST(GroupingTest, DuplicateLoadsShareAGroupButStoresDoNot) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  P.add("l0", B, 0, 4, true);
  P.add("l0again", B, 0, 4, true);
  P.add("l4", B, 4, 4, true);
  OVLSGrouping Loads = getGroups(P.memrefs(), 16);
  EXPECT_EQ(describe(Loads), "l0,l0again,l4");
  OVLSSequence Seq;
  TestCostModel CM;
  ASSERT_TRUE(getSequence(*Loads.Groups[0], CM, Seq));
  EXPECT_EQ(checkSequence(*Loads.Groups[0], Seq), "");

  TestProgram Q;
  int C = Q.addBase(TestBase::indexed(farLanes(4)));
  Q.add("s0", C, 0, 4, false);
  TestMemref *Again = Q.add("s0again", C, 0, 4, false);
  OVLSGrouping Stores = getGroups(Q.memrefs(), 16);
  EXPECT_EQ(describe(Stores), "s0 | s0again");
  EXPECT_EQ(Stores.getReasonAlone(Again).getKind(),
            OVLSReasonKind::OverlappingStores);
}

TEST(GroupingTest, ImmovableMemrefStaysAlone) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  P.add("a", B, 0, 4, true);
  TestMemref *Stuck = P.add("stuck", B, 4, 4, true);
  Stuck->setMovable(false);
  OVLSGrouping R = getGroups(P.memrefs(), 16);
  EXPECT_EQ(describe(R), "a | stuck");
  EXPECT_EQ(R.getReasonAlone(Stuck).getKind(), OVLSReasonKind::CannotMove);
}

TEST(GroupingTest, LoneMemrefHasNoPartner) {
  TestProgram P;
  int B = P.addBase(TestBase::indexed(farLanes(4)));
  TestMemref *A = P.add("a", B, 0, 4, true);
  OVLSGrouping R = getGroups(P.memrefs(), 16);
  ASSERT_EQ(R.Groups.size(), 1u);
  EXPECT_EQ(R.getReasonAlone(A).getKind(), OVLSReasonKind::NoPartner);
}

TEST(GroupingTest, GroupsFeedSequences) {
  // Two structs' fields interleaved in program order, two bases.
  TestProgram P;
  int B1 = P.addBase(TestBase::indexed(farLanes(8)));
  int B2 = P.addBase(TestBase::strided(40, 24, 8));
  for (int F = 0; F < 3; ++F) {
    P.add("u" + std::to_string(F), B1, F * 8, 8, true);
    P.add("v" + std::to_string(F), B2, F * 8, 8, true);
  }
  OVLSGrouping R = getGroups(P.memrefs(), 32);
  EXPECT_EQ(describe(R), "u0,u1,u2 | v0,v1,v2");
  TestCostModel CM;
  for (const auto &G : R.Groups) {
    OVLSSequence Seq;
    OVLSReason Why;
    ASSERT_TRUE(getSequence(*G, CM, Seq, &Why)) << Why.getMessage();
    EXPECT_EQ(checkSequence(*G, Seq), "");
  }
}

} // namespace
} // namespace t2s
