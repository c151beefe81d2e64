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
#include "systolic/DesignOptions.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace t2s {

/// The estimates' defaults: the device family, Intel's toolchain's default
/// in backends/fpga-devices.json, and the clock (MHz).
inline std::string defaultEstimatesDevice() { return defaultFPGADevice(IntelToolchain); }
inline constexpr double DefaultFmaxMHz = 250;

/// What t2s-emit-opencl writes: the files, and the Design's build options
/// (systolic/DesignOptions.h).
struct OpenCLOptions : DesignOptions {
  std::string KernelsFile; ///< -t2s-opencl=FILE: the kernels, "" for none
  std::string HostFile;    ///< -t2s-opencl-host=FILE: the host stubs
  /// The FPGA the clocked emulation counts for (its latencies, the board's
  /// bandwidth, the clock; t2s/clock.h): -t2s-device=, -t2s-fmax=.
  std::string Device = defaultEstimatesDevice();
  double FmaxMHz = DefaultFmaxMHz;
  /// -t2s-clock-marks (t2s-clang --emulate): the kernels carry the clocked
  /// emulation's marks.
  bool ClockMarks = false;

  /// -t2s-hls=FILE: the designs as Vitis HLS C++; -t2s-hls-host=FILE:
  /// their host stubs (XRT, or the C simulation); -t2s-hls-config=FILE:
  /// the connectivity of v++ --link.
  std::string HLSFile, HLSHostFile, HLSConfigFile;
  /// -t2s-hls-xrt (t2s-clang --xrt): the HLS stubs will run through XRT, so
  /// what they cannot run there is an error in the design.
  bool HLSForXRT = false;

  bool requested() const {
    return !KernelsFile.empty() || !HostFile.empty() || !HLSFile.empty() ||
           !HLSHostFile.empty() || !HLSConfigFile.empty();
  }
};

enum class ReportFormat { None, Text, JSON, Dot };

/// What t2s-report prints.
struct ReportOptions {
  ReportFormat Format = ReportFormat::None; ///< -t2s-report=text|json|dot
  /// The channels of the report are those of the OpenCL that this
  /// compilation writes (or would write): the same OpenCLOptions.
  OpenCLOptions OpenCL;
  /// The estimates' device family (backends/fpga-devices.json) and clock.
  std::string Device = defaultEstimatesDevice(); ///< -t2s-device=
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
