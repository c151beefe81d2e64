//===- T2SClangOptions.td - The options t2s-clang owns --------------------===//
//
// Every other argument is clang's: the driver parses the command line with
// clang's own option table first, and only what clang does not know is
// matched against this one (llvm-tblgen -gen-opt-parser-defs).
//
//===----------------------------------------------------------------------===//

include "llvm/Option/OptParser.td"

def help : Flag<["--", "-"], "help">, HelpText<"Print this help and exit">;
def version : Flag<["--"], "version">,
  HelpText<"Print the T2S and clang versions and exit">;
def dry_run : Flag<["--"], "dry-run">,
  HelpText<"Print the clang++ command instead of running it">;
def emit_opencl : Flag<["--"], "emit-opencl">,
  HelpText<"Write the designs as OpenCL C for Intel FPGAs to the -o file "
           "(includes t2s/channels.h: also compiles as C++)">;
def emit_opencl_EQ : Joined<["--"], "emit-opencl=">, MetaVarName<"aoc">,
  HelpText<"The same .cl, self-contained for Intel's aoc, in its own spelling (channels, read_channel_intel, attributes; no T2S macros)">;
def host_stub_EQ : Joined<["--"], "host-stub=">, MetaVarName<"FILE">,
  HelpText<"With --emit-opencl or --emit-hls: also write the host stubs t2s_run_<design> "
           "(--emit-hls: on XRT)">;
def emit_hls : Flag<["--"], "emit-hls">,
  HelpText<"Write the designs as C++ for AMD Vitis HLS to the -o file (one top "
           "function <design>_top per design)">;
def xrt : Flag<["--"], "xrt">,
  HelpText<"Build the program with the designs run through XRT on an AMD FPGA "
           "(their Vitis HLS C++ in <-o>-hls.cpp, v++ build files <-o>.cfg and <-o>.mk)">;
def hls_sim : Flag<["--"], "hls-sim">,
  HelpText<"Build the program with the designs run as the C simulation of their "
           "Vitis HLS C++">;
def emulate : Flag<["--"], "emulate">,
  HelpText<"Build the program with the designs run as their OpenCL kernels "
           "as fibers on the CPU">;
def opencl : Flag<["--"], "opencl">,
  HelpText<"Build the program with the designs run on an OpenCL device "
           "(kernels in <-o>.cl)">;
def report : Flag<["--"], "report">,
  HelpText<"Print the design report (PEs, steps, utilization, registers); "
           "-o FILE">;
def report_EQ : Joined<["--"], "report=">, MetaVarName<"text|json">,
  Values<"text,json">,
  HelpText<"The design report as text or as one JSON document">;
def device_EQ : Joined<["--"], "device=">,
  MetaVarName<"arria10|stratix10|agilex7|u250|u280|u55c">,
  HelpText<"The FPGA of the report's estimates and of the clocked emulation of --emulate: "
           "an Intel family or an AMD Alveo card (default arria10)">;
def fmax_EQ : Joined<["--"], "fmax=">, MetaVarName<"MHz">,
  HelpText<"The clock of the report's estimates and of the clocked emulation of --emulate (default 250)">;
def size_EQ : Joined<["--"], "size=">, MetaVarName<"NAME=VALUE">,
  HelpText<"A run-time size the design is built for: the report's estimates count at it, "
           "and channels whose depth grows with it hold what it needs (repeatable: "
           "--size=IT=128 --size=KT=64)">;
def hls_io_EQ : Joined<["--"], "hls-io=">, MetaVarName<"host|direct">,
  HelpText<"How the Vitis HLS feeders and drainers reach their buffers: host (default), "
           "through layouts the host makes and reads, one 512-bit beat per clock in "
           "address order; direct, each accessing its buffer itself (docs/hls.md)">;
def hls_split_EQ : Joined<["--"], "hls-split=">, MetaVarName<"auto|rows|none">,
  HelpText<"How the Vitis HLS C++ builds a systolic array: auto (default), a process per PE "
           "row where its DSPs need more than one die (SLR) of the --device card; rows, a "
           "process per PE row with streams between them; none, one process (docs/hls.md)">;
def emit_dot : Flag<["--"], "emit-dot">,
  HelpText<"Print a Graphviz picture of the designs instead of compiling; "
           "-o FILE">;
