// Unit tests of the schedule the compiler chooses for a nest whose space
// loops a read keeps outside the time loops (chooseSchedule), against a
// brute-force search over every coefficient vector in a box.
#include "systolic/SpaceLoopsInward.h"

#include <gtest/gtest.h>

#include <random>

namespace {

struct Nest {
  t2s::URESystem S;
  t2s::SpaceLoopsMove M;
  t2s::Directive D;
};

// Loops Names (outermost first) with Extents; the space loops are those
// Space names, in that order in the directive; one URE array read at each
// of Dists.
Nest nest(llvm::ArrayRef<const char *> Names, llvm::ArrayRef<int64_t> Extents,
          llvm::StringRef Space, llvm::ArrayRef<llvm::SmallVector<int64_t, 4>> Dists) {
  Nest N;
  for (unsigned L = 0; L < Names.size(); ++L) {
    t2s::URELoop Loop;
    Loop.Name = Names[L];
    Loop.Upper = Extents[L];
    N.S.Loops.push_back(Loop);
  }
  t2s::UREArray Arr;
  Arr.Name = "V";
  N.S.Arrays.push_back(Arr);
  t2s::UREStatement St;
  for (const auto &D : Dists) {
    t2s::URERead R;
    R.Distance = D;
    St.Reads.push_back(R);
  }
  N.S.Statements.push_back(St);
  llvm::Expected<t2s::Directive> D = t2s::parseDirective(("space_time(" + Space + ")").str());
  EXPECT_TRUE(static_cast<bool>(D));
  N.D = *D;
  N.S.Directives.push_back({N.D, t2s::SourceLoc{"as-written.cpp", 1, 1}});
  N.M.Order = N.S.timeThenSpaceOrder();
  N.M.NumTime = unsigned(Names.size() - N.D.Args.size());
  return N;
}

// Per read: its time distance under C (coefficients in directive order),
// whether the outer time loops already order it, and whether it may be a
// chain (its PE distance, in nest order, is lexicographically positive).
struct Verdict {
  bool Legal = true;
  int Chains = 0;
  int64_t Steps = 0;
};

Verdict judge(const Nest &N, llvm::ArrayRef<int64_t> C) {
  Verdict V;
  const unsigned K = N.M.Order[N.M.NumTime - 1];
  for (unsigned I = 0; I < C.size(); ++I) {
    unsigned L = *N.S.loopIndex(N.D.Args[I].Name);
    V.Steps += std::abs(C[I]) * (N.S.Loops[L].extent() - 1);
  }
  for (const t2s::URERead &R : N.S.Statements[0].Reads) {
    llvm::SmallVector<int64_t, 4> Outer, PE;
    for (unsigned P = 0; P + 1 < N.M.NumTime; ++P)
      Outer.push_back(R.Distance[N.M.Order[P]]);
    for (unsigned P = N.M.NumTime; P < N.M.Order.size(); ++P)
      PE.push_back(R.Distance[N.M.Order[P]]);
    if (t2s::lexicographicSign(Outer) > 0)
      continue;
    if (t2s::lexicographicSign(Outer) < 0 || t2s::lexicographicSign(PE) == 0) {
      V.Legal &= t2s::lexicographicSign(Outer) >= 0;
      continue;
    }
    int64_t T = R.Distance[K];
    for (unsigned I = 0; I < C.size(); ++I)
      T += C[I] * R.Distance[*N.S.loopIndex(N.D.Args[I].Name)];
    if (T == 0 && t2s::lexicographicSign(PE) > 0)
      ++V.Chains;
    else if (T < 1)
      V.Legal = false;
  }
  return V;
}

// Kung and Song's taps: V[r - 1][c + 1] needs t = 2 r + c.
TEST(ChooseSchedule, KungAndSongsTapsRunTwoStepsApart) {
  Nest N = nest({"r", "c"}, {4, 12}, "r", {{1, -1}, {0, 1}});
  std::string Why;
  std::optional<t2s::ChosenSchedule> C = t2s::chooseSchedule(N.S, N.M, N.D, Why);
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(C->Coeffs, (llvm::SmallVector<int64_t, 4>{2}));
  EXPECT_FALSE(C->Chains);
}

// With e space inside c, X[r][c][e - 1] wants e skewed up and
// X[r][c - 1][e + 1] wants it not: a chain along e, and r two steps on.
TEST(ChooseSchedule, AChainWhereNoScheduleRunsEveryReadAStepLater) {
  Nest N = nest({"r", "c", "e"}, {3, 6, 3}, "r, e", {{0, 0, 1}, {0, 1, -1}, {1, -1, 0}});
  std::string Why;
  std::optional<t2s::ChosenSchedule> C = t2s::chooseSchedule(N.S, N.M, N.D, Why);
  ASSERT_TRUE(C.has_value());
  EXPECT_EQ(C->Coeffs, (llvm::SmallVector<int64_t, 4>{2, 0}));
  EXPECT_TRUE(C->Chains);
}

// A read back along the outer time loop a: no skew of b helps.
TEST(ChooseSchedule, AReadBackAlongAnOuterTimeLoopHasNone) {
  Nest N = nest({"r", "a", "b"}, {4, 5, 3}, "r", {{1, -1, 0}});
  std::string Why;
  EXPECT_FALSE(t2s::chooseSchedule(N.S, N.M, N.D, Why).has_value());
  EXPECT_EQ(Why, "the read of 'V' goes back along time loop 'a', which runs outside the "
                 "space loops, and a schedule skews only the time loop right outside "
                 "them, 'b'");
}

// Random nests (r, c), (r, c, e), (t, r, c) and (r, e, c) with one or two
// space loops and up to four reads, sparse and lexicographically positive
// as written: the chosen schedule is legal, and no vector in [-8, 8]^n has
// fewer chains, or as few and fewer steps.
TEST(ChooseSchedule, FewestChainsThenFewestStepsAgainstBruteForce) {
  std::mt19937 Rng(36);
  struct Form {
    std::vector<const char *> Names;
    const char *Space;
  };
  const Form Forms[] = {{{"r", "c"}, "r"},
                        {{"r", "c", "e"}, "r"},
                        {{"r", "c", "e"}, "r, e"},
                        {{"r", "c", "e"}, "e, r"},
                        {{"t", "r", "c"}, "r"},
                        {{"r", "e", "c"}, "r, e"}};
  int Checked = 0, WithChains = 0;
  for (int Trial = 0; Trial < 1500; ++Trial) {
    const Form &F = Forms[Trial % std::size(Forms)];
    const unsigned Depth = F.Names.size();
    llvm::SmallVector<int64_t, 4> Extents;
    for (unsigned L = 0; L < Depth; ++L)
      Extents.push_back(2 + int64_t(Rng() % 4));
    llvm::SmallVector<llvm::SmallVector<int64_t, 4>, 4> Dists;
    unsigned Reads = 1 + Rng() % 4;
    while (Dists.size() < Reads) {
      llvm::SmallVector<int64_t, 4> D;
      // Sparse distances: a chain needs zeros along the time loops.
      for (unsigned L = 0; L < Depth; ++L)
        D.push_back(Rng() % 2 ? 0 : int64_t(Rng() % 5) - 2);
      if (t2s::lexicographicSign(D) > 0)
        Dists.push_back(D);
    }
    Nest N = nest(F.Names, Extents, F.Space, Dists);
    std::string Why;
    std::optional<t2s::ChosenSchedule> C = t2s::chooseSchedule(N.S, N.M, N.D, Why);
    // The best vector in the box, by brute force.
    const unsigned Args = N.D.Args.size();
    std::optional<Verdict> Best;
    llvm::SmallVector<int64_t, 4> V(Args, -8);
    while (true) {
      Verdict J = judge(N, V);
      if (J.Legal && (!Best || J.Chains < Best->Chains ||
                      (J.Chains == Best->Chains && J.Steps < Best->Steps)))
        Best = J;
      unsigned I = 0;
      while (I < Args && ++V[I] > 8)
        V[I++] = -8;
      if (I == Args)
        break;
    }
    ASSERT_EQ(C.has_value(), Best.has_value()) << "trial " << Trial << ": " << Why;
    if (!C)
      continue;
    Verdict Got = judge(N, C->Coeffs);
    EXPECT_TRUE(Got.Legal) << "trial " << Trial;
    EXPECT_EQ(Got.Chains, Best->Chains) << "trial " << Trial;
    EXPECT_EQ(Got.Steps, Best->Steps) << "trial " << Trial;
    EXPECT_EQ(C->Chains, Got.Chains > 0) << "trial " << Trial;
    ++Checked;
    WithChains += Got.Chains > 0;
  }
  // The random nests reach both kinds of answer.
  EXPECT_GT(Checked, 1000);
  EXPECT_GT(WithChains, 5) << Checked;
}

} // namespace
