// Unit tests of the iterations of nests with affine bounds
// (ure/IterationDomain.h) and of the counts the space-time schedule reports
// for them: every count against a brute-force walk over a box that holds
// the nest.
#include "systolic/SpaceTimeSchedule.h"
#include "ure/IterationDomain.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

namespace {

using Bound = std::pair<llvm::SmallVector<int64_t, 4>, int64_t>; // coefficients, constant

// A loop over [Lower, Upper) (constants), or with affine bounds where the
// coefficients are given.
t2s::URELoop loop(std::string Name, Bound Lo, Bound Hi) {
  t2s::URELoop L;
  L.Name = std::move(Name);
  L.LowerBound.Coeffs = Lo.first;
  L.LowerBound.Constant = Lo.second;
  L.UpperBound.Coeffs = Hi.first;
  L.UpperBound.Constant = Hi.second;
  if (L.LowerBound.isConstant()) {
    L.Lower = Lo.second;
    L.LowerBound = t2s::AffineExpr();
  }
  if (L.UpperBound.isConstant()) {
    L.Upper = Hi.second;
    L.UpperBound = t2s::AffineExpr();
  }
  return L;
}

constexpr int64_t Far = 40; // every test nest lies in [-Far, Far) per loop

// Calls Visit with each point of the nest, found by walking [-Far, Far)^n.
template <typename F> void bruteForce(llvm::ArrayRef<t2s::URELoop> Loops, F Visit) {
  llvm::SmallVector<int64_t, 6> P(Loops.size(), -Far);
  while (true) {
    if (t2s::inDomain(Loops, P))
      Visit(llvm::ArrayRef<int64_t>(P));
    unsigned K = P.size();
    while (K > 0 && ++P[K - 1] == Far)
      P[--K] = -Far;
    if (K == 0)
      return;
  }
}

uint64_t bruteCount(llvm::ArrayRef<t2s::URELoop> Loops,
                    llvm::ArrayRef<std::optional<int64_t>> Pins = {}) {
  uint64_t N = 0;
  bruteForce(Loops, [&](llvm::ArrayRef<int64_t> P) {
    for (unsigned D = 0; D < Pins.size(); ++D)
      if (Pins[D] && *Pins[D] != P[D])
        return;
    ++N;
  });
  return N;
}

// The count, the count with each loop pinned to each value, and the boxes.
void checkAgainstBruteForce(llvm::SmallVector<t2s::URELoop, 4> Loops) {
  bool NonEmpty = t2s::computeBoxes(Loops);
  uint64_t Want = bruteCount(Loops);
  EXPECT_EQ(NonEmpty, Want > 0);
  EXPECT_EQ(t2s::countIterations(Loops), Want);
  for (unsigned D = 0; D < Loops.size(); ++D) {
    if (!Loops[D].affine())
      continue;
    int64_t Min = Far, Max = -Far;
    bruteForce(Loops, [&](llvm::ArrayRef<int64_t> P) {
      Min = std::min(Min, P[D]);
      Max = std::max(Max, P[D]);
    });
    if (Want) {
      EXPECT_EQ(Loops[D].Lower, Min) << Loops[D].Name;
      EXPECT_EQ(Loops[D].Upper, Max + 1) << Loops[D].Name;
    }
    for (int64_t V = Min; V <= Max; ++V) {
      llvm::SmallVector<std::optional<int64_t>, 4> Pins(Loops.size());
      Pins[D] = V;
      EXPECT_EQ(t2s::countIterations(Loops, Pins), bruteCount(Loops, Pins))
          << Loops[D].Name << " = " << V;
    }
  }
}

TEST(IterationDomain, Shapes) {
  // LU's triangle: k in [0, 6), j in [k, 6).
  checkAgainstBruteForce({loop("k", {{}, 0}, {{}, 6}), loop("j", {{1}, 0}, {{}, 6})});
  // A band: j in [i, i + 3).
  checkAgainstBruteForce({loop("i", {{}, 0}, {{}, 7}), loop("j", {{1}, 0}, {{1}, 3})});
  // A parallelogram with a loop of constant bounds inside it.
  checkAgainstBruteForce({loop("t", {{}, 0}, {{}, 5}), loop("s", {{1}, 0}, {{1}, 10}),
                          loop("c", {{}, 0}, {{}, 3})});
  // A tetrahedron, and rows left empty (j in [0, i - 2)).
  checkAgainstBruteForce({loop("i", {{}, 0}, {{}, 6}), loop("j", {{}, 0}, {{1}, 0}),
                          loop("k", {{0, 1}, 0}, {{1}, 0})});
  checkAgainstBruteForce({loop("i", {{}, 0}, {{}, 6}), loop("j", {{}, 0}, {{1}, -2})});
  // No iteration at all.
  checkAgainstBruteForce({loop("i", {{}, 0}, {{}, 6}), loop("j", {{1}, 6}, {{}, 6})});
}

TEST(IterationDomain, RandomNests) {
  std::mt19937 Rng(20261125);
  auto pick = [&](int Lo, int Hi) { return std::uniform_int_distribution<int>(Lo, Hi)(Rng); };
  for (int Trial = 0; Trial < 300; ++Trial) {
    unsigned Depth = pick(1, 3);
    llvm::SmallVector<t2s::URELoop, 4> Loops;
    for (unsigned D = 0; D < Depth; ++D) {
      Bound Lo{{}, pick(-2, 3)}, Hi{{}, pick(2, 7)};
      for (unsigned E = 0; E < D; ++E) {
        Lo.first.push_back(pick(0, 2) ? 0 : pick(-1, 2));
        Hi.first.push_back(pick(0, 2) ? 0 : pick(-1, 2));
      }
      Loops.push_back(loop(std::string(1, char('a' + D)), Lo, Hi));
    }
    SCOPED_TRACE("trial " + std::to_string(Trial));
    checkAgainstBruteForce(Loops);
  }
}

TEST(IterationDomain, LargeTriangleIsCountedInClosedForm) {
  // 1024 x 1024 x 1024 with j in [k, 1024): 1024 * 1024 * 1025 / 2
  // iterations, counted with 1024 values of k visited.
  llvm::SmallVector<t2s::URELoop, 4> Loops{loop("i", {{}, 0}, {{}, 1024}),
                                           loop("k", {{}, 0}, {{}, 1024}),
                                           loop("j", {{0, 1}, 0}, {{}, 1024})};
  ASSERT_TRUE(t2s::computeBoxes(Loops));
  EXPECT_EQ(t2s::countIterations(Loops, {}, /*Budget=*/2048),
            uint64_t(1024) * 1024 * 1025 / 2);
  // Past the budget, the count is unknown rather than wrong.
  EXPECT_EQ(t2s::countIterations(Loops, {}, /*Budget=*/10), std::nullopt);
}

t2s::LocatedDirective directive(llvm::StringRef Text) {
  llvm::Expected<t2s::Directive> D = t2s::parseDirective(Text);
  EXPECT_TRUE(static_cast<bool>(D));
  return {std::move(*D), t2s::SourceLoc{"lu.cpp", 1, 1}};
}

// examples/lu.cpp's nest: time loop i, PEs (k, j) with j >= k, and one URE
// read along each loop.
t2s::URESystem luSystem(int64_t N) {
  t2s::URESystem S;
  S.Loops = {loop("i", {{}, 0}, {{}, N}), loop("k", {{}, 0}, {{}, N}),
             loop("j", {{0, 1}, 0}, {{}, N})};
  EXPECT_TRUE(t2s::computeBoxes(S.Loops));
  llvm::SmallVector<int64_t, 4> Dist[] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (unsigned A = 0; A < 3; ++A) {
    t2s::UREArray Arr;
    Arr.Name = std::string(1, char('L' + A));
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
  S.Directives.push_back(directive("space_time(k, j)"));
  return S;
}

TEST(IterationDomain, LUUtilizationIsTheIterationsThatRun) {
  for (int64_t N : {1, 2, 3, 6, 17}) {
    SCOPED_TRACE("N = " + std::to_string(N));
    t2s::URESystem S = luSystem(N);
    llvm::SmallVector<t2s::URERejection, 1> Rej;
    std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
    ASSERT_TRUE(Sch.has_value());
    EXPECT_TRUE(Rej.empty());
    // Brute force: the iterations, and the PEs (k, j) any of them runs on.
    uint64_t Iterations = 0;
    std::set<std::pair<int64_t, int64_t>> PEs;
    bruteForce(S.Loops, [&](llvm::ArrayRef<int64_t> P) {
      ++Iterations;
      PEs.insert({P[1], P[2]});
    });
    EXPECT_EQ(Sch->NumPEs, N * N);
    EXPECT_EQ(Sch->ActivePEs, int64_t(PEs.size()));
    EXPECT_EQ(Sch->TotalSteps, N);
    EXPECT_EQ(Sch->UsefulPESteps, int64_t(Iterations));
    EXPECT_TRUE(Sch->Counted);
    ASSERT_TRUE(Sch->utilization().has_value());
    EXPECT_DOUBLE_EQ(*Sch->utilization(), double(Iterations) / double(N * N * N));
  }
  // At a size no walk reaches: N * N * (N + 1) / 2 iterations, 58.3% at
  // N = 6 and just over 50% at N = 1000.
  t2s::URESystem S = luSystem(1000);
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_EQ(Sch->UsefulPESteps, int64_t(1000) * 1000 * 1001 / 2);
  EXPECT_EQ(Sch->ActivePEs, 1000 * 1001 / 2);
}

// Jacobi-1D on skewed loops (test/lit/emulation/affine-skewed-stencil.cpp):
// the PE loop's bounds name the time loop, so the PEs that run are found one
// by one.
TEST(IterationDomain, SkewedStencilUtilization) {
  for (auto [T, N] : {std::pair<int64_t, int64_t>{5, 10}, {12, 24}, {1, 3}, {7, 2}}) {
    SCOPED_TRACE("T = " + std::to_string(T) + ", N = " + std::to_string(N));
    t2s::URESystem S;
    S.Loops = {loop("t", {{}, 0}, {{}, T}), loop("s", {{1}, 0}, {{1}, N})};
    ASSERT_TRUE(t2s::computeBoxes(S.Loops));
    t2s::UREArray Arr;
    Arr.Name = "S";
    S.Arrays.push_back(Arr);
    t2s::UREStatement St;
    for (llvm::SmallVector<int64_t, 4> D : {llvm::SmallVector<int64_t, 4>{1, 0}, {1, 1}, {1, 2}}) {
      t2s::URERead R;
      R.Distance = D;
      St.Reads.push_back(R);
    }
    S.Statements.push_back(St);
    S.Directives.push_back(directive("space_time(s)"));
    llvm::SmallVector<t2s::URERejection, 1> Rej;
    std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
    ASSERT_TRUE(Sch.has_value());
    uint64_t Iterations = 0;
    std::set<int64_t> PEs;
    bruteForce(S.Loops, [&](llvm::ArrayRef<int64_t> P) {
      ++Iterations;
      PEs.insert(P[1]);
    });
    EXPECT_EQ(Sch->NumPEs, T + N - 1);
    EXPECT_EQ(Sch->ActivePEs, int64_t(PEs.size()));
    EXPECT_EQ(Sch->TotalSteps, T);
    EXPECT_EQ(Sch->UsefulPESteps, int64_t(Iterations));
    EXPECT_DOUBLE_EQ(*Sch->utilization(), double(Iterations) / double((T + N - 1) * T));
  }
}

// A time loop with affine bounds: the steps are its iterations.
TEST(IterationDomain, TriangularTimeLoopSteps) {
  t2s::URESystem S;
  S.Loops = {loop("i", {{}, 0}, {{}, 6}), loop("k", {{1}, 0}, {{}, 6}),
             loop("p", {{}, 0}, {{}, 4})};
  ASSERT_TRUE(t2s::computeBoxes(S.Loops));
  t2s::UREArray Arr;
  Arr.Name = "S";
  S.Arrays.push_back(Arr);
  t2s::UREStatement St;
  t2s::URERead R;
  R.Distance = {0, 1, 0};
  St.Reads.push_back(R);
  S.Statements.push_back(St);
  S.Directives.push_back(directive("space_time(p)"));
  llvm::SmallVector<t2s::URERejection, 1> Rej;
  std::optional<t2s::SpaceTimeSchedule> Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_EQ(Sch->TotalSteps, 21);
  EXPECT_EQ(Sch->UsefulPESteps, 84);
  EXPECT_EQ(Sch->ActivePEs, 4);
  // A read of the previous row waits a number of steps that varies (6 - i
  // for row i): the array is a PE buffer, the steps the same.
  S.Statements[0].Reads[0].Distance = {1, 0, 0};
  Rej.clear();
  Sch = t2s::computeSpaceTimeSchedule(S, Rej);
  ASSERT_TRUE(Sch.has_value());
  EXPECT_TRUE(Rej.empty());
  EXPECT_EQ(Sch->TotalSteps, 21);
  EXPECT_FALSE(Sch->Registers[0].Buffer.empty());
  EXPECT_EQ(Sch->Reads[0].FewestSteps, 1);
  EXPECT_EQ(Sch->Reads[0].MostSteps, 5);
  // Under a schedule vector the time loops do not run themselves.
  S.Directives[0] = directive("space_time(p) schedule(1)");
  Rej.clear();
  EXPECT_FALSE(t2s::computeSpaceTimeSchedule(S, Rej).has_value());
  ASSERT_FALSE(Rej.empty());
  EXPECT_EQ(Rej[0].Rule, t2s::URERule::AffineBounds);
}

} // namespace
