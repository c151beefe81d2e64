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

#include "systolic/DesignOptions.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace t2s {

/// The estimates' defaults: the device family, Intel's toolchain's default
/// in backends/model/fpga-devices.json, and the clock (MHz).
std::string defaultEstimatesDevice();
inline constexpr double DefaultFmaxMHz = 250;

/// The board the estimates, the warnings about clocks and the clocked
/// emulation are for: -t2s-device=, -t2s-fmax=.
struct BoardOptions {
  std::string Device = defaultEstimatesDevice(); ///< backends/model/fpga-devices.json
  double FmaxMHz = DefaultFmaxMHz;
};

/// What one target writes (backends/Target.h): its name in
/// backends/Targets.def and its files, "" for none.
struct TargetOutput {
  std::string Target;      ///< "intel-opencl", "amd-hls"
  std::string KernelsFile; ///< -t2s-opencl=FILE, -t2s-hls=FILE
  std::string HostFile;    ///< -t2s-opencl-host=FILE, -t2s-hls-host=FILE
  std::string ConfigFile;  ///< -t2s-hls-config=FILE: v++ --link's connectivity
  /// The host stubs will run on the device (-t2s-opencl-device, t2s-clang
  /// --opencl; -t2s-hls-xrt, --xrt): what they cannot run there is an error
  /// in the design.
  bool OnDevice = false;
  /// -t2s-clock-marks (t2s-clang --emulate): the kernels carry the clocked
  /// emulation's marks.
  bool ClockMarks = false;
  /// -t2s-hls-delay-lines=N (amd-hls): the shortest delay line the HLS C++
  /// keeps as a circular buffer in block RAM, in place of the device table's
  /// (the random campaign takes 2, to check that spelling on every design);
  /// -1: the table's.
  int64_t HLSDelayLineWords = -1;

  bool writes() const {
    return !KernelsFile.empty() || !HostFile.empty() || !ConfigFile.empty();
  }
};

/// What t2s-emit writes: the Design's build options
/// (systolic/DesignOptions.h), the board, and the requested targets' files.
struct EmitOptions {
  DesignOptions Design;
  BoardOptions Board;
  std::vector<TargetOutput> Targets; ///< those that write a file

  bool requested() const { return !Targets.empty(); }
  /// The request of target \p Name, if any.
  const TargetOutput *target(const std::string &Name) const {
    for (const TargetOutput &T : Targets)
      if (T.Target == Name)
        return &T;
    return nullptr;
  }
};

enum class ReportFormat { None, Text, JSON, Dot };

/// What t2s-report prints.
struct ReportOptions {
  ReportFormat Format = ReportFormat::None; ///< -t2s-report=text|json|dot
  /// The channels of the report are those of the kernels this compilation
  /// writes (or would write), for the same board (-t2s-device=, -t2s-fmax=)
  /// and run-time sizes (-t2s-size=NAME=VALUE,..., its Design options).
  EmitOptions Emit;
};

/// The Design's build options alone (the t2s-design analysis).
DesignOptions designOptionsFromCommandLine();
EmitOptions emitOptionsFromCommandLine();
/// -t2s-offload (t2s-clang --emulate, --opencl): replace each design's nests
/// by a call to its host stub.
bool offloadFromCommandLine();
ReportOptions reportOptionsFromCommandLine();

} // namespace t2s

#endif // T2S_OPTIONS_H
