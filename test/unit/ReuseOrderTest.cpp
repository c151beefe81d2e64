// The reuse-buffer check (systolic/ReuseOrder.h) on feeders built by hand:
// a loader of 'a' over tiles t < 3 and steps s < 2, u < 4 that sends
// a[t][u] (u kept, s not) to channel 'ch', and feeders laid out as the
// buffer step would - right, with the halves swapped, with the steps in
// another order, and sending one value too many.

#include "systolic/Design.h"
#include "systolic/ReuseOrder.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), Float = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }
ExprPtr sub(ExprPtr A, ExprPtr B) { return binary(BinaryOp::Sub, false, A, B); }
ExprPtr half(ExprPtr T) { return binary(BinaryOp::And, false, T, num(1)); }

Stmt upTo(const char *Name, ExprPtr N, Stmts Body) {
  return loop(LoopKind::Serial, Name, num(0), N, std::move(Body));
}

// The value the loader reads: a[t * 4 + u] (any expression of t and u).
ExprPtr value() {
  return cast(CastKind::Plain, Float,
              binary(BinaryOp::Add, false, binary(BinaryOp::Mul, false, var("t"), num(4)),
                     var("u")));
}

ExprPtr element(ExprPtr Half) { return subscript(Float, var("buf"), {Half, var("u")}); }

// The feeder: per tile, read u in steps 0..3 into half tile & 1, send every
// step s, u of the previous tile from the other half. SendHalf picks the
// half the send reads; Steps how the step number splits into s and u.
Design feeder(ExprPtr SendHalf, bool UFirst = false, int64_t Tiles = 3) {
  Design D;
  Design::Kernel K;
  K.Name = "load_a";
  K.Role = KernelRole::Loader;
  K.Buffer = "a";
  Design::ReuseBuffer R;
  R.Loop = "t";
  R.TileLoops = {"t"};
  R.KeptLoops = {"u"};
  R.KeptFrom = {0};
  R.TileRanges = {{num(0), num(3)}};
  R.Tile = "tile";
  R.ReadSteps = 4;
  R.SendSteps = 8;
  R.Memories.push_back({"buf", Float, {2, 4}, 1, {}});
  R.Unbuffered = {upTo("t", num(3), {upTo("s", num(2), {upTo("u", num(4), {write(var("ch"), value())})})})};
  Stmts Read{let("t", var("tile")), let("u", var("step")),
             assign(element(half(var("tile"))), value())};
  Stmts Send{let("u", UFirst ? binary(BinaryOp::Div, false, var("step"), num(2))
                             : binary(BinaryOp::Rem, false, var("step"), num(4))),
             write(var("ch"), element(SendHalf))};
  ExprPtr ReadWhen = logicalAnd(compare(CompareOp::LT, false, var("tile"), num(3)),
                                compare(CompareOp::LT, false, var("step"), num(4)));
  K.Body = {upTo("tile", num(Tiles + 1),
                 {upTo("step", num(8),
                       {ifElse(ReadWhen, {block(Read)}),
                        ifElse(compare(CompareOp::GT, false, var("tile"), num(0)),
                               {block(Send)})})})};
  K.Reuse = std::move(R);
  D.Kernels.push_back(std::move(K));
  return D;
}

TEST(ReuseOrderTest, TheFeederSendsWhatTheLoaderSent) {
  EXPECT_EQ(checkReuseBuffers(feeder(half(sub(var("tile"), num(1))))), std::nullopt);
}

TEST(ReuseOrderTest, SendingTheHalfBeingReadIsFound) {
  std::optional<std::string> E = checkReuseBuffers(feeder(half(var("tile"))));
  ASSERT_TRUE(E);
  EXPECT_EQ(*E, "the feeder of 'a' (load_a): tile 0 sends buf[1][0], which holds tile 1");
}

TEST(ReuseOrderTest, AnotherOrderOfTheStepsIsFound) {
  std::optional<std::string> E =
      checkReuseBuffers(feeder(half(sub(var("tile"), num(1))), /*UFirst=*/true));
  ASSERT_TRUE(E);
  EXPECT_EQ(*E, "the feeder of 'a' (load_a): its send 2 differs from what the loader without "
                "the buffer sends there");
}

TEST(ReuseOrderTest, ATileTooManyIsFound) {
  std::optional<std::string> E =
      checkReuseBuffers(feeder(half(sub(var("tile"), num(1))), false, /*Tiles=*/4));
  ASSERT_TRUE(E);
  EXPECT_EQ(*E, "the feeder of 'a' (load_a): tile 3 sends buf[1][0], which holds tile 1");
}

} // namespace
} // namespace t2s
