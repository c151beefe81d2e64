// Unit tests of the space-time schedule arithmetic on hand-built URE systems.
#include "systolic/SpaceTimeSchedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

namespace {

t2s::LocatedDirective directive(llvm::StringRef Text) {
  llvm::Expected<t2s::Directive> D = t2s::parseDirective(Text);
  EXPECT_TRUE(static_cast<bool>(D));
  return {std::move(*D), t2s::SourceLoc{"seed.cpp", 1, 1}};
}

// The seed's A/B/C system, nest order (k, j, i), extents N.
t2s::URESystem seedSystem(int64_t I, int64_t J, int64_t K) {
  t2s::URESystem S;
  const char *Names[] = {"k", "j", "i"};
  int64_t Extents[] = {K, J, I};
  for (int L = 0; L < 3; ++L) {
    t2s::URELoop Loop;
    Loop.Name = Names[L];
    Loop.Upper = Extents[L];
    S.Loops.push_back(Loop);
  }
  const char *Arrays[] = {"A", "B", "C"};
  llvm::SmallVector<int64_t, 4> Dist[] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  for (unsigned A = 0; A < 3; ++A) {
    t2s::UREArray Arr;
    Arr.Name = Arrays[A];
    Arr.Writer = A;
    S.Arrays.push_back(Arr);
    t2s::UREStatement St;
    St.Array = A;
    t2s::URERead R;
    R.Array = A;
    R.Distance = Dist[A];
    St.Reads.push_back(R);
    S.Statements.push_back(St);
  }
  return S;
}

TEST(SpaceTimeSchedule, SeedDoubleProjection) {
  t2s::URESystem S = seedSystem(10, 10, 10);
  S.Directives.push_back(directive("space_time(i, j) schedule(2, 3)"));
  S.Directives.push_back(directive("space_time(i) schedule(2)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_TRUE(Rej.empty());
  ASSERT_EQ(Sch->Time.size(), 2u);
  EXPECT_EQ(Sch->Time[0].Extent, 55); // 2I + 3J + K - 5
  EXPECT_EQ(Sch->Time[1].Extent, 28); // 2I + J - 2
  EXPECT_EQ(Sch->Time[0].Stride, 28);
  EXPECT_EQ(Sch->TotalSteps, 55 * 28);
  EXPECT_EQ(Sch->NumPEs, 10);
  ASSERT_EQ(Sch->Reads.size(), 3u);
  EXPECT_EQ(Sch->Reads[0].TimeDistance, 58);
  EXPECT_EQ(Sch->Reads[1].TimeDistance, 85);
  EXPECT_EQ(Sch->Reads[2].TimeDistance, 28);
  EXPECT_EQ(Sch->Registers[0].ConservativeWords, 59);
  EXPECT_EQ(Sch->Registers[1].ConservativeWords, 86);
  EXPECT_EQ(Sch->Registers[2].ConservativeWords, 29);
}

// The minimized FIFO of B must hold every value the PE writes while one value
// waits its 85 steps. Counted here independently, by brute force over the
// PE's iterations (t = 85 j + 28 k for a fixed i): the seed's estimate of 3
// misses iterations of other rows of j that fall inside the window, such as
// (j - 1, k + 4) only 27 steps later.
TEST(SpaceTimeSchedule, SeedFIFOIsAsDeepAsTheMostValuesInFlight) {
  t2s::URESystem S = seedSystem(10, 10, 10);
  S.Directives.push_back(directive("space_time(i, j) schedule(2, 3)"));
  S.Directives.push_back(directive("space_time(i) schedule(2)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  int64_t Most = 0;
  for (int J = 0; J < 10; ++J)
    for (int K = 0; K < 10; ++K) {
      int64_t T = 85 * J + 28 * K, InFlight = 0;
      for (int J2 = 0; J2 < 10; ++J2)
        for (int K2 = 0; K2 < 10; ++K2) {
          int64_t T2 = 85 * J2 + 28 * K2;
          InFlight += T2 > T && T2 < T + 85;
        }
      Most = std::max(Most, InFlight);
    }
  const t2s::RegisterPlan &B = Sch->Registers[1];
  EXPECT_TRUE(B.Minimized);
  EXPECT_EQ(B.ShiftEvery, 0); // irregular: a FIFO
  EXPECT_EQ(B.MinimizedWords, Most + 1);
  EXPECT_EQ(B.MinimizedWords, 10);
  for (const t2s::RegisterPlan &P : Sch->Registers)
    EXPECT_LE(P.MinimizedWords, P.ConservativeWords);
}

TEST(SpaceTimeSchedule, DefaultScheduleIsDataflowInTime) {
  t2s::URESystem S = seedSystem(4, 3, 5);
  S.Directives.push_back(directive("space_time(i, j)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_EQ(Sch->TotalSteps, 5);
  EXPECT_EQ(Sch->NumPEs, 12);
  EXPECT_EQ(Sch->utilization(), std::optional<double>(1.0));
  EXPECT_EQ(Sch->Reads[0].TimeDistance, 0); // A flows from PE i - 1 now
  EXPECT_EQ(Sch->Reads[0].PEDistance, (llvm::SmallVector<int64_t, 4>{0, 1}));
  EXPECT_EQ(Sch->Reads[2].TimeDistance, 1);
  // One write per step: registers shifted every step, ceil(x / 1) + 1.
  EXPECT_EQ(Sch->Registers[2].ShiftEvery, 1);
  EXPECT_EQ(Sch->Registers[2].MinimizedWords, 2);
}

TEST(SpaceTimeSchedule, ScheduleMustMoveDependencesForward) {
  t2s::URESystem S = seedSystem(4, 3, 5);
  S.Directives.push_back(directive("space_time(i, j) schedule(-1, 1)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(S, Rej).has_value());
  ASSERT_EQ(Rej.size(), 1u); // A along i gets time distance -1
  EXPECT_NE(Rej[0].Message.find("time distance -1"), std::string::npos);
}

// A coefficient 0 keeps the read along i in its step: PE i - 1 runs before
// PE i in the step (a chain), as without a schedule.
TEST(SpaceTimeSchedule, ScheduleMayKeepAChainWithinAStep) {
  t2s::URESystem S = seedSystem(4, 3, 5);
  S.Directives.push_back(directive("space_time(i, j) schedule(0, 1)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_TRUE(Rej.empty());
  bool Chain = false;
  for (const t2s::ScheduledRead &R : Sch->Reads)
    Chain |= R.TimeDistance == 0 && llvm::any_of(R.PEDistance, [](int64_t D) { return D > 0; });
  EXPECT_TRUE(Chain);
}

// Loops fit an int (the URE model's rule), but their products need not fit
// 64 bits: the schedule says so instead of overflowing.
TEST(SpaceTimeSchedule, SizesBeyond64BitsAreRejected) {
  t2s::URESystem S = seedSystem(INT32_MAX, INT32_MAX, INT32_MAX);
  S.Directives.push_back(directive("space_time(i)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(S, Rej).has_value());
  ASSERT_EQ(Rej.size(), 1u);
  EXPECT_EQ(Rej[0].Rule, t2s::URERule::ScheduleSize);
  EXPECT_NE(Rej[0].Message.find("exceed 2^63"), std::string::npos);
}

TEST(SpaceTimeSchedule, TimeVariablesFitAnInt) {
  t2s::URESystem S = seedSystem(3, 3, 3);
  S.Directives.push_back(directive("space_time(i, j) schedule(1073741824, 1)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(S, Rej).has_value());
  ASSERT_EQ(Rej.size(), 1u);
  EXPECT_EQ(Rej[0].Rule, t2s::URERule::ScheduleSize);
  // t1 = c*i + j + k reaches 2 * 2^30 + 4.
  EXPECT_NE(Rej[0].Message.find("values in [0, 2147483652]"), std::string::npos);

  // With 1073741821 the largest t1 is 2147483646: it fits, but A, read
  // along i, now waits 2^30 steps in registers of 9 PEs (more than 1 GiB).
  t2s::URESystem Fits = seedSystem(3, 3, 3);
  Fits.Directives.push_back(directive("space_time(i, j) schedule(1073741821, 1)"));
  Rej.clear();
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(Fits, Rej).has_value());
  ASSERT_EQ(Rej.size(), 1u);
  EXPECT_EQ(Rej[0].Rule, t2s::URERule::ScheduleSize);
  EXPECT_NE(Rej[0].Message.find("the shift registers of 'A' would hold 1073741822 "
                                "words in each of 9 PEs"),
            std::string::npos);
}

TEST(SpaceTimeSchedule, NoSpaceTimeNoSchedule) {
  t2s::URESystem S = seedSystem(2, 2, 2);
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(S, Rej).has_value());
  EXPECT_TRUE(Rej.empty());
}

} // namespace

namespace {

// A triangle of time loops, i in [0, 6) and j in [i, 6), around the space
// loop p in [0, 4): array T reads itself at Dist.
t2s::URESystem triangleSystem(llvm::SmallVector<int64_t, 4> Dist) {
  t2s::URESystem S;
  t2s::URELoop I, J, P;
  I.Name = "i";
  I.Upper = 6;
  J.Name = "j";
  J.LowerBound.Coeffs = {1, 0, 0}; // j >= i
  J.Lower = 0;
  J.Upper = 6;
  P.Name = "p";
  P.Upper = 4;
  S.Loops = {I, J, P};
  t2s::UREArray A;
  A.Name = "T";
  S.Arrays.push_back(A);
  t2s::UREStatement St;
  t2s::URERead R;
  R.Distance = Dist;
  St.Reads.push_back(R);
  S.Statements.push_back(St);
  S.Directives.push_back(directive("space_time(p)"));
  return S;
}

} // namespace

// A read back across i over the triangle keeps T in a PE buffer: a window
// of the largest distance along i plus one, j's box widened by the
// distances along it. By brute force over the triangle, in step order: the
// word each read names holds the value of the iteration it reads (no later
// write took the word first), and the steps it waits are the plan's.
TEST(SpaceTimeSchedule, ReadsAcrossATriangleUseAPEBuffer) {
  for (llvm::SmallVector<int64_t, 4> Dist : {llvm::SmallVector<int64_t, 4>{1, 0, 0},
                                             llvm::SmallVector<int64_t, 4>{2, -1, 0},
                                             llvm::SmallVector<int64_t, 4>{1, 2, 0}}) {
    t2s::URESystem S = triangleSystem(Dist);
    llvm::SmallVector<t2s::URERejection, 1> Rej;
    std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
    ASSERT_TRUE(Sch.has_value());
    EXPECT_TRUE(Rej.empty());
    EXPECT_EQ(Sch->TotalSteps, 21); // 6 + 5 + ... + 1
    const t2s::RegisterPlan &P = Sch->Registers[0];
    ASSERT_EQ(P.Buffer.size(), 2u);
    EXPECT_TRUE(P.Buffer[0].Window);
    EXPECT_EQ(P.Buffer[0].Extent, Dist[0] + 1);
    EXPECT_EQ(P.Buffer[1].Extent, 6 + std::max<int64_t>(0, Dist[1]) +
                                      std::max<int64_t>(0, -Dist[1]));
    EXPECT_EQ(P.ConservativeWords, P.Buffer[0].Extent * P.Buffer[1].Extent);
    // Replay: each word holds the iteration last written there.
    std::vector<std::pair<int64_t, int64_t>> Word(P.ConservativeWords, {-100, -100});
    std::map<std::pair<int64_t, int64_t>, int64_t> StepOf;
    int64_t Step = 0, Fewest = INT64_MAX, Most = 0;
    for (int64_t I = 0; I < 6; ++I)
      for (int64_t J = I; J < 6; ++J, ++Step) {
        StepOf[{I, J}] = Step;
        int64_t FI = I - Dist[0], FJ = J - Dist[1];
        int64_t Slot = t2s::peBufferSlot(P.Buffer, {I, J, 0}, Dist);
        ASSERT_GE(Slot, 0);
        ASSERT_LT(Slot, P.ConservativeWords);
        if (FI >= 0 && FJ >= FI && FJ < 6) { // the read names an iteration
          EXPECT_EQ(Word[Slot], std::make_pair(FI, FJ)) << "at " << I << ", " << J;
          Fewest = std::min(Fewest, Step - StepOf[{FI, FJ}]);
          Most = std::max(Most, Step - StepOf[{FI, FJ}]);
        }
        Word[t2s::peBufferSlot(P.Buffer, {I, J, 0}, {})] = {I, J};
      }
    const t2s::ScheduledRead &R = Sch->Reads[0];
    EXPECT_EQ(R.FewestSteps, Fewest);
    EXPECT_EQ(R.MostSteps, Most);
  }
}

// Beside a read across the round, a read within it (zero along i, two back
// along the triangle's j) waits two steps wherever it runs: it is marked
// InRound, and the array gets a round register of 3 words; the read across
// is not, and a read along i alone never is.
TEST(SpaceTimeSchedule, ReadsWithinARoundTakeARoundRegister) {
  t2s::URESystem S = triangleSystem({1, 0, 0});
  t2s::URERead Within;
  Within.Distance = {0, 2, 0};
  S.Statements[0].Reads.push_back(Within);
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_TRUE(Rej.empty());
  ASSERT_EQ(Sch->Reads.size(), 2u);
  for (const t2s::ScheduledRead &R : Sch->Reads)
    EXPECT_EQ(R.InRound, R.Read == 1) << "read " << R.Read;
  EXPECT_EQ(Sch->Reads[1].TimeDistance, 2);
  EXPECT_EQ(Sch->Registers[0].RoundWords, 3);
  // Only a read across: no round register.
  std::optional<t2s::SpaceTimeSchedule> Across =
      t2s::computeSpaceTimeSchedule(triangleSystem({1, 0, 0}), Rej);
  ASSERT_TRUE(Across.has_value());
  EXPECT_FALSE(Across->Reads[0].InRound);
  EXPECT_EQ(Across->Registers[0].RoundWords, 0);
}

// pad_rounds(i, L) over the 6-column triangle: each round runs
// max(6 - i, L) steps, idle ones first. By brute force over the padded
// steps: the kernels' step count, each read's fewest and most steps, and
// Apart, the fewest steps between a read across rounds and its write, or
// between it and the next write of its word (the iteration Window rounds
// on, which takes the same word).
TEST(SpaceTimeSchedule, PaddedRoundsKeepTheBuffersApart) {
  for (int64_t L : {1, 3, 4, 6, 9})
    for (llvm::SmallVector<int64_t, 4> Dist : {llvm::SmallVector<int64_t, 4>{1, 0, 0},
                                               llvm::SmallVector<int64_t, 4>{2, -1, 0},
                                               llvm::SmallVector<int64_t, 4>{1, 2, 0}}) {
      t2s::URESystem S = triangleSystem(Dist);
      S.Directives.push_back(directive(("pad_rounds(i, " + std::to_string(L) + ")").c_str()));
      llvm::SmallVector<t2s::URERejection, 1> Rej;
      std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
      ASSERT_TRUE(Sch.has_value());
      EXPECT_TRUE(Rej.empty());
      ASSERT_TRUE(Sch->Padding.has_value());
      EXPECT_EQ(Sch->TotalSteps, 21); // the nest's steps are unchanged
      std::map<std::pair<int64_t, int64_t>, int64_t> StepOf;
      int64_t Step = 0;
      for (int64_t I = 0; I < 6; ++I) {
        Step += std::max<int64_t>(0, L - (6 - I)); // idle steps first
        for (int64_t J = I; J < 6; ++J)
          StepOf[{I, J}] = Step++;
      }
      EXPECT_EQ(Sch->Padding->Steps, Step) << "L " << L;
      const int64_t Window = std::max<int64_t>(1, Dist[0] + 1);
      int64_t Fewest = INT64_MAX, Most = 0, Apart = INT64_MAX;
      for (auto [X, At] : StepOf) {
        auto From = StepOf.find({X.first - Dist[0], X.second - Dist[1]});
        if (From == StepOf.end())
          continue;
        Fewest = std::min(Fewest, At - From->second);
        Most = std::max(Most, At - From->second);
        Apart = std::min(Apart, At - From->second);
        for (int64_t Next = From->first.first + Window; Next < 6; Next += Window)
          if (auto W = StepOf.find({Next, From->first.second}); W != StepOf.end()) {
            Apart = std::min(Apart, W->second - At);
            break;
          }
      }
      EXPECT_EQ(Sch->Reads[0].FewestSteps, Fewest) << "L " << L;
      EXPECT_EQ(Sch->Reads[0].MostSteps, Most) << "L " << L;
      EXPECT_EQ(Sch->Padding->Apart, Apart) << "L " << L;
      EXPECT_GE(Apart, 1);
    }
}
