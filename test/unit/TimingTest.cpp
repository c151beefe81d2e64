// The initiation-interval model (backends/model/Timing.h) on kernels built by
// hand: each bound alone, inner loops that run in every step, and the
// clocks of a run.

#include "HandBuiltKernels.h"
#include "backends/model/Timing.h"
#include "backends/model/Traffic.h"
#include "systolic/Design.h"
#include "systolic/Stmt.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType F32 = DType::floating(32);

using test::num;
using test::oneKernel;
using test::upTo;

FPGADevice arria10() { return findFPGADevice("arria10").value_or(FPGADevice()); }

KernelTiming timeOf(const Design &D) {
  DesignTiming T = timeNest(D, 0, arria10(), 250);
  EXPECT_EQ(T.Kernels.size(), 1u);
  return T.Kernels.empty() ? KernelTiming() : T.Kernels[0];
}

TEST(TimingTest, OneChannelEndpointMovesOneValuePerClock) {
  // for t < 10: PEs p < 4: send x on ch (one endpoint) -> II 4;
  // on ch[p] (four endpoints) -> II 1.
  for (bool PerPE : {false, true}) {
    ExprPtr Ch = PerPE ? subscript(F32, var("ch"), {var("p")}) : var("ch");
    Design D = oneKernel({decl(F32, "x"),
                          upTo(LoopKind::Time, "t", 10,
                               {upTo(LoopKind::PE, "p", 4, {write(Ch, var("x", 0, F32))})})});
    KernelTiming T = timeOf(D);
    EXPECT_EQ(T.II, PerPE ? 1 : 4);
    EXPECT_EQ(T.Cause, PerPE ? IICause::None : IICause::Channel);
    EXPECT_EQ(T.Cycles, std::optional<uint64_t>(PerPE ? 10 : 40));
    EXPECT_EQ(T.Steps, std::optional<uint64_t>(10));
  }
}

TEST(TimingTest, AConditionOnThePEKeepsOnlyItsAccesses) {
  // if (p == 0) read ch: one read per step after unrolling.
  Design D = oneKernel(
      {decl(F32, "x"),
       upTo(LoopKind::Time, "t", 10,
            {upTo(LoopKind::PE, "p", 4,
                  {guarded(compare(CompareOp::EQ, false, var("p"), num(0)),
                           assign(var("x", 0, F32), channelRead(F32, var("ch"))))})})});
  EXPECT_EQ(timeOf(D).II, 1);
}

TEST(TimingTest, InnerLoopsRunToCompletionInEveryStep) {
  // for t < 5: PEs p < 3: for c = p; c < 3 (a chain): relay -> 3 + 2 + 1
  // clocks per step, plus the step's own clock.
  Stmt Relay = write(subscript(F32, var("chain"), {var("p")}),
                     channelRead(F32, subscript(F32, var("chain"), {var("p", -1)})));
  Design D = oneKernel(
      {decl(F32, "y"),
       upTo(LoopKind::Time, "t", 5,
            {upTo(LoopKind::PE, "p", 3,
                  {loop(LoopKind::Count, "c", var("p"), num(3), {Relay}),
                   assign(subscript(F32, var("y"), {var("p")}), floatConst(F32, 1))})})});
  KernelTiming T = timeOf(D);
  EXPECT_EQ(T.II, 7);
  EXPECT_EQ(T.Cause, IICause::InnerLoops);
  EXPECT_EQ(T.Cycles, std::optional<uint64_t>(35));
}

TEST(TimingTest, ARecurrenceWaitsForItsOperations) {
  // acc = acc + x: carried one step through one add of 6 clocks -> II 6. A
  // shift register read 12 steps later: 6 / 12 -> II 1.
  Design D = oneKernel({decl(F32, "acc"), decl(F32, "x"),
                        upTo(LoopKind::Time, "t", 8,
                             {assign(var("acc", 0, F32),
                                     binary(BinaryOp::Add, false, var("acc", 0, F32),
                                            var("x", 0, F32)))})});
  KernelTiming T = timeOf(D);
  EXPECT_EQ(T.II, 6);
  EXPECT_EQ(T.Cause, IICause::Recurrence);
  EXPECT_EQ(T.Cycles, std::optional<uint64_t>(48));

  Stmt Shift(StmtKind::Shift);
  Shift.Name = "sr";
  Shift.Words = 13;
  ExprPtr Old = subscript(F32, var("sr"), {num(12)}), New = subscript(F32, var("sr"), {num(0)});
  Design Far = oneKernel(
      {decl(F32, "sr", {13}), decl(F32, "x"),
       upTo(LoopKind::Time, "t", 8,
            {Shift, assign(New, binary(BinaryOp::Add, false, Old, var("x", 0, F32)))})});
  EXPECT_EQ(timeOf(Far).II, 1);
}

TEST(TimingTest, BanksHaveOneReadPortEach) {
  // Two reads of one bank per step (both addresses even, 2 banks) -> II 2;
  // reads of the two banks -> II 1.
  for (int64_t Second : {2, 1}) {
    Stmt Mem = decl(F32, "buf", {4});
    Mem.Banks = 2;
    Design D = oneKernel(
        {Mem, decl(F32, "x"),
         upTo(LoopKind::Time, "t", 4,
              {assign(var("x", 0, F32),
                      binary(BinaryOp::Add, false, subscript(F32, var("buf"), {num(0)}),
                             subscript(F32, var("buf"), {num(Second)})))})});
    KernelTiming T = timeOf(D);
    EXPECT_EQ(T.II, Second == 2 ? 2 : 1) << Second;
    if (Second == 2)
      EXPECT_EQ(T.Cause, IICause::Memory);
  }
}

TEST(TimingTest, ARunTooLongToReplayIsNotCounted) {
  // The step's clocks depend on t (a condition on it around an inner
  // loop), so the loop is replayed: more steps than the budget.
  Stmt Inner = loop(LoopKind::Serial, "c", num(0), num(2),
                    {write(var("ch"), floatConst(F32, 0))});
  Design D = oneKernel(
      {decl(F32, "y"),
       upTo(LoopKind::Time, "t", int64_t(TimingBudget) + 1,
            {guarded(compare(CompareOp::EQ, false, var("t"), num(0)), Inner),
             assign(var("y", 0, F32), floatConst(F32, 1))})});
  DesignTiming T = timeNest(D, 0, arria10(), 250);
  EXPECT_FALSE(T.Kernels[0].Cycles);
  EXPECT_FALSE(T.Cycles);
  EXPECT_EQ(T.Kernels[0].II, 3); // the worst step runs the inner loop
}

TEST(TimingTest, OffChipBytesCountOverTheRun) {
  // A loader: for t < 100: if (t < Reads): 64 lanes of a (256 bytes). On
  // Arria 10 at 250 MHz the board moves 153.6 bytes per clock.
  for (int64_t Reads : {10, 100}) {
    ExprPtr Element = bufferElement(F32, 0, {var("l")}, {1});
    Stmt Read = upTo(LoopKind::Lanes, "l", 64, {assign(var("x", 0, F32), Element)});
    Design D = oneKernel(
        {decl(F32, "x"),
         upTo(LoopKind::Time, "t", 100,
              {guarded(compare(CompareOp::LT, false, var("t"), num(Reads)), Read)})},
        KernelRole::Loader);
    D.Kernels[0].Params = {0};
    D.Kernels[0].Buffer = "a";
    // Without the run's traffic, the worst step: 256 bytes, 2 clocks.
    DesignTiming PerStep = timeNest(D, 0, arria10(), 250);
    EXPECT_EQ(PerStep.Kernels[0].II, 2);
    EXPECT_EQ(PerStep.Kernels[0].Cause, IICause::OffChip);
    // With it, the run's bytes over its 100 steps.
    DesignTraffic Traffic;
    DesignTraffic::Buffer A;
    A.ArgNo = 0;
    A.Name = "a";
    A.Element = F32;
    A.Read = uint64_t(64 * Reads);
    Traffic.Buffers.push_back(A);
    DesignTiming Run = timeNest(D, 0, arria10(), 250, {}, &Traffic);
    const KernelTiming &K = Run.Kernels[0];
    if (Reads == 10) { // 25.6 bytes per step: the board keeps up
      EXPECT_EQ(K.II, 1);
      EXPECT_EQ(K.Cause, IICause::None);
      EXPECT_EQ(K.Cycles, std::optional<uint64_t>(100));
    } else { // 256 per step: 25,600 bytes take 167 clocks
      EXPECT_EQ(K.II, 2);
      EXPECT_EQ(K.Cause, IICause::OffChip);
      EXPECT_EQ(K.Subject, "a");
      EXPECT_EQ(K.Reason, "256 bytes off-chip per step (25600 over 100 steps), the board "
                          "moves 153 per clock");
      EXPECT_EQ(K.Cycles, std::optional<uint64_t>(167));
      EXPECT_EQ(Run.Cycles, std::optional<uint64_t>(167));
    }
  }
}

TEST(TimingTest, AnAlveoPortMovesSixtyFourBytesPerClock) {
  // A loader: for t < 100: if (t < 10): 40 lanes of a (160 bytes). Vitis
  // gives each buffer one 512-bit m_axi port and schedules the loop for its
  // worst iteration: 3 clocks at 150 MHz, even with the run's traffic known
  // (16 bytes per step on average); at 300 MHz its bank's share of what a
  // U250's memory sustains, 43.5 bytes a clock, makes it 4. Intel's
  // families have no such rule.
  ExprPtr Element = bufferElement(F32, 0, {var("l")}, {1});
  Stmt Read = upTo(LoopKind::Lanes, "l", 40, {assign(var("x", 0, F32), Element)});
  Design D = oneKernel({decl(F32, "x"),
                        upTo(LoopKind::Time, "t", 100,
                             {guarded(compare(CompareOp::LT, false, var("t"), num(10)), Read)})},
                       KernelRole::Loader);
  D.Params.push_back({"a", true, F32});
  D.Kernels[0].Params = {0};
  D.Kernels[0].Buffer = "a";
  DesignTraffic Traffic;
  DesignTraffic::Buffer A;
  A.ArgNo = 0;
  A.Name = "a";
  A.Element = F32;
  A.Read = 400;
  Traffic.Buffers.push_back(A);
  FPGADevice U250 = findFPGADevice("u250").value_or(FPGADevice());
  const KernelTiming K = timeNest(D, 0, U250, 150, {}, &Traffic).Kernels[0];
  EXPECT_EQ(K.II, 3);
  EXPECT_EQ(K.Cause, IICause::Port);
  EXPECT_EQ(K.Reason, "160 bytes of 'a' per step, its port moves 64 per clock");
  EXPECT_EQ(K.Cycles, std::optional<uint64_t>(300));
  const KernelTiming Bank = timeNest(D, 0, U250, 300, {}, &Traffic).Kernels[0];
  EXPECT_EQ(Bank.II, 4);
  EXPECT_EQ(Bank.Reason, "160 bytes of 'a' per step, its memory bank moves 43.5 per clock");
  EXPECT_EQ(Bank.Cycles, std::optional<uint64_t>(400));
  const KernelTiming I = timeNest(D, 0, arria10(), 300, {}, &Traffic).Kernels[0];
  EXPECT_EQ(I.II, 1);
  EXPECT_EQ(I.Cause, IICause::None);
  // The clocked emulation charges it: a structural II of the step loop.
  ClockMarks M = clockMarks(D, D.Kernels[0], U250);
  ASSERT_TRUE(M.Step);
  EXPECT_EQ(M.Loops.lookup(M.Step), 3);
}

TEST(TimingTest, APortMovesAtMostItsMemoryBanksShare) {
  // A loader: for t < 100: 16 lanes (64 bytes) of each of 5 buffers. On a
  // U250 the connectivity puts the ports in its 4 DDR banks in turn, so the
  // first and the fifth share bank 0: a quarter of the 52.2 GB/s AMD
  // measured its memory to sustain, 43.5 bytes per clock at 300 MHz, 21.8
  // each; the others have 43.5. On a U280 each has an HBM pseudo channel of
  // its own, 14.375 GB/s (its data sheet's; no measured figure): 47.9 bytes
  // per clock at 300 MHz. At 75 MHz a U250 bank moves 174, so even the
  // shared one gives each port more than the port's 64.
  Design D;
  {
    Stmts Step;
    for (unsigned B = 0; B < 5; ++B)
      Step.push_back(upTo(LoopKind::Lanes, "l", 16,
                          {assign(var("x" + std::to_string(B), 0, F32),
                                  bufferElement(F32, B, {var("l")}, {1}))}));
    Stmts Body;
    for (unsigned B = 0; B < 5; ++B)
      Body.push_back(decl(F32, "x" + std::to_string(B)));
    Body.push_back(upTo(LoopKind::Time, "t", 100, std::move(Step)));
    D = oneKernel(std::move(Body), KernelRole::Loader);
  }
  DesignTraffic Traffic;
  for (unsigned B = 0; B < 5; ++B) {
    std::string Name(1, char('a' + B));
    D.Params.push_back({Name, true, F32});
    D.Kernels[0].Params.push_back(B);
    DesignTraffic::Buffer X;
    X.ArgNo = B;
    X.Name = Name;
    X.Element = F32;
    X.Read = 1600; // elements: 6,400 bytes
    Traffic.Buffers.push_back(X);
  }
  FPGADevice U250 = findFPGADevice("u250").value_or(FPGADevice());
  FPGADevice U280 = findFPGADevice("u280").value_or(FPGADevice());
  EXPECT_NEAR(U250.bankBytesPerClock(300), 43.5, 0.01);
  EXPECT_DOUBLE_EQ(arria10().bankBytesPerClock(300), 0); // interleaved over the banks
  KernelTiming Shared = timeNest(D, 0, U250, 300, {}, &Traffic).Kernels[0];
  EXPECT_EQ(Shared.II, 3);
  EXPECT_EQ(Shared.Cause, IICause::Port);
  EXPECT_EQ(Shared.Reason, "64 bytes of 'a' per step, its memory bank moves 21.8 per clock");
  EXPECT_EQ(Shared.Cycles, std::optional<uint64_t>(300));
  KernelTiming HBM = timeNest(D, 0, U280, 300, {}, &Traffic).Kernels[0];
  EXPECT_EQ(HBM.II, 2);
  EXPECT_EQ(HBM.Reason, "64 bytes of 'a' per step, its memory bank moves 47.9 per clock");
  EXPECT_EQ(HBM.Cycles, std::optional<uint64_t>(200)); // every step at II 2
  // The clocked emulation charges the bank's share at the clock it runs at.
  ClockMarks M = clockMarks(D, D.Kernels[0], U280, 300);
  ASSERT_TRUE(M.Step);
  EXPECT_EQ(M.Loops.lookup(M.Step), 2);
  EXPECT_EQ(clockMarks(D, D.Kernels[0], U280).Loops.lookup(M.Step), 1); // the port alone
  KernelTiming Slow = timeNest(D, 0, U250, 75, {}, &Traffic).Kernels[0];
  EXPECT_EQ(Slow.II, 1);
  EXPECT_EQ(Slow.Cycles, std::optional<uint64_t>(100));
}

} // namespace
} // namespace t2s
