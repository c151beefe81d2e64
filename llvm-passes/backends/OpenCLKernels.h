//===- OpenCLKernels.h - A Design's kernels as OpenCL C ---------*- C++ -*-===//
//
// Prints the kernels of a Design (systolic/Design.h) as OpenCL C for Intel
// FPGAs: the channels between them (t2s/channels.h, whose macros also
// compile as C++ for the emulation), then each kernel, its signature from
// the Design's parameters and its body from its statements (systolic/Stmt.h),
// with the vector types OpenCL lacks defined before them. On request (what
// t2s-clang --emulate asks) the kernels also carry the clocked emulation's
// marks (t2s/clock.h): each pipelined loop's iterations start with T2S_STEP
// or T2S_ITERATION and the II that Timing.h's structural rules give on the
// device, each access to a global buffer is T2S_OFFCHIP(...); they are
// nothing in OpenCL. Everything was
// decided by the lowering steps; this file only spells it, and sees no LLVM
// IR.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLKERNELS_H
#define T2S_OPENCLKERNELS_H

#include "backends/CTypes.h"
#include "backends/FPGADevices.h"
#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// Appends the OpenCL C of \p D's kernels to \p Text; \p Types collects
/// the vector types they use (the host stub passes the same). Returns why a
/// kernel could not be printed (an internal error), having appended nothing
/// useful, or none. With \p Marks, the clocked emulation's marks for that
/// device.
std::optional<std::string> printKernels(std::string &Text, const Design &D, CTypes &Types,
                                        const FPGADevice *Marks = nullptr);

/// Prints one kernel of \p D, as OpenCL C, or as a Vitis HLS process
/// where \p Types names C++'s types (backends/HLSKernels.h). Returns why it
/// could not (an internal error), or none.
std::optional<std::string> printKernel(llvm::raw_ostream &OS, const Design &D,
                                       const Design::Kernel &K, CTypes &Types);

} // namespace t2s

#endif // T2S_OPENCLKERNELS_H
