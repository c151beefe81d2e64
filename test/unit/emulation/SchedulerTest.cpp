// Tests of the emulation's scheduler (t2s/channel.h, t2s/fiber.h): kernels
// as fibers on one or more worker threads, parked on channels and switched
// in user space. Nothing here depends on timing: a test that needs two
// kernels to run at the same time waits for it, and would hang (and fail by
// the test's timeout) if they could not.
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

// Runs the test body with N worker threads, then restores the default.
struct Workers {
  explicit Workers(int N) { t2s::emu::setWorkerThreads(N); }
  ~Workers() { t2s::emu::setWorkerThreads(0); }
};

// A chain of Stages kernels joined by channels of the given depth: the first
// writes 1..Values, each next one adds its index, the last sums.
int64_t runChain(int Stages, int Depth, int Values, RunResult &R) {
  std::vector<Channel<int64_t>> Links(Stages);
  for (int S = 0; S < Stages; ++S)
    Links[S].configure("link" + std::to_string(S), Depth);
  int64_t Sum = 0;
  std::vector<Kernel> Kernels;
  Kernels.push_back({"source", [&] {
                       for (int V = 1; V <= Values; ++V)
                         Links[0].write(V);
                     }});
  for (int S = 1; S < Stages; ++S)
    Kernels.push_back({"stage" + std::to_string(S), [&, S] {
                         for (int V = 0; V < Values; ++V)
                           Links[S].write(Links[S - 1].read() + S);
                       }});
  Kernels.push_back({"sink", [&] {
                       for (int V = 0; V < Values; ++V)
                         Sum += Links[Stages - 1].read();
                     }});
  R = tryRun(Kernels);
  return Sum;
}

int64_t chainSum(int Stages, int Values) {
  int64_t Sum = int64_t(Values) * (Values + 1) / 2;
  for (int S = 1; S < Stages; ++S)
    Sum += int64_t(S) * Values;
  return Sum;
}

// Every kernel of a long chain of depth-1 (and unbuffered) channels on one
// thread: each value needs a switch at every link.
TEST(Scheduler, ManyKernelsOnOneThread) {
  Workers One(1);
  for (int Depth : {0, 1}) {
    RunResult R;
    int64_t Sum = runChain(100, Depth, 2000, R);
    ASSERT_TRUE(R.Ok) << R.Report;
    EXPECT_EQ(Sum, chainSum(100, 2000)) << "depth " << Depth;
  }
}

// The same chain on the default workers (one per core) and on four, more
// than this machine has cores.
TEST(Scheduler, DepthOneChannelsBetweenManyKernels) {
  for (int N : {0, 2, 4}) {
    Workers Some(N);
    RunResult R;
    int64_t Sum = runChain(64, 1, 5000, R);
    ASSERT_TRUE(R.Ok) << R.Report;
    EXPECT_EQ(Sum, chainSum(64, 5000)) << N << " workers";
  }
}

// A cycle of eight kernels, each writing one value more than its channel
// holds before reading: every kernel ends up waiting to write. On one
// thread the report must still name every kernel and channel.
TEST(Scheduler, DeadlockThroughACycleOnOneThread) {
  for (int N : {1, 2}) {
    Workers Some(N);
    constexpr int Ring = 8;
    Channel<int> Links[Ring];
    t2s::emu::configureChannels(Links, "ring", 2);
    std::vector<Kernel> Kernels;
    for (int P = 0; P < Ring; ++P)
      Kernels.push_back({"pe" + std::to_string(P), [&Links, P] {
                           for (int I = 0; I < 3; ++I)
                             Links[(P + 1) % Ring].write(I);
                           for (int I = 0; I < 3; ++I)
                             Links[P].read();
                         }});
    RunResult R = tryRun(Kernels);
    ASSERT_FALSE(R.Ok);
    EXPECT_NE(R.Report.find("all 8 running kernel(s) are blocked"), std::string::npos)
        << R.Report;
    for (int P = 0; P < Ring; ++P)
      EXPECT_NE(R.Report.find("kernel 'pe" + std::to_string(P) + "' is blocked writing channel "
                              "'ring[" + std::to_string((P + 1) % Ring) +
                              "]': full, holds 2 of depth 2"),
                std::string::npos)
          << R.Report;
    for (Channel<int> &L : Links)
      L.clear();
  }
}

// A kernel that throws while the others pass values around a ring stops
// them: they are parked or running, and each is unwound at its next channel
// operation.
TEST(Scheduler, ExceptionInOneKernelStopsTheOthers) {
  for (int N : {1, 2}) {
    Workers Some(N);
    constexpr int Ring = 6;
    Channel<int> Links[Ring];
    t2s::emu::configureChannels(Links, "token", 1);
    std::vector<Kernel> Kernels;
    for (int P = 0; P < Ring; ++P)
      Kernels.push_back({"node" + std::to_string(P), [&Links, P] {
                           if (P == 0)
                             Links[1].write(0);
                           for (;;) { // forever, unless stopped
                             int Token = Links[P].read();
                             if (P == 3 && Token > 1000)
                               throw std::runtime_error("checksum mismatch");
                             Links[(P + 1) % Ring].write(Token + 1);
                           }
                         }});
    RunResult R = tryRun(Kernels);
    ASSERT_FALSE(R.Ok);
    EXPECT_NE(R.Report.find("kernel 'node3' threw: checksum mismatch"), std::string::npos)
        << R.Report;
    for (Channel<int> &L : Links)
      L.clear();
  }
}

// Two kernels that can only go on together (each waits, without channels,
// for the other to have started) need two threads at once: the idle worker
// must take the kernel that waits in the busy worker's queue. Then they
// trade values through depth-1 channels, moving between the workers, and
// each must still find its own state (its name, its clocks) after every
// switch.
TEST(Scheduler, KernelsThatRunLongSpreadOverTheWorkers) {
  Workers Two(2);
  std::atomic<bool> AStarted{false}, BStarted{false};
  std::atomic<const void *> AOn{nullptr}, BOn{nullptr};
  std::atomic<int> Wrong{0};
  Channel<int> AB("ab", 1), BA("ba", 1);
  auto Side = [&](const char *Name, std::atomic<bool> &Mine, std::atomic<bool> &Other,
                  std::atomic<const void *> &On, Channel<int> &Out, Channel<int> &In) {
    return [&, Name] {
      On = t2s::emu::detail::currentKernel().RunningOn;
      Mine = true;
      while (!Other)
        std::this_thread::yield();
      for (int V = 0; V < 3000; ++V) {
        Out.write(V);
        if (In.read() != V || t2s::emu::detail::currentKernel().Name != Name)
          ++Wrong;
      }
    };
  };
  RunResult R = tryRun({{"a", Side("a", AStarted, BStarted, AOn, AB, BA)},
                        {"b", Side("b", BStarted, AStarted, BOn, BA, AB)}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_NE(AOn.load(), BOn.load()); // they started on different workers
  EXPECT_EQ(Wrong, 0);
}

// A kernel that polls (the non-blocking forms) lets the kernel it waits for
// run, even on one thread.
TEST(Scheduler, PollingKernelYieldsOnOneThread) {
  Workers One(1);
  Channel<int> C("polled", 1);
  int Got = 0;
  RunResult R = tryRun({{"poller", [&] {
                           for (int I = 0; I < 100;) {
                             bool Valid = false;
                             int V = C.tryRead(&Valid);
                             if (Valid) {
                               Got += V;
                               ++I;
                             }
                           }
                         }},
                        {"writer", [&] {
                           for (int I = 1; I <= 100;)
                             if (C.tryWrite(I))
                               ++I;
                         }}});
  ASSERT_TRUE(R.Ok) << R.Report;
  EXPECT_EQ(Got, 5050);
}

// A thread outside the run (the host) feeds a kernel through a channel and
// reads its results: the kernel parks, the thread sleeps, each wakes the
// other. (Such a thread does not count for deadlock detection: a polling
// kernel keeps the run from looking deadlocked while the kernel waits for
// the host.)
TEST(Scheduler, HostThreadTradesWithAKernel) {
  for (int N : {1, 2}) {
    Workers Some(N);
    Channel<int> In("in", 1), Out("out", 1), Done("done", 1);
    int Sum = 0;
    std::thread Host([&] {
      for (int I = 1; I <= 500; ++I) {
        In.write(I);
        Sum += Out.read();
      }
    });
    RunResult R = tryRun({{"doubler", [&] {
                             for (int I = 0; I < 500; ++I)
                               Out.write(2 * In.read());
                             Done.write(1);
                           }},
                          {"poller", [&] {
                             bool Valid = false;
                             while (!Valid)
                               Done.tryRead(&Valid);
                           }}});
    Host.join();
    ASSERT_TRUE(R.Ok) << R.Report;
    EXPECT_EQ(Sum, 2 * 125250);
  }
}

// Kernels with large locals run back to back on the reused stacks.
TEST(Scheduler, StacksAreReusedAcrossRuns) {
  for (int Round = 0; Round < 20; ++Round) {
    Channel<int> C("c", 1);
    RunResult R = tryRun({{"big", [&] {
                             volatile char Registers[1 << 20];
                             Registers[0] = char(Round);
                             Registers[sizeof Registers - 1] = 1;
                             C.write(Registers[0] + Registers[sizeof Registers - 1]);
                           }},
                          {"r", [&] { EXPECT_EQ(C.read(), Round + 1); }}});
    ASSERT_TRUE(R.Ok) << R.Report;
  }
}

} // namespace
