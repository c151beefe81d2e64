//===- t2s/fiber.h - Stacks and worker threads for kernel fibers -*- C++ -*-===//
//
// The emulation runs each kernel of a run as a fiber (Boost.Context's
// boost::context::fiber, a stack and a saved register set), and a few worker
// threads run the fibers that are ready (t2s/channel.h, the Scheduler). A
// kernel that waits on a channel hands its worker to another kernel in a
// user-space context switch, with no system call; this header has what the
// fibers stand on:
//
//  - StackPool: each fiber's stack is T2S_EMULATION_STACK_BYTES of address
//    space (2 GiB by default: a kernel keeps its shift registers in local
//    arrays, as on the FPGA, and a design may have up to 1 GiB of them),
//    reserved without backing memory (the pages a kernel never touches cost
//    nothing) and with a guard page below it. Stacks are kept for the next
//    run, so a design called in a loop does not map them anew each time.
//  - workerCount(): how many threads run the fibers of a run.
//
// Why fibers from Boost.Context and not C++20 coroutines: the kernels are
// the OpenCL C file compiled as C++, and a channel access may sit at any
// depth of a kernel's calls; a stackless coroutine could suspend only in
// the kernel's own body, and only if the OpenCL text said co_await. A
// stackful fiber suspends anywhere without a change to the kernels.
// Boost.Fiber's own scheduler is not used: the emulation must know exactly
// when every kernel waits on a channel (deadlock detection, t2s/channel.h),
// which it keeps under its own lock.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_FIBER_H
#define T2S_FIBER_H

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <vector>

#ifndef T2S_EMULATION_STACK_BYTES
#define T2S_EMULATION_STACK_BYTES (std::size_t(2) << 30)
#endif

namespace t2s {
namespace emu {
namespace detail {

// Fiber stacks: mapped once, reused by later fibers.
class StackPool {
public:
  static StackPool &get() {
    static StackPool Pool;
    return Pool;
  }

  boost::context::stack_context take() {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (!Free.empty()) {
        boost::context::stack_context C = Free.back();
        Free.pop_back();
        return C;
      }
    }
    return map();
  }

  void give(boost::context::stack_context &C) noexcept {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Free.size() < KeptStacks) {
      Free.push_back(C);
      return;
    }
    unmap(C);
  }

  StackPool(const StackPool &) = delete;
  StackPool &operator=(const StackPool &) = delete;
  ~StackPool() {
    for (boost::context::stack_context &C : Free)
      unmap(C);
  }

private:
  StackPool() = default;
  static constexpr std::size_t KeptStacks = 256;

  static std::size_t pageBytes() { return static_cast<std::size_t>(::sysconf(_SC_PAGESIZE)); }

  // T2S_EMULATION_STACK_BYTES of address space, or 64 MiB where the address
  // space is too small for that (a 32-bit process, a ulimit -v).
  static boost::context::stack_context map() {
    std::size_t Page = pageBytes();
    for (std::size_t Bytes : {std::size_t(T2S_EMULATION_STACK_BYTES), std::size_t(64) << 20}) {
      Bytes = (Bytes + Page - 1) / Page * Page;
      void *Base = ::mmap(nullptr, Bytes + Page, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
      if (Base == MAP_FAILED)
        continue;
      ::mprotect(Base, Page, PROT_NONE); // the guard page: an overflow faults
      boost::context::stack_context C;
      C.size = Bytes;
      C.sp = static_cast<char *>(Base) + Page + Bytes; // stacks grow down
      return C;
    }
    throw std::bad_alloc();
  }

  static void unmap(boost::context::stack_context &C) noexcept {
    std::size_t Page = pageBytes();
    ::munmap(static_cast<char *>(C.sp) - C.size - Page, C.size + Page);
  }

  std::mutex Mutex;
  std::vector<boost::context::stack_context> Free;
};

// Where a stack lies: its lowest address and its size.
struct StackBounds {
  const void *Bottom = nullptr;
  std::size_t Size = 0;
};

// The StackAllocator of boost::context::fiber, drawing on the pool; Record,
// if given, learns where the stack lies.
struct PooledStack {
  StackBounds *Record = nullptr;
  boost::context::stack_context allocate() {
    boost::context::stack_context C = StackPool::get().take();
    if (Record)
      *Record = {static_cast<char *>(C.sp) - C.size, C.size};
    return C;
  }
  void deallocate(boost::context::stack_context &C) noexcept { StackPool::get().give(C); }
};

} // namespace detail
} // namespace emu
} // namespace t2s

// AddressSanitizer's annotations of stack switches: a program built with
// -fsanitize=address has them, and must be told when a kernel's fiber takes
// or leaves a thread, or it takes the fibers' stacks for overflows of the
// thread's (and an exception thrown on a fiber makes it warn that false
// reports may follow). Declared weak: null in a program without ASan.
extern "C" void __sanitizer_start_switch_fiber(void **FakeStackSave, const void *Bottom,
                                               std::size_t Size) __attribute__((weak));
extern "C" void __sanitizer_finish_switch_fiber(void *FakeStackSave, const void **BottomOld,
                                                std::size_t *SizeOld) __attribute__((weak));

namespace t2s {
namespace emu {
namespace detail {

// Just before switching to the stack To: ASan keeps the current stack's
// state in *Save (Save null: the current stack ends for good).
inline void leavingStack(void **Save, const StackBounds &To) {
  if (__sanitizer_start_switch_fiber)
    __sanitizer_start_switch_fiber(Save, To.Bottom, To.Size);
}

// Just after a switch: Save is what leavingStack kept when this stack was
// left (null on its first entry); From, if given, learns the stack switched
// from.
inline void arrivedOnStack(void *Save, StackBounds *From) {
  if (__sanitizer_finish_switch_fiber)
    __sanitizer_finish_switch_fiber(Save, From ? &From->Bottom : nullptr,
                                    From ? &From->Size : nullptr);
}

// The scheduler's lock (t2s/channel.h): every channel operation takes it, for
// a few dozen instructions. A lock that spins is cheaper there than
// std::mutex: its release is a plain store, not a second atomic
// read-modify-write. A thread that cannot get it for long (the holder was
// preempted) yields its core.
class SpinMutex {
public:
  void lock() {
    for (unsigned Spins = 0;;) {
      if (!Held.exchange(true, std::memory_order_acquire))
        return;
      while (Held.load(std::memory_order_relaxed)) {
        if (++Spins < 256) {
#if defined(__x86_64__) || defined(__i386__)
          __builtin_ia32_pause();
#endif
        } else {
          std::this_thread::yield();
        }
      }
    }
  }
  bool try_lock() {
    return !Held.load(std::memory_order_relaxed) &&
           !Held.exchange(true, std::memory_order_acquire);
  }
  void unlock() { Held.store(false, std::memory_order_release); }

private:
  std::atomic<bool> Held{false};
};

// Worker threads wanted by the program (setWorkerThreads); 0: the default.
inline int &requestedWorkers() {
  static int N = 0;
  return N;
}

// How many worker threads run a run of Kernels kernels: what the program
// asked for (setWorkerThreads), else T2S_EMU_THREADS, else one per core;
// never more than there are kernels.
inline int workerCount(std::size_t Kernels) {
  int N = requestedWorkers();
  if (N <= 0)
    if (const char *V = std::getenv("T2S_EMU_THREADS"))
      N = std::atoi(V);
  if (N <= 0)
    N = static_cast<int>(std::thread::hardware_concurrency());
  N = std::max(N, 1);
  return static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(N),
                                                std::max<std::size_t>(Kernels, 1)));
}

} // namespace detail

// Runs the kernels of later runs on N worker threads (N <= 0: the default,
// T2S_EMU_THREADS or one per core). One thread runs every kernel in turn,
// switching at channel waits.
inline void setWorkerThreads(int N) { detail::requestedWorkers() = N; }

} // namespace emu
} // namespace t2s

#endif // T2S_FIBER_H
