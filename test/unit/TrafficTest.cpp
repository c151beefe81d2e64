// The off-chip traffic count (backends/model/Traffic.h) of kernels built by hand:
// loops whose variable decides an access run, the others multiply; a
// computed condition counts both arms; what cannot be counted says so.

#include "backends/model/Estimate.h"
#include "backends/model/Traffic.h"
#include "systolic/Design.h"
#include "systolic/Stmt.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), F32 = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }
ExprPtr is(const char *Var, int64_t V) {
  return compare(CompareOp::EQ, false, var(Var), num(V));
}
Stmt upTo(LoopKind K, const char *Name, int64_t N, Stmts Body) {
  return loop(K, Name, num(0), num(N), std::move(Body));
}

// A design with buffers a (argument 0, read) and c (argument 1, written) of
// floats, one scheduled nest over a 4 x 6 x 5 domain, and the kernels given.
Design design(std::vector<std::pair<KernelRole, Stmts>> Kernels) {
  Design D;
  D.Params = {{"a", true, F32}, {"c", true, F32}};
  Design::Nest N;
  N.Name = "f";
  N.Scheduled = true;
  N.SourceLoops = {{"t", 0, 4}, {"j", 0, 6}, {"l", 0, 5}};
  D.Nests.push_back(N);
  D.Buffers.push_back({0, "a", 0, F32, true, false, std::nullopt});
  D.Buffers.push_back({1, "c", 0, F32, false, true, std::nullopt});
  for (auto &[Role, Body] : Kernels) {
    Design::Kernel K;
    K.Name = "k" + std::to_string(D.Kernels.size());
    K.Role = Role;
    K.Body = std::move(Body);
    D.Kernels.push_back(std::move(K));
  }
  return D;
}

ExprPtr aAt(ExprPtr Index) { return bufferElement(F32, 0, {std::move(Index)}, {1}); }
ExprPtr cAt(ExprPtr Index) { return bufferElement(F32, 1, {std::move(Index)}, {1}); }

TEST(TrafficTest, LoopsThatDecideRunTheOthersMultiply) {
  // Loader: for t < 4: PEs j < 6: if (j == 0) lanes l < 5: v[l] = a[l]
  // (4 x 5 reads); drainer: PEs j < 6: if (j != 2) c[j] = r[j] (5 writes).
  Stmt Load = assign(subscript(F32, var("v"), {var("l")}), aAt(var("l")));
  Stmts Loader = {upTo(LoopKind::Time, "t", 4,
                       {upTo(LoopKind::PE, "j", 6,
                             {ifElse(is("j", 0), {upTo(LoopKind::Lanes, "l", 5, {Load})})})})};
  Stmts Drainer = {upTo(LoopKind::PE, "j", 6,
                        {ifElse(compare(CompareOp::NE, false, var("j"), num(2)),
                                {assign(cAt(var("j")), subscript(F32, var("r"), {var("j")}))})})};
  Design D = design({{KernelRole::Loader, Loader}, {KernelRole::Drainer, Drainer}});
  DesignTraffic T = countTraffic(D, 0);
  ASSERT_TRUE(T.Known);
  EXPECT_TRUE(T.Exact);
  ASSERT_EQ(T.Buffers.size(), 2u);
  EXPECT_EQ(T.Buffers[0].Name, "a");
  EXPECT_EQ(T.Buffers[0].Read, 20u);
  EXPECT_EQ(T.Buffers[0].Written, 0u);
  EXPECT_EQ(T.Buffers[1].Name, "c");
  EXPECT_EQ(T.Buffers[1].Written, 5u);
  EXPECT_EQ(T.bytesRead(), 80u);
  EXPECT_EQ(T.bytesWritten(), 20u);
}

TEST(TrafficTest, RecoveredVariablesAndSelectsOnLoopVariables) {
  // for t < 8: PEs j < 3: k = t - j, runs for 0 <= k < 4:
  //   x = (k == 0) ? a[j] : 0  (one read per PE: 3)
  Recovery R;
  R.Name = "k";
  R.Time = "t";
  R.Terms = {{1, "j"}};
  R.Lower = 0;
  R.Upper = 4;
  Stmt Rec(StmtKind::Recover);
  Rec.Recoveries = {R};
  Rec.Body = {assign(var("x", 0, F32), select(is("k", 0), aAt(var("j")), floatConst(F32, 0)))};
  Design D = design({{KernelRole::KernelNest,
                      {upTo(LoopKind::Time, "t", 8, {upTo(LoopKind::PE, "j", 3, {Rec})})}}});
  DesignTraffic T = countTraffic(D, 0);
  ASSERT_TRUE(T.Known);
  EXPECT_TRUE(T.Exact);
  ASSERT_EQ(T.Buffers.size(), 1u);
  EXPECT_EQ(T.Buffers[0].Read, 3u);
}

TEST(TrafficTest, ComputedConditionsCountTheLargerArmAndVectorsTheirLanes) {
  // for i < 10: if (v > 0) c[i] = w else c[i + 10] = w, v computed: one
  // write either way, exactly 10; and a read of a vector of 4 lanes.
  ExprPtr Computed = compare(CompareOp::GT, false, var("v"), num(0));
  Stmts Body = {decl(Int, "v"),
                upTo(LoopKind::Serial, "i", 10,
                     {ifElse(Computed, {assign(cAt(var("i")), var("w", 0, F32))},
                             {assign(cAt(var("i", 10)), var("w", 0, F32))}),
                      assign(var("q", 0, F32.withLanes(4)),
                             bufferElement(F32.withLanes(4), 0, {var("i")}, {4}))})};
  DesignTraffic T = countTraffic(design({{KernelRole::KernelNest, Body}}), 0);
  ASSERT_TRUE(T.Known);
  EXPECT_TRUE(T.Exact);
  ASSERT_EQ(T.Buffers.size(), 2u);
  EXPECT_EQ(T.Buffers[0].Read, 40u);
  EXPECT_EQ(T.Buffers[1].Written, 10u);
  // x = v > 0 ? a[i] : 0 and, only if v > 0, c[i] = x: at most 10 each.
  Stmts Maybe = {decl(Int, "v"),
                 upTo(LoopKind::Serial, "i", 10,
                      {assign(var("x", 0, F32), select(Computed, aAt(var("i")), floatConst(F32, 0))),
                       ifElse(Computed, {assign(cAt(var("i")), var("x", 0, F32))})})};
  DesignTraffic U = countTraffic(design({{KernelRole::KernelNest, Maybe}}), 0);
  ASSERT_TRUE(U.Known);
  EXPECT_FALSE(U.Exact);
  ASSERT_EQ(U.Buffers.size(), 2u);
  EXPECT_EQ(U.Buffers[0].Read, 10u);
  EXPECT_EQ(U.Buffers[1].Written, 10u);
}

TEST(TrafficTest, TooLongOrComputedBoundsAreNotCounted) {
  // PEs j < 100: if (j == 7) c[j] = 0, with a budget of 50 steps.
  Stmts Long = {upTo(LoopKind::PE, "j", 100,
                     {ifElse(is("j", 7), {assign(cAt(var("j")), floatConst(F32, 0))})})};
  Design D = design({{KernelRole::Drainer, Long}});
  EXPECT_FALSE(countTraffic(D, 0, 50).Known);
  DesignTraffic Enough = countTraffic(D, 0, 200);
  ASSERT_TRUE(Enough.Known);
  EXPECT_EQ(Enough.Buffers[0].Written, 1u);
  // for i < n, n computed: c[i] = 0.
  Stmts Computed = {decl(Int, "n"),
                    loop(LoopKind::Serial, "i", num(0), var("n"),
                         {assign(cAt(var("i")), floatConst(F32, 0))})};
  EXPECT_FALSE(countTraffic(design({{KernelRole::KernelNest, Computed}}), 0).Known);
}

TEST(TrafficTest, TheRooflineOfAnEstimate) {
  // The loader of TrafficTest.LoopsThatDecide... with a systolic kernel of
  // 6 PEs doing a multiply-add each per step for 20 steps (the run takes the
  // array's 20 clocks, the loader's 4 overlap them); the nest's statement is one
  // multiply-add per point of its 120 points: 240 flops per run against 80
  // bytes read, 3 per byte.
  Stmt Load = assign(subscript(F32, var("v"), {var("l")}), aAt(var("l")));
  Stmts Loader = {upTo(LoopKind::Time, "t", 4,
                       {upTo(LoopKind::PE, "j", 6,
                             {ifElse(is("j", 0), {upTo(LoopKind::Lanes, "l", 5, {Load})})})})};
  ExprPtr R = subscript(F32, var("r"), {var("j")});
  Stmts Array = {upTo(LoopKind::Time, "s", 20,
                      {upTo(LoopKind::PE, "j", 6,
                            {assign(R, mulAdd(var("x", 0, F32), var("y", 0, F32), R))})})};
  Design D = design({{KernelRole::Loader, Loader}, {KernelRole::Systolic, Array}});
  Design::Statement S;
  S.Array = "C";
  S.Value = mulAdd(var("x", 0, F32), var("y", 0, F32), var("z", 0, F32));
  D.Nests[0].Statements.push_back(S);
  FPGADevice A10 = findFPGADevice("arria10").value_or(FPGADevice());
  DesignEstimate E = estimateNest(D, 0, A10);
  EXPECT_EQ(E.FlopsPerRun, 240);
  ASSERT_TRUE(E.intensity());
  EXPECT_DOUBLE_EQ(*E.intensity(), 3);
  // 12 flops per clock at 250 MHz: 3 GFLOPS; 3 per byte x 38.4 GB/s: 115.2.
  EXPECT_DOUBLE_EQ(E.expectedGFLOPS(250), 3);
  EXPECT_DOUBLE_EQ(*E.memoryGFLOPS(A10.DRAMGBPerSecond), 115.2);
  EXPECT_FALSE(E.memoryBound(250, A10.DRAMGBPerSecond));
  EXPECT_TRUE(E.memoryBound(250, 0.5));
}

} // namespace
} // namespace t2s
