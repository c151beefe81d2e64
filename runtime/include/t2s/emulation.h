//===- t2s/emulation.h - Channel kernels run on the CPU ---------*- C++ -*-===//
//
// The C++ side of the contract described in t2s/channels.h: a .cl file whose
// channel operations go through the T2S_* macros compiles as C++17 with this
// header (-include t2s/emulation.h, or #include "t2s/channels.h" in the file)
// and its kernels run as fibers (t2s/fiber.h) on a few worker threads:
//
//   t2s::emu::run({{"loader", [&] { loader(a, n); }},
//                  {"compute", [&] { compute(c, n); }},
//                  t2s::emu::autorun("relay", relay)});
//
// run() starts every kernel as a fiber, runs the fibers on one worker thread
// per core (the calling thread is one; T2S_EMU_THREADS or setWorkerThreads()
// choose another number), switching kernels in user space whenever one must
// wait on a channel, and returns when every regular kernel has finished;
// autorun kernels (which loop forever in hardware) are then stopped at their
// next channel operation. If at some point every live
// kernel is blocked on a channel while a regular kernel is still alive, the
// run is a deadlock: run() prints which kernel waits on which channel, and
// whether that channel is full or empty, to stderr and exits with status 1.
// tryRun() does the same but returns the report instead. An exception thrown
// by a kernel stops the run the same way.
//
// With T2S_EMU_STATS=1 in the environment, every run prints to stderr how
// long each kernel ran and, per channel (or array of channels) that carried
// values, how many, the most one buffered at once against its capacity, and
// how often a writer found it full or a reader found it empty (where a
// pipeline stalls).
//
// Preconditions: one run at a time; an autorun kernel must use a channel now
// and then (it is stopped only there); kernels use blocking channel operations
// if deadlocks are to be detected (a polling kernel is never blocked).
//
// A kernel keeps its shift registers in local arrays, as on the FPGA, and the
// compiler accepts up to 1 GiB of them per design: each kernel's fiber gets a
// stack of T2S_EMULATION_STACK_BYTES (2 GiB of address space; the pages a
// kernel never touches cost no memory).
//
// Link with -lboost_context (Boost.Context's context switch) and -pthread.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_EMULATION_H
#define T2S_EMULATION_H

#ifdef __OPENCL_C_VERSION__
#error "t2s/emulation.h is C++; OpenCL C includes t2s/opencl.h"
#endif

#include "channel.h"
#include "reach.h"
#include "sizes.h"

#include <cstddef>
#include <cstdio>
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace t2s {
namespace emu {

namespace detail {

// The T2S_EMU_CLOCK report of a run that has ended: per kernel its cycles,
// steps and stalls, per channel (or array of channels) the clocks its
// readers and writers waited, and the run's cycles and time.
inline std::string clockReport(const std::vector<std::unique_ptr<KernelState>> &Kernels,
                               const RunInfo &Info) {
  static int Runs = 0;
  static uint64_t Total = 0;
  char Line[640];
  std::string R = "t2s clocked emulation, run " + std::to_string(++Runs);
  if (Info.Design)
    R += " (" + std::string(Info.Design) + ", stage " + std::to_string(Info.Stage) +
         (Info.Sizes.empty() ? "" : ", sizes " + Info.Sizes) + ")";
  if (Info.Device && Info.FmaxMHz > 0) {
    std::snprintf(Line, sizeof Line, " on %s at %g MHz, %.1f bytes per clock off-chip", Info.Device,
                  Info.FmaxMHz, Info.BytesPerClock);
    R += Line;
  }
  R += ":\n";
  uint64_t Cycles = 0;
  for (const std::unique_ptr<KernelState> &K : Kernels) {
    const clock::KernelClock &C = K->Clock;
    Cycles = std::max(Cycles, C.End);
    std::string Steps;
    if (C.Steps > 0) {
      std::snprintf(Line, sizeof Line, ", %llu step%s, %.2f cycles per step",
                    (unsigned long long)C.Steps, C.Steps == 1 ? "" : "s",
                    double(C.End) / double(C.Steps));
      Steps = Line;
    }
    std::snprintf(Line, sizeof Line,
                  "  kernel '%s'%s: %llu cycles%s; stalled %llu cycles on channels, %llu on "
                  "off-chip memory (%llu bytes)\n",
                  K->Name.c_str(), K->Autorun ? " (autorun)" : "", (unsigned long long)C.End,
                  Steps.c_str(), (unsigned long long)C.ChannelStalls,
                  (unsigned long long)C.MemoryStalls, (unsigned long long)C.Bytes);
    R += Line;
  }
  struct Sum {
    std::string Name;
    unsigned Channels = 0;
    unsigned long long Values = 0, Readers = 0, Writers = 0;
  };
  std::vector<Sum> Sums;
  for (const ChannelBase *C : channelRegistry()) {
    if (C->traffic().Values == 0)
      continue;
    std::string Base = C->name().substr(0, C->name().find('['));
    if (Sums.empty() || Sums.back().Name != Base)
      Sums.push_back(Sum{Base});
    Sum &S = Sums.back();
    ++S.Channels;
    S.Values += C->traffic().Values;
    S.Readers += C->clocks().ReaderStalls;
    S.Writers += C->clocks().WriterStalls;
  }
  for (const Sum &S : Sums) {
    std::snprintf(Line, sizeof Line,
                  "  channel '%s'%s: %llu values; its reader waited %llu cycles for a value, "
                  "its writer %llu cycles for room\n",
                  S.Name.c_str(),
                  S.Channels > 1 ? (" (" + std::to_string(S.Channels) + " channels)").c_str() : "",
                  S.Values, S.Readers, S.Writers);
    R += Line;
  }
  Total += Cycles;
  std::snprintf(Line, sizeof Line, "  run: %llu cycles", (unsigned long long)Cycles);
  R += Line;
  if (Info.FmaxMHz > 0) {
    std::snprintf(Line, sizeof Line, ", %.6g s at %g MHz", double(Cycles) / (Info.FmaxMHz * 1e6),
                  Info.FmaxMHz);
    R += Line;
  }
  std::snprintf(Line, sizeof Line, "; all runs so far: %llu cycles\n", (unsigned long long)Total);
  return R + Line;
}

// T2S_EMU_STATS set and not "0".
inline bool statsWanted() {
  const char *V = std::getenv("T2S_EMU_STATS");
  return V && *V && std::string(V) != "0";
}

// The T2S_EMU_STATS report of a run that has ended.
inline std::string statsReport(const std::vector<std::unique_ptr<KernelState>> &Kernels) {
  static int Runs = 0;
  char Line[512];
  std::string R = "t2s emulation stats, run " + std::to_string(++Runs) + ":\n";
  for (const std::unique_ptr<KernelState> &K : Kernels) {
    std::snprintf(Line, sizeof Line, "  kernel '%s'%s: %.6f s\n", K->Name.c_str(),
                  K->Autorun ? " (autorun)" : "", K->Seconds);
    R += Line;
  }
  // An array of channels ("c[0][1]", "c[0][2]", ...) is one line.
  struct Line_ {
    std::string Name;
    unsigned Channels = 0;
    ChannelBase::Traffic Sum;
    std::size_t Capacity = 0;
  };
  std::vector<Line_> Lines;
  for (const ChannelBase *C : channelRegistry()) {
    const ChannelBase::Traffic &T = C->traffic();
    if (T.Values == 0)
      continue;
    std::string Base = C->name().substr(0, C->name().find('['));
    if (Lines.empty() || Lines.back().Name != Base)
      Lines.push_back(Line_{Base});
    Line_ &L = Lines.back();
    ++L.Channels;
    L.Sum.Values += T.Values;
    L.Sum.MostBuffered = std::max(L.Sum.MostBuffered, T.MostBuffered);
    L.Sum.FullWaits += T.FullWaits;
    L.Sum.EmptyWaits += T.EmptyWaits;
    L.Capacity = C->capacity();
  }
  for (const Line_ &L : Lines) {
    std::snprintf(Line, sizeof Line,
                  "  channel '%s'%s: %llu values, at most %zu of %zu buffered, "
                  "full for a writer %llu times, empty for a reader %llu times\n",
                  L.Name.c_str(),
                  L.Channels > 1 ? (" (" + std::to_string(L.Channels) + " channels)").c_str()
                                 : "",
                  L.Sum.Values, L.Sum.MostBuffered, L.Capacity, L.Sum.FullWaits,
                  L.Sum.EmptyWaits);
    R += Line;
  }
  return R;
}

} // namespace detail

// One kernel to run: a name for diagnostics and its body.
struct Kernel {
  std::string Name;
  std::function<void()> Body;
  bool Autorun = false;
};

// An autorun kernel: started with the others, stopped once they are done.
inline Kernel autorun(std::string Name, std::function<void()> Body) {
  return Kernel{std::move(Name), std::move(Body), true};
}

// How a run ended.
struct RunResult {
  bool Ok = true;
  std::string Report; // why it failed (the deadlock report); empty if Ok
  // With the clock on (T2S_EMU_CLOCK): each kernel's clocks, in the order
  // of the run's list, and the run's (the last kernel to end).
  struct KernelClocks {
    std::string Name;
    uint64_t Cycles = 0, Steps = 0, ChannelStalls = 0, MemoryStalls = 0;
  };
  std::vector<KernelClocks> Kernels;
  uint64_t Cycles = 0;
  explicit operator bool() const { return Ok; }
};

// Runs the kernels, as fibers on worker threads, until every regular kernel
// has finished, a deadlock is found, or a kernel throws. Info names the design
// and board for the clocked emulation (T2S_EMU_CLOCK, t2s/clock.h).
inline RunResult tryRun(const std::vector<Kernel> &Kernels, const RunInfo &Info = RunInfo()) {
  detail::Scheduler &S = detail::scheduler();
  std::vector<std::unique_ptr<detail::KernelState>> States;
  for (const Kernel &K : Kernels) {
    States.push_back(std::make_unique<detail::KernelState>());
    detail::KernelState &State = *States.back();
    State.Name = K.Name;
    State.Tracked = true;
    State.Autorun = K.Autorun;
  }
  {
    std::lock_guard<detail::SpinMutex> Lock(S.Mutex);
    if (S.Active)
      throw std::logic_error("t2s::emu::run: a design was called from within one of the "
                             "kernels of a run in progress; call it from the host");
    S.Active = true;
    S.Failure.clear();
    S.UnwindAsked = false;
    S.Kernels.clear();
    S.Live = S.LiveRegular = S.Blocked = 0;
    S.Info = Info;
    detail::resetTraffic();
    for (auto &State : States) {
      S.Kernels.push_back(State.get());
      ++S.Live;
      if (!State->Autorun)
        ++S.LiveRegular;
    }
    // With no regular kernel at all, the autorun kernels stop right away.
    S.checkProgress();
  }

  // Each kernel is a fiber; all start in the first worker's queue, and the
  // others take what waits there (Scheduler::work). The calling thread is
  // the first worker.
  for (std::size_t I = 0; I < Kernels.size(); ++I) {
    detail::KernelState *State = States[I].get();
    const std::function<void()> *Body = &Kernels[I].Body;
    State->IsFiber = true;
    State->Context = boost::context::fiber(
        std::allocator_arg, detail::PooledStack{&State->Stack},
        [&S, State, Body](boost::context::fiber &&Worker) {
          detail::arrivedOnStack(nullptr, &State->WorkerStack);
          State->WorkerContext = std::move(Worker);
          std::string Error;
          bool Stopped = false;
          auto Start = std::chrono::steady_clock::now();
          try {
            (*Body)();
          } catch (const boost::context::detail::forced_unwind &) {
            throw; // Boost.Context unwinding the fiber itself
          } catch (const detail::Unwind &) {
            Stopped = true;
          } catch (const std::exception &E) {
            Error = "t2s emulation: kernel '" + State->Name + "' threw: " + E.what() + "\n";
          } catch (...) {
            Error = "t2s emulation: kernel '" + State->Name + "' threw an exception\n";
          }
          // Ends as it parks: with the lock held, which the worker takes over.
          S.Mutex.lock();
          State->Seconds =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - Start).count();
          State->Finished = true;
          State->Clock.finish(Stopped && State->Autorun);
          --S.Live;
          if (!State->Autorun)
            --S.LiveRegular;
          if (!Error.empty())
            S.fail(Error);
          S.checkProgress();
          if (S.Live == 0)
            S.WorkAvailable.notify_all();
          detail::leavingStack(nullptr, State->WorkerStack); // for good
          return std::move(State->WorkerContext);
        });
  }
  {
    std::lock_guard<detail::SpinMutex> Lock(S.Mutex);
    S.Workers.resize(detail::workerCount(Kernels.size()));
    for (std::unique_ptr<detail::Worker> &W : S.Workers)
      W = std::make_unique<detail::Worker>();
    for (auto &State : States)
      S.Workers.front()->Queue.push_back(State.get());
  }
  std::vector<std::thread> Threads;
  for (std::size_t I = 1; I < S.Workers.size(); ++I)
    Threads.emplace_back([&S, I] { S.work(*S.Workers[I]); });
  S.work(*S.Workers.front());
  for (std::thread &T : Threads)
    T.join();

  std::lock_guard<detail::SpinMutex> Lock(S.Mutex);
  RunResult Result;
  Result.Ok = S.Failure.empty();
  Result.Report = S.Failure;
  if (detail::statsWanted()) {
    std::string Stats = detail::statsReport(States);
    std::fputs(Stats.c_str(), stderr);
    std::fflush(stderr);
  }
  if (clock::enabled())
    for (const auto &K : States) {
      Result.Kernels.push_back({K->Name, K->Clock.End, K->Clock.Steps, K->Clock.ChannelStalls,
                                K->Clock.MemoryStalls});
      Result.Cycles = std::max(Result.Cycles, K->Clock.End);
    }
  if (clock::enabled() && Result.Ok) {
    std::string Clocks = detail::clockReport(States, Info);
    std::fputs(Clocks.c_str(), stderr);
    std::fflush(stderr);
  }
  S.Active = false;
  S.Kernels.clear();
  S.Workers.clear();
  return Result;
}

// One call of a design at a time. A design's channels and run-time sizes are
// globals of its file and every run shares one scheduler, so the host stubs
// of designs called from several host threads at once take turns: each holds
// a DesignCall for the whole call. A design called again from within one of
// its own kernels (same thread) passes the lock, and tryRun then refuses the
// nested run.
class DesignCall {
  static std::recursive_mutex &lock() {
    static std::recursive_mutex M;
    return M;
  }
  std::lock_guard<std::recursive_mutex> Held{lock()};

public:
  DesignCall() = default;
  DesignCall(const DesignCall &) = delete;
  DesignCall &operator=(const DesignCall &) = delete;
};

// tryRun, but a failed run prints its report to stderr and exits with status 1.
inline void run(const std::vector<Kernel> &Kernels, const RunInfo &Info = RunInfo()) {
  RunResult Result = tryRun(Kernels, Info);
  if (Result)
    return;
  std::fputs(Result.Report.c_str(), stderr);
  std::fflush(stderr);
  std::exit(EXIT_FAILURE);
}

// The check of a call's buffers (t2s/sizes.h), as the emulation's stubs
// have always named it.
using ::t2s::BufferUse;
using ::t2s::checkDisjoint;

namespace clock {

// T2S_ITERATION, T2S_STEP.
inline void tick(uint64_t II, bool Step) {
  if (enabled())
    detail::currentKernel().Clock.iteration(II, Step);
}

// T2S_OFFCHIP: the calling kernel accesses Bytes bytes at At of the global
// buffer Buffer (where a stub measures its reach, reach.h).
inline void offchip(const void *Buffer, const void *At, std::size_t Bytes) {
  reach::reached(Buffer, At, Bytes);
  if (enabled())
    detail::currentKernel().Clock.offchip(Bytes, detail::scheduler().Info.BytesPerClock);
}

} // namespace clock
} // namespace emu
} // namespace t2s

// The emitted kernels' OpenCL spellings (__kernel, __global, restrict, ...).
#include "opencl_on_cpu.h"
#include "array_dims.h"

#define T2S_CHANNEL(T, Name, Depth) ::t2s::emu::Channel<T> Name(#Name, Depth)
#define T2S_CHANNEL_ARRAY(T, Name, Depth, ...)                                 \
  ::t2s::emu::Channel<T> Name T2S_ARRAY_DIMS(__VA_ARGS__);                     \
  [[maybe_unused]] static const bool t2s_configured_##Name =                   \
      ::t2s::emu::configureChannels(Name, #Name, Depth)
#define T2S_READ(Ch) (Ch).read()
#define T2S_WRITE(Ch, V) (Ch).write(V)
#define T2S_READ_NB(Ch, Valid) (Ch).tryRead(Valid)
#define T2S_WRITE_NB(Ch, V) (Ch).tryWrite(V)
#define T2S_KERNEL
#define T2S_AUTORUN_KERNEL
#define T2S_ONCHIP(Banks)
#define T2S_GLOBAL
#define T2S_RESTRICT __restrict__
// The clocked emulation (t2s/clock.h): an iteration of a pipelined loop (of
// the kernel's time step) starts and takes at least II clocks; an access to
// a global buffer, its bytes counted (the access itself, as an lvalue).
#define T2S_ITERATION(II) ::t2s::emu::clock::tick(II, false)
#define T2S_STEP(II) ::t2s::emu::clock::tick(II, true)
#define T2S_OFFCHIP(Buffer, ...)                                               \
  (::t2s::emu::clock::offchip(Buffer, &(__VA_ARGS__), sizeof(__VA_ARGS__)), (__VA_ARGS__))

// Host-side shorthands: T2S_RUN_KERNEL(loader, a, n) is the t2s::emu::Kernel
// named "loader" that calls loader(a, n); T2S_RUN_AUTORUN(relay) likewise.
#define T2S_RUN_KERNEL(K, ...)                                                 \
  ::t2s::emu::Kernel { #K, [&] { K(__VA_ARGS__); } }
#define T2S_RUN_AUTORUN(K) ::t2s::emu::autorun(#K, [] { K(); })

#endif // T2S_EMULATION_H
