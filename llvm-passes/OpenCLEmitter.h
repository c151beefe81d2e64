//===- OpenCLEmitter.h - OpenCL C for Intel FPGAs -------------*- C++ -*-===//
//
// With -t2s-opencl=<file> (what t2s-clang --emit-opencl passes), writes each
// scheduled URE system as a single-work-item OpenCL kernel in the form the
// seed's space-time transform describes: the time loops, then per time step
// the shift of every register (an unrolled copy loop), then the PEs as
// '#pragma unroll' loops, each recovering its loop variables from the time
// variables behind the time check and running the statements, URE arrays read
// from and written to per-PE shift registers, inputs and outputs as global
// buffers. The text is printed from the URE model and the statements' IR, so
// it keeps the design's names and structure, without gotos.
//
// Preconditions: the system passed the URE and schedule checks; statements
// use arithmetic, comparisons, conditionals, casts and library math.
// Channels between kernels, loaders and vector types come with later work.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLEMITTER_H
#define T2S_OPENCLEMITTER_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct OpenCLEmitterPass : llvm::PassInfoMixin<OpenCLEmitterPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_OPENCLEMITTER_H
