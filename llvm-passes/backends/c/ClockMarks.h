//===- ClockMarks.h - The clocked emulation's marks of a kernel -*- C++ -*-===//
//
// What the printed kernels carry for the clocked emulation (t2s/clock.h):
// the timing model computes them (model/Timing.h, clockMarks), the kernel
// printers spell them (c/CKernelPrinter.h). Data only, so that neither
// includes the other.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CLOCKMARKS_H
#define T2S_CLOCKMARKS_H

#include "systolic/Stmt.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace t2s {

/// What the clocked emulation (t2s/clock.h) charges the iterations of a
/// kernel's pipelined loops: the II of the rules it cannot see in the
/// running code, on-chip memory ports and recurrences (0 for a loop that
/// does no work of its own). Channels and off-chip bytes it counts itself.
struct ClockMarks {
  llvm::DenseMap<const Stmt *, int64_t> Loops;
  /// The kernel's step loop, if it has one.
  const Stmt *Step = nullptr;
  /// The body's own II, where the body is the step (it works outside loops).
  std::optional<int64_t> Body;
};

} // namespace t2s

#endif // T2S_CLOCKMARKS_H
