//===- OpenCLEmitter.h - OpenCL C for Intel FPGAs -------------*- C++ -*-===//
//
// With -t2s-opencl=<file> (what t2s-clang --emit-opencl passes), writes the
// kernels of every design of the translation unit, once, at the end: each
// function's Design (systolic/DesignAnalysis.h), as the lowering steps laid
// it out, printed by backends/OpenCLKernels.h. A scheduled URE system is a
// single-work-item kernel in the form the seed's space-time transform
// describes (time loops; per time step the register shifts, then the PEs as
// '#pragma unroll' loops, each recovering its loop variables from the time);
// with loader(a) / drainer(c), the reads of a (writes of c) run in kernels of
// their own that talk to the PEs through channels, and the array, without
// arguments, is an autorun kernel. Such a file is written with the macros of
// t2s/channels.h, so it also compiles as C++ for emulation.
//
// With -t2s-opencl-host=<file>, also writes each design's host stub
// (backends/HostStub.h): under -DT2S_EMULATE, extern "C" t2s_run_<design>(the
// function's parameters) runs the kernels as fibers; otherwise
// t2s_run_<design>(Device, Program, ...) creates the buffers, launches the
// kernels through t2s/host.h and reads the results back.
//
// This pass reports the Design's rejections at their source lines and writes
// the files; it decides nothing about the kernels. Preconditions: the URE
// model, schedules and channels of each function passed their checks.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLEMITTER_H
#define T2S_OPENCLEMITTER_H

#include "Options.h"

#include "llvm/IR/PassManager.h"

#include <string>

namespace t2s {

struct OpenCLEmitterPass : llvm::PassInfoMixin<OpenCLEmitterPass> {
  explicit OpenCLEmitterPass(OpenCLOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  OpenCLOptions Opts;
};

} // namespace t2s

#endif // T2S_OPENCLEMITTER_H
