//===- OpenCLKernels.h - A Design's kernels as OpenCL C ---------*- C++ -*-===//
//
// Prints the kernels of a Design (systolic/Design.h) as OpenCL C for Intel
// FPGAs: the channels between them (t2s/channels.h, whose macros also
// compile as C++ for the emulation), then each kernel, its signature from
// the Design's parameters and its body from its statements (systolic/Stmt.h),
// with the vector types OpenCL lacks defined before them. The statements
// are the shared C printer's (c/CKernelPrinter.h); this file is OpenCL's
// dialect of it. On request (what t2s-clang --emulate asks) the kernels also
// carry the clocked emulation's marks (t2s/clock.h), computed beforehand by
// the timing model (model/Timing.h): each pipelined loop's iterations start
// with T2S_STEP or T2S_ITERATION and the II that its structural rules give
// on the device, each access to a global buffer is T2S_OFFCHIP(...); they
// are nothing in OpenCL. Everything was decided by the lowering steps; this
// file only spells it, and sees no LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCLKERNELS_H
#define T2S_OPENCLKERNELS_H

#include "backends/c/CTypes.h"
#include "backends/c/ClockMarks.h"
#include "systolic/Design.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace t2s {

/// How OpenCL C spells vectors: its own types of 2, 3, 4, 8 and 16 lanes,
/// structs padded as the host lays vectors out, compound literals.
inline constexpr CTypeStyle OpenCLTypeStyle{};

/// Appends the OpenCL C of \p D's kernels to \p Text; \p Types collects
/// the vector types they use (the host stub passes the same). Returns why a
/// kernel could not be printed (an internal error), having appended nothing
/// useful, or none. With \p Marks (one per kernel of \p D, in order), the
/// clocked emulation's marks.
std::optional<std::string> printKernels(std::string &Text, const Design &D, CTypes &Types,
                                        llvm::ArrayRef<ClockMarks> Marks = {});

/// Prints one kernel of \p D as OpenCL C. Returns why it could not (an
/// internal error), or none.
std::optional<std::string> printKernel(llvm::raw_ostream &OS, const Design &D,
                                       const Design::Kernel &K, CTypes &Types);

} // namespace t2s

#endif // T2S_OPENCLKERNELS_H
