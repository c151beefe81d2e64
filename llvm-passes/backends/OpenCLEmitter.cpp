//===- OpenCLEmitter.cpp - OpenCL C for Intel FPGAs -----------------------===//

#include "backends/OpenCLEmitter.h"
#include "backends/CTypes.h"
#include "backends/DepthWarnings.h"
#include "backends/Estimate.h"
#include "backends/FPGADevices.h"
#include "backends/HLSHost.h"
#include "backends/HLSKernels.h"
#include "backends/HostStub.h"
#include "backends/OpenCLKernels.h"
#include "backends/TimingWarnings.h"
#include "language/Warnings.h"
#include "systolic/StreamChannels.h"
#include "systolic/DesignAnalysis.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace t2s {

namespace {

// Appends Text to the file Path; false after reporting a failure.
bool appendTo(llvm::LLVMContext &Ctx, const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC) {
    Ctx.emitError("cannot write " + Path + ": " + EC.message());
    return false;
  }
  Out << Text;
  return true;
}

// One function's kernels and host stubs.
struct FunctionOutput {
  std::string Kernels, Host;
  std::string HLS, HLSHost; ///< Vitis HLS C++ and its host stubs
  const Design *D = nullptr; ///< for the connectivity
};

// Whether Kernels (the text of a kernels file, OpenCL C or Vitis HLS C++)
// defines a kernel named Name.
bool definesKernel(llvm::StringRef Kernels, const std::string &Name) {
  return Kernels.contains("\nvoid " + Name + "(") ||
         Kernels.contains("\nstatic void " + Name + "(");
}

// The kernels and host stubs of F's designs; nothing for a function without
// designs or with errors (reported already, or here). Earlier is what the
// kernels file holds already: the designs of the program's other files;
// Before: the kernels of this file's functions before F.
std::optional<FunctionOutput> emitFunction(llvm::Function &F,
                                           llvm::FunctionAnalysisManager &FAM,
                                           const OpenCLOptions &Opts, const FPGADevice &Dev,
                                           llvm::StringRef Earlier, llvm::StringRef Before) {
  if (F.isDeclaration() || designsRejected(F, FAM))
    return std::nullopt;
  const DesignResult &DR = FAM.getResult<DesignAnalysis>(F);
  if (DR.empty())
    return std::nullopt;
  const Design &D = DR.D;
  for (const SourceLoc &Loc : DR.ChannelFreeNests)
    reportWarning(F, Loc, WarningGroup::NoChannels,
                  "OpenCL devices without Intel's channel extension (PoCL here) have "
                  "no channels: on the device this design runs as one kernel that "
                  "reads and writes its buffers itself, without its loader, drainer, "
                  "scatter and gather ('t2s-clang --emulate' runs them)");
  if (DR.Rejection) {
    reportError(F, DR.Rejection->first, DR.Rejection->second);
    return std::nullopt;
  }
  CTypes Types;
  std::string Text, Host;
  llvm::raw_string_ostream HS(Host);
  const SourceLoc &Loc = DR.Nests.front()->System->Loc;

  // Kernels, channels and host stubs are named after their function: two
  // files of one program with designs in functions of the same name (static
  // ones, say) would define them twice.
  for (const Design::Kernel &K : D.Kernels) {
    bool InFile = definesKernel(Before, K.Name);
    if (!InFile && !definesKernel(Earlier, K.Name))
      continue;
    if (K.Role == KernelRole::KernelNest) {
      const Design::Place &At = D.Nests[K.Nest].At;
      reportError(F, SourceLoc{D.File, At.Line, At.Column},
                  "another design of this program has a kernel named '" + K.Name +
                      "' already (a kernel(name) nest is one OpenCL kernel of that name "
                      "in the program's kernels file) [" +
                      ruleName(URERule::Offload).str() + "]; give this kernel another name");
    } else {
      reportError(F, Loc,
                  std::string(InFile ? "another design of this file has a kernel named '"
                                     : "another source file of this program has a design "
                                       "named '") +
                      K.Name +
                      "' already (kernels, channels and host stubs are named after "
                      "their function) [" + ruleName(URERule::Offload).str() +
                      "]; rename this function or the other one");
    }
    return std::nullopt;
  }

  if (std::optional<std::string> Why =
          printKernels(Text, D, Types, Opts.ClockMarks ? &Dev : nullptr)) {
    reportError(F, Loc, *Why);
    return std::nullopt;
  }
  // Kernels for Intel's compiler or Vitis: where one would start a step less
  // often than every clock, say so, as --report does (not for the
  // emulation's or the device stubs' own compilations).
  if (!Opts.ClockMarks && Opts.isolates() &&
      (!Opts.KernelsFile.empty() || !Opts.HLSFile.empty()))
    for (unsigned N = 0; N < D.Nests.size(); ++N)
      if (D.Nests[N].Scheduled)
        warnAboutTiming(F, DR, N, estimateNest(D, N, Dev, {}, Opts.FmaxMHz).Timing, Dev);
  // A channel the run-time sizes can outgrow: also for the emulation, which
  // stops at such sizes.
  if (Opts.isolates())
    warnAboutChannelDepths(F, D);
  if (!Opts.HostFile.empty()) {
    HS << Types.definitions(); // the host passes the same vector structs
    if (std::optional<std::string> Why = printHostStub(HS, D, Types, Opts.ForDevice,
                                                           StubBoard{Dev.Name, Opts.FmaxMHz,
                                                                     Dev.DRAMGBPerSecond * 1000 /
                                                                         Opts.FmaxMHz})) {
      reportError(F, Loc, cannotWriteOpenCL(*Why));
      return std::nullopt;
    }
  }
  // Vitis HLS: the same kernels as processes, with C++'s names of types.
  std::string HLS, HLSHost;
  if (!Opts.HLSFile.empty() || !Opts.HLSHostFile.empty()) {
    CTypes CxxTypes(/*Cxx=*/true);
    std::optional<std::string> Why = printHLS(HLS, D, CxxTypes);
    if (!Why && !Opts.HLSHostFile.empty()) {
      llvm::raw_string_ostream HH(HLSHost);
      Why = printHLSHostStub(HH, D, CxxTypes, Opts.HLSForXRT);
    }
    if (Why) {
      reportError(F, Loc,
                  llvm::StringRef(*Why).starts_with("internal error")
                      ? *Why
                      : "cannot write this design as Vitis HLS C++: " + *Why + " [" +
                            ruleName(URERule::HLS).str() + "]");
      return std::nullopt;
    }
  }
  return FunctionOutput{std::move(Text), std::move(Host), std::move(HLS), std::move(HLSHost),
                        &D};
}

} // namespace

llvm::PreservedAnalyses OpenCLEmitterPass::run(llvm::Module &M,
                                               llvm::ModuleAnalysisManager &MAM) {
  if (!Opts.requested())
    return llvm::PreservedAnalyses::all();
  llvm::FunctionAnalysisManager &FAM =
      MAM.getResult<llvm::FunctionAnalysisManagerModuleProxy>(M).getManager();
  // The program's other files' designs, if any: in the kernels file, or
  // in the HLS file when only that is written.
  std::string Earlier;
  const std::string &Written = Opts.KernelsFile.empty() ? Opts.HLSFile : Opts.KernelsFile;
  if (!Written.empty())
    if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> File =
            llvm::MemoryBuffer::getFile(Written))
      Earlier = (*File)->getBuffer().str();
  std::optional<FPGADevice> Dev = findFPGADevice(Opts.Device);
  if (!Dev) {
    M.getContext().emitError(unknownFPGADevice(Opts.Device));
    return llvm::PreservedAnalyses::all();
  }
  std::string Kernels, Host, HLS, HLSHost, Config;
  // The connectivity's banks go on from the file's (the program's other
  // translation units); HBM on the boards that have it.
  unsigned NextBank = 0;
  if (!Opts.HLSConfigFile.empty())
    if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> File =
            llvm::MemoryBuffer::getFile(Opts.HLSConfigFile))
      NextBank = (*File)->getBuffer().count("\nsp=");
  bool HBM = Dev->Key == "u280" || Dev->Key == "u55c";
  llvm::raw_string_ostream CS(Config);
  for (llvm::Function &F : M)
    if (std::optional<FunctionOutput> Out = emitFunction(F, FAM, Opts, *Dev, Earlier, Kernels)) {
      Kernels += Out->Kernels;
      Host += Out->Host;
      HLS += Out->HLS;
      HLSHost += Out->HLSHost;
      if (!Opts.HLSConfigFile.empty())
        printHLSConnectivity(CS, *Out->D, HBM, NextBank);
    }
  // Each file is written once, with every design of the translation unit
  // (appended: t2s-clang gives a program's translation units one file).
  if (!Opts.KernelsFile.empty() && !Kernels.empty() &&
      !appendTo(M.getContext(), Opts.KernelsFile, Kernels))
    return llvm::PreservedAnalyses::all();
  // A host file starts with its prelude; so does an HLS file.
  auto withPrelude = [](const std::string &Path, const char *Prelude, std::string Text) {
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(Path, Size) || Size == 0)
      Text = Prelude + Text;
    return Text;
  };
  if (!Opts.HostFile.empty() && !Host.empty() &&
      !appendTo(M.getContext(), Opts.HostFile, withPrelude(Opts.HostFile, HostPrelude, Host)))
    return llvm::PreservedAnalyses::all();
  if (!Opts.HLSFile.empty() && !HLS.empty() &&
      !appendTo(M.getContext(), Opts.HLSFile, withPrelude(Opts.HLSFile, HLSPrelude, HLS)))
    return llvm::PreservedAnalyses::all();
  if (!Opts.HLSHostFile.empty() && !HLSHost.empty() &&
      !appendTo(M.getContext(), Opts.HLSHostFile,
                withPrelude(Opts.HLSHostFile, HLSHostPrelude, HLSHost)))
    return llvm::PreservedAnalyses::all();
  if (!Opts.HLSConfigFile.empty() && !Config.empty())
    appendTo(M.getContext(), Opts.HLSConfigFile,
             withPrelude(Opts.HLSConfigFile, HLSConfigPrelude, Config));
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
