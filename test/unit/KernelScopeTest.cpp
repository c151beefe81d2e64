// What those who run a kernel ask of its loops (systolic/KernelScope.h): how
// many iterations a loop runs, and whether its iterations can differ, in
// what runs (the clocks) or also in what they read (the traffic).

#include "systolic/KernelScope.h"

#include "HandBuiltKernels.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

using test::num;
using test::upTo;

const DType Int = DType::integer(32), F32 = DType::floating(32);

ExprPtr is(const char *Var, int64_t V) {
  return compare(CompareOp::EQ, false, var(Var), num(V));
}

// for (j = 0; j < 4; ++j) Body
Stmt overJ(Stmts Body) { return upTo(LoopKind::Time, "j", 4, std::move(Body)); }

TEST(KernelScopeTest, TripCountsUpExclusiveDownInclusive) {
  Stmt Up = upTo(LoopKind::Time, "j", 5, {});
  EXPECT_EQ(tripCount(Up, 0, 5), 5);
  EXPECT_EQ(tripCount(Up, 2, 5), 3);
  EXPECT_EQ(tripCount(Up, 5, 2), 0); // runs none
  Stmt Down = loop(LoopKind::Time, "j", num(5), num(2), {}, /*Down=*/true);
  EXPECT_EQ(tripCount(Down, 5, 2), 4); // 5, 4, 3, 2
  EXPECT_EQ(tripCount(Down, 2, 2), 1);
  EXPECT_EQ(tripCount(Down, 1, 3), 0);
}

TEST(KernelScopeTest, IterationsDifferWhereTheVariableDecidesWhatRuns) {
  Stmt Read = assign(var("x", 0, F32), subscript(F32, var("v"), {var("j")}));
  // Only a value: every iteration runs the same.
  for (IterationsDiffer By : {IterationsDiffer::InControl, IterationsDiffer::InAccesses})
    EXPECT_FALSE(variesWith(overJ({Read}), By));
  // A condition, a bound, a pinned value or a recovery, at any depth.
  Recovery R;
  R.Name = "k";
  R.Time = "t";
  R.Terms = {{1, "j"}};
  R.Upper = 4;
  Stmt Rec(StmtKind::Recover);
  Rec.Recoveries = {R};
  Stmts Deciding[] = {
      {ifElse(is("j", 0), {Read})},
      {upTo(LoopKind::Lanes, "l", 2, {loop(LoopKind::Time, "i", num(0), var("j"), {Read})})},
      {let("p", binary(BinaryOp::Add, false, var("j"), num(1)))},
      {Rec},
  };
  for (Stmts &Body : Deciding)
    for (IterationsDiffer By : {IterationsDiffer::InControl, IterationsDiffer::InAccesses})
      EXPECT_TRUE(variesWith(overJ(Body), By));
}

TEST(KernelScopeTest, WhatAStepReadsDiffersOnlyInItsAccesses) {
  // x = (j == 0) ? v[0] : 0 runs the same each iteration, but reads
  // differently.
  Stmt Picks = assign(var("x", 0, F32), select(is("j", 0), subscript(F32, var("v"), {num(0)}),
                                               floatConst(F32, 0)));
  EXPECT_FALSE(variesWith(overJ({Picks}), IterationsDiffer::InControl));
  EXPECT_TRUE(variesWith(overJ({Picks}), IterationsDiffer::InAccesses));
  // A counter of the step loop decides what later steps do.
  Stmt Count = assign(var("round", 0, Int), binary(BinaryOp::Add, false, var("round"), num(1)));
  Count.Counts = true;
  EXPECT_FALSE(variesWith(overJ({Count}), IterationsDiffer::InControl));
  EXPECT_TRUE(variesWith(overJ({Count}), IterationsDiffer::InAccesses));
}

} // namespace
} // namespace t2s
