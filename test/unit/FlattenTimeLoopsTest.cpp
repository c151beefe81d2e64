// The HLS target's flat time loops (backends/hls/FlattenTimeLoops.h) on
// kernels built by hand: a box of loops around a pipelined step becomes one
// loop with counters; a nest whose inner bound names an outer variable, or
// with statements between its loops, stays.

#include "HandBuiltKernels.h"
#include "backends/hls/FlattenTimeLoops.h"
#include "systolic/StmtWalk.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

using test::num;
using test::oneKernel;

const DType F32 = DType::floating(32);

Stmt work() { return assign(var("y", 0, F32), var("x", 0, F32)); }

unsigned loops(const Stmts &Body) {
  unsigned N = 0;
  forEachStmt(Body, [&](const Stmt &S) { N += S.Kind == StmtKind::Loop; });
  return N;
}

TEST(FlattenTimeLoopsTest, ABoxOfLoopsIsOneLoopWithCounters) {
  // for i in [1, n): for j < 4: y = x
  Stmt Inner = loop(LoopKind::Time, "j", num(0), num(4), {work()});
  Design D = oneKernel({loop(LoopKind::Time, "i", num(1), var("n"), {Inner})});
  Design::Kernel K = withFlatTimeLoops(D.Kernels.front());
  ASSERT_EQ(K.Body.size(), 1u);
  const Stmts &Block = K.Body.front().Body;
  ASSERT_EQ(K.Body.front().Kind, StmtKind::Block);
  // A comment, the counters from their starts, the count, the loop.
  ASSERT_EQ(Block.size(), 5u);
  EXPECT_EQ(Block[1].Name, "i");
  EXPECT_EQ(Block[1].Value->Int, 1);
  EXPECT_EQ(Block[2].Name, "j");
  EXPECT_EQ(Block[3].Name, "t2s_steps");
  EXPECT_EQ(Block[3].Type.Bits, 64u);
  const Stmt &Flat = Block[4];
  EXPECT_EQ(Flat.Kind, StmtKind::Loop);
  EXPECT_EQ(Flat.Type.Bits, 64u);
  EXPECT_EQ(loops(Flat.Body), 0u);
  // The step, then the advance: j wraps to 0 and i moves on after j = 3.
  ASSERT_EQ(Flat.Body.size(), 2u);
  const Stmt &Advance = Flat.Body[1];
  EXPECT_EQ(Advance.Kind, StmtKind::If);
  EXPECT_EQ(Advance.Value->operand(0).Name, "j");
  EXPECT_EQ(Advance.Value->operand(1).Int, 3);
  EXPECT_EQ(Advance.Body[1].Target->Name, "i");
  EXPECT_EQ(Advance.Else[0].Target->Name, "j");
}

TEST(FlattenTimeLoopsTest, ANestThatIsNoBoxStays) {
  // for i < n: for j < i: y = x (a triangle), and for i < n: { y = x; for
  // j < 4: y = x } (a statement between the loops).
  Stmt Triangle = loop(LoopKind::Time, "j", num(0), var("i"), {work()});
  Design D = oneKernel({loop(LoopKind::Time, "i", num(0), var("n"), {Triangle}),
                        loop(LoopKind::Time, "k", num(0), var("n"),
                             {work(), loop(LoopKind::Time, "l", num(0), num(4), {work()})})});
  Design::Kernel K = withFlatTimeLoops(D.Kernels.front());
  EXPECT_EQ(loops(K.Body), 4u);
  EXPECT_EQ(K.Body[0].Name, "i");
  EXPECT_EQ(K.Body[1].Name, "k");
}

} // namespace
} // namespace t2s
