//===- OpenCLTarget.h - OpenCL C for Intel FPGAs ----------------*- C++ -*-===//
//
// The target "intel-opencl" (backends/Target.h): each function's Design as
// OpenCL C for Intel's offline compiler (OpenCLKernels.h), the channels of
// Intel's extension through the macros of t2s/channels.h (which also
// compile as C++ for the emulation), and the host stubs (HostStub.h) that
// run the kernels as fibers (-DT2S_EMULATE) or on an OpenCL device. With
// clock marks asked for (t2s-clang --emulate), the timing model computes
// each kernel's marks (model/Timing.h) and the kernels carry them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLTARGET_H
#define T2S_OPENCLTARGET_H

#include "backends/Target.h"

namespace t2s {

class OpenCLTarget : public Target {
public:
  llvm::StringRef name() const override { return "intel-opencl"; }
  llvm::StringRef language() const override { return "OpenCL"; }
  /// The Design's build refuses what OpenCL cannot spell
  /// (systolic/DesignAnalysis.h, URERule::OpenCL).
  llvm::StringRef rule() const override { return "opencl"; }
  const TargetCapabilities &capabilities() const override;
  /// On an OpenCL device (t2s-clang --opencl): each call of library math
  /// that OpenCL C lets the device round otherwise than the host's libm.
  void warnings(const Design &D, const TargetOutput &Out,
                std::vector<TargetWarning> &W) const override;
  std::optional<std::string> print(const Design &D, const TargetContext &C,
                                   TargetTexts &Texts) const override;
  llvm::StringRef hostPrelude() const override;
  bool definesKernel(llvm::StringRef Text, llvm::StringRef Name) const override;
};

} // namespace t2s

#endif // T2S_OPENCLTARGET_H
