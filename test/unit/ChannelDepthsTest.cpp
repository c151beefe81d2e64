// Channel depths (systolic/ChannelDepths.h): the lazy-writer schedule's
// depths checked against an exhaustive search of every interleaving of two
// kernels (no deadlock with them, a deadlock with one value less on any
// channel), and sizeChannels on Designs built by hand.

#include "systolic/ChannelDepths.h"
#include "systolic/DesignAnalysis.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>
#include <set>

namespace t2s {
namespace {

// Whether some interleaving of Writes and Reads with these depths reaches a
// state where the writer waits on a full channel and the reader on an empty
// one (or the reader waits forever).
bool canDeadlock(const std::vector<uint32_t> &Writes, const std::vector<uint32_t> &Reads,
                 const std::vector<uint64_t> &Depth) {
  std::set<std::pair<size_t, size_t>> Seen;
  std::vector<std::pair<size_t, size_t>> Work{{0, 0}};
  while (!Work.empty()) {
    auto [W, R] = Work.back();
    Work.pop_back();
    if (!Seen.insert({W, R}).second)
      continue;
    std::vector<int64_t> Held(Depth.size(), 0);
    for (size_t I = 0; I < W; ++I)
      ++Held[Writes[I]];
    for (size_t I = 0; I < R; ++I)
      --Held[Reads[I]];
    bool CanWrite = W < Writes.size() && Held[Writes[W]] < int64_t(Depth[Writes[W]]);
    bool CanRead = R < Reads.size() && Held[Reads[R]] > 0;
    if (!CanWrite && !CanRead && !(W == Writes.size() && R == Reads.size()))
      return true;
    if (CanWrite)
      Work.push_back({W + 1, R});
    if (CanRead)
      Work.push_back({W, R + 1});
  }
  return false;
}

TEST(ChannelDepthsTest, SameOrderNeedsOneValue) {
  std::vector<uint32_t> Order{0, 1, 2, 0, 1, 2};
  EXPECT_EQ(depthsInFlight(Order, Order, 3), (std::vector<uint64_t>{1, 1, 1}));
}

TEST(ChannelDepthsTest, ReaderAheadOfTheWriterNeedsTheValuesBetween) {
  // The writer sends three values on channel 0, then one on channel 1; the
  // reader wants channel 1 first: channel 0 holds all three meanwhile.
  std::vector<uint32_t> W{0, 0, 0, 1}, R{1, 0, 0, 0};
  std::vector<uint64_t> D = depthsInFlight(W, R, 2);
  EXPECT_EQ(D, (std::vector<uint64_t>{3, 1}));
  EXPECT_FALSE(canDeadlock(W, R, D));
  EXPECT_TRUE(canDeadlock(W, R, {2, 1}));
}

TEST(ChannelDepthsTest, PrefixOfTheReadsStopsTheSchedule) {
  // Only the first read is known: the writes after it are not counted.
  std::vector<uint32_t> W{0, 0, 0, 1}, R{0};
  EXPECT_EQ(depthsInFlight(W, R, 2, /*ReadsArePrefix=*/true),
            (std::vector<uint64_t>{1, 0}));
  // All of them: the reader takes the first at once, the rest wait.
  EXPECT_EQ(depthsInFlight(W, R, 2), (std::vector<uint64_t>{2, 1}));
}

TEST(ChannelDepthsTest, RandomPairsAgreeWithEveryInterleaving) {
  std::mt19937 Rng(20261125);
  for (int Case = 0; Case < 400; ++Case) {
    uint32_t Slots = 1 + Rng() % 3;
    size_t N = 1 + Rng() % 9;
    std::vector<uint32_t> W(N), R;
    for (uint32_t &S : W)
      S = Rng() % Slots;
    R = W;
    std::shuffle(R.begin(), R.end(), Rng);
    std::vector<uint64_t> D = depthsInFlight(W, R, Slots);
    EXPECT_FALSE(canDeadlock(W, R, D)) << "case " << Case;
    // Minimal: one value less on any used channel can deadlock.
    for (uint32_t S = 0; S < Slots; ++S) {
      if (D[S] == 0)
        continue;
      std::vector<uint64_t> Less = D;
      --Less[S];
      EXPECT_TRUE(canDeadlock(W, R, Less)) << "case " << Case << " slot " << S;
    }
  }
}

// Kernels that exchange values along more than one path (depthsJointly):
// whether some interleaving of the kernels' accesses with these depths gets
// stuck before every kernel is done.
using Ops = std::vector<std::vector<uint32_t>>;
using Kinds = std::vector<std::vector<bool>>;
bool canDeadlock(const Ops &Slots, const Kinds &IsWrite, const std::vector<uint64_t> &Depth) {
  std::set<std::vector<size_t>> Seen;
  std::vector<std::vector<size_t>> Work{std::vector<size_t>(Slots.size(), 0)};
  while (!Work.empty()) {
    std::vector<size_t> At = Work.back();
    Work.pop_back();
    if (!Seen.insert(At).second)
      continue;
    std::vector<int64_t> Held(Depth.size(), 0);
    bool Done = true;
    for (size_t K = 0; K < Slots.size(); ++K) {
      for (size_t I = 0; I < At[K]; ++I)
        Held[Slots[K][I]] += IsWrite[K][I] ? 1 : -1;
      Done &= At[K] == Slots[K].size();
    }
    bool Moved = false;
    for (size_t K = 0; K < Slots.size(); ++K) {
      if (At[K] == Slots[K].size())
        continue;
      uint32_t S = Slots[K][At[K]];
      if (IsWrite[K][At[K]] ? Held[S] < int64_t(Depth[S]) : Held[S] > 0) {
        std::vector<size_t> Next = At;
        ++Next[K];
        Work.push_back(Next);
        Moved = true;
      }
    }
    if (!Moved && !Done)
      return true;
  }
  return false;
}

TEST(ChannelDepthsTest, AProducerFeedingTwoPathsNeedsItsLeadInFlight) {
  // A writes X (slot 0) six times, then Y (slot 1) six times; B passes X on
  // (slot 2); C reads X and Y in pairs. When C waits for the first Y, X1 to
  // X5 are on the X path: one in B, four in the two channels.
  Ops Slots{{0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1},
            {0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2},
            {2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1}};
  Kinds W{std::vector<bool>(12, true),
          {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1},
          std::vector<bool>(12, false)};
  std::vector<uint64_t> D = depthsJointly(Slots, W, 3, {false, false, false});
  EXPECT_FALSE(canDeadlock(Slots, W, D));
  EXPECT_EQ(D[1], 1u);
  EXPECT_EQ(D[0] + D[2], 4u);
  // What the replay of each pair alone gave: one value per channel.
  EXPECT_TRUE(canDeadlock(Slots, W, {1, 1, 1}));
}

TEST(ChannelDepthsTest, RandomNetworksDoNotDeadlockWithTheJointDepths) {
  std::mt19937 Rng(20261126);
  for (int Case = 0; Case < 300; ++Case) {
    // A writes N values on slots 0 and 1 in a random order; B relays the
    // values of slot 0 onto slot 2; C reads slots 2 and 1 in a random order.
    size_t N = 2 + Rng() % 5;
    std::vector<uint32_t> A(N);
    for (uint32_t &S : A)
      S = Rng() % 2;
    size_t Zeros = std::count(A.begin(), A.end(), 0u);
    std::vector<uint32_t> B, C;
    std::vector<bool> BW, CW(N, false);
    for (size_t I = 0; I < Zeros; ++I) {
      B.insert(B.end(), {0, 2});
      BW.insert(BW.end(), {false, true});
    }
    for (uint32_t S : A)
      C.push_back(S == 0 ? 2 : 1);
    std::shuffle(C.begin(), C.end(), Rng);
    Ops Slots{A, B, C};
    Kinds W{std::vector<bool>(N, true), BW, CW};
    std::vector<uint64_t> D = depthsJointly(Slots, W, 3, {false, false, false});
    EXPECT_FALSE(canDeadlock(Slots, W, D)) << "case " << Case;
  }
}

const DType Int = DType::integer(32), Float = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }

Stmt upTo(const char *Name, int64_t N, Stmts Body) {
  return loop(LoopKind::Serial, Name, num(0), num(N), std::move(Body));
}

ExprPtr channel(const char *P) { return subscript(Float, var("ch"), {var(P)}); }

// A loader kernel 'load' and an array kernel 'pe' joined by the array of
// two channels 'ch'.
Design pair(Stmts Writer, Stmts Reader) {
  Design D;
  D.File = "f.cpp";
  Design::Nest N;
  N.Name = "pe";
  D.Nests.push_back(N);
  for (const char *Name : {"load", "pe"}) {
    Design::Kernel K;
    K.Name = Name;
    K.Role = Name[0] == 'l' ? KernelRole::Loader : KernelRole::Systolic;
    K.Body = Name[0] == 'l' ? std::move(Writer) : std::move(Reader);
    D.Kernels.push_back(std::move(K));
  }
  Design::Channel C;
  C.Kind = Design::ChannelKind::Loader;
  C.Name = "ch";
  C.Array = "a";
  C.Element = Float;
  C.Extents = {2};
  C.Depth = ChannelDepth;
  D.Channels.push_back(C);
  return D;
}

Stmt readInto(const char *P) {
  return decl(Float, "x", {}, DeclInit::Value, channelRead(Float, channel(P)));
}

TEST(ChannelDepthsTest, SizesTheChannelsOfAKernelPair) {
  // The loader sends four values to PE 0, then four to PE 1; the array
  // reads one of each per step: PE 0 takes its first value at once, three
  // wait until the loader reaches PE 1.
  Design D = pair({upTo("p", 2, {upTo("t", 4, {write(channel("p"), floatConst(Float, 1))})})},
                  {upTo("t", 4, {upTo("p", 2, {readInto("p")})})});
  sizeChannels(D);
  EXPECT_EQ(D.Channels[0].Depth, 3u);
  EXPECT_EQ(D.Channels[0].DepthNote, "the most values in flight from load to pe");
}

TEST(ChannelDepthsTest, KeepsTheFixedDepthWhenAComputedValueDecides) {
  // The array reads only where a value it computed is positive.
  ExprPtr Computed = compare(CompareOp::GT, false, var("x0", 0, Float), floatConst(Float, 0));
  Design D = pair({upTo("t", 4, {upTo("p", 2, {write(channel("p"), floatConst(Float, 1))})})},
                  {decl(Float, "x0"),
                   upTo("t", 4, {upTo("p", 2, {when(Computed, block({readInto("p")}))})})});
  sizeChannels(D);
  EXPECT_EQ(D.Channels[0].Depth, ChannelDepth);
  EXPECT_EQ(D.Channels[0].DepthNote,
            "fixed: when pe accesses it depends on a computed value");
}

TEST(ChannelDepthsTest, LongRunsKeepTheFixedDepthAsAFloor) {
  Design D = pair({upTo("t", 1000, {upTo("p", 2, {write(channel("p"), floatConst(Float, 1))})})},
                  {upTo("t", 1000, {upTo("p", 2, {readInto("p")})})});
  sizeChannels(D, /*OpLimit=*/100);
  EXPECT_EQ(D.Channels[0].Depth, ChannelDepth);
  EXPECT_EQ(D.Channels[0].DepthNote,
            "the most values in flight from load to pe over the first 100 accesses "
            "of the run, at least 16");
}

TEST(ChannelDepthsTest, DepthLawsReadAsCAndBoundTheSizes) {
  Design D;
  D.Params = {{"n", false, DType(), 4}, {"m", false, DType(), 8}};
  // n - 1: depth 16 holds n up to 17.
  Design::DepthLaw Less{-1, 1, {{0, 1}}};
  EXPECT_EQ(Less.text(D), "n - 1");
  EXPECT_EQ(Less.at({17}), 16);
  EXPECT_EQ(Less.largestSize(16), 17);
  // (n - 2) / 2 rounded up reads as C's (n - 1) / 2.
  Design::DepthLaw Half{-2, 2, {{0, 1}}};
  EXPECT_EQ(Half.text(D), "(n - 1) / 2");
  EXPECT_EQ(Half.at({34}), 16);
  EXPECT_EQ(Half.at({35}), 17);
  EXPECT_EQ(Half.largestSize(16), 34);
  // Two sizes: no single largest size.
  Design::DepthLaw Both{3, 1, {{0, 2}, {1, 1}}};
  EXPECT_EQ(Both.text(D), "2 * n + m + 3");
  EXPECT_EQ(Both.at({4, 8}), 19);
  EXPECT_EQ(Both.largestSize(16), std::nullopt);
  // A law that shrinks with a size has no largest size either.
  Design::DepthLaw Shrinks{20, 1, {{0, -1}}};
  EXPECT_EQ(Shrinks.text(D), "-n + 20");
  EXPECT_EQ(Shrinks.largestSize(16), std::nullopt);
}

} // namespace
} // namespace t2s
