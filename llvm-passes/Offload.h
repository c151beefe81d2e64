//===- Offload.h - Run a design's kernels instead of its nest --*- C++ -*-===//
//
// t2s-offload (on with -t2s-offload; t2s-clang --emulate turns it on)
// replaces each scheduled URE nest by one call to the design's host stub,
// extern "C" void t2s_run_<design>(the function's parameters), which the
// OpenCL emitter writes with -t2s-opencl-host. The program then computes the
// nest's results with the emitted OpenCL kernels: under emulation when the
// stubs are compiled with -DT2S_EMULATE and linked with the .cl file compiled
// as C++.
//
// Preconditions: the nest passed the URE and schedule checks; it has a
// preheader and a single exit block, and no value it computes is used after
// it (a URE nest communicates only through arrays).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OFFLOAD_H
#define T2S_OFFLOAD_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct OffloadPass : llvm::PassInfoMixin<OffloadPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_OFFLOAD_H
