//===- PropertyTest.cpp - Random groups, simulated against the original ---===//
//
// For a few hundred random groups (element size, lane count, vector length,
// fields with gaps, duplicates, masks, index vectors or strides, gathers or
// scatters), the sequence getSequence() emits is run on a memory image and
// must give exactly what the original gathers would (active lanes) or leave
// exactly the memory the original scatters would (gap bytes untouched). Each
// case is tried with every layout and with and without merging.
//
// A second property checks grouping: a partition of the input, spans within
// the vector length, and never worse than greedy.
//
//===----------------------------------------------------------------------===//

#include "TestSupport.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace t2s {
namespace {

using ovlstest::checkSequence;
using ovlstest::TestBase;
using ovlstest::TestCostModel;
using ovlstest::TestMemref;
using ovlstest::TestProgram;

constexpr int NumCases = 400;

template <typename T> T pick(std::mt19937 &Rng, std::initializer_list<T> Items) {
  return *(Items.begin() + Rng() % Items.size());
}

/// A random group of one base; Why describes it for failure messages.
struct RandomGroup {
  TestProgram P;
  std::vector<OVLSMemref *> Memrefs;
  uint32_t VectorLengthBytes = 0;
  bool Strided = false;
  std::string Description;

  explicit RandomGroup(uint32_t Seed) {
    std::mt19937 Rng(Seed);
    uint32_t Elem = pick<uint32_t>(Rng, {1, 2, 4, 8});
    uint32_t Lanes = pick<uint32_t>(Rng, {1, 2, 3, 4, 4, 5, 8, 8, 16, 16});
    VectorLengthBytes = pick<uint32_t>(Rng, {16, 32, 64});
    bool IsLoad = Rng() % 2;
    uint32_t Capacity = std::min<uint32_t>(VectorLengthBytes / Elem, 16);

    // Distinct element offsets inside one vector length; loads may repeat.
    uint32_t Fields = 1 + Rng() % std::min<uint32_t>(5, Capacity);
    std::vector<uint32_t> All(Capacity);
    std::iota(All.begin(), All.end(), 0);
    std::shuffle(All.begin(), All.end(), Rng);
    std::vector<uint32_t> Offsets(All.begin(), All.begin() + Fields);
    if (IsLoad && Rng() % 5 == 0)
      Offsets.push_back(Offsets[Rng() % Offsets.size()]);
    uint32_t Lo = *std::min_element(Offsets.begin(), Offsets.end());
    uint32_t Hi = *std::max_element(Offsets.begin(), Offsets.end());
    int64_t ChunkBytes = int64_t(Hi - Lo + 1) * Elem;

    TestBase Base;
    Strided = Rng() % 5 < 2;
    if (Strided) {
      int64_t MinStride = IsLoad ? 0 : ChunkBytes / Elem;
      int64_t Stride = (MinStride + Rng() % 4) * Elem;
      Base = TestBase::strided(64 + (Rng() % 16) * Elem, Stride, Lanes);
    } else {
      // Index vector: distinct chunk-sized slots in random order (needed
      // for scatters); gathers may also land anywhere, overlapping.
      std::vector<int64_t> Addr;
      int64_t Slot = ChunkBytes + (Rng() % 3) * Elem;
      std::vector<int64_t> Slots(Lanes + 4);
      std::iota(Slots.begin(), Slots.end(), 0);
      std::shuffle(Slots.begin(), Slots.end(), Rng);
      for (uint32_t L = 0; L < Lanes; ++L)
        Addr.push_back(IsLoad && Rng() % 4 == 0
                           ? 64 + int64_t(Rng() % 512) * Elem
                           : 64 + Slots[L] * Slot);
      Base = TestBase::indexed(Addr);
    }
    int B = P.addBase(Base);

    bool Masked = Rng() % 10 < 3;
    std::vector<size_t> ProgramOrder(Offsets.size());
    std::iota(ProgramOrder.begin(), ProgramOrder.end(), 0);
    std::shuffle(ProgramOrder.begin(), ProgramOrder.end(), Rng);
    std::ostringstream OS;
    OS << (IsLoad ? "gathers" : "scatters") << " elem=" << Elem
       << " lanes=" << Lanes << " vl=" << VectorLengthBytes
       << (Strided ? " stride=" + std::to_string(*Base.Stride) : " indexed")
       << " offsets:";
    for (size_t I : ProgramOrder) {
      std::vector<bool> Mask(Lanes, true);
      if (Masked) {
        for (uint32_t L = 0; L < Lanes; ++L)
          Mask[L] = Rng() % 10 < 7;
        Mask[Rng() % Lanes] = true;
      }
      OS << ' ' << Offsets[I] * Elem;
      P.add("m" + std::to_string(I), B, int64_t(Offsets[I]) * Elem, Elem,
            IsLoad, Mask);
    }
    if (Masked)
      OS << " (masked)";
    Description = OS.str();
    Memrefs = P.memrefs();
  }
};

TEST(PropertyTest, SequencesMatchTheOriginalAccesses) {
  TestCostModel CM;
  unsigned Checked = 0, StridedCases = 0, Profitable = 0;
  for (int Case = 0; Case < NumCases; ++Case) {
    RandomGroup R(1000 + Case);
    SCOPED_TRACE("case " + std::to_string(Case) + ": " + R.Description);
    OVLSGrouping Grouping = getGroups(R.Memrefs, R.VectorLengthBytes);
    ASSERT_EQ(Grouping.Groups.size(), 1u);
    const OVLSGroup &G = *Grouping.Groups[0];
    ASSERT_EQ(G.size(), R.Memrefs.size());

    OVLSSequenceOptions Configs[4];
    Configs[1].AllowStrided = false;
    Configs[2].AllowPerLane = false;
    Configs[3].MergeNodes = false;
    for (int C = 0; C < 4; ++C) {
      if (C == 2 && !R.Strided)
        continue;
      OVLSSequenceOptions Opt = Configs[C];
      Opt.RequireProfit = false;
      OVLSSequence Seq;
      OVLSReason Why;
      ASSERT_TRUE(getSequence(G, CM, Seq, &Why, Opt))
          << "config " << C << ": " << Why.getMessage();
      ASSERT_TRUE(Seq.getGraph()->verify(nullptr, /*RequireTwoSources=*/true));
      std::string Diff = checkSequence(G, Seq, 77 + Case);
      ASSERT_EQ(Diff, "") << "config " << C << "\n" << Seq.str();
      ++Checked;
    }
    StridedCases += R.Strided;
    OVLSSequence Seq;
    Profitable += getSequence(G, CM, Seq);
  }
  // The generator really exercised both layouts and both outcomes.
  EXPECT_GE(Checked, unsigned(NumCases) * 3);
  EXPECT_GT(StridedCases, unsigned(NumCases) / 5);
  EXPECT_GT(Profitable, 0u);
  EXPECT_LT(Profitable, unsigned(NumCases));
}

TEST(PropertyTest, GroupingIsAPartitionNoWorseThanGreedy) {
  for (int Case = 0; Case < NumCases; ++Case) {
    std::mt19937 Rng(5000 + Case);
    SCOPED_TRACE("case " + std::to_string(Case));
    TestProgram P;
    int Bases[2] = {P.addBase(TestBase::indexed({0, 512, 1024, 1536})),
                    P.addBase(TestBase::strided(4096, 64, 4))};
    uint32_t VL = pick<uint32_t>(Rng, {8, 16, 32});
    int N = 1 + Rng() % 12;
    for (int I = 0; I < N; ++I) {
      uint32_t Elem = pick<uint32_t>(Rng, {4, 4, 4, 8});
      P.add("m" + std::to_string(I), Bases[Rng() % 2], (Rng() % 16) * 4,
            Elem, Rng() % 4 != 0);
    }
    std::vector<OVLSMemref *> Memrefs = P.memrefs();
    OVLSGrouping Best = getGroups(Memrefs, VL);
    OVLSGrouping Greedy = getGroups(Memrefs, VL, OVLSGroupingStrategy::Greedy);

    for (const OVLSGrouping *R : {&Best, &Greedy}) {
      std::set<const OVLSMemref *> Seen;
      for (const auto &G : R->Groups) {
        EXPECT_LE(G->getSpanBytes(), int64_t(VL));
        for (size_t I = 0; I < G->size(); ++I) {
          EXPECT_TRUE(Seen.insert(G->getMember(I)).second);
          EXPECT_EQ(R->GroupOf.lookup(G->getMember(I)), G.get());
          int64_t Dist = 0;
          ASSERT_TRUE(G->getMember(I)->isAConstDistanceFrom(*G->getLeader(),
                                                            &Dist));
          EXPECT_EQ(Dist, G->getOffset(I));
          EXPECT_EQ(G->getMember(I)->getAccessType(),
                    G->getLeader()->getAccessType());
        }
        if (G->size() == 1) {
          EXPECT_FALSE(R->getReasonAlone(G->getMember(0)).isNone());
        }
      }
      EXPECT_EQ(Seen.size(), Memrefs.size());
    }
    EXPECT_LE(Best.Groups.size(), Greedy.Groups.size());
    if (Best.Groups.size() == Greedy.Groups.size()) {
      EXPECT_LE(Best.getTotalSpanBytes(), Greedy.getTotalSpanBytes());
    }
  }
}

} // namespace
} // namespace t2s
