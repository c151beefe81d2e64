// The expression trees of a design (expr/Expr.h) and their OpenCL C
// spelling (backends/c/CExpr.h), without any IR: trees built by hand.

#include "backends/c/CExpr.h"
#include "expr/Expr.h"
#include "expr/IntEval.h"

#include "gtest/gtest.h"

#include <cmath>

namespace t2s {
namespace {

// Parameters spelled plainly; records the parameters the kernel takes and
// the leaves of the nest it was given.
struct PlainNames : ExprNames {
  std::vector<unsigned> Params;
  unsigned Unresolved = 0;
  std::string param(unsigned ArgNo) override {
    Params.push_back(ArgNo);
    return "p" + std::to_string(ArgNo);
  }
  std::string unresolved(const Expr &) override {
    ++Unresolved;
    return "?";
  }
  // As the OpenCL kernels spell it (t2s/channels.h).
  std::string channelRead(const Expr &, const std::string &Channel) override {
    return "T2S_READ(" + Channel + ")";
  }
};

// The kernel's loop variable iN.
ExprPtr loopIndex(DType T, unsigned N) { return var("i" + std::to_string(N), 0, T); }

const DType Int = DType::integer(32), Float = DType::floating(32);

std::string print(const ExprPtr &E, CTypes &Types, PlainNames &Names) {
  return printExpr(*E, Types, Names);
}

TEST(ExprTest, ArithmeticAndConversions) {
  CTypes Types;
  PlainNames Names;
  ExprPtr I = loopIndex(Int, 0), A = param(Int, 1);
  EXPECT_EQ(print(binary(BinaryOp::Add, false, I, intConst(Int, -1)), Types, Names),
            "(i0 + -1)");
  // Unsigned operations read their operands as unsigned, in C's types.
  EXPECT_EQ(print(binary(BinaryOp::Div, true, I, A), Types, Names),
            "((int)((uint)i0 / (uint)p1))");
  EXPECT_EQ(print(compare(CompareOp::LT, true, I, A), Types, Names), "((uint)i0 < (uint)p1)");
  // A bool is 0 or 1: sign extension makes 0 or -1, truncation keeps one bit.
  ExprPtr B = compare(CompareOp::EQ, false, I, A);
  EXPECT_EQ(print(cast(CastKind::BoolToSigned, Int, B), Types, Names), "(-(int)(i0 == p1))");
  EXPECT_EQ(print(cast(CastKind::ToBool, DType::boolean(), A), Types, Names),
            "((bool)(p1 & 1))");
  EXPECT_EQ(print(cast(CastKind::FromUnsigned, Float, A), Types, Names),
            "((float)(uint)p1)");
  EXPECT_EQ(Names.Params, (std::vector<unsigned>{1, 1, 1, 1, 1}));
  // Bools compared as unsigned (instcombine's 'icmp ult i1') are uchars.
  ExprPtr X = param(DType::boolean(), 2), Y = param(DType::boolean(), 3);
  EXPECT_EQ(print(compare(CompareOp::LT, true, X, Y), Types, Names), "((uchar)p2 < (uchar)p3)");
  EXPECT_EQ(print(binary(BinaryOp::Div, true, X, Y), Types, Names),
            "((bool)((uchar)p2 / (uchar)p3))");
}

TEST(ExprTest, ConstantsReadBackExactly) {
  CTypes Types;
  PlainNames Names;
  EXPECT_EQ(print(floatConst(Float, 0.1f), Types, Names), "0.1f");
  EXPECT_EQ(print(floatConst(DType::floating(64), 0.1), Types, Names), "0.1");
  EXPECT_EQ(print(floatConst(Float, 3), Types, Names), "3.0f");
  EXPECT_EQ(print(floatConst(Float, -INFINITY), Types, Names), "(-INFINITY)");
  EXPECT_FALSE(Types.usesHalf());
  EXPECT_EQ(print(floatConst(DType::floating(16), 0.5), Types, Names), "((half)0.5f)");
  EXPECT_TRUE(Types.usesHalf());
  EXPECT_EQ(print(intConst(DType::boolean(), 1), Types, Names), "true");
}

TEST(ExprTest, VectorsWithoutAnOpenCLTypeAreStructs) {
  CTypes Types;
  PlainNames Names;
  DType F4 = Float.withLanes(4), F5 = Float.withLanes(5);
  EXPECT_FALSE(isStructVector(F4));
  EXPECT_TRUE(isStructVector(F5));
  EXPECT_FALSE(hasCName(DType::boolean().withLanes(4)));
  EXPECT_FALSE(hasCName(Float.withLanes(33)));
  EXPECT_EQ(print(lane(param(F4, 0), 3), Types, Names), "p0.s3");
  ExprPtr V = param(F5, 0);
  EXPECT_EQ(print(lane(V, 4), Types, Names), "p0.data[4]");
  EXPECT_EQ(print(binary(BinaryOp::Mul, false, V, V), Types, Names), "t2s_float_x5_mul(p0, p0)");
  EXPECT_EQ(print(mulAdd(V, V, V), Types, Names),
            "t2s_float_x5_add(t2s_float_x5_mul(p0, p0), p0)");
  std::string Defs = Types.definitions();
  EXPECT_NE(Defs.find("typedef struct { float data[5]; float pad[3]; } t2s_float_x5;"),
            std::string::npos);
  EXPECT_NE(Defs.find("T2S_DEFINED_t2s_float_x5_add"), std::string::npos);
}

TEST(ExprTest, ChainTransfersAreUnpaddedStructsUpToMaxWideLanes) {
  // A bundled chain's transfer (Design::Channel::Bundle): a channel type of
  // more than 32 lanes, which no user value has; never in a host buffer, so
  // no padding widens it.
  CTypes Types;
  DType F320 = Float.withLanes(320);
  EXPECT_FALSE(hasCName(F320));
  EXPECT_TRUE(hasWideCName(F320));
  EXPECT_TRUE(isStructVector(F320));
  EXPECT_TRUE(hasWideCName(Float.withLanes(MaxWideLanes)));
  EXPECT_FALSE(hasWideCName(Float.withLanes(MaxWideLanes + 1)));
  EXPECT_FALSE(hasWideCName(DType::boolean().withLanes(64)));
  EXPECT_EQ(Types.name(F320), "t2s_float_x320");
  EXPECT_EQ(Types.name(Float.withLanes(MaxWideLanes + 1)), "");
  EXPECT_NE(Types.definitions().find("typedef struct { float data[320]; } t2s_float_x320;"),
            std::string::npos);
}

TEST(ExprTest, KernelLeaves) {
  CTypes Types;
  PlainNames Names;
  ExprPtr Element = bufferElement(Float, 2, {loopIndex(Int, 0), loopIndex(Int, 1)}, {8, 1});
  EXPECT_EQ(print(Element, Types, Names), "p2[i0 * 8 + i1]");
  EXPECT_EQ(print(bufferElement(Float, 2, {}, {}), Types, Names), "p2[0]");
  // A PE's index relative to a loop variable, a register word, a channel.
  ExprPtr Word = subscript(Float, var("sr_C"), {intConst(Int, 3), var("j", -1), var("k", 2)});
  EXPECT_EQ(print(Word, Types, Names), "sr_C[3][j - 1][k + 2]");
  ExprPtr Ref = subscript(Float, var("gemm_a"), {var("i")});
  EXPECT_EQ(print(channelRead(Float, Ref), Types, Names), "T2S_READ(gemm_a[i])");
  EXPECT_EQ(Names.Unresolved, 0u);
  // The nest's own leaves are the unroll step's to replace: the printer
  // hears of each it meets.
  print(load(Float, 0, Element), Types, Names);
  print(ureValue(Float, 1, 0), Types, Names);
  print(loopVar(Int, 0), Types, Names);
  EXPECT_EQ(Names.Unresolved, 3u);
}

TEST(ExprTest, ConditionsLoseTheirOuterParentheses) {
  CTypes Types;
  PlainNames Names;
  ExprPtr A = compare(CompareOp::EQ, false, loopIndex(Int, 0), intConst(Int, 0));
  ExprPtr B = compare(CompareOp::GT, false, loopIndex(Int, 1), intConst(Int, 2));
  EXPECT_EQ(printCondition(*A, Types, Names), "i0 == 0");
  EXPECT_EQ(printCondition(*logicalOr(A, logicalNot(B)), Types, Names), "(i0 == 0) || !(i1 > 2)");
  EXPECT_EQ(printCondition(*allOf({A, B}), Types, Names), "(i0 == 0) && (i1 > 2)");
  EXPECT_EQ(printExpr(*select(A, B, intConst(DType::boolean(), 0)), Types, Names),
            "((i0 == 0) ? (i1 > 2) : false)");
}

TEST(ExprTest, EqualityIsStructural) {
  ExprPtr A = binary(BinaryOp::Add, false, loopIndex(Int, 0), intConst(Int, 1));
  ExprPtr B = binary(BinaryOp::Add, false, loopIndex(Int, 0), intConst(Int, 1));
  ExprPtr C = binary(BinaryOp::Add, true, loopIndex(Int, 0), intConst(Int, 1));
  EXPECT_TRUE(equal(*A, *B));
  EXPECT_FALSE(equal(*A, *C));
  EXPECT_FALSE(equal(*A, *logicalNot(A)));
  EXPECT_TRUE(equal(*logicalNot(A), *logicalNot(B)));
}

// What a value takes in memory (DType::storageBits): its bits, a bool a
// byte, a vector each of its lanes.
TEST(ExprTest, StorageBits) {
  EXPECT_EQ(Int.storageBits(), 32u);
  EXPECT_EQ(DType::integer(8).storageBits(), 8u);
  EXPECT_EQ(DType::floating(64).storageBits(), 64u);
  EXPECT_EQ(DType::boolean().storageBits(), 8u);
  EXPECT_EQ(DType::boolean().withLanes(4).storageBits(), 32u);
  EXPECT_EQ(Float.withLanes(16).storageBits(), 512u);
  EXPECT_EQ(DType::floating(16).withLanes(8).element().storageBits(), 16u);
}

// The device's integer values (expr/IntEval.h): wrapped at the type's
// width, min and max of integers; in Exact mode, no value where C has none.
TEST(ExprTest, IntegerValues) {
  std::optional<int64_t> Big = int64_t(1) << 20, Three = 3;
  IntEval Eval([](llvm::StringRef) -> const std::optional<int64_t> * { return nullptr; },
               [&](unsigned N) -> const std::optional<int64_t> * { return N ? &Three : &Big; });
  ExprPtr B = param(Int, 0), T = param(Int, 1);
  ExprPtr Square = binary(BinaryOp::Mul, false, B, B);
  EXPECT_EQ(Eval(*Square), 0); // 2^40 wraps to 0 in 32 bits
  EXPECT_EQ(Eval(*call(Int, "max", {B, T})), int64_t(1) << 20);
  EXPECT_EQ(Eval(*call(Int, "min", {B, T})), 3);
  EXPECT_EQ(Eval(*call(Int, "foo", {B, T})), std::nullopt);
  Eval.Exact = true;
  EXPECT_EQ(Eval(*Square), std::nullopt);
  EXPECT_EQ(Eval(*binary(BinaryOp::Mul, false, T, T)), 9);
  EXPECT_EQ(Eval(*binary(BinaryOp::Shl, false, T, intConst(Int, 32))), std::nullopt);
  EXPECT_EQ(Eval(*binary(BinaryOp::Div, false, T, intConst(Int, -1))), -3);
  EXPECT_EQ(Eval(*binary(BinaryOp::Rem, false, T, intConst(Int, 0))), std::nullopt);
}

// A chain of values that each use the one before twice (m1 = m0 > v ? m0 :
// v, ...) is a graph of linear size whose tree is exponential: the walks,
// rewrites and evaluations visit each node once, and rewriting keeps the
// sharing.
TEST(ExprTest, SharedOperandsAreVisitedOnce) {
  ExprPtr V = var("v", 0, Int), M = var("x", 0, Int);
  for (int K = 0; K < 60; ++K) // 2^60 nodes as a tree
    M = select(compare(CompareOp::GT, false, M, V), M, V);
  unsigned Nodes = 0;
  forEachNode(M, [&](const Expr &) { ++Nodes; });
  EXPECT_EQ(Nodes, 2u + 60 * 2); // x, v and a compare and a select per link
  unsigned Asked = 0;
  EXPECT_FALSE(anyNode(M, [&](const Expr &) { return ++Asked, false; }));
  EXPECT_EQ(Asked, Nodes);

  ExprPtr Renamed = rewrite(M, [&](const ExprPtr &X) -> ExprPtr {
    return X->Kind == ExprKind::Var && X->Name == "x" ? var("y", 0, Int) : nullptr;
  });
  unsigned RenamedNodes = 0, Ys = 0;
  forEachNode(Renamed, [&](const Expr &X) {
    ++RenamedNodes;
    Ys += X.Kind == ExprKind::Var && X.Name == "y";
  });
  EXPECT_EQ(RenamedNodes, Nodes);
  EXPECT_EQ(Ys, 1u);
  EXPECT_EQ(rewrite(M, [](const ExprPtr &) -> ExprPtr { return nullptr; }), M); // no copy

  std::optional<int64_t> X = 5, Vv = 7;
  IntEval Eval([&](llvm::StringRef N) -> const std::optional<int64_t> * {
    return N == "x" ? &X : N == "v" ? &Vv : nullptr;
  });
  EXPECT_EQ(Eval(*M), 7);
  X = 9; // a second evaluation sees the new value
  EXPECT_EQ(Eval(*M), 9);
}

} // namespace
} // namespace t2s
