//===- Timing.h - Initiation intervals and clocks of a design ---*- C++ -*-===//
//
// How fast the kernels of a Design run on an FPGA, read as its toolchain
// schedules them: Intel's offline compiler, or AMD's Vitis HLS, whose rules
// the device table's entry carries (model/FPGADevices.h: an m_axi port's
// bytes per clock, IICause::Port; PE buffers in dual-port block RAM; a
// loop's worst iteration) (docs/estimates.md, "Initiation interval", has
// the rules and their sources). Every loop that is not unrolled is
// pipelined; one iteration of its body (the PE, lane and word loops inside
// unrolled) starts every II clocks, where II is the largest of:
//
//  - the accesses to one channel endpoint in an iteration: a channel moves
//    one value per clock;
//  - the accesses to one bank of an on-chip memory (a reuse buffer): one
//    read and one write port per bank;
//  - the off-chip bytes the kernel loads and stores per step (over a run,
//    where its traffic is counted; else in its worst step), against the
//    board's DRAM bandwidth per clock;
//  - a value carried from one iteration to a later one (a shift register
//    read d steps after it was written, a register read before this
//    iteration writes it) through floating-point operations of the
//    device's latency: latency / distance;
//
// plus the clocks of the loops inside the body that are not unrolled, which
// run to completion, one after another, in every iteration. A kernel's
// step is its first loop (or its body) that does work outside inner loops;
// its II is the clocks of its worst step. The clocks of a run replay the
// loops at the sizes asked for, multiplying where the clocks of an
// iteration do not depend on the loop's variable, and the design's run
// takes the slowest kernel of each stage, stage after stage.
//
// Not modelled: pipeline fill and drain, the clocks an inner loop's exit
// costs, stalls of a full or empty channel (the clocked emulation sees
// them), Arria 10's single-cycle floating-point accumulator.
//
// Preconditions: the unroll step laid out the kernels (Kernel::Body).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TIMING_H
#define T2S_TIMING_H

#include "backends/c/ClockMarks.h"
#include "backends/model/FPGADevices.h"
#include "systolic/Design.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace t2s {

/// What sets a kernel's initiation interval above 1.
enum class IICause : uint8_t {
  None,       ///< II 1
  Channel,    ///< several values through one channel endpoint per step
  InnerLoops, ///< loops that are not unrolled, run in every step
  Recurrence, ///< a value carried across steps through slow operations
  Memory,     ///< accesses to one bank of an on-chip memory
  OffChip,    ///< more off-chip bytes per step than the board moves per clock
  Port,       ///< more bytes of one buffer per step than its port moves per clock
};

/// "channel", "inner loops", ...: the cause as --report=json names it.
const char *iiCauseName(IICause C);

struct KernelTiming {
  std::string Kernel;
  KernelRole Role = KernelRole::Systolic;
  unsigned Stage = 0;
  /// Clocks of its worst step (at least 1).
  int64_t II = 1;
  IICause Cause = IICause::None;
  /// Why, for the report: "16 values per step through channel gemm_a, one
  /// per clock".
  std::string Reason;
  /// What the cause names: a channel, the URE array of a register, a
  /// memory, a buffer (the warnings find the directive or statement by it).
  std::string Subject;
  /// A recurrence through words the kernel indexes with its loop variables
  /// (a PE buffer), not through a shift register's fixed word.
  bool Indexed = false;
  /// A recurrence: the clocks of its operations.
  int64_t Latency = 0;
  /// Steps and clocks of one run at the sizes; none if not counted (the
  /// loops run more than the budget, or their bounds are computed).
  std::optional<uint64_t> Steps, Cycles;
};

struct DesignTiming {
  std::vector<KernelTiming> Kernels;
  /// Clocks of one run: per stage the slowest kernel; none if a kernel's
  /// were not counted.
  std::optional<uint64_t> Cycles;
  /// The systolic array's timing, if the nest has one.
  const KernelTiming *array() const;
  /// The kernel with the largest II (the first of equals).
  const KernelTiming *slowest() const;
};

/// Loop iterations the clock count replays at most per kernel.
inline constexpr uint64_t TimingBudget = uint64_t(1) << 22;

struct DesignTraffic;

/// The timing of the kernels of nest \p Nest of \p D on \p Dev at \p
/// FmaxMHz; run-time sizes at \p Params (by argument number; empty: the
/// stand-ins). With the nest's off-chip traffic of a run at those sizes
/// (\p Traffic, counted), a kernel's off-chip rule is its bytes over its
/// steps: the LSUs and channels absorb a step that moves more than the
/// board's bytes per clock as long as the kernel's run does not; without
/// it, each step's own bytes.
DesignTiming timeNest(const Design &D, unsigned Nest, const FPGADevice &Dev, double FmaxMHz,
                      llvm::ArrayRef<std::optional<int64_t>> Params = {},
                      const DesignTraffic *Traffic = nullptr);

/// The clocked emulation's marks of kernel \p K (c/ClockMarks.h): what
/// it charges the iterations of the kernel's pipelined loops, at \p FmaxMHz
/// where a port's memory bank moves less than the port (0: the ports alone).
ClockMarks clockMarks(const Design &D, const Design::Kernel &K, const FPGADevice &Dev,
                      double FmaxMHz = 0);

} // namespace t2s

#endif // T2S_TIMING_H
