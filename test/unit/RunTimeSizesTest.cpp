// Unit tests of run-time sizes (ure/RunTimeSizes.h): which values are sizes,
// their values and spelling, and the stand-ins chosen for run-time loops.
#include "ure/RunTimeSizes.h"
#include "ure/UREModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

namespace {

// %q = K / 64, %s = (M << 1) + K, %r = K % 3, %m = smax(K, 8), %um =
// umin(K, M), %w = (long)(K / 64), %bad = a load.
const char *SizesIR = R"IR(
define void @f(i32 %K, i32 %M, ptr %p) !t2s.arg.names !0 {
entry:
  %q = sdiv i32 %K, 64
  %sh = shl i32 %M, 1
  %s = add i32 %sh, %K
  %r = srem i32 %K, 3
  %m = call i32 @llvm.smax.i32(i32 %K, i32 8)
  %um = call i32 @llvm.umin.i32(i32 %K, i32 %M)
  %sq = mul i32 %K, %K
  %far = shl i32 %M, %K
  %neg = sdiv i32 %K, -1
  %w = sext i32 %q to i64
  %bad = load i32, ptr %p
  %mix = add i32 %bad, %K
  ret void
}
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
!0 = !{!"K", !"M", !"p"}
)IR";

class RunTimeSizesTest : public ::testing::Test {
protected:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  llvm::Function *F = nullptr;

  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(SizesIR, Err, Ctx);
    ASSERT_TRUE(M);
    F = M->getFunction("f");
  }

  llvm::Value *value(llvm::StringRef Name) {
    for (llvm::Instruction &I : llvm::instructions(*F))
      if (I.getName() == Name)
        return &I;
    return nullptr;
  }
  const llvm::Argument *arg(unsigned N) { return F->getArg(N); }

  // The size Name lifted (ure/RunTimeSizes.h: liftSize), with the
  // parameters it reads in Args.
  llvm::SmallVector<const llvm::Argument *, 2> Args;
  const t2s::Expr &size(llvm::StringRef Name) {
    Args.clear();
    Lifted.push_back(t2s::liftSize(value(Name), Args));
    EXPECT_TRUE(Lifted.back()) << Name.str();
    return *Lifted.back();
  }
  std::vector<t2s::ExprPtr> Lifted;
};

TEST_F(RunTimeSizesTest, SizesAreComputedFromIntegerParametersAlone) {
  for (const char *Name : {"q", "s", "r", "m", "um", "w", "sq", "far", "neg"})
    EXPECT_EQ(t2s::notASize(value(Name)), nullptr) << Name;
  EXPECT_EQ(t2s::notASize(value("mix")), value("bad"));
  EXPECT_EQ(t2s::notASize(F->getArg(2)), F->getArg(2)); // a pointer
}

TEST_F(RunTimeSizesTest, EvaluatesWithCsRules) {
  std::pair<const llvm::Argument *, int64_t> At[] = {{arg(0), 200}, {arg(1), 5}};
  EXPECT_EQ(t2s::evaluateSize(size("q"), At), 3);
  EXPECT_EQ(t2s::evaluateSize(size("s"), At), 210);
  EXPECT_EQ(t2s::evaluateSize(size("r"), At), 2);
  EXPECT_EQ(t2s::evaluateSize(size("m"), At), 200);
  EXPECT_EQ(t2s::evaluateSize(size("um"), At), 5);
  EXPECT_EQ(t2s::evaluateSize(size("w"), At), 3);
  std::pair<const llvm::Argument *, int64_t> Negative[] = {{arg(0), -130}};
  EXPECT_EQ(t2s::evaluateSize(size("q"), Negative), -2); // rounds toward 0
  EXPECT_EQ(t2s::evaluateSize(size("m"), Negative), 8);
  // unsigned: -130 is the larger
  std::pair<const llvm::Argument *, int64_t> NegativeK[] = {{arg(0), -130}, {arg(1), 5}};
  EXPECT_EQ(t2s::evaluateSize(size("um"), NegativeK), 5);
  // What C leaves undefined has no value: a signed overflow at the IR's
  // width, a shift by the width or more; K / -1 is -K.
  std::pair<const llvm::Argument *, int64_t> Big[] = {{arg(0), 1 << 16}, {arg(1), 1}};
  EXPECT_EQ(t2s::evaluateSize(size("sq"), Big), std::nullopt);
  EXPECT_EQ(t2s::evaluateSize(size("sq"), At), 40000);
  EXPECT_EQ(t2s::evaluateSize(size("far"), Big), std::nullopt);
  std::pair<const llvm::Argument *, int64_t> Small[] = {{arg(0), 3}, {arg(1), 5}};
  EXPECT_EQ(t2s::evaluateSize(size("far"), Small), 40);
  EXPECT_EQ(t2s::evaluateSize(size("neg"), Small), -3);
  std::pair<const llvm::Argument *, int64_t> Min[] = {{arg(0), INT32_MIN}};
  EXPECT_EQ(t2s::evaluateSize(size("neg"), Min), std::nullopt);
  // A parameter without a value.
  std::pair<const llvm::Argument *, int64_t> OnlyK[] = {{arg(0), 1}};
  EXPECT_EQ(t2s::evaluateSize(size("s"), OnlyK), std::nullopt);
}

TEST_F(RunTimeSizesTest, SpellsSizesAsTheSourceDoes) {
  for (auto [Name, Text] : {std::pair<const char *, const char *>{"q", "K / 64"},
                            {"s", "(M << 1) + K"},
                            {"m", "max(K, 8)"},
                            {"um", "min(K, M)"},
                            {"w", "K / 64"}}) {
    const t2s::Expr &E = size(Name); // fills Args
    EXPECT_EQ(t2s::sizeText(E, Args), Text);
  }
  t2s::URELoop L;
  t2s::setRunTimeBound(L, value("q"));
  L.RunTimeOffset = 1;
  EXPECT_EQ(t2s::runTimeUpperText(L), "K / 64 + 1");
}

// 'k <= K / 64' runs below K / 64 + 1, 'k + 2 < K' below K - 2: the one
// sum every reader of the bound takes, as an expression, a value and text.
TEST_F(RunTimeSizesTest, TheExclusiveUpperBoundAddsTheOffset) {
  t2s::URELoop L;
  t2s::setRunTimeBound(L, value("q")); // K / 64
  EXPECT_EQ(t2s::exclusiveUpper(L), L.RunTimeBound); // no offset: the bound itself
  EXPECT_EQ(t2s::exclusiveUpper(L, 7), 7);
  EXPECT_EQ(t2s::exclusiveUpperText(L, "N0"), "N0");

  L.RunTimeOffset = 1;
  t2s::ExprPtr Upper = t2s::exclusiveUpper(L);
  ASSERT_TRUE(Upper);
  ASSERT_EQ(Upper->Kind, t2s::ExprKind::Binary);
  EXPECT_EQ(Upper->binaryOp(), t2s::BinaryOp::Add);
  EXPECT_EQ(&Upper->operand(0), L.RunTimeBound.get());
  std::pair<const llvm::Argument *, int64_t> At[] = {{arg(0), 200}};
  EXPECT_EQ(t2s::evaluateSize(*Upper, At), 4); // 200 / 64 + 1
  EXPECT_EQ(t2s::exclusiveUpper(L, 3), 4);
  EXPECT_EQ(t2s::exclusiveUpper(L, INT64_MAX), std::nullopt);
  EXPECT_EQ(t2s::exclusiveUpperText(L, "N0"), "N0 + 1");

  L.RunTimeOffset = -2;
  Upper = t2s::exclusiveUpper(L);
  ASSERT_TRUE(Upper);
  EXPECT_EQ(Upper->binaryOp(), t2s::BinaryOp::Sub);
  EXPECT_EQ(t2s::evaluateSize(*Upper, At), 1);
  EXPECT_EQ(t2s::exclusiveUpper(L, 3), 1);
  EXPECT_EQ(t2s::runTimeUpperText(L), "K / 64 - 2");

  t2s::URELoop Unlifted; // no bound: nothing to add to
  Unlifted.RunTimeOffset = 1;
  EXPECT_EQ(t2s::exclusiveUpper(Unlifted), nullptr);
}

TEST_F(RunTimeSizesTest, StandInsRunEachLoopAsOftenAsNeeded) {
  t2s::URELoop Tiles, Rows, Fixed;
  t2s::setRunTimeBound(Tiles, value("q")); // K / 64
  t2s::setRunTimeBound(Rows, value("s"));  // 2M + K
  Fixed.Upper = 8;
  t2s::URELoop Loops[] = {Tiles, Rows, Fixed};
  auto StandIns = t2s::chooseStandIns(Loops, {4, 6, 1});
  ASSERT_TRUE(StandIns);
  EXPECT_GE(Loops[0].extent(), 4);
  EXPECT_GE(Loops[1].extent(), 6);
  EXPECT_EQ(Loops[2].extent(), 8);
  // K doubled from 1 until K / 64 reaches 4: 256; M doubled while 2M + K
  // was short.
  ASSERT_EQ(StandIns->size(), 2u);
  EXPECT_EQ((*StandIns)[0].first, arg(0));
  EXPECT_EQ((*StandIns)[0].second, 256);
  EXPECT_EQ(Loops[0].Upper, 4);
}

TEST_F(RunTimeSizesTest, NoStandInsForABoundThatDoesNotGrow) {
  t2s::URELoop Mod;
  t2s::setRunTimeBound(Mod, value("r")); // K % 3 never reaches 4
  t2s::URELoop Loops[] = {Mod};
  EXPECT_FALSE(t2s::chooseStandIns(Loops, {4}));
}

} // namespace
