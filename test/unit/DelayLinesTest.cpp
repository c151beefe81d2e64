// Delay lines (systolic/DelayLines.h) found in kernels built by hand, and the
// HLS target's circular buffers for them (backends/hls/CircularDelayLines.h).

#include "HandBuiltKernels.h"
#include "backends/hls/CircularDelayLines.h"
#include "systolic/DelayLines.h"
#include "systolic/StmtWalk.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

using test::num;
using test::oneKernel;
using test::upTo;

const DType F32 = DType::floating(32);

ExprPtr word(const char *Register, int64_t Word) {
  return subscript(F32, var(Register), {num(Word), var("p")});
}

// for t: shift sr_Z (Words words) in each PE p < 2; then each PE reads word
// ReadAt into y and writes its word 0.
Design::Kernel accumulator(int64_t Words, int64_t ReadAt) {
  Stmt Shift(StmtKind::Shift);
  Shift.Name = "sr_Z";
  Shift.Text = "slot";
  Shift.Words = Words;
  Shift.Subscripts = {var("p")};
  Stmts Step{upTo(LoopKind::PE, "p", 2, {std::move(Shift)}),
             upTo(LoopKind::PE, "p", 2,
                  {assign(subscript(F32, var("y"), {var("p")}), word("sr_Z", ReadAt)),
                   assign(word("sr_Z", 0), subscript(F32, var("y"), {var("p")}))})};
  Design D = oneKernel({decl(F32, "sr_Z", {Words, 2}), decl(F32, "y", {2}),
                        upTo(LoopKind::Time, "t", 100, std::move(Step))});
  return D.Kernels.front();
}

TEST(DelayLinesTest, WrittenAtTheFirstWordReadAtTheLast) {
  Design::Kernel K = accumulator(33, 32);
  llvm::StringMap<int64_t> Lines = delayLines(K, 32);
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines.lookup("sr_Z"), 32);
  EXPECT_TRUE(delayLines(K, 33).empty()); // shorter than asked
  EXPECT_TRUE(delayLines(K, 0).empty());  // none asked
  // A read of another word is a tap, not a delay line.
  EXPECT_TRUE(delayLines(accumulator(33, 31), 32).empty());
}

TEST(DelayLinesTest, ACircularBufferAndItsCursor) {
  Design::Kernel K = withCircularDelayLines(accumulator(33, 32), {{"sr_Z", 32}});
  // The memory is the line's length; then the register of the step's
  // oldest words and the cursor.
  ASSERT_GE(K.Body.size(), 5u);
  EXPECT_EQ(K.Body[0].Name, "sr_Z");
  EXPECT_EQ(K.Body[0].Dims, (llvm::SmallVector<int64_t, 4>{32, 2}));
  EXPECT_EQ(K.Body[0].DelayLine, 32);
  EXPECT_EQ(K.Body[1].Name, "sr_Z_word");
  EXPECT_EQ(K.Body[1].Dims, (llvm::SmallVector<int64_t, 4>{2}));
  EXPECT_EQ(K.Body[2].Name, "sr_Z_at");
  EXPECT_EQ(K.Body[2].Init, DeclInit::Zero);
  // The step: the cursor's move once, before the PEs read their words.
  const Stmts &Step = K.Body[4].Body;
  ASSERT_EQ(Step.size(), 3u);
  EXPECT_EQ(Step[0].Kind, StmtKind::Assign);
  EXPECT_EQ(Step[0].Target->Name, "sr_Z_at");
  const Stmt &Read = Step[1].Body.front();
  EXPECT_EQ(Read.Kind, StmtKind::Assign);
  EXPECT_EQ(Read.Target->operand(0).Name, "sr_Z_word");
  EXPECT_EQ(Read.Value->operand(0).Name, "sr_Z");
  EXPECT_EQ(Read.Value->operand(1).Name, "sr_Z_at");
  // The step's read takes the word; its write goes to the cursor.
  const Stmts &PE = Step[2].Body;
  EXPECT_EQ(PE[0].Value->operand(0).Name, "sr_Z_word");
  EXPECT_EQ(PE[1].Target->operand(0).Name, "sr_Z");
  EXPECT_EQ(PE[1].Target->operand(1).Name, "sr_Z_at");
  bool Shifts = false;
  forEachStmt(K.Body, [&](const Stmt &S) { Shifts |= S.Kind == StmtKind::Shift; });
  EXPECT_FALSE(Shifts);
}

} // namespace
} // namespace t2s
