//===- OpenCLTarget.cpp - OpenCL C for Intel FPGAs ------------------------===//

#include "backends/opencl/OpenCLTarget.h"
#include "backends/model/Timing.h"
#include "backends/opencl/HostStub.h"
#include "backends/opencl/OpenCLKernels.h"
#include "expr/MathFunctions.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <vector>

namespace t2s {

const TargetCapabilities &OpenCLTarget::capabilities() const {
  static const TargetCapabilities Caps{TargetCapabilities::ChannelKind::IntelChannel,
                                       /*Autorun=*/true, OpenCLTypeStyle.BuiltinVectors,
                                       /*AnyBufferLanes=*/true, IntelToolchain};
  return Caps;
}

void OpenCLTarget::warnings(const Design &D, const TargetOutput &Out,
                            std::vector<TargetWarning> &W) const {
  if (!Out.OnDevice)
    return;
  // Once per function and line, in the order the kernels call them.
  std::set<std::pair<std::string, unsigned>> Seen;
  for (const Design::Kernel &K : D.Kernels)
    forEachStmt(K.Body, [&](const Stmt &S) {
      forEachExpr(S, [&](const ExprPtr &E) {
        forEachNode(E, [&](const Expr &X) {
          if (X.Kind != ExprKind::Call)
            return;
          const MathFunction *M = mathFunction(X.Name);
          if (!M || !M->FloatULP || !Seen.insert({X.Name, X.Line}).second)
            return;
          bool Double = X.Type.element().Bits == 64;
          W.push_back(
              {X.Line, WarningGroup::DeviceMath,
               "'" + X.Name + "' runs on the OpenCL device as its OpenCL C library computes it, "
               "which may round otherwise than the host's libm: OpenCL C allows it " +
                   (Double ? std::string("the error of its table for double")
                           : std::to_string(M->FloatULP) + " ulp") +
                   " (OpenCL C 1.2, section 7.4), so the results may differ from the "
                   "reference's in the last bits; compare them within that tolerance "
                   "(t2s::countMismatches, t2s/compare.h), or check the design with "
                   "--emulate, whose kernels call the host's libm"});
        });
      });
    });
}

std::optional<std::string> OpenCLTarget::print(const Design &D, const TargetContext &C,
                                               TargetTexts &Texts) const {
  CTypes Types(OpenCLTypeStyle);
  // The clocked emulation's marks: what the model charges each kernel.
  std::vector<ClockMarks> Marks;
  if (C.Output.ClockMarks)
    for (const Design::Kernel &K : D.Kernels)
      Marks.push_back(clockMarks(D, K, C.Device, C.Board.FmaxMHz));
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
