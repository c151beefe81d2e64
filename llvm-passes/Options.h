//===- Options.h - The options of the T2S passes --------------*- C++ -*-===//
//
// What the command line asks of the passes that write outputs (clang: -mllvm
// -t2s-...; t2s-clang passes them). The options are read here, at the
// plugin's boundary (Pipeline.cpp, Passes.def), and handed to the passes as
// values: a pass never reads a command-line option itself, so a test or
// another tool can run it with any options.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTIONS_H
#define T2S_OPTIONS_H

#include "backends/FPGADevices.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace t2s {

/// The steps that build a Design (systolic/lowering/Lowering.h).
enum class DesignStep { Kernels, Isolate, Vectorize, ScatterGather, Unroll, Buffer };

/// What t2s-emit-opencl writes.
struct OpenCLOptions {
  std::string KernelsFile; ///< -t2s-opencl=FILE: the kernels, "" for none
  std::string HostFile;    ///< -t2s-opencl-host=FILE: the host stubs
  /// -t2s-isolate (default true): honour loader(...) and drainer(...);
  /// false: one kernel per design, for OpenCL devices without channels.
  bool Isolate = true;
  /// -t2s-opencl-device (t2s-clang --opencl): the stubs will run on an
  /// OpenCL device without channels; what they cannot run there is an error.
  bool ForDevice = false;
  /// -t2s-dump-design-after=STEP: print the Design after each listed step.
  std::vector<DesignStep> DumpAfter;
  /// -t2s-channel-replay=N: the accesses of a pair of kernels replayed to
  /// size their channels (systolic/ChannelDepths.h).
  uint64_t ChannelReplay = uint64_t(1) << 16;

  bool requested() const { return !KernelsFile.empty() || !HostFile.empty(); }
  /// Whether designs get loader and drainer kernels and their channels.
  bool isolates() const { return Isolate && !ForDevice; }
};

enum class ReportFormat { None, Text, JSON, Dot };

/// What t2s-report prints.
struct ReportOptions {
  ReportFormat Format = ReportFormat::None; ///< -t2s-report=text|json|dot
  /// The channels of the report are those of the OpenCL that this
  /// compilation writes (or would write): the same OpenCLOptions.
  OpenCLOptions OpenCL;
  /// The estimates' device family (backends/fpga-devices.json) and clock.
  std::string Device = DefaultFPGADevice; ///< -t2s-device=
  double FmaxMHz = DefaultFmaxMHz;        ///< -t2s-fmax= (MHz)
  /// Values of run-time sizes for the estimates (-t2s-size=NAME=VALUE,...).
  std::vector<std::pair<std::string, int64_t>> Sizes;
};

OpenCLOptions openCLOptionsFromCommandLine();
/// -t2s-offload (t2s-clang --emulate, --opencl): replace each design's nests
/// by a call to its host stub.
bool offloadFromCommandLine();
ReportOptions reportOptionsFromCommandLine();

} // namespace t2s

#endif // T2S_OPTIONS_H
