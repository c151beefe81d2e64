//===- t2s/xrt_host.h - Running Vitis HLS kernels through XRT ---*- C++ -*-===//
//
// The host side that the stubs of 't2s-clang --emit-hls --host-stub=...'
// are written against (on XRT's native C++ API), usable by hand too:
//
//   t2s::xrt_host::Kernel K = t2s::xrt_host::open("gemm_top", "gemm.xclbin");
//   xrt::bo A = t2s::xrt_host::input(K, 0, a, n);  // argument 0: n elements of a
//   xrt::bo C = t2s::xrt_host::output(K, 2, c, n); // written whole: not sent
//   K.Run(A, B, C).wait();
//   t2s::xrt_host::readBack(C, c, n);
//
// The device is XRT's device $T2S_XRT_DEVICE (an index or a BDF, default 0).
// The .xclbin is $T2S_XCLBIN if set, else the file the stub names (v++ makes
// it; t2s-clang's build files put it next to the executable) in the
// executable's directory. Both are opened once, at the first run; a kernel
// object is kept per name. Link with -lxrt_coreutil (Debian: libxrt-dev;
// its headers are under /usr/include/xrt).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_XRT_HOST_H
#define T2S_XRT_HOST_H

#include <xrt/xrt_bo.h>
#include <xrt/xrt_device.h>
#include <xrt/xrt_kernel.h>

#include "program_file.h"
#include "sizes.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <mutex>
#include <string>

namespace t2s {
namespace xrt_host {

/// The .xclbin to load: $T2S_XCLBIN, else \p Default in the executable's
/// directory (an absolute \p Default as it is).
inline std::string xclbinPath(const char *Default) { return programFile("T2S_XCLBIN", Default); }

namespace detail {
struct Session {
  xrt::device Device;
  xrt::uuid Xclbin;
  std::map<std::string, xrt::kernel> Kernels;
};

inline Session &session(const char *Xclbin) {
  static Session S = [&] {
    const char *Index = std::getenv("T2S_XRT_DEVICE");
    Session New;
    std::string Which = Index && *Index ? Index : "0";
    New.Device = Which.find(':') != std::string::npos ? xrt::device(Which)
                                                       : xrt::device(unsigned(std::stoul(Which)));
    New.Xclbin = New.Device.load_xclbin(xclbinPath(Xclbin));
    return New;
  }();
  return S;
}

inline std::mutex &lock() {
  static std::mutex M;
  return M;
}
} // namespace detail

/// A kernel of the loaded .xclbin, with its device.
struct Kernel {
  xrt::device &Device;
  xrt::kernel &Run;
};

/// The kernel \p Name of the .xclbin (xclbinPath(\p Xclbin)) on the device.
inline Kernel open(const char *Name, const char *Xclbin) {
  std::lock_guard<std::mutex> Guard(detail::lock());
  detail::Session &S = detail::session(Xclbin);
  auto It = S.Kernels.find(Name);
  if (It == S.Kernels.end())
    It = S.Kernels.emplace(Name, xrt::kernel(S.Device, S.Xclbin, Name)).first;
  return {S.Device, It->second};
}

/// A buffer in the memory bank of \p K's argument \p Arg for the \p N
/// elements at \p Host, not sent: an output the kernel writes whole.
template <typename T> xrt::bo output(Kernel &K, int Arg, const T *, long long N) {
  return xrt::bo(K.Device, size_t(N > 0 ? N : 1) * sizeof(T), K.Run.group_id(Arg));
}

/// A buffer in the memory bank of \p K's argument \p Arg, holding the \p N
/// elements at \p Host on the device.
template <typename T> xrt::bo input(Kernel &K, int Arg, const T *Host, long long N) {
  xrt::bo B = output(K, Arg, Host, N);
  if (N > 0)
    B.write(Host, size_t(N) * sizeof(T), 0);
  B.sync(XCL_BO_SYNC_BO_TO_DEVICE);
  return B;
}

/// Copies \p N elements of \p B back from the device to \p Host.
template <typename T> void readBack(xrt::bo &B, T *Host, long long N) {
  if (N <= 0)
    return;
  B.sync(XCL_BO_SYNC_BO_FROM_DEVICE);
  B.read(Host, size_t(N) * sizeof(T), 0);
}

/// Reports a failure of the kernel that replaces a design and exits: the
/// design's function has no way to return an error.
[[noreturn]] inline void fatal(const char *Where, const std::exception &E) {
  std::fprintf(stderr,
               "%s: %s (the design runs on an AMD FPGA through XRT: set XILINX_XRT, "
               "T2S_XRT_DEVICE and T2S_XCLBIN; docs/hls.md)\n",
               Where, E.what());
  std::exit(1);
}

} // namespace xrt_host
} // namespace t2s

#endif // T2S_XRT_HOST_H
