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
// With loader(a) / drainer(c) on the nest, the reads of input a (writes of
// output c) move into a kernel of their own that runs the same time loops,
// PEs and conditions and streams the values through a channel (an array of
// channels over the PEs that access it); the systolic kernel then touches no
// global memory and, without arguments, is an autorun kernel. Such a file is
// written with the macros of t2s/channels.h, so it also compiles as C++ for
// emulation.
//
// With -t2s-opencl-host=<file>, also writes each design's host stub: under
// -DT2S_EMULATE, extern "C" t2s_run_<design>(the function's parameters) runs
// the kernels on threads; otherwise t2s_run_<design>(Device, Program, ...)
// creates the buffers, launches the kernels through t2s/host.h and reads the
// results back.
//
// Preconditions: the system passed the URE and schedule checks; statements
// use arithmetic, comparisons, conditionals, casts and library math.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLEMITTER_H
#define T2S_OPENCLEMITTER_H

#include "Options.h"
#include "systolic/DesignNames.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>

namespace llvm {
class DominatorTree;
class Type;
}

namespace t2s {

struct SpaceTimeSchedule;

/// The OpenCL C name of a value type ("float", "float4", "t2s_float20"), or
/// "" for a type the back end cannot print.
std::string openCLTypeName(llvm::Type *T);

struct OpenCLEmitterPass : llvm::PassInfoMixin<OpenCLEmitterPass> {
  explicit OpenCLEmitterPass(OpenCLOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  OpenCLOptions Opts;
};

} // namespace t2s

#endif // T2S_OPENCLEMITTER_H
