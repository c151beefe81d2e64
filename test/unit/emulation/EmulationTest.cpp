// Tests of the channel-emulation runtime: FIFO semantics and blocking, kernels
// on threads, arrays of channels, autorun kernels, and deadlock detection.
// Blocking is observed through deadlock detection itself (a write that should
// block, with nobody to unblock it, must be reported), so no test depends on
// timing.
#include "t2s/emulation.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using t2s::emu::Channel;
using t2s::emu::Kernel;
using t2s::emu::RunResult;
using t2s::emu::tryRun;

// The declaration macros at namespace scope, as an emitted file uses them.
T2S_CHANNEL(int, scalar_ch, 3);
T2S_CHANNEL_ARRAY(float, grid_ch, 2, 3, 4);
T2S_CHANNEL_ARRAY(int, row_ch, 0, 5);

TEST(Channel, KeepsFifoOrder) {
  Channel<int> C("c", 4);
  for (int I = 0; I < 4; ++I)
    C.write(I * 10);
  EXPECT_EQ(C.size(), 4u);
  for (int I = 0; I < 4; ++I)
    EXPECT_EQ(C.read(), I * 10);
  EXPECT_EQ(C.size(), 0u);
}

TEST(Channel, DepthZeroHoldsOneValue) {
  Channel<int> C("c", 0);
  EXPECT_EQ(C.depth(), 0);
  EXPECT_EQ(C.capacity(), 1u);
  EXPECT_TRUE(C.tryWrite(7));
  EXPECT_FALSE(C.tryWrite(8));
  bool Valid = false;
  EXPECT_EQ(C.tryRead(&Valid), 7);
  EXPECT_TRUE(Valid);
  C.tryRead(&Valid);
  EXPECT_FALSE(Valid);
}

TEST(Channel, DeclarationMacrosNameAndSizeChannels) {
  EXPECT_EQ(scalar_ch.name(), "scalar_ch");
  EXPECT_EQ(scalar_ch.depth(), 3);
  EXPECT_EQ(grid_ch[2][3].name(), "grid_ch[2][3]");
  EXPECT_EQ(grid_ch[1][0].depth(), 2);
  EXPECT_EQ(row_ch[4].name(), "row_ch[4]");
  EXPECT_EQ(row_ch[4].capacity(), 1u);
  T2S_WRITE(grid_ch[1][2], 2.5f);
  EXPECT_EQ(T2S_READ(grid_ch[1][2]), 2.5f);
}

// The (depth+1)-th write into a channel nobody reads blocks: the lone kernel
// is then blocked, which the run reports as a deadlock on a full channel.
TEST(Channel, WriteBlocksExactlyWhenFull) {
  for (int Depth = 0; Depth <= 8; ++Depth) {
    Channel<int> C("fifo", Depth);
    std::size_t Capacity = C.capacity();
    std::size_t Written = 0;
    RunResult R = tryRun({{"writer", [&] {
                             for (;;) {
                               C.write(static_cast<int>(Written));
                               ++Written;
                             }
                           }}});
    ASSERT_FALSE(R.Ok);
    EXPECT_EQ(Written, Capacity) << "depth " << Depth;
    std::string Expected = "kernel 'writer' is blocked writing channel 'fifo': full, holds " +
                           std::to_string(Capacity) + " of depth " + std::to_string(Depth);
    EXPECT_NE(R.Report.find(Expected), std::string::npos) << R.Report;
    for (std::size_t I = 0; I < Capacity; ++I)
      EXPECT_EQ(C.read(), static_cast<int>(I));
  }
}

TEST(Channel, ReadBlocksExactlyWhenEmpty) {
  for (int Depth = 1; Depth <= 8; ++Depth) {
    Channel<int> C("fifo", Depth);
    for (int I = 0; I < Depth; ++I)
      C.write(I);
    std::vector<int> Got;
    RunResult R = tryRun({{"reader", [&] {
                             for (;;)
                               Got.push_back(C.read());
                           }}});
    ASSERT_FALSE(R.Ok);
    ASSERT_EQ(Got.size(), static_cast<std::size_t>(Depth));
    for (int I = 0; I < Depth; ++I)
      EXPECT_EQ(Got[I], I);
    EXPECT_NE(R.Report.find("kernel 'reader' is blocked reading channel 'fifo': empty, "
                            "holds 0 of depth " + std::to_string(Depth)),
              std::string::npos)
        << R.Report;
  }
}

// Plain threads (not started by run) block and wake like kernels.
TEST(Channel, BlocksAcrossPlainThreads) {
  for (int Depth = 1; Depth <= 4; ++Depth) {
    Channel<int> C("c", Depth);
    std::thread Producer([&] {
      for (int I = 0; I < 5000; ++I)
        C.write(I);
    });
    bool InOrder = true;
    for (int I = 0; I < 5000; ++I)
      InOrder &= C.read() == I;
    Producer.join();
    EXPECT_TRUE(InOrder);
  }
}

TEST(Emulation, ThreeKernelPipeline) {
  constexpr int N = 100000;
  Channel<int> Raw("raw", 4), Squared("squared", 2);
  std::vector<std::int64_t> Out;
  Out.reserve(N);
  RunResult R = tryRun({
      {"load", [&] {
         for (int I = 0; I < N; ++I)
           Raw.write(I);
       }},
      {"square", [&] {
         for (int I = 0; I < N; ++I) {
           int V = Raw.read();
           Squared.write(V % 1000 * (V % 1000));
         }
       }},
      {"store", [&] {
         for (int I = 0; I < N; ++I)
           Out.push_back(Squared.read());
       }},
  });
  ASSERT_TRUE(R.Ok) << R.Report;
  ASSERT_EQ(Out.size(), static_cast<std::size_t>(N));
  bool Equal = true;
  for (int I = 0; I < N; ++I)
    Equal &= Out[I] == static_cast<std::int64_t>(I % 1000) * (I % 1000);
  EXPECT_TRUE(Equal);
}

// A 1-D chain of PEs, one kernel each: PE p reads chain[p], adds p + 1 and
// writes chain[p + 1].
TEST(Emulation, ChainOfProcessingElements) {
  constexpr int PEs = 8, N = 2000;
  Channel<int> Chain[PEs + 1];
  t2s::emu::configureChannels(Chain, "chain", 1);
  EXPECT_EQ(Chain[3].name(), "chain[3]");
  std::vector<Kernel> Kernels;
  Kernels.push_back({"feed", [&] {
                       for (int I = 0; I < N; ++I)
                         Chain[0].write(I);
                     }});
  for (int P = 0; P < PEs; ++P)
    Kernels.push_back({"pe" + std::to_string(P), [&Chain, P] {
                         for (int I = 0; I < N; ++I)
                           Chain[P + 1].write(Chain[P].read() + P + 1);
                       }});
  std::vector<int> Out;
  Kernels.push_back({"drain", [&] {
                       for (int I = 0; I < N; ++I)
                         Out.push_back(Chain[PEs].read());
                     }});
  RunResult R = tryRun(Kernels);
  ASSERT_TRUE(R.Ok) << R.Report;
  ASSERT_EQ(Out.size(), static_cast<std::size_t>(N));
  for (int I = 0; I < N; ++I)
    ASSERT_EQ(Out[I], I + PEs * (PEs + 1) / 2);
}

TEST(Emulation, AutorunKernelsStopWhenRegularKernelsFinish) {
  Channel<int> In("in", 2), Out("out", 2), Idle("idle", 1);
  std::atomic<int> Relayed{0};
  std::vector<int> Got;
  RunResult R = tryRun({
      {"producer", [&] {
         for (int I = 0; I < 1000; ++I)
           In.write(I);
       }},
      t2s::emu::autorun("doubler",
                        [&] {
                          for (;;) {
                            Out.write(2 * In.read());
                            ++Relayed;
                          }
                        }),
      // Blocked forever on a channel nobody writes: stopped, not a deadlock.
      t2s::emu::autorun("listener", [&] {
        for (;;)
          Idle.read();
      }),
      {"consumer", [&] {
         for (int I = 0; I < 1000; ++I)
           Got.push_back(Out.read());
       }},
  });
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(Relayed.load(), 1000);
  ASSERT_EQ(Got.size(), 1000u);
  for (int I = 0; I < 1000; ++I)
    ASSERT_EQ(Got[I], 2 * I);
}

TEST(Emulation, AutorunOnlyRunStopsAtOnce) {
  Channel<int> C("c", 1);
  RunResult R = tryRun({t2s::emu::autorun("spin", [&] {
    for (;;)
      C.write(C.read());
  })});
  EXPECT_TRUE(R.Ok) << R.Report;
}

TEST(Deadlock, ConsumerOfAChannelNobodyWrites) {
  Channel<float> Used("used", 4), Orphan("orphan", 4);
  RunResult R = tryRun({
      {"producer", [&] {
         for (int I = 0; I < 3; ++I)
           Used.write(1.f);
       }},
      {"consumer", [&] {
         for (int I = 0; I < 3; ++I)
           Used.read();
         Orphan.read();
       }},
  });
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Report.find("deadlock"), std::string::npos) << R.Report;
  EXPECT_NE(R.Report.find("kernel 'consumer' is blocked reading channel 'orphan': empty, "
                          "holds 0 of depth 4"),
            std::string::npos)
      << R.Report;
  EXPECT_NE(R.Report.find("kernel 'producer' has finished"), std::string::npos) << R.Report;
}

// Each kernel writes three values to the other before reading any: both
// channels fill up and both writers block.
TEST(Deadlock, CycleOfFullChannels) {
  Channel<int> AB("a_to_b", 2), BA("b_to_a", 2);
  auto Side = [](Channel<int> &Out, Channel<int> &In) {
    return [&Out, &In] {
      for (int I = 0; I < 3; ++I)
        Out.write(I);
      for (int I = 0; I < 3; ++I)
        In.read();
    };
  };
  RunResult R = tryRun({{"a", Side(AB, BA)}, {"b", Side(BA, AB)}});
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Report.find("all 2 running kernel(s) are blocked"), std::string::npos)
      << R.Report;
  EXPECT_NE(R.Report.find("kernel 'a' is blocked writing channel 'a_to_b': full, holds 2 "
                          "of depth 2"),
            std::string::npos)
      << R.Report;
  EXPECT_NE(R.Report.find("kernel 'b' is blocked writing channel 'b_to_a': full, holds 2 "
                          "of depth 2"),
            std::string::npos)
      << R.Report;
}

TEST(Deadlock, UnbufferedChannelIsReportedAsSuch) {
  Channel<int> C("handshake", 0);
  RunResult R = tryRun({{"w", [&] {
                           C.write(1);
                           C.write(2);
                         }}});
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Report.find("full, holds 1 of depth 0 (unbuffered, emulated with capacity 1)"),
            std::string::npos)
      << R.Report;
}

TEST(Deadlock, AutorunKernelsAreListedToo) {
  Channel<int> In("in", 1), Out("out", 1);
  RunResult R = tryRun({t2s::emu::autorun("relay", [&] {
                          for (;;)
                            Out.write(In.read());
                        }),
                        {"consumer", [&] { Out.read(); }}});
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Report.find("kernel 'relay' (autorun) is blocked reading channel 'in'"),
            std::string::npos)
      << R.Report;
  EXPECT_NE(R.Report.find("kernel 'consumer' is blocked reading channel 'out'"),
            std::string::npos)
      << R.Report;
}

TEST(DeadlockDeathTest, RunPrintsTheReportAndExitsNonZero) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto Deadlocked = [] {
    Channel<int> Never("never_written", 8);
    t2s::emu::run({{"lonely_reader", [&] { Never.read(); }}});
  };
  EXPECT_EXIT(Deadlocked(), testing::ExitedWithCode(1),
              "deadlock(.|\n)*kernel 'lonely_reader' is blocked reading channel "
              "'never_written': empty, holds 0 of depth 8");
}

TEST(Emulation, KernelExceptionFailsTheRunAndStopsTheOthers) {
  Channel<int> C("c", 1);
  RunResult R = tryRun({{"thrower", [] { throw std::runtime_error("bad input"); }},
                        {"waiter", [&] { C.read(); }}});
  ASSERT_FALSE(R.Ok);
  EXPECT_NE(R.Report.find("kernel 'thrower' threw: bad input"), std::string::npos) << R.Report;
}

// Correct designs whose kernels are often all but one blocked (depth-1
// channels, a token passed around a ring, producers finishing while their
// consumers wait) must never be reported as deadlocked.
TEST(Deadlock, NeverReportedForCorrectRuns) {
  for (int Round = 0; Round < 200; ++Round) {
    constexpr int Ring = 3, Laps = 50;
    Channel<int> Links[Ring];
    t2s::emu::configureChannels(Links, "link", Round % 2);
    std::vector<Kernel> Kernels;
    for (int P = 0; P < Ring; ++P)
      Kernels.push_back({"node" + std::to_string(P), [&Links, P] {
                           if (P == 0)
                             Links[1].write(0);
                           for (int L = 0; L < Laps; ++L) {
                             int Token = Links[P].read();
                             if (P != 0 || L + 1 < Laps)
                               Links[(P + 1) % Ring].write(Token + 1);
                           }
                         }});
    Channel<int> Tail("tail", 1);
    Kernels.push_back({"tail_producer", [&] { Tail.write(Round); }});
    Kernels.push_back({"tail_consumer", [&] { EXPECT_EQ(Tail.read(), Round); }});
    RunResult R = tryRun(Kernels);
    ASSERT_TRUE(R.Ok) << "round " << Round << "\n" << R.Report;
  }
}

TEST(Emulation, RunsBackToBack) {
  Channel<int> C("c", 1);
  for (int Round = 0; Round < 100; ++Round) {
    int Sum = 0;
    RunResult R = tryRun({{"w", [&] {
                             for (int I = 1; I <= 10; ++I)
                               C.write(I);
                           }},
                          {"r", [&] {
                             for (int I = 0; I < 10; ++I)
                               Sum += C.read();
                           }}});
    ASSERT_TRUE(R.Ok) << R.Report;
    ASSERT_EQ(Sum, 55);
  }
}

} // namespace
