//===- Estimate.h - What a design costs and delivers on an FPGA -*- C++ -*-===//
//
// Before hours of FPGA compilation, what the kernels of a Design will take
// and give on a device family of backends/model/fpga-devices.json (one data file,
// with its sources): the arithmetic units the kernels' statements need, by
// operation and precision, and the DSP blocks they take; the bits of the
// shift registers and channels; and the floating-point operations per clock
// of the systolic arrays, so the peak and expected GFLOPS at a clock.
//
// The count reads the kernels as the unroll step laid them out: a loop
// over the PEs, lanes or unrolled words multiplies the hardware of its body
// by its trip count; a serial or time loop reuses it, one iteration per
// clock; both arms of a condition are built. Address arithmetic (buffer
// subscripts, register and channel indices) and multiplies by a constant
// take no DSP block. What the table has no cost for (division, library
// math) is listed as such. The peak is the array's operations per clock at
// one time step per clock; the expected figure divides the operations of a
// run by the clocks the timing model (backends/model/Timing.h) gives it.
//
// Preconditions: the unroll step laid out the kernels (Kernel::Body).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_ESTIMATE_H
#define T2S_ESTIMATE_H

#include "backends/model/FPGADevices.h"
#include "backends/model/Timing.h"
#include "backends/model/Traffic.h"
#include "systolic/Design.h"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace t2s {

struct DesignEstimate {
  struct Units {
    std::string Op;     ///< "fp32 multiply-add"
    uint64_t Count = 0; ///< units built
    double DSPs = 0;    ///< DSP blocks they take
  };
  std::vector<Units> Ops; ///< by operation class, in a fixed order
  double DSPs = 0;
  /// Operations the device table has no cost for ("fp32 divide", "sqrt"),
  /// with the units built.
  std::map<std::string, uint64_t> Uncosted;
  uint64_t RegisterBits = 0, ChannelBits = 0;
  /// The reuse buffers of the loaders (buffer(a, k)), both halves.
  uint64_t BufferBits = 0;
  /// On a device that keeps PE buffers in block RAM (FPGADevice::
  /// PEBuffersInBlockRAM): their bits (not in RegisterBits), and the
  /// 18-Kbit halves of blocks they take, a RAM per PE and buffer.
  uint64_t PEBufferBits = 0, PEBufferHalfBlocks = 0;
  /// On a device that keeps long delay lines in block RAM (FPGADevice::
  /// DelayLineRAMWords): their bits (not in RegisterBits) and the halves of
  /// blocks they take, a RAM per PE and lane and line.
  uint64_t DelayLineBits = 0, DelayLineHalfBlocks = 0;
  /// Floating-point operations the systolic arrays do per clock (a
  /// multiply-add is 2), and the same scaled by their PE utilization.
  double FlopsPerClock = 0, UsefulFlopsPerClock = 0;

  /// What the kernels read and write off-chip per run, and the
  /// floating-point operations of a run (each point of the nest's domain
  /// does its statements' operations; 0 without a schedule).
  DesignTraffic Traffic;
  double FlopsPerRun = 0;
  /// The points of the nest's domain in a run (its cell updates), and the
  /// integer operations of a run on the values (not on addresses or loop
  /// variables).
  double PointsPerRun = 0, IntOpsPerRun = 0;
  /// Initiation intervals and clocks of the kernels (backends/model/Timing.h).
  DesignTiming Timing;
  /// With run-time sizes: the traffic as a formula of them, if it is one.
  std::optional<TrafficFormula> Formula;
  /// Where a loader has a reuse buffer: the traffic without the buffers.
  struct Unbuffered {
    DesignTraffic Traffic;
    std::optional<TrafficFormula> Formula;
  };
  std::optional<Unbuffered> WithoutReuse;

  double peakGFLOPS(double FmaxMHz) const { return FlopsPerClock * FmaxMHz / 1000; }
  /// Operations per clock of \p PerRun operations in a run: over the
  /// clocks of the run where they are counted, else the array's
  /// operations per clock at its utilization and II.
  double perClock(double PerRun) const;
  double expectedGFLOPS(double FmaxMHz) const { return perClock(FlopsPerRun) * FmaxMHz / 1000; }
  /// The integer operations (G per second) and the cell updates (points of
  /// the nest's domain, G per second) expected at \p FmaxMHz, on the same
  /// basis as expectedGFLOPS.
  double gops(double FmaxMHz) const { return perClock(IntOpsPerRun) * FmaxMHz / 1000; }
  double gcups(double FmaxMHz) const { return perClock(PointsPerRun) * FmaxMHz / 1000; }
  /// The seconds of a run at \p FmaxMHz; none where its clocks are not
  /// counted.
  std::optional<double> runSeconds(double FmaxMHz) const {
    if (!Timing.Cycles)
      return std::nullopt;
    return double(*Timing.Cycles) / (FmaxMHz * 1e6);
  }
  /// Floating-point operations per byte of off-chip traffic; none if the
  /// traffic is not known or there is none.
  std::optional<double> intensity() const;
  /// The roofline: what the DRAM bandwidth lets the design compute
  /// (intensity x bandwidth), and whether that, not the array, bounds it.
  std::optional<double> memoryGFLOPS(double DRAMGBPerSecond) const;
  bool memoryBound(double FmaxMHz, double DRAMGBPerSecond) const;
  /// Whether the kernels' initiation intervals, not the PEs, bound the
  /// expected figure (it is below the peak at the PEs' utilization).
  bool intervalBound(double FmaxMHz) const {
    return expectedGFLOPS(FmaxMHz) < 0.99 * UsefulFlopsPerClock * FmaxMHz / 1000;
  }
  /// "memory", "initiation interval" or "compute".
  const char *bound(double FmaxMHz, double DRAMGBPerSecond) const {
    return memoryBound(FmaxMHz, DRAMGBPerSecond) ? "memory"
           : intervalBound(FmaxMHz)              ? "initiation interval"
                                                 : "compute";
  }
  /// The blocks of \p Dev's block RAM (M20K: 20,480 bits; BRAM36: 32,768
  /// data bits) the registers, channels and reuse buffers would fill, and
  /// those the PE buffers and delay lines take where each PE's is a RAM of
  /// its own.
  /// The dies (SLRs) of \p Dev the design's DSP blocks need at least, each
  /// holding its share of them; 1 on a part of one die.
  int64_t slrsSpanned(const FPGADevice &Dev) const {
    if (Dev.SLRs <= 1 || Dev.DSPBlocks <= 0)
      return 1;
    double PerSLR = double(Dev.DSPBlocks) / double(Dev.SLRs);
    return std::max<int64_t>(1, int64_t(std::ceil(DSPs / PerSLR - 1e-9)));
  }
  uint64_t memoryBlocks(const FPGADevice &Dev) const {
    uint64_t Bits = uint64_t(std::max<int64_t>(Dev.MemoryBlockBits, 1));
    return (RegisterBits + ChannelBits + BufferBits + Bits - 1) / Bits +
           (PEBufferHalfBlocks + DelayLineHalfBlocks + 1) / 2;
  }
};

/// The estimate of the kernels of nest \p Nest of \p D (its loaders, the
/// array, its drainers; a kernel nest) on \p Dev, with their registers and
/// channels.
/// Run-time sizes count at \p Params (by argument number; empty: the
/// stand-ins): the operations and traffic of a run.
/// The timing is at \p FmaxMHz (the board's bytes per clock).
DesignEstimate estimateNest(const Design &D, unsigned Nest, const FPGADevice &Dev,
                            llvm::ArrayRef<std::optional<int64_t>> Params = {},
                            double FmaxMHz = 250);

} // namespace t2s

#endif // T2S_ESTIMATE_H
