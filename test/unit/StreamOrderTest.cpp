// The stream check (systolic/StreamOrder.h) on Designs built by hand: two
// kernels joined by a stream, laid out as the unroll step would, and what
// the check finds when it runs them.

#include "systolic/Design.h"
#include "systolic/StreamOrder.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), Float = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }

Stmt upTo(LoopKind K, const char *Name, int64_t N, Stmts Body) {
  return loop(K, Name, num(0), num(N), std::move(Body));
}

// A writer nest 'w' and a reader nest 'r' joined by the stream 'f_mid' of
// the array mid; the writer sends mid[i][j], the reader receives
// mid[Received...].
Design pipeline(Stmts Writer, Stmts Reader, llvm::ArrayRef<ExprPtr> Received) {
  Design D;
  D.File = "f.cpp";
  for (const char *Name : {"w", "r"}) {
    Design::Nest N;
    N.Name = Name;
    N.Title = std::string("kernel '") + Name + "'";
    N.At = {Name[0] == 'w' ? 10u : 20u, 3};
    D.Nests.push_back(N);
    Design::Kernel K;
    K.Name = Name;
    K.Role = KernelRole::KernelNest;
    K.Nest = D.Nests.size() - 1;
    K.Body = Name[0] == 'w' ? std::move(Writer) : std::move(Reader);
    D.Kernels.push_back(std::move(K));
  }
  Design::Channel C;
  C.Kind = Design::ChannelKind::Stream;
  C.Name = "f_mid";
  C.Array = "mid";
  C.Writer = 0;
  C.Nest = 1;
  C.Element = Float;
  C.SentElement = {var("i"), var("j")};
  C.ReceivedElement.assign(Received.begin(), Received.end());
  C.SentAt = {12, 17};
  C.ReceivedAt = {22, 19};
  D.Channels.push_back(C);
  return D;
}

// for i < 4, j < 3: write f_mid <- 1.0
Stmts writer() {
  return {upTo(LoopKind::Serial, "i", 4,
               {upTo(LoopKind::Serial, "j", 3, {write(var("f_mid"), floatConst(Float, 1))})})};
}

// x = read f_mid, under Cond if any, in the loops Outer then Inner.
Stmts reader(const char *Outer, int64_t NO, const char *Inner, int64_t NI,
             ExprPtr Cond = nullptr) {
  Stmt Read = decl(Float, "x", {}, DeclInit::Value, channelRead(Float, var("f_mid")));
  return {upTo(LoopKind::Serial, Outer, NO,
               {upTo(LoopKind::Serial, Inner, NI, {when(Cond, block({Read}))})})};
}

TEST(StreamOrderTest, SameOrderCountsTheValues) {
  Design D = pipeline(writer(), reader("i", 4, "j", 3), {var("i"), var("j")});
  EXPECT_FALSE(checkStreams(D));
  EXPECT_EQ(D.Channels[0].Values, 12u);
}

TEST(StreamOrderTest, OtherOrderNamesTheFirstValueThatDiffers) {
  Design D = pipeline(writer(), reader("j", 3, "i", 4), {var("i"), var("j")});
  std::optional<StreamError> E = checkStreams(D);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->At.Line, 20u);
  EXPECT_EQ(E->Message,
            "'mid' becomes a channel from kernel 'w' to kernel 'r', but they traverse it "
            "in different orders: value #1 is mid[0][1] as the writer sends it but "
            "mid[1][0] as the reader expects it; make both nests visit the elements in "
            "the same order (reorder the loops of kernel 'w')");
  EXPECT_EQ(D.Channels[0].Values, 0u);
}

TEST(StreamOrderTest, ConditionsOnLoopVariablesDecideTheCount) {
  // if (i < 2 && !(j > 5)): 6 of the 12 values.
  ExprPtr Cond = logicalAnd(compare(CompareOp::LT, false, var("i"), num(2)),
                            logicalNot(compare(CompareOp::GT, false, var("j"), num(5))));
  Design D = pipeline(writer(), reader("i", 4, "j", 3, Cond), {var("i"), var("j")});
  std::optional<StreamError> E = checkStreams(D);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->Message, "'mid' becomes a channel from kernel 'w' to kernel 'r', but the "
                        "writer sends 12 values and the reader takes 6; the reader must "
                        "read every value written, once");
}

TEST(StreamOrderTest, PinnedAndRecoveredVariables) {
  // The reader runs a time loop t over PEs p, each PE recovering i = t - p
  // (running while 0 <= i < 4) and taking j = 0, 1, 2 in turn. With one PE
  // that is the writer's order.
  Stmt Recover(StmtKind::Recover);
  Recover.Recoveries.push_back({"i", "t", {{1, "p"}}, 0, 4});
  for (int64_t J = 0; J < 3; ++J)
    Recover.Body.push_back(block(
        {let("j", J), decl(Float, "x", {}, DeclInit::Value, channelRead(Float, var("f_mid")))}));
  Stmts Reader{upTo(LoopKind::Time, "t", 4, {upTo(LoopKind::PE, "p", 1, {Recover})})};
  Design D = pipeline(writer(), Reader, {var("i"), var("j")});
  EXPECT_FALSE(checkStreams(D));
  EXPECT_EQ(D.Channels[0].Values, 12u);
  // With two PEs, PE 1 starts at t = 1 with i = 0 again, after PE 0's i = 1:
  // values #3 to #5 still agree (mid[1][*]), #6 does not.
  Stmts Reader2{upTo(LoopKind::Time, "t", 5, {upTo(LoopKind::PE, "p", 2, {Recover})})};
  Design D2 = pipeline(writer(), Reader2, {var("i"), var("j")});
  std::optional<StreamError> E = checkStreams(D2);
  ASSERT_TRUE(E);
  EXPECT_NE(E->Message.find("value #6 is mid[2][0] as the writer sends it but mid[0][0] "
                            "as the reader expects it"),
            std::string::npos)
      << E->Message;
}

TEST(StreamOrderTest, ComputedConditionNamesItsLine) {
  // if (in[i] > 0): the value of a buffer, read at line 23.
  ExprPtr In = atLine(bufferElement(Int, 0, {var("i")}, {1}), 23);
  Design D = pipeline(writer(), reader("i", 4, "j", 3, compare(CompareOp::GT, false, In, num(0))),
                      {var("i"), var("j")});
  std::optional<StreamError> E = checkStreams(D);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->At.Line, 22u);
  EXPECT_EQ(E->At.Column, 19u);
  EXPECT_EQ(E->Message, "'mid' becomes a channel, so the compiler must know from the loop "
                        "variables when kernel 'r' accesses it, but this access depends on "
                        "a computed value (line 23); make its condition a test of the loop "
                        "variables");
}

TEST(StreamOrderTest, ConditionsAwayFromTheStreamAreNotEvaluated) {
  // A computed condition around statements that do not read the stream,
  // and a computed value in an arm the condition does not take.
  ExprPtr In = atLine(bufferElement(Int, 0, {var("i")}, {1}), 23);
  ExprPtr Computed = compare(CompareOp::GT, false, In, num(0));
  Stmt Other = guarded(Computed, assign(var("y"), num(1)));
  ExprPtr Decided = select(compare(CompareOp::LT, false, var("j"), num(0)), In,
                           logicalOr(compare(CompareOp::GE, false, var("j"), num(0)), Computed));
  Stmts Reader = reader("i", 4, "j", 3, Decided);
  Reader.insert(Reader.begin(), Other);
  Design D = pipeline(writer(), Reader, {var("i"), var("j")});
  EXPECT_FALSE(checkStreams(D));
  EXPECT_EQ(D.Channels[0].Values, 12u);
}

TEST(StreamOrderTest, IntegerArithmeticAsC) {
  // The reader names mid[i][j] the long way: (i << 2) / 4, and the low
  // bits of j widened as unsigned.
  ExprPtr I = binary(BinaryOp::Div, false, binary(BinaryOp::Shl, false, var("i"), num(2)),
                     num(4));
  ExprPtr J = binary(BinaryOp::And, false,
                     cast(CastKind::FromUnsigned, DType::integer(64), var("j")), num(255));
  Design D = pipeline(writer(), reader("i", 4, "j", 3), {I, J});
  EXPECT_FALSE(checkStreams(D));
  // 0 - 1 in 8 bits, widened as unsigned, is 255: the reader's first
  // element is mid[255][0].
  ExprPtr Wrapped = cast(CastKind::FromUnsigned, DType::integer(32),
                         binary(BinaryOp::Sub, false, intConst(DType::integer(8), 0),
                                intConst(DType::integer(8), 1)));
  Design D2 = pipeline(writer(), reader("i", 4, "j", 3), {Wrapped, var("j")});
  std::optional<StreamError> E = checkStreams(D2);
  ASSERT_TRUE(E);
  EXPECT_NE(E->Message.find("value #0 is mid[0][0] as the writer sends it but mid[255][0]"),
            std::string::npos)
      << E->Message;
}

} // namespace
} // namespace t2s
