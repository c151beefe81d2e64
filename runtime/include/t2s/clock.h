//===- t2s/clock.h - The clocked emulation's kernel and channel clocks -*- C++ -*-===//
//
// With T2S_EMU_CLOCK=1 in the environment, an emulated run also counts the
// clocks the kernels would take on the FPGA (docs/emulation.md, "The clocked
// emulation"). Each kernel keeps its own clock:
//
//  - T2S_ITERATION(ii) / T2S_STEP(ii), which the emitter writes at the top
//    of the body of every loop that is not unrolled (T2S_STEP for the
//    kernel's time step), start an iteration: the previous one's clocks are
//    added, and this one takes at least ii clocks. ii comes from the rules
//    the running code cannot show (a recurrence through slow operations,
//    the ports of an on-chip memory; backends/model/Timing.h); the emulation
//    finds the others by itself.
//  - A channel endpoint moves one value per clock: a second access to one
//    endpoint in an iteration comes a clock later, and lengthens it.
//  - A value written at clock c can be read from clock c + 1; a write into
//    a full channel waits for the clock at which its reader freed the slot
//    (the read of the value 'depth' places earlier). A wait stalls the
//    whole pipeline of the kernel: its clock moves on by the wait.
//  - T2S_OFFCHIP(a, x) around each access x to a global buffer a counts its bytes
//    against the board's bytes per clock; a kernel runs ahead of its
//    memory by at most LSUClocks (the load/store units' buffers), and ends
//    no earlier than its memory.
//
// The clocks follow the values, not the threads: a value's clock is the
// same whichever thread the operating system ran first, so a run's cycles
// are exactly reproducible. Non-blocking channel operations are the
// exception (a poll succeeds when the value is there in the emulation,
// whatever its clock).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CLOCK_H
#define T2S_CLOCK_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <string>

namespace t2s {
namespace emu {

// What a run of kernels is, for the clocked emulation's report: the design
// and its stage, and the board the clocks are counted for. The host stubs
// pass it to run(); a run without it counts clocks for no board (no
// off-chip limit, no time in seconds).
struct RunInfo {
  const char *Design = nullptr;
  unsigned Stage = 1;
  const char *Device = nullptr;
  double FmaxMHz = 0;
  double BytesPerClock = 0; // the board's DRAM bandwidth per clock
  std::string Sizes;        // its run-time sizes: "I=2,J=2" (--report --size=)
};

namespace clock {

// How far a kernel's accesses may run ahead of its off-chip memory, in
// clocks: the requests the load/store units buffer.
inline constexpr double LSUClocks = 256;

// Whether clocks are counted: T2S_EMU_CLOCK set and not "0", read once. A
// test may set it, while no kernel runs.
inline bool &enabledFlag() {
  static bool On = [] {
    const char *V = std::getenv("T2S_EMU_CLOCK");
    return V && *V && std::string(V) != "0";
  }();
  return On;
}
inline bool enabled() { return enabledFlag(); }

// The clock of one kernel in one run.
struct KernelClock {
  uint64_t Now = 0;        // the clock the current iteration started at
  uint64_t Pending = 0;    // clocks the current iteration takes so far
  uint64_t BusyUntil = 0;  // the end of the iteration of its last access
  uint64_t BusySteps = 0;  // the steps begun by its last access
  uint64_t Steps = 0, Iterations = 0;
  uint64_t ChannelStalls = 0, MemoryStalls = 0;
  double Memory = 0;       // the clock at which its off-chip accesses end
  uint64_t Bytes = 0;      // off-chip bytes loaded and stored
  uint64_t End = 0;        // set when the kernel ends

  void iteration(uint64_t II, bool Step) {
    Now += Pending;
    Pending = II;
    ++Iterations;
    if (Step)
      ++Steps;
  }

  // The whole pipeline waits Clocks clocks.
  void stall(uint64_t Clocks, uint64_t &Counter) {
    Now += Clocks;
    Counter += Clocks;
  }

  // An access of the current iteration at clock C.
  void occupy(uint64_t C) {
    Pending = std::max(Pending, C - Now + 1);
    BusyUntil = Now + Pending;
    BusySteps = Steps;
  }

  void offchip(uint64_t N, double BytesPerClock) {
    Bytes += N;
    if (BytesPerClock <= 0)
      return;
    Memory = std::max(Memory, double(Now)) + double(N) / BytesPerClock;
    if (Memory > double(Now) + LSUClocks)
      stall(uint64_t(std::ceil(Memory - LSUClocks - double(Now))), MemoryStalls);
  }

  // The kernel ended. Stopped: an autorun kernel stopped at the end of the
  // run, waiting for values that never come; it ends with the iteration of
  // its last access, and its steps are those it had begun by then.
  void finish(bool Stopped) {
    if (Stopped) {
      End = BusyUntil;
      Steps = BusySteps;
    } else {
      End = Now + Pending;
    }
    End = std::max(End, uint64_t(std::ceil(Memory - 1e-9)));
  }
};

// The clock of one channel's two endpoints in one run.
struct ChannelClock {
  uint64_t WriteFree = 0, ReadFree = 0; // the next clock each endpoint is free
  std::deque<uint64_t> Ready;           // per buffered value: readable from
  std::deque<uint64_t> Freed;           // the clocks of the last reads
  uint64_t FreedBase = 0;               // the number of the read Freed.front()
  uint64_t Written = 0;
  uint64_t ReaderStalls = 0, WriterStalls = 0;

  void reset(std::size_t Buffered) {
    *this = ChannelClock();
    Ready.assign(Buffered, 0);
  }

  void write(KernelClock &K, std::size_t Capacity) {
    uint64_t At = std::max(K.Now, WriteFree);
    uint64_t Slot = 0;
    if (Written >= Capacity && Written - Capacity >= FreedBase &&
        Written - Capacity - FreedBase < Freed.size())
      Slot = Freed[Written - Capacity - FreedBase];
    if (Slot > At) {
      K.stall(Slot - At, K.ChannelStalls);
      WriterStalls += Slot - At;
      At = Slot;
    }
    WriteFree = At + 1;
    Ready.push_back(At + 1);
    ++Written;
    K.occupy(At);
  }

  void read(KernelClock &K, std::size_t Capacity) {
    uint64_t At = std::max(K.Now, ReadFree);
    uint64_t Value = 0;
    if (!Ready.empty()) {
      Value = Ready.front();
      Ready.pop_front();
    }
    if (Value > At) {
      K.stall(Value - At, K.ChannelStalls);
      ReaderStalls += Value - At;
      At = Value;
    }
    ReadFree = At + 1;
    Freed.push_back(At);
    if (Freed.size() > Capacity) {
      Freed.pop_front();
      ++FreedBase;
    }
    K.occupy(At);
  }
};

} // namespace clock
} // namespace emu
} // namespace t2s

#endif // T2S_CLOCK_H
