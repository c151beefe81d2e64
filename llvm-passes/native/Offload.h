//===- Offload.h - Run a design's kernels instead of its nest --*- C++ -*-===//
//
// t2s-offload (on with -t2s-offload; t2s-clang --emulate turns it on)
// replaces the kernel nests of a function (its scheduled URE nests and
// kernel(name) nests) by one call to the function's host stub, extern "C"
// void t2s_run_<function>(the function's parameters), which the OpenCL
// emitter writes with -t2s-opencl-host and which runs all their kernels
// together (channels may connect them). The program then computes the
// nest's results with the emitted OpenCL kernels: under emulation when the
// stubs are compiled with -DT2S_EMULATE and linked with the .cl file compiled
// as C++.
//
// Preconditions: the nests passed the URE, schedule and channel checks; each
// has a preheader and a single exit block, no value it computes is used
// after it (nests communicate only through arrays), and no code lies between
// two of them (it would run after the kernels).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OFFLOAD_H
#define T2S_OFFLOAD_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct OffloadPass : llvm::PassInfoMixin<OffloadPass> {
  /// \p Enabled: -t2s-offload (Options.h); otherwise the pass does nothing.
  explicit OffloadPass(bool Enabled) : Enabled(Enabled) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }

private:
  bool Enabled;
};

} // namespace t2s

#endif // T2S_OFFLOAD_H
