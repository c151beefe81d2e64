//===- t2s/channel.h - Intel FPGA channels as blocking FIFOs ----*- C++ -*-===//
//
// t2s::emu::Channel<T> is an Intel FPGA channel on the CPU: a bounded FIFO of
// the declared depth whose write() waits while it is full and whose read()
// waits while it is empty. Depth 0 (an unbuffered channel in Intel's
// semantics) holds one value, so a write can complete before the matching
// read, as it does in hardware.
//
// The kernels of a run (t2s/emulation.h) are fibers (t2s/fiber.h) that a few
// worker threads take from a queue of ready kernels. A kernel that must wait
// on a channel parks: it records the channel, and its worker switches to the
// next ready kernel in user space, without the operating system. The kernel
// that makes the wait's condition true (the writer into an empty channel, the
// reader of a full one) puts the parked kernels back in the queue.
//
// Every channel operation of the process goes through one scheduler, which
// knows which kernels of the current run are parked on which channel. That is
// what makes deadlock detection exact: a kernel counts as blocked only while
// the condition it waits for is false, and the kernel that makes it true marks
// the waiters runnable again under the same mutex. So "every live kernel is
// blocked" is never a transient state that a pending wake-up would resolve;
// it is a deadlock.
//
// Threads not started by t2s::emu::run (the host, a test) may use channels
// too; they block on a condition variable like a kernel parks, but do not
// take part in deadlock detection.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CHANNEL_H
#define T2S_CHANNEL_H

#include "clock.h"
#include "fiber.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace t2s {
namespace emu {

class ChannelBase;

namespace detail {

enum class WaitKind { None, Read, Write };

// Thrown inside a kernel to unwind it: the run found a deadlock, another
// kernel failed, or (for an autorun kernel) every regular kernel has finished.
// The launcher catches it; kernel code never sees it.
struct Unwind {};

struct Worker;

// What the scheduler knows about one kernel of a run, or one thread that uses
// channels.
struct KernelState {
  std::string Name;
  bool Tracked = false;    // started by run(): counts for deadlock detection
  bool IsFiber = false;    // a kernel of a run: parks instead of sleeping
  bool Parked = false;     // a fiber suspended on a channel, not in the ready queue
  bool Autorun = false;    // stopped once every regular kernel has finished
  bool Finished = false;
  bool Blocked = false;    // waiting for a condition that is false right now
  bool MustUnwind = false; // set by the scheduler; honoured at the next channel op
  double Seconds = 0;      // how long its body ran (T2S_EMU_STATS)
  clock::KernelClock Clock; // its clocks (T2S_EMU_CLOCK, t2s/clock.h)
  const ChannelBase *WaitingOn = nullptr;
  WaitKind Waiting = WaitKind::None;
  std::condition_variable_any Wake;     // a thread's wait
  boost::context::fiber Context;    // a fiber while it is not running
  boost::context::fiber WorkerContext; // while a fiber runs: the worker to return to
  StackBounds Stack, WorkerStack;      // its own stack; the worker's (for ASan)
  void *FakeStack = nullptr;           // ASan's state of its stack while it is away
  Worker *RunningOn = nullptr;         // the worker thread that last ran it
};

// A worker thread of a run and its queue of ready fibers (Scheduler::work).
struct Worker {
  std::deque<KernelState *> Queue;
  unsigned long long Switches = 0;     // fibers it has resumed
  unsigned long long SwitchesSeen = 0; // Switches when an idle worker last looked
  bool QueuedSeen = false;             // whether the queue was non-empty then
};

class Scheduler;
inline Scheduler &scheduler();
inline KernelState *&currentKernelSlot();
inline KernelState &currentKernel();
inline void wakeAll(std::vector<KernelState *> &Waiters);
// Every channel that exists, in the order they were made (T2S_EMU_STATS).
inline std::vector<ChannelBase *> &channelRegistry();
inline void resetTraffic();

} // namespace detail

// The type-independent part of a channel: name, depth, waiting threads.
class ChannelBase {
public:
  explicit ChannelBase(std::string Name = "<unnamed channel>", int Depth = 0);
  ChannelBase(const ChannelBase &) = delete;
  ChannelBase &operator=(const ChannelBase &) = delete;
  virtual ~ChannelBase();

  // Sets the name used in diagnostics and the declared depth. Call it before
  // the channel is used (the declaration macros do).
  void configure(std::string NewName, int NewDepth) {
    Name = std::move(NewName);
    Depth = NewDepth < 0 ? 0 : NewDepth;
  }

  const std::string &name() const { return Name; }
  // The depth as declared; 0 means unbuffered.
  int depth() const { return Depth; }
  // How many values the FIFO holds: the depth, or 1 for depth 0.
  std::size_t capacity() const { return Depth == 0 ? 1 : static_cast<std::size_t>(Depth); }
  // Values currently buffered. Exact only while no kernel runs.
  std::size_t size() const;

  // What went through the channel since the last run started (read while no
  // kernel runs): values written, the most values buffered at once, and how
  // often a writer found it full or a reader found it empty.
  struct Traffic {
    unsigned long long Values = 0;
    std::size_t MostBuffered = 0;
    unsigned long long FullWaits = 0;
    unsigned long long EmptyWaits = 0;
  };
  const Traffic &traffic() const { return Seen; }
  // Its clocks in the last run (T2S_EMU_CLOCK; read while no kernel runs).
  const clock::ChannelClock &clocks() const { return Clocks; }

protected:
  virtual std::size_t occupancy() const = 0;

  std::string Name;
  int Depth = 0;
  // Threads waiting for this channel to become non-empty / non-full.
  std::vector<detail::KernelState *> Readers;
  std::vector<detail::KernelState *> Writers;
  Traffic Seen;
  clock::ChannelClock Clocks;

  // Under the scheduler's lock, after a value went in / came out: the
  // clocked emulation's account of the access.
  void clockWrite() {
    if (clock::enabled())
      Clocks.write(detail::currentKernel().Clock, capacity());
  }
  void clockRead() {
    if (clock::enabled())
      Clocks.read(detail::currentKernel().Clock, capacity());
  }

  // Under the scheduler's lock, after a value went in.
  void wrote(std::size_t Buffered) {
    ++Seen.Values;
    Seen.MostBuffered = std::max(Seen.MostBuffered, Buffered);
  }

  friend class detail::Scheduler;
  friend void detail::resetTraffic();
};

namespace detail {

// The process-wide state of channel operations and of the current run.
class Scheduler {
public:
  SpinMutex Mutex;
  bool Active = false;           // a run is in progress
  std::vector<KernelState *> Kernels; // the kernels of the current run
  int Live = 0;                  // tracked kernels not yet finished
  int LiveRegular = 0;           // of those, the non-autorun ones
  int Blocked = 0;               // tracked kernels with Blocked set
  bool UnwindAsked = false;      // some kernel of the run has MustUnwind set
  std::string Failure;           // why the run failed; empty if it did not
  RunInfo Info;                  // the design and board of the run

  // The worker threads of the run, each with its queue of ready fibers.
  std::vector<std::unique_ptr<Worker>> Workers;
  std::condition_variable_any WorkAvailable; // for idle workers

  // A thread (not a fiber) waiting on a channel first gives the other end a
  // few chances: sleeping and being woken costs far more than an operation.
  static constexpr int SpinsBeforeSleeping = 16;
  // How often an idle worker looks for a kernel to take from another
  // worker's queue.
  static constexpr std::chrono::microseconds StealInterval{1000};

  // Waits, with Lock held on Mutex, until Ready() holds for an operation of
  // kind Kind on channel C. Throws Unwind if the scheduler asks this kernel to
  // stop instead.
  template <class Pred>
  void waitUntil(std::unique_lock<SpinMutex> &Lock, ChannelBase &C, WaitKind Kind,
                 Pred Ready) {
    if (!UnwindAsked && Ready())
      return; // the common case, without looking up the calling kernel
    KernelState &Me = currentKernel();
    bool Counted = false;
    for (;;) {
      if (Me.MustUnwind)
        throw Unwind{};
      if (Ready())
        return;
      if (!Counted) {
        ++(Kind == WaitKind::Read ? C.Seen.EmptyWaits : C.Seen.FullWaits);
        Counted = true;
      }
      if (!Me.IsFiber) {
        bool Retry = false;
        for (int Spin = 0; Spin < SpinsBeforeSleeping && !Retry; ++Spin) {
          Lock.unlock();
          std::this_thread::yield();
          Lock.lock();
          Retry = Me.MustUnwind || Ready();
        }
        if (Retry)
          continue;
      }
      std::vector<KernelState *> &Queue = Kind == WaitKind::Read ? C.Readers : C.Writers;
      Queue.push_back(&Me);
      Me.Blocked = true;
      Me.WaitingOn = &C;
      Me.Waiting = Kind;
      if (Me.Tracked) {
        ++Blocked;
        checkProgress();
      }
      if (Me.IsFiber) {
        if (!Me.MustUnwind)
          park(Me);
      } else {
        Me.Wake.wait(Lock, [&Me] { return !Me.Blocked || Me.MustUnwind; });
      }
      if (Me.Blocked) { // asked to unwind while still waiting
        Me.Blocked = false;
        if (Me.Tracked)
          --Blocked;
        Queue.erase(std::remove(Queue.begin(), Queue.end(), &Me), Queue.end());
      }
      Me.WaitingOn = nullptr;
      Me.Waiting = WaitKind::None;
    }
  }

  // Suspends the calling fiber until a waker (wake) or the scheduler (unwind)
  // puts it back in a ready queue. Mutex is held on entry and on return; in
  // between, the worker that switches away releases it, and the worker that
  // resumes the fiber (any of them) does not hold it.
  void park(KernelState &Me) {
    Me.Parked = true;
    switchToWorker(Me);
  }

  // From the calling fiber to its worker, which owns Mutex from there; back
  // (from whichever worker resumes it), with Mutex taken again.
  void switchToWorker(KernelState &Me) {
    leavingStack(&Me.FakeStack, Me.WorkerStack);
    Me.WorkerContext = std::move(Me.WorkerContext).resume();
    arrivedOnStack(Me.FakeStack, &Me.WorkerStack);
    Mutex.lock();
  }

  // A kernel that polls an empty or full channel (the non-blocking forms)
  // lets the other kernels run before it tries again. Mutex held.
  void yield() {
    KernelState &Me = currentKernel();
    if (!Me.IsFiber)
      return;
    makeReady(Me);
    switchToWorker(Me);
  }

  // Puts a fiber in the ready queue of the worker that runs the calling
  // kernel, so that kernels that pass values to each other gather on one
  // worker and hand over without crossing threads; idle workers take a
  // kernel that waits too long (work). From a thread outside the run, the
  // first worker's queue, and the idle workers are told. Mutex held.
  void makeReady(KernelState &K) {
    if (Workers.empty())
      return; // the run is being set up: tryRun queues every kernel
    KernelState &Me = currentKernel();
    Worker *Here = Me.IsFiber && Me.RunningOn ? Me.RunningOn : Workers.front().get();
    Here->Queue.push_back(&K);
    if (!Me.IsFiber)
      WorkAvailable.notify_all();
  }

  // Marks a waiter runnable (its condition now holds). Mutex held.
  void wake(KernelState &K) {
    K.Blocked = false;
    if (K.Tracked)
      --Blocked;
    rouse(K);
  }

  // Lets K look at its state again (wake, unwind): a parked fiber goes back
  // to a ready queue, a waiting thread is woken. Mutex held.
  void rouse(KernelState &K) {
    if (!K.IsFiber) {
      K.Wake.notify_one();
    } else if (K.Parked) {
      K.Parked = false;
      makeReady(K);
    }
  }

  // Worker Me's loop: runs the fibers of its queue until every kernel of the
  // run has finished. Each fiber runs until it parks, yields or finishes, and
  // does each with Mutex held, which the worker then owns. With its queue
  // empty, the worker sleeps and every StealInterval looks at the others: a
  // kernel that has waited in a queue for a whole interval while its worker
  // ran another kernel (no switch since the last look) moves here. So kernels
  // that compute for long spread over the workers, while kernels that trade
  // values at every step stay together.
  void work(Worker &Me) {
    std::unique_lock<SpinMutex> Lock(Mutex);
    for (;;) {
      KernelState *K = nullptr;
      if (!Me.Queue.empty()) {
        K = Me.Queue.front();
        Me.Queue.pop_front();
      } else {
        K = steal(Me);
      }
      if (K) {
        ++Me.Switches;
        K->RunningOn = &Me;
        Lock.unlock();
        currentKernelSlot() = K;
        void *FakeStack = nullptr;
        leavingStack(&FakeStack, K->Stack);
        K->Context = std::move(K->Context).resume();
        arrivedOnStack(FakeStack, nullptr);
        currentKernelSlot() = nullptr;
        Lock = std::unique_lock<SpinMutex>(Mutex, std::adopt_lock);
        continue;
      }
      if (Live == 0)
        return;
      WorkAvailable.wait_for(Lock, StealInterval);
    }
  }

  // A kernel another worker has kept waiting since Me last looked. Mutex held.
  KernelState *steal(Worker &Me) {
    KernelState *Taken = nullptr;
    for (std::unique_ptr<Worker> &Other : Workers) {
      if (Other.get() == &Me)
        continue;
      bool Stuck = !Other->Queue.empty() && Other->SwitchesSeen == Other->Switches;
      if (Stuck && !Taken && Other->QueuedSeen) {
        Taken = Other->Queue.front();
        Other->Queue.pop_front();
      }
      Other->SwitchesSeen = Other->Switches;
      Other->QueuedSeen = !Other->Queue.empty();
    }
    return Taken;
  }

  // Throws Unwind if the current thread has been asked to stop.
  void checkUnwind() {
    if (currentKernel().MustUnwind)
      throw Unwind{};
  }

  // Called with Mutex held whenever a tracked thread blocks or finishes:
  // stops the autorun kernels once no regular kernel is left, and declares a
  // deadlock when every live kernel is blocked while a regular one is alive.
  void checkProgress() {
    if (!Active)
      return;
    if (LiveRegular == 0) {
      for (KernelState *K : Kernels)
        if (!K->Finished && K->Autorun)
          unwind(*K);
      return;
    }
    if (Live > 0 && Blocked == Live && Failure.empty()) {
      Failure = deadlockReport();
      unwindAll();
    }
  }

  // Records the first failure of the run and stops every kernel.
  void fail(const std::string &Why) {
    if (Failure.empty())
      Failure = Why;
    unwindAll();
  }

  void unwindAll() {
    for (KernelState *K : Kernels)
      if (!K->Finished)
        unwind(*K);
  }

  void unwind(KernelState &K) {
    K.MustUnwind = true;
    UnwindAsked = true;
    rouse(K);
  }

  // Which kernel waits on which channel, and in what state the channel is.
  std::string deadlockReport() const {
    std::string R = "t2s emulation: deadlock: all " + std::to_string(Live) +
                    " running kernel(s) are blocked on channels\n";
    for (const KernelState *K : Kernels) {
      if (K->Finished) {
        R += "  kernel '" + K->Name + "' has finished\n";
        continue;
      }
      const ChannelBase &C = *K->WaitingOn;
      bool Reading = K->Waiting == WaitKind::Read;
      R += "  kernel '" + K->Name + "'" + (K->Autorun ? " (autorun)" : "") +
           " is blocked " + (Reading ? "reading" : "writing") + " channel '" + C.Name +
           "': " + (Reading ? "empty" : "full") + ", holds " +
           std::to_string(C.occupancy()) + " of depth " + std::to_string(C.Depth);
      if (C.Depth == 0)
        R += " (unbuffered, emulated with capacity 1)";
      R += "\n";
    }
    return R;
  }
};

inline Scheduler &scheduler() {
  static Scheduler S;
  return S;
}

// The state of the calling thread: the kernel it runs, or an untracked state
// for any other thread.
inline KernelState *&currentKernelSlot() {
  thread_local KernelState *Slot = nullptr;
  return Slot;
}

// A kernel's fiber may park on one worker thread and resume on another, so
// the thread-local slot must be found anew at every call: the compiler may
// keep a thread-local variable's address across a call it cannot see into
// (the context switch), and inlined here it would then read another worker's
// slot. Out of line and opaque to the optimizer, it cannot. (A template, as a
// function both inline and noinline draws a warning.)
template <class = void> __attribute__((noinline)) KernelState &currentKernelOutOfLine() {
  asm volatile("" ::: "memory");
  KernelState *&Slot = currentKernelSlot();
  if (!Slot) {
    thread_local KernelState Untracked;
    Untracked.Name = "<thread outside the emulation>";
    Slot = &Untracked;
  }
  return *Slot;
}

inline KernelState &currentKernel() { return currentKernelOutOfLine(); }

// Marks every waiter runnable (its condition now holds). Mutex held.
inline void wakeAll(std::vector<KernelState *> &Waiters) {
  if (Waiters.empty())
    return;
  Scheduler &S = scheduler();
  for (KernelState *K : Waiters)
    S.wake(*K);
  Waiters.clear();
}

inline std::vector<ChannelBase *> &channelRegistry() {
  static std::vector<ChannelBase *> Channels;
  return Channels;
}

} // namespace detail

inline ChannelBase::ChannelBase(std::string Name, int Depth) {
  configure(std::move(Name), Depth);
  std::lock_guard<detail::SpinMutex> Lock(detail::scheduler().Mutex);
  detail::channelRegistry().push_back(this);
}

inline ChannelBase::~ChannelBase() {
  std::lock_guard<detail::SpinMutex> Lock(detail::scheduler().Mutex);
  std::vector<ChannelBase *> &All = detail::channelRegistry();
  All.erase(std::remove(All.begin(), All.end(), this), All.end());
}

namespace detail {

// Under the scheduler's lock: starts counting a run's traffic afresh.
inline void resetTraffic() {
  for (ChannelBase *C : channelRegistry()) {
    C->Seen = ChannelBase::Traffic();
    C->Clocks.reset(C->occupancy());
  }
}

} // namespace detail

inline std::size_t ChannelBase::size() const {
  std::lock_guard<detail::SpinMutex> Lock(detail::scheduler().Mutex);
  return occupancy();
}

// A channel carrying values of type T (any copyable type: scalars, OpenCL
// vector types, structs).
template <class T> class Channel : public ChannelBase {
public:
  Channel() = default;
  Channel(std::string Name, int Depth) : ChannelBase(std::move(Name), Depth) {}

  // Appends V; blocks while the channel is full.
  void write(const T &V) {
    detail::Scheduler &S = detail::scheduler();
    std::unique_lock<detail::SpinMutex> Lock(S.Mutex);
    S.waitUntil(Lock, *this, detail::WaitKind::Write,
                [this] { return Items.size() < capacity(); });
    Items.push(V);
    wrote(Items.size());
    clockWrite();
    detail::wakeAll(Readers);
  }

  // Removes and returns the oldest value; blocks while the channel is empty.
  T read() {
    detail::Scheduler &S = detail::scheduler();
    std::unique_lock<detail::SpinMutex> Lock(S.Mutex);
    S.waitUntil(Lock, *this, detail::WaitKind::Read, [this] { return !Items.empty(); });
    T V = Items.pop();
    clockRead();
    detail::wakeAll(Writers);
    return V;
  }

  // Non-blocking forms (read_channel_nb_intel / write_channel_nb_intel). A
  // kernel whose poll fails lets the other kernels run first. A kernel that
  // polls never counts as blocked, so a deadlock among polling kernels is
  // not detected.
  T tryRead(bool *Valid) {
    detail::Scheduler &S = detail::scheduler();
    std::unique_lock<detail::SpinMutex> Lock(S.Mutex);
    S.checkUnwind();
    if (Items.empty()) {
      *Valid = false;
      S.yield();
      return T();
    }
    *Valid = true;
    T V = Items.pop();
    clockRead();
    detail::wakeAll(Writers);
    return V;
  }

  bool tryWrite(const T &V) {
    detail::Scheduler &S = detail::scheduler();
    std::unique_lock<detail::SpinMutex> Lock(S.Mutex);
    S.checkUnwind();
    if (Items.size() >= capacity()) {
      S.yield();
      return false;
    }
    Items.push(V);
    wrote(Items.size());
    clockWrite();
    detail::wakeAll(Readers);
    return true;
  }

  // Drops every buffered value (e.g. what a deadlocked run left behind).
  void clear() {
    std::lock_guard<detail::SpinMutex> Lock(detail::scheduler().Mutex);
    Items.clear();
  }

private:
  std::size_t occupancy() const override { return Items.size(); }

  // The values, oldest first: a ring of capacity() slots, allocated at the
  // first write (a channel's depth is set after it is constructed).
  class Ring {
  public:
    explicit Ring(const ChannelBase &Owner) : Owner(Owner) {}
    std::size_t size() const { return Count; }
    bool empty() const { return Count == 0; }
    void push(const T &V) {
      if (Slots.size() != Owner.capacity()) {
        std::vector<T> Bigger(std::max(Owner.capacity(), Count));
        for (std::size_t I = 0; I < Count; ++I)
          Bigger[I] = std::move(Slots[(Head + I) % Slots.size()]);
        Slots.swap(Bigger);
        Head = 0;
      }
      std::size_t Tail = Head + Count;
      Slots[Tail < Slots.size() ? Tail : Tail - Slots.size()] = V;
      ++Count;
    }
    T pop() {
      T V = std::move(Slots[Head]);
      Head = Head + 1 == Slots.size() ? 0 : Head + 1;
      --Count;
      return V;
    }
    void clear() { Head = Count = 0; }

  private:
    const ChannelBase &Owner;
    std::vector<T> Slots;
    std::size_t Head = 0, Count = 0;
  };
  Ring Items{*this};
};

// Names and sizes every channel of an array of channels: element [i][j] of
// array "ch" is called "ch[i][j]". Returns true so it can initialize a static.
template <class T> bool configureChannels(Channel<T> &C, const std::string &Name, int Depth) {
  C.configure(Name, Depth);
  return true;
}

template <class Elem, std::size_t N>
bool configureChannels(Elem (&Array)[N], const std::string &Name, int Depth) {
  for (std::size_t I = 0; I < N; ++I)
    configureChannels(Array[I], Name + "[" + std::to_string(I) + "]", Depth);
  return true;
}

} // namespace emu
} // namespace t2s

#endif // T2S_CHANNEL_H
