// The orders of a stream's two ends read as isl maps (systolic/
// StreamSequence.h): kernels built by hand, their sequences of elements
// compared without running them: the same order through other loops, a
// transposed one, other elements, an element sent twice, a loop that counts
// down, a pinned variable, an else branch, and the forms it does not read.

#include "systolic/StreamSequence.h"

#include "HandBuiltKernels.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

using test::num;

const DType Int = DType::integer(32), F32 = DType::floating(32);

ExprPtr add(ExprPtr A, ExprPtr B) { return binary(BinaryOp::Add, false, A, B); }
ExprPtr mul(ExprPtr A, int64_t B) { return binary(BinaryOp::Mul, false, A, num(B)); }
ExprPtr is(const char *Var, int64_t V) {
  return compare(CompareOp::EQ, false, var(Var), num(V));
}

Stmt upTo(const char *Name, int64_t N, Stmts Body) {
  return test::upTo(LoopKind::Serial, Name, N, std::move(Body));
}

// The stream 'X' of one dimension: sent and received at 'e' (a variable a
// test binds), written by a Write and read by a Decl.
struct Stream {
  Design::Channel C;
  Stream() {
    C.Kind = Design::ChannelKind::Stream;
    C.Name = "X";
    C.Array = "X";
    C.Element = F32;
  }
  Stmt send() const { return write(var("X", 0, F32), floatConst(F32, 1)); }
  Stmt receive() const {
    return decl(F32, "x_in", {}, DeclInit::Value, channelRead(F32, var("X", 0, F32)));
  }
  // Sequences of writer and reader, the element at W and R.
  SequenceMatch compare(const Stmts &Writer, ExprPtr W, const Stmts &Reader, ExprPtr R) {
    C.SentElement = {W};
    C.ReceivedElement = {R};
    std::string Why;
    std::optional<std::string> A = streamSequence(Writer, C, true, {}, Why);
    std::optional<std::string> B = streamSequence(Reader, C, false, {}, Why);
    EXPECT_TRUE(A && B) << Why;
    if (!A || !B)
      return SequenceMatch::Unknown;
    return sameSequence(*A, *B);
  }
};

TEST(StreamSequenceTest, TheSameOrderThroughOtherLoops) {
  Stream S;
  Stmts Writer = {upTo("r", 64, {S.send()})};
  Stmts Reader = {upTo("a", 8, {upTo("b", 8, {S.receive()})})};
  EXPECT_EQ(S.compare(Writer, var("r"), Reader, add(mul(var("a"), 8), var("b"))),
            SequenceMatch::Same);
  // Transposed: the same elements in another order.
  EXPECT_EQ(S.compare(Writer, var("r"), Reader, add(mul(var("b"), 8), var("a"))),
            SequenceMatch::Differ);
  // Other elements: one more than the writer sends.
  EXPECT_EQ(S.compare(Writer, var("r"), Reader, add(mul(var("a"), 8), var("b", 1))),
            SequenceMatch::Differ);
}

TEST(StreamSequenceTest, GuardsBranchesPinsAndDownwardLoops) {
  Stream S;
  // The writer sends at the last q of each r only; the reader counts down
  // and reads R - 1 - d, which is r in the writer's order.
  Stmts Writer = {upTo("r", 16, {upTo("q", 4, {guarded(is("q", 3), S.send())})})};
  Stmts Reader = {loop(LoopKind::Serial, "d", num(15), num(0),
                       {let("e", binary(BinaryOp::Sub, false, num(15), var("d"))), S.receive()},
                       /*Down=*/true)};
  EXPECT_EQ(S.compare(Writer, var("r"), Reader, var("e")), SequenceMatch::Same);
  // The two halves from the two branches of one condition, in order.
  Stmts Halves = {upTo(
      "h", 2,
      {upTo("t", 8,
            {ifElse(is("h", 0), {let("e", var("t")), S.receive()},
                    {let("e", add(var("t"), num(8))), S.receive()})})})};
  EXPECT_EQ(S.compare(Writer, var("r"), Halves, var("e")), SequenceMatch::Same);
}

TEST(StreamSequenceTest, AnElementSentTwiceIsNotDecided) {
  Stream S;
  Stmts Writer = {upTo("r", 8, {upTo("k", 2, {S.send()})})}; // X[r] twice
  Stmts Reader = {upTo("r", 8, {upTo("k", 2, {S.receive()})})};
  EXPECT_EQ(S.compare(Writer, var("r"), Reader, var("r")), SequenceMatch::Unknown);
}

TEST(StreamSequenceTest, WhatItDoesNotRead) {
  Stream S;
  S.C.SentElement = {var("r")};
  std::string Why;
  // A remainder in a condition: C's and isl's differ for negative values.
  Stmts Remainder = {upTo(
      "r", 8, {guarded(compare(CompareOp::EQ, false, binary(BinaryOp::Rem, false, var("r"), num(2)),
                               num(0)),
                       S.send())})};
  EXPECT_FALSE(streamSequence(Remainder, S.C, true, {}, Why));
  EXPECT_EQ(Why, "a condition is not a comparison of affine expressions of the loops");
  // A product of two loop variables.
  Why.clear();
  S.C.SentElement = {binary(BinaryOp::Mul, false, var("r"), var("r"))};
  Stmts Square = {upTo("r", 8, {S.send()})};
  EXPECT_FALSE(streamSequence(Square, S.C, true, {}, Why));
  EXPECT_EQ(Why, "the element an access names is not an affine expression of the loops");
  // A variable the kernel declares (and may change as it runs) decides
  // nothing: 'int c = 0; for (r) { if (c == 0) send; c = c + 1; }'.
  Why.clear();
  Stmts Counter = {decl(Int, "c", {}, DeclInit::Value, num(0)),
                   upTo("r", 8, {guarded(is("c", 0), S.send()),
                                 assign(var("c"), add(var("c"), num(1)))})};
  EXPECT_FALSE(streamSequence(Counter, S.C, true, {}, Why));
  EXPECT_EQ(Why, "a condition is not a comparison of affine expressions of the loops");
  // A loop bound a parameter gives, with and without its value.
  Why.clear();
  S.C.SentElement = {var("r")};
  Stmts Sized = {loop(LoopKind::Serial, "r", num(0), param(Int, 0), {S.send()})};
  EXPECT_FALSE(streamSequence(Sized, S.C, true, {}, Why));
  EXPECT_TRUE(streamSequence(Sized, S.C, true, {std::optional<int64_t>(8)}, Why));
}

} // namespace
} // namespace t2s
