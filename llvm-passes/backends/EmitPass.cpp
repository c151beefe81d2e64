//===- EmitPass.cpp - The requested targets' files ------------------------===//

#include "backends/EmitPass.h"
#include "backends/Target.h"
#include "backends/model/DepthWarnings.h"
#include "backends/model/Estimate.h"
#include "backends/model/FPGADevices.h"
#include "backends/model/TimingWarnings.h"
#include "language/Warnings.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/StreamChannels.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <vector>

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

// The whole contents of a file, or empty.
std::string fileText(const std::string &Path) {
  if (Path.empty())
    return "";
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> File = llvm::MemoryBuffer::getFile(Path);
  return File ? (*File)->getBuffer().str() : std::string();
}

// One requested target: its files, the texts of the translation unit's
// designs so far, and the program's other translation units' kernels.
struct Requested {
  const Target &T;
  const TargetOutput &Output;
  std::string Earlier; // the kernels file as it was
  TargetTexts Texts;
};

class Emitter {
  const EmitOptions &Opts;
  const FPGADevice &Dev;
  std::vector<Requested> &Targets;
  llvm::StringSet<> Defined; // kernels of this translation unit's designs
  unsigned NextBank = 0;

public:
  Emitter(const EmitOptions &Opts, const FPGADevice &Dev, std::vector<Requested> &Targets)
      : Opts(Opts), Dev(Dev), Targets(Targets) {
    // The connectivity's banks go on from the file's (the program's other
    // translation units).
    for (const Requested &R : Targets)
      NextBank += R.T.banksAssigned(fileText(R.Output.ConfigFile));
  }

  // F's designs, printed by every requested target and appended to its
  // texts; nothing for a function without designs or with errors
  // (reported already, or here).
  void function(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
    if (F.isDeclaration() || designsRejected(F, FAM))
      return;
    const DesignResult &DR = FAM.getResult<DesignAnalysis>(F);
    if (DR.empty())
      return;
    const Design &D = DR.D;
    for (const SourceLoc &Loc : DR.ChannelFreeNests)
      reportWarning(F, Loc, WarningGroup::NoChannels,
                    "OpenCL devices without Intel's channel extension (PoCL here) have "
                    "no channels: on the device this design runs as one kernel that "
                    "reads and writes its buffers itself, without its loader, drainer, "
                    "scatter and gather ('t2s-clang --emulate' runs them)");
    if (DR.Rejection) {
      reportError(F, DR.Rejection->first, DR.Rejection->second);
      return;
    }
    const SourceLoc &Loc = DR.Nests.front()->System->Loc;
    if (!namesAreFree(F, D, Loc))
      return;
    warn(F, DR);
    for (const Requested &R : Targets)
      if (std::optional<std::string> Why = R.T.check(D, R.Output)) {
        reportError(F, Loc, *Why);
        return;
      }
    for (const Requested &R : Targets) {
      std::vector<TargetWarning> Warnings;
      R.T.warnings(D, R.Output, Warnings);
      for (const TargetWarning &W : Warnings)
        reportWarning(F, W.Line ? SourceLoc{Loc.File, W.Line, 0} : Loc, W.Group, W.Text);
    }
    std::vector<TargetTexts> Texts(Targets.size());
    unsigned Bank = NextBank;
    for (unsigned I = 0; I < Targets.size(); ++I) {
      TargetContext C{Targets[I].Output, Dev, Opts.Board, Bank};
      if (std::optional<std::string> Why = Targets[I].T.print(D, C, Texts[I])) {
        reportError(F, Loc, *Why);
        return;
      }
    }
    NextBank = Bank;
    for (unsigned I = 0; I < Targets.size(); ++I) {
      Targets[I].Texts.Kernels += Texts[I].Kernels;
      Targets[I].Texts.Host += Texts[I].Host;
      Targets[I].Texts.Config += Texts[I].Config;
    }
    for (const Design::Kernel &K : D.Kernels)
      Defined.insert(K.Name);
  }

private:
  // Kernels, channels and host stubs are named after their function: two
  // files of one program with designs in functions of the same name (static
  // ones, say) would define them twice.
  bool namesAreFree(llvm::Function &F, const Design &D, const SourceLoc &Loc) {
    for (const Design::Kernel &K : D.Kernels) {
      bool InFile = Defined.count(K.Name);
      if (!InFile && llvm::none_of(Targets, [&](const Requested &R) {
            return R.T.definesKernel(R.Earlier, K.Name);
          }))
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
      return false;
    }
    return true;
  }

  // The warnings of the design, once: kernels for Intel's compiler or
  // Vitis that would start a step less often than every clock, as --report
  // says (not for the emulation's or the device stubs' own compilations);
  // a channel the run-time sizes can outgrow (also for the emulation,
  // which stops at such sizes).
  void warn(llvm::Function &F, const DesignResult &DR) {
    const Design &D = DR.D;
    if (!Opts.Design.isolates())
      return;
    bool ForDevice = llvm::any_of(Targets, [](const Requested &R) {
      return !R.Output.KernelsFile.empty();
    });
    bool Clocked =
        llvm::any_of(Targets, [](const Requested &R) { return R.Output.ClockMarks; });
    if (ForDevice && !Clocked)
      for (unsigned N = 0; N < D.Nests.size(); ++N)
        if (D.Nests[N].Scheduled)
          warnAboutTiming(F, DR, N, estimateNest(D, N, Dev, {}, Opts.Board.FmaxMHz).Timing,
                          Dev);
    warnAboutChannelDepths(F, D);
  }
};

// A file's text with the target's prelude first where the file is new.
std::string withPrelude(const std::string &Path, llvm::StringRef Prelude, std::string Text) {
  uint64_t Size = 0;
  if (llvm::sys::fs::file_size(Path, Size) || Size == 0)
    Text = Prelude.str() + Text;
  return Text;
}

// Asked to write kernels, a file whose functions give no kernel and no
// error: the file would hold its header alone.
void warnIfNoKernels(llvm::Module &M, llvm::FunctionAnalysisManager &FAM,
                     const std::vector<Requested> &Targets) {
  for (llvm::Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (designsRejected(F, FAM)) // the errors say why
      return;
    if (!FAM.getResult<ChannelAnalysis>(F).Units.empty())
      return;
  }
  std::string Languages;
  for (const Requested &R : Targets)
    Languages += (Languages.empty() ? "" : " or ") + R.T.language().str();
  reportFileWarning(M, WarningGroup::NoDesign,
                    "no design to write as " + Languages +
                        ": no '#pragma t2s ure' nest with 'space_time' and no "
                        "'kernel(name)' nest (the file holds no kernel)");
}

} // namespace

llvm::PreservedAnalyses EmitPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM) {
  if (!Opts.requested())
    return llvm::PreservedAnalyses::all();
  llvm::FunctionAnalysisManager &FAM =
      MAM.getResult<llvm::FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::vector<Requested> Targets;
  for (const TargetOutput &Out : Opts.Targets) {
    const Target *T = findTarget(Out.Target);
    if (!T) {
      M.getContext().emitError("no target named '" + Out.Target + "' (backends/Targets.def)");
      return llvm::PreservedAnalyses::all();
    }
    Targets.push_back(Requested{*T, Out, fileText(Out.KernelsFile), {}});
  }
  warnIfNoKernels(M, FAM, Targets);
  std::optional<FPGADevice> Dev = findFPGADevice(Opts.Board.Device);
  if (!Dev) {
    M.getContext().emitError(unknownFPGADevice(Opts.Board.Device));
    return llvm::PreservedAnalyses::all();
  }
  Emitter E(Opts, *Dev, Targets);
  for (llvm::Function &F : M)
    E.function(F, FAM);
  // Each file is written once, with every design of the translation unit
  // (appended: t2s-clang gives a program's translation units one file);
  // each starts with its prelude.
  for (const Requested &R : Targets) {
    const TargetOutput &Out = R.Output;
    const TargetTexts &X = R.Texts;
    if (!Out.KernelsFile.empty() && !X.Kernels.empty() &&
        !appendTo(M.getContext(), Out.KernelsFile,
                  withPrelude(Out.KernelsFile, R.T.kernelsPrelude(), X.Kernels)))
      return llvm::PreservedAnalyses::all();
    if (!Out.HostFile.empty() && !X.Host.empty() &&
        !appendTo(M.getContext(), Out.HostFile,
                  withPrelude(Out.HostFile, R.T.hostPrelude(), X.Host)))
      return llvm::PreservedAnalyses::all();
    if (!Out.ConfigFile.empty() && !X.Config.empty() &&
        !appendTo(M.getContext(), Out.ConfigFile,
                  withPrelude(Out.ConfigFile, R.T.configPrelude(), X.Config)))
      return llvm::PreservedAnalyses::all();
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
