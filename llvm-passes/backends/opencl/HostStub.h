//===- HostStub.h - Host stubs of a design, from its Design -----*- C++ -*-===//
//
// Prints the host stub that runs a function's kernels, from its Design alone:
// under T2S_EMULATE, the kernels' declarations and a stub with the
// function's signature that runs them stage by stage as fibers
// (t2s/emulation.h), after checking that written buffers overlap no other;
// otherwise a stub that creates the device buffers (sized by the extents the
// nests touch), runs the kernels and reads the written buffers back
// (t2s/host.h), and with T2S_OPENCL_OFFLOAD the function's own signature on
// the first OpenCL device.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HOSTSTUB_H
#define T2S_HOSTSTUB_H

#include "backends/c/CTypes.h"
#include "systolic/Design.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace t2s {

/// Where the emulation puts the kernels, their channels and the host stubs:
/// compiled as C++, a kernel named like one of the program's functions with
/// the same parameter types would otherwise be a second definition of it.
inline constexpr const char *KernelNamespace = "t2s_kernels";

/// What every host file starts with, once.
extern const char *const HostPrelude;

/// The C declaration of parameter \p ArgNo in kernel \p K's signature; with
/// \p Macros in the spelling of t2s/channels.h (as the host declares it).
std::string kernelParameter(const Design &D, const Design::Kernel &K, unsigned ArgNo,
                            CTypes &Types, bool Macros);

/// The board the emulated runs count clocks for (t2s::emu::RunInfo): its
/// name, clock and off-chip bytes per clock.
struct StubBoard {
  std::string Device;
  double FmaxMHz = 0, BytesPerClock = 0;
};

/// Prints the stub of \p D. \p ForDevice: the stub will run on an OpenCL
/// device without channels, where a buffer of unknown size is an error.
/// The emulated runs name \p Board for the clocked emulation. Returns what
/// stops the stub ("the buffer 'x', whose size cannot be told..."), having
/// printed nothing useful, or none.
std::optional<std::string> printHostStub(llvm::raw_ostream &OS, const Design &D,
                                         CTypes &Types, bool ForDevice,
                                         const StubBoard &Board = StubBoard());

} // namespace t2s

#endif // T2S_HOSTSTUB_H
