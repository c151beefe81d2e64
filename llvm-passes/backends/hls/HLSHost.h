//===- HLSHost.h - Host stubs of a Vitis HLS design -------------*- C++ -*-===//
//
// Prints the host stub t2s_run_<design> of a design emitted as Vitis HLS C++
// (backends/hls/HLSKernels.h), with the design's function's signature, from its
// Design alone. Under -DT2S_HLS_SIM it calls the design's top function, which
// the same program links compiled against T2S's C simulation headers
// (t2s-clang --hls-sim). Otherwise it runs the top as a kernel of an .xclbin
// on an AMD FPGA through XRT's native C++ API (t2s/xrt_host.h): a buffer
// object per buffer in its argument's memory bank, the inputs synced to the
// device, the kernel run with the buffers and sizes, the written buffers
// synced back.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLSHOST_H
#define T2S_HLSHOST_H

#include "backends/c/CTypes.h"
#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// What every HLS host file starts with, once.
extern const char *const HLSHostPrelude;

/// Why the XRT stub of \p D cannot run it (a buffer whose size cannot be
/// told), with the fix; none where it can.
std::optional<std::string> xrtRefusal(const Design &D);

/// Prints the stub of \p D. Where the size of a buffer cannot be told, the
/// XRT stub is an #error that says so (the C simulation runs). Returns why
/// a parameter has no C type; none if the stub is printed.
std::optional<std::string> printHLSHostStub(llvm::raw_ostream &OS, const Design &D,
                                            CTypes &Types);

} // namespace t2s

#endif // T2S_HLSHOST_H
