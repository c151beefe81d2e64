//===- HLSTarget.cpp - C++ for AMD Vitis HLS ------------------------------===//

#include "backends/hls/HLSTarget.h"
#include "backends/hls/HLSHost.h"
#include "backends/hls/HLSKernels.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

namespace {

// A refusal of this target: the reason, the rule.
std::string cannotWriteHLS(const std::string &Why) {
  return "cannot write this design as Vitis HLS C++: " + Why + " [hls]";
}

} // namespace

const TargetCapabilities &HLSTarget::capabilities() const {
  static const TargetCapabilities Caps{TargetCapabilities::ChannelKind::Stream,
                                       /*Autorun=*/true, HLSTypeStyle.BuiltinVectors,
                                       /*AnyBufferLanes=*/false, AMDToolchain};
  return Caps;
}

std::optional<std::string> HLSTarget::check(const Design &D, const TargetOutput &Out) const {
  if (std::optional<std::string> Why = hlsRefusal(D))
    return cannotWriteHLS(*Why);
  if (Out.OnDevice && !Out.HostFile.empty()) // t2s-clang --xrt: an error in the user's file
    if (std::optional<std::string> Why = xrtRefusal(D))
      return cannotWriteHLS(*Why);
  return std::nullopt;
}

std::optional<std::string> HLSTarget::print(const Design &D, const TargetContext &C,
                                            TargetTexts &Texts) const {
  CTypes Types(HLSTypeStyle);
  // Vitis' streams are as deep as its toolchain builds them at least, its
  // long delay lines in block RAM.
  FPGAToolchain Tools = fpgaToolchain(AMDToolchain);
  if (C.Output.HLSDelayLineWords >= 0)
    Tools.DelayLineRAMWords = C.Output.HLSDelayLineWords;
  std::optional<std::string> Why = printHLS(Texts.Kernels, D, Types, Tools, &C.Device);
  if (!Why && !C.Output.HostFile.empty()) {
    llvm::raw_string_ostream HS(Texts.Host);
    Why = printHLSHostStub(HS, D, Types);
  }
  if (Why)
    return llvm::StringRef(*Why).starts_with("internal error") ? *Why : cannotWriteHLS(*Why);
  if (!C.Output.ConfigFile.empty()) {
    llvm::raw_string_ostream CS(Texts.Config);
    printHLSConnectivity(CS, D, C.Device, C.NextBank);
  }
  return std::nullopt;
}

llvm::StringRef HLSTarget::kernelsPrelude() const { return hlsPrelude(); }
llvm::StringRef HLSTarget::hostPrelude() const { return HLSHostPrelude; }
llvm::StringRef HLSTarget::configPrelude() const { return HLSConfigPrelude; }

unsigned HLSTarget::banksAssigned(llvm::StringRef Text) const {
  return Text.count("\nsp=");
}

bool HLSTarget::definesKernel(llvm::StringRef Text, llvm::StringRef Name) const {
  return Text.contains((llvm::Twine("\nstatic void ") + Name + "(").str());
}

} // namespace t2s
