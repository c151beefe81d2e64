//===- EmitPass.h - The requested targets' files ----------------*- C++ -*-===//
//
// t2s-emit: for every target the command line asks for (TargetOutput,
// Options.h; backends/Targets.def), writes the files of every design of the
// translation unit, once, at the end: each function's Design
// (systolic/DesignAnalysis.h), as the lowering steps laid it out, printed by
// the target (backends/Target.h). -t2s-opencl=, -t2s-opencl-host= ask for
// Intel's OpenCL (opencl/OpenCLTarget.h); -t2s-hls=, -t2s-hls-host=,
// -t2s-hls-config= for Vitis HLS (hls/HLSTarget.h). Files are appended to:
// t2s-clang gives a program's translation units one file each.
//
// Per function, in this order: the Design's rejections and the kernels'
// names against the program's other designs, reported at their source
// lines; the warnings about the device's clocks (model/TimingWarnings.h,
// for Intel's compiler or Vitis, not for the emulation's own compilations)
// and channel depths (model/DepthWarnings.h), once per design; then each
// target's rules (Target::check), then its printing. This pass decides
// nothing about the kernels. Preconditions: the URE model, schedules and
// channels of each function passed their checks.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_EMITPASS_H
#define T2S_EMITPASS_H

#include "Options.h"

#include "llvm/IR/PassManager.h"

namespace t2s {

struct EmitPass : llvm::PassInfoMixin<EmitPass> {
  explicit EmitPass(EmitOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  EmitOptions Opts;
};

} // namespace t2s

#endif // T2S_EMITPASS_H
