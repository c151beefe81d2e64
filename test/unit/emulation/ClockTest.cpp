// Tests of the clocked emulation (t2s/clock.h): the clocks of kernels that
// talk through channels, as the rules of the header count them. Every figure
// is exact: the clocks follow the values, not the threads, so they do not
// depend on how the operating system runs the kernels.
#include "t2s/emulation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using t2s::emu::Channel;
using t2s::emu::Kernel;
using t2s::emu::RunInfo;
using t2s::emu::RunResult;
using t2s::emu::tryRun;

// Turns the clock on for one test.
struct Clocked : ::testing::Test {
  void SetUp() override { t2s::emu::clock::enabledFlag() = true; }
  void TearDown() override { t2s::emu::clock::enabledFlag() = false; }
};

uint64_t cyclesOf(const RunResult &R, const std::string &Name) {
  for (const auto &K : R.Kernels)
    if (K.Name == Name)
      return K.Cycles;
  ADD_FAILURE() << "no kernel " << Name;
  return 0;
}

const RunResult::KernelClocks &kernel(const RunResult &R, const std::string &Name) {
  for (const auto &K : R.Kernels)
    if (K.Name == Name)
      return K;
  static RunResult::KernelClocks None;
  ADD_FAILURE() << "no kernel " << Name;
  return None;
}

constexpr int Steps = 1000;

// Loader -> array -> drainer, one value per step each, depth 1: every
// kernel starts a step every clock; a hop adds one clock.
TEST_F(Clocked, PipelineAtOneValuePerClock) {
  Channel<int> In("in", 1), Out("out", 1);
  long long Sum = 0;
  RunResult R = tryRun({{"load", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             In.write(I);
                           }
                         }},
                        {"array", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             Out.write(2 * In.read());
                           }
                         }},
                        {"drain", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             Sum += Out.read();
                           }
                         }}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(Sum, 2LL * Steps * (Steps - 1) / 2);
  EXPECT_EQ(cyclesOf(R, "load"), uint64_t(Steps));
  EXPECT_EQ(cyclesOf(R, "array"), uint64_t(Steps + 1));
  EXPECT_EQ(cyclesOf(R, "drain"), uint64_t(Steps + 2));
  EXPECT_EQ(R.Cycles, uint64_t(Steps + 2));
  EXPECT_EQ(kernel(R, "drain").Steps, uint64_t(Steps));
  // Only the first value is waited for.
  EXPECT_EQ(kernel(R, "array").ChannelStalls, 1u);
}

// One channel feeding a wide array: 16 values per step through one
// endpoint take 16 clocks, the II the static model's channel rule gives.
TEST_F(Clocked, NarrowChannelFeedingAWideArraySetsTheII) {
  constexpr int PEs = 16;
  Channel<float> Narrow("narrow", 1);
  Channel<float> Wide[PEs];
  for (int P = 0; P < PEs; ++P)
    Wide[P].configure("wide[" + std::to_string(P) + "]", 1);
  auto narrowArray = [&] {
    for (int I = 0; I < Steps; ++I) {
      T2S_STEP(1);
      for (int P = 0; P < PEs; ++P) // unrolled: 16 reads of one endpoint
        Narrow.read();
    }
  };
  auto wideArray = [&] {
    for (int I = 0; I < Steps; ++I) {
      T2S_STEP(1);
      for (int P = 0; P < PEs; ++P)
        Wide[P].read();
    }
  };
  RunResult N = tryRun({{"load", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             for (int P = 0; P < PEs; ++P)
                               Narrow.write(float(P));
                           }
                         }},
                        {"array", narrowArray}});
  ASSERT_TRUE(N.Ok) << N.Report;
  EXPECT_EQ(cyclesOf(N, "load"), uint64_t(PEs * Steps));
  EXPECT_EQ(cyclesOf(N, "array"), uint64_t(PEs * Steps + 1));
  RunResult W = tryRun({{"load", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             for (int P = 0; P < PEs; ++P)
                               Wide[P].write(float(P));
                           }
                         }},
                        {"array", wideArray}});
  ASSERT_TRUE(W.Ok) << W.Report;
  EXPECT_EQ(cyclesOf(W, "array"), uint64_t(Steps + 1));
}

// A slow reader (II 4 from a recurrence) and a depth-2 channel: the writer
// waits for room and ends with its reader.
TEST_F(Clocked, FullChannelStallsItsWriter) {
  Channel<int> C("c", 2);
  RunResult R = tryRun({{"fast", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             C.write(I);
                           }
                         }},
                        {"slow", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(4);
                             C.read();
                           }
                         }}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(cyclesOf(R, "slow"), uint64_t(4 * Steps + 1)); // its first value comes at clock 1
  // The last write goes in once the reader freed the slot two values back.
  EXPECT_NEAR(double(cyclesOf(R, "fast")), 4.0 * Steps, 12.0);
  EXPECT_GT(kernel(R, "fast").ChannelStalls, uint64_t(2 * Steps));
  EXPECT_EQ(C.clocks().WriterStalls, kernel(R, "fast").ChannelStalls);
}

// An inner loop that is not unrolled runs to completion in every step.
TEST_F(Clocked, InnerLoopsAddTheirClocks) {
  RunResult R = tryRun({{"k", [&] {
                           for (int I = 0; I < 10; ++I) {
                             T2S_STEP(1);
                             for (int J = 0; J < 8; ++J) {
                               T2S_ITERATION(2);
                             }
                           }
                         }}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(cyclesOf(R, "k"), 10u * (1 + 8 * 2));
}

// Off-chip bytes against the board's bytes per clock: 64 bytes per step
// at 16 bytes per clock take 4 clocks per step over the run.
TEST_F(Clocked, OffChipBytesBoundTheRun) {
  std::vector<float> A(Steps * 16, 1.0f);
  float Sum = 0;
  RunInfo Board;
  Board.Design = "test";
  Board.Device = "board";
  Board.FmaxMHz = 250;
  Board.BytesPerClock = 16;
  RunResult R = tryRun({{"load", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             for (int L = 0; L < 16; ++L)
                               Sum += T2S_OFFCHIP(A.data(), A[I * 16 + L]);
                           }
                         }}},
                       Board);
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(Sum, float(Steps * 16));
  EXPECT_EQ(cyclesOf(R, "load"), uint64_t(4 * Steps));
  EXPECT_GT(kernel(R, "load").MemoryStalls, 0u);
  // Stores count too, and T2S_OFFCHIP is an lvalue.
  RunResult S = tryRun({{"store", [&] {
                           for (int I = 0; I < Steps; ++I) {
                             T2S_STEP(1);
                             T2S_OFFCHIP(A.data(), A[I]) = 2.0f;
                           }
                         }}},
                       Board);
  ASSERT_TRUE(S.Ok);
  EXPECT_EQ(A[Steps - 1], 2.0f);
  EXPECT_EQ(cyclesOf(S, "store"), uint64_t(Steps)); // 4 bytes per clock: under the board's
}

// An autorun kernel stopped at the end counts up to its last step.
TEST_F(Clocked, AutorunKernelsEndWithTheirLastStep) {
  Channel<int> In("in", 1), Out("out", 1);
  RunResult R = tryRun({{"load", [&] {
                           for (int I = 0; I < 10; ++I) {
                             T2S_STEP(1);
                             In.write(I);
                           }
                         }},
                        t2s::emu::autorun("array", [&] {
                          for (;;) {
                            T2S_STEP(1);
                            Out.write(In.read());
                          }
                        }),
                        {"drain", [&] {
                           for (int I = 0; I < 10; ++I) {
                             T2S_STEP(1);
                             Out.read();
                           }
                         }}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(cyclesOf(R, "array"), 11u);
  EXPECT_EQ(R.Cycles, 12u);
}

// The same run twice gives the same clocks, whatever the threads did.
TEST_F(Clocked, ClocksAreReproducible) {
  Channel<int> A("a", 3), B("b", 1);
  auto once = [&] {
    return tryRun({{"p", [&] {
                      for (int I = 0; I < 5000; ++I) {
                        T2S_STEP(1 + I % 3);
                        A.write(I);
                      }
                    }},
                   {"q", [&] {
                      for (int I = 0; I < 5000; ++I) {
                        T2S_STEP(2);
                        B.write(A.read());
                      }
                    }},
                   {"r", [&] {
                      for (int I = 0; I < 5000; ++I) {
                        T2S_STEP(1);
                        B.read();
                      }
                    }}});
  };
  RunResult First = once(), Second = once();
  ASSERT_TRUE(First.Ok && Second.Ok);
  ASSERT_EQ(First.Kernels.size(), 3u);
  for (size_t K = 0; K < 3; ++K)
    EXPECT_EQ(First.Kernels[K].Cycles, Second.Kernels[K].Cycles) << First.Kernels[K].Name;
  EXPECT_EQ(First.Cycles, Second.Cycles);
}

// Without the clock, nothing is counted.
TEST(Unclocked, CountsNothing) {
  Channel<int> C("c", 1);
  RunResult R = tryRun({{"w", [&] { C.write(1); }}, {"r", [&] { C.read(); }}});
  ASSERT_TRUE(R.Ok);
  EXPECT_TRUE(R.Kernels.empty());
  EXPECT_EQ(R.Cycles, 0u);
}

} // namespace
