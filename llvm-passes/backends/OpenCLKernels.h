//===- OpenCLKernels.h - A Design's kernels as OpenCL C ---------*- C++ -*-===//
//
// Prints the kernels of a Design (systolic/Design.h) as OpenCL C for Intel
// FPGAs: the channels between them (t2s/channels.h, whose macros also
// compile as C++ for the emulation), then each kernel, its signature from
// the Design's parameters and its body from its statements (systolic/Stmt.h),
// with the vector types OpenCL lacks defined before them. Everything was
// decided by the lowering steps; this file only spells it, and sees no LLVM
// IR.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLKERNELS_H
#define T2S_OPENCLKERNELS_H

#include "backends/CTypes.h"
#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// Appends the OpenCL C of \p D's kernels to \p Text; \p Types collects
/// the vector types they use (the host stub passes the same). Returns why a
/// kernel could not be printed (an internal error), having appended nothing
/// useful, or none.
std::optional<std::string> printKernels(std::string &Text, const Design &D, CTypes &Types);

} // namespace t2s

#endif // T2S_OPENCLKERNELS_H
