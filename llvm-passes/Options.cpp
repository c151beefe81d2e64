//===- Options.cpp - The options of the T2S passes ------------------------===//

#include "Options.h"
#include "backends/model/FPGADevices.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

#include <algorithm>

namespace {

llvm::cl::opt<std::string> OpenCLOutput(
    "t2s-opencl", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the T2S designs as OpenCL C for Intel FPGAs to file"));

llvm::cl::opt<bool> Isolate(
    "t2s-isolate", llvm::cl::init(true),
    llvm::cl::desc("Honour loader(...) and drainer(...) (=false: one kernel "
                   "per design, for OpenCL devices without channels)"));

llvm::cl::opt<bool> ForDevice(
    "t2s-opencl-device",
    llvm::cl::desc("The host stubs will run on an OpenCL device (t2s-clang "
                   "--opencl): refuse designs they cannot run there"));

llvm::cl::list<t2s::DesignStep> DumpDesignAfter(
    "t2s-dump-design-after", llvm::cl::CommaSeparated,
    llvm::cl::desc("Print each function's T2S Design after the given steps"),
    llvm::cl::values(
        clEnumValN(t2s::DesignStep::Kernels, "kernels", "one kernel per nest"),
        clEnumValN(t2s::DesignStep::Isolate, "isolate", "loaders, drainers, their channels"),
        clEnumValN(t2s::DesignStep::Vectorize, "vectorize", "vector channels, lanes"),
        clEnumValN(t2s::DesignStep::ScatterGather, "scatter-gather", "chains of PEs"),
        clEnumValN(t2s::DesignStep::Unroll, "unroll", "each kernel's statements"),
        clEnumValN(t2s::DesignStep::Buffer, "buffer", "loaders with reuse buffers")));

llvm::cl::opt<uint64_t> ChannelReplay(
    "t2s-channel-replay", llvm::cl::init(uint64_t(1) << 16),
    llvm::cl::desc("Replay at most this many channel accesses of each pair of "
                   "kernels to size their channels (beyond: the prefix's depth, "
                   "at least 16)"));

llvm::cl::opt<std::string> HostOutput(
    "t2s-opencl-host", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the host stubs that run the OpenCL designs to file"));

llvm::cl::opt<std::string> HLSOutput(
    "t2s-hls", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the T2S designs as C++ for AMD Vitis HLS to file"));

llvm::cl::opt<std::string> HLSHostOutput(
    "t2s-hls-host", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the host stubs that run the Vitis HLS designs to file (XRT, "
                   "or their C simulation under -DT2S_HLS_SIM)"));

llvm::cl::opt<bool> HLSForXRT(
    "t2s-hls-xrt",
    llvm::cl::desc("The Vitis HLS host stubs will run through XRT (t2s-clang --xrt): refuse "
                   "designs they cannot run there"));

llvm::cl::opt<std::string> HLSConfigOutput(
    "t2s-hls-config", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the v++ --link connectivity of the Vitis HLS designs to file "
                   "(a compute unit per top, a memory bank per m_axi port)"));

llvm::cl::opt<int64_t> HLSDelayLines(
    "t2s-hls-delay-lines", llvm::cl::init(-1), llvm::cl::Hidden,
    llvm::cl::desc("The shortest delay line the Vitis HLS C++ keeps as a circular buffer in "
                   "block RAM, in place of the device table's (tests)"));

llvm::cl::opt<bool> HLSHostLayouts(
    "t2s-hls-host-layouts", llvm::cl::init(true),
    llvm::cl::desc("The Vitis HLS feeders and drainers move their buffers through layouts the "
                   "host makes and reads, in 512-bit beats (default); false: they access the "
                   "buffers themselves (t2s-clang --hls-io=direct)"));

llvm::cl::opt<t2s::HLSSplit> HLSSplitOption(
    "t2s-hls-split", llvm::cl::init(t2s::HLSSplit::Auto),
    llvm::cl::desc("How the Vitis HLS C++ prints a systolic array"),
    llvm::cl::values(
        clEnumValN(t2s::HLSSplit::Auto, "auto",
                   "a process per PE row where its DSPs need more than one die of the card"),
        clEnumValN(t2s::HLSSplit::Rows, "rows", "a process per PE row"),
        clEnumValN(t2s::HLSSplit::None, "none", "one process"),
        clEnumValN(t2s::HLSSplit::Any, "any",
                   "a process per PE row wherever the rows can split (for testing)")));

llvm::cl::opt<bool> OffloadDesigns(
    "t2s-offload",
    llvm::cl::desc("Replace each T2S design's loop nest by a call to its host "
                   "stub t2s_run_<design> (what t2s-clang --emulate does)"));

llvm::cl::opt<bool> ClockMarksOption(
    "t2s-clock-marks",
    llvm::cl::desc("Mark the OpenCL kernels' loop iterations and off-chip accesses for the "
                   "clocked emulation (what t2s-clang --emulate does; nothing in OpenCL)"));

llvm::cl::opt<t2s::ReportFormat> ReportOption(
    "t2s-report", llvm::cl::desc("Print the T2S design report"),
    llvm::cl::init(t2s::ReportFormat::None),
    llvm::cl::values(clEnumValN(t2s::ReportFormat::Text, "text", "as text"),
                     clEnumValN(t2s::ReportFormat::JSON, "json",
                                "as one JSON document for the whole file"),
                     clEnumValN(t2s::ReportFormat::Dot, "dot",
                                "as a Graphviz picture of the PE arrays")));

// -t2s-device's description names the keys of the device table. (cl::desc
// keeps a StringRef: the text lives as long as the option.)
const std::string &deviceDescription() {
  static const std::string Text =
      "The FPGA of the report's estimates and of the clocked emulation (" +
      llvm::join(t2s::fpgaDeviceKeys(), ", ") + ")";
  return Text;
}

llvm::cl::opt<std::string> DeviceOption("t2s-device",
                                        llvm::cl::init(t2s::defaultEstimatesDevice()),
                                        llvm::cl::desc(deviceDescription()));

llvm::cl::opt<double> FmaxOption("t2s-fmax", llvm::cl::init(t2s::DefaultFmaxMHz),
                                 llvm::cl::desc("The clock of the report's estimates and of the clocked "
                                               "emulation, MHz"));

llvm::cl::list<std::string> SizeOption(
    "t2s-size", llvm::cl::CommaSeparated,
    llvm::cl::desc("Run-time sizes the designs are built for (channel depths that grow "
                   "with them, the report's estimates): NAME=VALUE,..."));

} // namespace

namespace t2s {

std::string defaultEstimatesDevice() { return defaultFPGADevice(IntelToolchain); }

DesignOptions designOptionsFromCommandLine() {
  DesignOptions O;
  O.Isolate = Isolate;
  O.ForDevice = ForDevice;
  O.DumpAfter.assign(DumpDesignAfter.begin(), DumpDesignAfter.end());
  O.ChannelReplay = std::max<uint64_t>(ChannelReplay, 1);
  O.HostLayouts = HLSHostLayouts;
  O.Split = HLSSplitOption;
  for (const std::string &S : SizeOption) { // t2s-clang checked the spelling
    auto [Name, Value] = llvm::StringRef(S).split('=');
    int64_t V;
    if (!Name.empty() && !Value.getAsInteger(10, V))
      O.Sizes.push_back({Name.str(), V});
  }
  return O;
}

EmitOptions emitOptionsFromCommandLine() {
  EmitOptions O;
  O.Design = designOptionsFromCommandLine();
  O.Board.Device = DeviceOption;
  O.Board.FmaxMHz = FmaxOption;
  // The spellings of each target's files (backends/Targets.def).
  TargetOutput OpenCL{"intel-opencl", OpenCLOutput, HostOutput, "", ForDevice, ClockMarksOption};
  TargetOutput HLS{"amd-hls", HLSOutput, HLSHostOutput, HLSConfigOutput, HLSForXRT, false};
  HLS.HLSDelayLineWords = HLSDelayLines;
  for (TargetOutput *T : {&OpenCL, &HLS})
    if (T->writes())
      O.Targets.push_back(std::move(*T));
  return O;
}

bool offloadFromCommandLine() { return OffloadDesigns; }

ReportOptions reportOptionsFromCommandLine() {
  ReportOptions O;
  O.Format = ReportOption;
  O.Emit = emitOptionsFromCommandLine();
  return O;
}

} // namespace t2s
