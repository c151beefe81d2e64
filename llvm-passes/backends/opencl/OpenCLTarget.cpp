//===- OpenCLTarget.cpp - OpenCL C for Intel FPGAs ------------------------===//

#include "backends/opencl/OpenCLTarget.h"
#include "backends/model/Timing.h"
#include "backends/opencl/HostStub.h"
#include "backends/opencl/OpenCLKernels.h"
#include "systolic/DesignAnalysis.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace t2s {

const TargetCapabilities &OpenCLTarget::capabilities() const {
  static const TargetCapabilities Caps{TargetCapabilities::ChannelKind::IntelChannel,
                                       /*Autorun=*/true, OpenCLTypeStyle.BuiltinVectors,
                                       /*AnyBufferLanes=*/true, IntelToolchain};
  return Caps;
}

std::optional<std::string> OpenCLTarget::print(const Design &D, const TargetContext &C,
                                               TargetTexts &Texts) const {
  CTypes Types(OpenCLTypeStyle);
  // The clocked emulation's marks: what the model charges each kernel.
  std::vector<ClockMarks> Marks;
  if (C.Output.ClockMarks)
    for (const Design::Kernel &K : D.Kernels)
      Marks.push_back(clockMarks(D, K, C.Device));
  if (std::optional<std::string> Why = printKernels(Texts.Kernels, D, Types, Marks))
    return Why;
  if (C.Output.HostFile.empty())
    return std::nullopt;
  llvm::raw_string_ostream HS(Texts.Host);
  HS << Types.definitions(); // the host passes the same vector structs
  StubBoard Board{C.Device.Name, C.Board.FmaxMHz,
                  C.Device.DRAMGBPerSecond * 1000 / C.Board.FmaxMHz};
  if (std::optional<std::string> Why =
          printHostStub(HS, D, Types, C.Output.OnDevice, Board))
    return cannotWriteOpenCL(*Why);
  return std::nullopt;
}

llvm::StringRef OpenCLTarget::hostPrelude() const { return HostPrelude; }

bool OpenCLTarget::definesKernel(llvm::StringRef Text, llvm::StringRef Name) const {
  return Text.contains((llvm::Twine("\nvoid ") + Name + "(").str());
}

} // namespace t2s
