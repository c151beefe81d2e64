//===- HLSTarget.h - C++ for AMD Vitis HLS ----------------------*- C++ -*-===//
//
// The target "amd-hls" (backends/Target.h): each function's Design as C++
// for Vitis HLS (HLSKernels.h), a DATAFLOW top with hls::stream channels and
// the array as an hls::task, its host stubs (HLSHost.h: the C simulation,
// or XRT on an Alveo card) and v++ --link's connectivity. Its rules run
// before anything is printed: processes must pass values one way (Vitis'
// C simulation runs a DATAFLOW region's functions in turn), buffers of
// vectors need a power of two lanes, and a design that will run through
// XRT needs the size of every buffer.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLSTARGET_H
#define T2S_HLSTARGET_H

#include "backends/Target.h"

namespace t2s {

class HLSTarget : public Target {
public:
  llvm::StringRef name() const override { return "amd-hls"; }
  llvm::StringRef language() const override { return "Vitis HLS C++"; }
  llvm::StringRef rule() const override { return "hls"; }
  const TargetCapabilities &capabilities() const override;
  std::optional<std::string> check(const Design &D, const TargetOutput &Out) const override;
  std::optional<std::string> print(const Design &D, const TargetContext &C,
                                   TargetTexts &Texts) const override;
  llvm::StringRef kernelsPrelude() const override;
  llvm::StringRef hostPrelude() const override;
  llvm::StringRef configPrelude() const override;
  unsigned banksAssigned(llvm::StringRef Text) const override;
  bool definesKernel(llvm::StringRef Text, llvm::StringRef Name) const override;
};

} // namespace t2s

#endif // T2S_HLSTARGET_H
