// The windows a loader streams for a gather (systolic/GatherWindow.h), on
// expressions built by hand: the value ranges they rest on, where an index
// splits into what the loader computes and what the PE picks, and each
// refusal. A nest over g in [0, 4), e in [0, 2), i in [0, 4) whose statement
// 0 stores M = mask[i][g] (an unsigned char), statement 1 OFF = (M >> 2e) &
// 3 (AutoSA's 2:4 offsets) and statement 2 a recurrence R = R + 1.

#include "systolic/GatherWindow.h"
#include "expr/IntEval.h"

#include "gtest/gtest.h"

#include <random>

namespace t2s {
namespace {

const DType Char = DType::integer(8), Int = DType::integer(32), Long = DType::integer(64),
            Float = DType::floating(32);

ExprPtr i32(int64_t V) { return intConst(Int, V); }
ExprPtr i64(int64_t V) { return intConst(Long, V); }
ExprPtr add(ExprPtr A, ExprPtr B) { return binary(BinaryOp::Add, false, A, B); }
ExprPtr mul(ExprPtr A, ExprPtr B) { return binary(BinaryOp::Mul, false, A, B); }
ExprPtr toLong(ExprPtr A) { return cast(CastKind::Plain, Long, A); }

struct Nest {
  URESystem S;
  Design::Nest N;

  Nest() {
    for (auto [Name, Upper] : {std::pair<const char *, int64_t>{"g", 4}, {"e", 2}, {"i", 4}}) {
      URELoop L;
      L.Name = Name;
      L.Upper = Upper;
      L.UpperBound.Constant = Upper;
      S.Loops.push_back(L);
    }
    // M = mask[i][g]
    Design::Statement M;
    M.Array = "M";
    M.Value = load(Char, 0, nullptr);
    N.Statements.push_back(M);
    // OFF = ((int)(uchar)M >> (2 * e)) & 3
    Design::Statement Off;
    Off.Array = "OFF";
    Off.Reads.push_back({"M", {0, 0, 0}});
    ExprPtr Wide = cast(CastKind::FromUnsigned, Int, ureValue(Char, 1, 0));
    Off.Value = binary(BinaryOp::And, false,
                       binary(BinaryOp::Shr, false, Wide, mul(i32(2), loopVar(Int, 1))), i32(3));
    N.Statements.push_back(Off);
    // R = R + 1: a recurrence, no bound
    Design::Statement Rec;
    Rec.Array = "R";
    Rec.Reads.push_back({"R", {0, 1, 0}});
    Rec.Value = add(ureValue(Int, 2, 0), i32(1));
    N.Statements.push_back(Rec);
    // A statement that reads OFF, M and R (the reads the tests name).
    Design::Statement Use;
    Use.Array = "Y";
    Use.Reads.push_back({"OFF", {0, 0, 0}});
    Use.Reads.push_back({"M", {0, 0, 0}});
    Use.Reads.push_back({"R", {0, 0, 0}});
    Use.Value = floatConst(Float, 0);
    N.Statements.push_back(Use);
  }

  ExprPtr off() const { return ureValue(Int, 3, 0); }
  ExprPtr m() const { return ureValue(Char, 3, 1); }
  ExprPtr r() const { return ureValue(Int, 3, 2); }
  ExprPtr g() const { return loopVar(Int, 0); }

  std::pair<int64_t, int64_t> range(const ExprPtr &E) const {
    std::optional<std::pair<int64_t, int64_t>> R = valueBounds(*E, S, N);
    EXPECT_TRUE(R.has_value());
    return R.value_or(std::pair<int64_t, int64_t>{0, -1});
  }
  bool unbounded(const ExprPtr &E) const { return !valueBounds(*E, S, N); }
};

using Range = std::pair<int64_t, int64_t>;

TEST(GatherWindow, RangesFollowTheStatementsThatDefineTheValues) {
  Nest X;
  EXPECT_EQ(X.range(X.off()), Range(0, 3));
  EXPECT_EQ(X.range(X.g()), Range(0, 3));
  EXPECT_EQ(X.range(cast(CastKind::FromUnsigned, Int, X.m())), Range(0, 255));
  EXPECT_EQ(X.range(cast(CastKind::Plain, Int, X.m())), Range(-128, 127));
  // A recurrence bounds nothing; a remainder bounds it again.
  EXPECT_TRUE(X.unbounded(X.r()));
  EXPECT_EQ(X.range(binary(BinaryOp::Rem, false, X.r(), i32(8))), Range(-7, 7));
  EXPECT_EQ(X.range(binary(BinaryOp::Rem, true, X.r(), i32(8))), Range(0, 7));
  EXPECT_EQ(X.range(select(compare(CompareOp::LT, false, X.g(), i32(2)), X.off(), i32(9))),
            Range(0, 9));
  EXPECT_EQ(X.range(call(Int, "min", {X.r(), i32(5)})).second, 5);
  EXPECT_TRUE(X.unbounded(param(Int, 0)));
}

// A pick decoded once and passed along the PEs: P = i == 0 ? OFF : P[i - 1]
// takes OFF's values, the least range its statement maps into itself; one
// that grows along them (Q = i == 0 ? OFF : Q[i - 1] + 1) has none.
TEST(GatherWindow, ARecurrenceTakesTheLeastRangeItsStatementKeeps) {
  Nest X;
  auto passed = [&](const char *Name, bool Grows) {
    unsigned Self = unsigned(X.N.Statements.size());
    Design::Statement P;
    P.Array = Name;
    P.Reads.push_back({"OFF", {0, 0, 0}});
    P.Reads.push_back({Name, {0, 0, 1}});
    ExprPtr Before = ureValue(Int, Self, 1);
    P.Value = select(compare(CompareOp::EQ, false, loopVar(Int, 2), i32(0)),
                     ureValue(Int, Self, 0), Grows ? add(Before, i32(1)) : Before);
    X.N.Statements.push_back(P);
    return ureValue(Int, Self, 1);
  };
  ExprPtr Copy = passed("P", false);
  EXPECT_EQ(X.range(Copy), Range(0, 3));
  ExprPtr Grows = passed("Q", true);
  EXPECT_TRUE(X.unbounded(Grows));
  EXPECT_EQ(X.range(binary(BinaryOp::And, false, Grows, i32(7))), Range(0, 7));
}

// AutoSA's x[g * 4 + off]: the loader reads x[g * 4 + 0 .. 3], the PE
// picks lane off.
TEST(GatherWindow, SplitsTheIndexIntoTheLoadersPartAndThePick) {
  Nest X;
  ExprPtr Index = toLong(add(mul(X.g(), i32(4)), X.off()));
  ExprPtr Element = bufferElement(Float, 2, {Index}, {1});
  GatherWindowPlan P = planGatherWindow(Element, X.S, X.N, 16, "x");
  ASSERT_TRUE(P.Window) << P.Why;
  EXPECT_EQ(P.Window->Lo, 0);
  EXPECT_EQ(P.Window->Width, 4);
  EXPECT_TRUE(equal(*P.Window->Pick, *toLong(X.off())));
  ExprPtr Lane2 = windowLane(*P.Window, 2);
  ASSERT_EQ(Lane2->Operands.size(), 2u);
  EXPECT_TRUE(equal(*Lane2->Operands[0], *toLong(mul(X.g(), i32(4)))));
  EXPECT_EQ(Lane2->Operands[1]->Int, 2);
  // An ordinary read needs no window.
  GatherWindowPlan Plain =
      planGatherWindow(bufferElement(Float, 2, {toLong(X.g())}, {1}), X.S, X.N, 16, "x");
  EXPECT_FALSE(Plain.Window);
  EXPECT_TRUE(Plain.Why.empty());
}

// A pick below zero and a scale: y[2 * (g + off - 1)] reads from
// y[2 * g - 2] in 7 elements (every other one picked).
TEST(GatherWindow, NegativePicksAndScales) {
  Nest X;
  ExprPtr Index = add(add(toLong(X.g()), toLong(X.off())), i64(-1));
  ExprPtr Element = bufferElement(Float, 2, {Index}, {2});
  GatherWindowPlan Outside = planGatherWindow(Element, X.S, X.N, 16, "y");
  ASSERT_FALSE(Outside.Window);
  EXPECT_NE(Outside.Why.find("from y[-2] to y[10], but 'y' is declared with 16"),
            std::string::npos)
      << Outside.Why;
  ExprPtr Shifted = add(add(toLong(X.g()), toLong(X.off())), i64(1));
  GatherWindowPlan P =
      planGatherWindow(bufferElement(Float, 2, {Shifted}, {2}), X.S, X.N, 16, "y");
  ASSERT_TRUE(P.Window) << P.Why;
  EXPECT_EQ(P.Window->Lo, 0);
  EXPECT_EQ(P.Window->Width, 7);
}

TEST(GatherWindow, RefusalsNameTheRuleAndTheFix) {
  Nest X;
  auto why = [&](ExprPtr Index, std::optional<uint64_t> Declared) {
    GatherWindowPlan P =
        planGatherWindow(bufferElement(Float, 2, {Index}, {1}), X.S, X.N, Declared, "b");
    EXPECT_FALSE(P.Window);
    return P.Why;
  };
  EXPECT_NE(why(toLong(X.off()), std::nullopt)
                .find("declare the parameter as an array of constant extent"),
            std::string::npos);
  EXPECT_NE(why(toLong(X.r()), 64).find("can take any value of its type"), std::string::npos);
  EXPECT_NE(why(toLong(cast(CastKind::FromUnsigned, Int, X.m())), 256)
                .find("takes values from 0 to 255, more than the 32 elements"),
            std::string::npos);
  for (ExprPtr Offset : {param(Long, 0), toLong(param(Int, 0))})
    EXPECT_NE(why(add(Offset, toLong(X.off())), 64)
                  .find("depends on a parameter or a run-time size"),
              std::string::npos);
  // An int sum that may wrap is not split: its pick is the whole index.
  EXPECT_NE(why(toLong(add(param(Int, 0), X.off())), 64).find("any value of its type"),
            std::string::npos);
}

// The value of E with g = G and every URE value R.
int64_t valueAt(const ExprPtr &E, int64_t G, int64_t R) {
  ExprPtr Fixed = rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
    if (X->Kind == ExprKind::LoopVar)
      return intConst(X->Type, G);
    if (X->Kind == ExprKind::UREValue)
      return intConst(X->Type, R);
    return nullptr;
  });
  std::optional<int64_t> V = IntEval([](llvm::StringRef) { return nullptr; })(*Fixed);
  EXPECT_TRUE(V.has_value());
  return V.value_or(0);
}

// The element index of a BufferElement at g = G and URE values R.
int64_t indexAt(const ExprPtr &Element, int64_t G, int64_t R) {
  int64_t Sum = 0;
  for (unsigned I = 0; I < Element->Operands.size(); ++I)
    Sum += Element->Scales[I] * valueAt(Element->Operands[I], G, R);
  return Sum;
}

// Random indices g * Scale + ((R & Mask) + Shift), with the sum in int or in
// long: at every g and R the pick names a lane of the window, and that
// lane's element is the one the index reads; the window is no wider than
// the values the pick takes.
TEST(GatherWindow, EveryIndexLiesInItsWindowAtItsPick) {
  std::mt19937 Rng(7);
  int Windows = 0;
  for (int Trial = 0; Trial < 300; ++Trial) {
    Nest X;
    int64_t Mask = (Rng() % 15) + 1, Scale = Rng() % 5, Shift = int64_t(Rng() % 7) - 3;
    ExprPtr Pick = add(binary(BinaryOp::And, false, X.r(), i32(Mask)), i32(Shift));
    ExprPtr Index = Rng() % 2 ? toLong(add(mul(X.g(), i32(Scale)), Pick))
                              : add(toLong(mul(X.g(), i32(Scale))), toLong(Pick));
    ExprPtr Element = bufferElement(Float, 2, {Index}, {1});
    GatherWindowPlan P = planGatherWindow(Element, X.S, X.N, 1000, "x");
    if (Shift < 0) { // g = 0, R = 0 reads below x[0]
      EXPECT_FALSE(P.Window);
      EXPECT_NE(P.Why.find("but 'x' is declared with 1000 elements"), std::string::npos);
      continue;
    }
    ASSERT_TRUE(P.Window) << P.Why;
    ++Windows;
    EXPECT_LE(P.Window->Width, Mask + 1);
    for (int64_t G = 0; G < 4; ++G)
      for (int64_t R = 0; R <= 2 * Mask + 1; ++R) {
        int64_t Lane = valueAt(P.Window->Pick, G, R);
        ASSERT_GE(Lane, 0);
        ASSERT_LT(Lane, P.Window->Width) << "mask " << Mask << " shift " << Shift;
        EXPECT_EQ(indexAt(windowLane(*P.Window, Lane), G, R), indexAt(Element, G, R));
      }
  }
  EXPECT_GT(Windows, 100);
}

} // namespace
} // namespace t2s
