//===- KernelChannels.h - The channels a kernel uses ------------*- C++ -*-===//
//
// The channels a kernel of a Design reads and writes, found in its
// statements: what a target whose kernels take their channels as
// parameters (HLS streams) declares, and what orders its processes.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_KERNELCHANNELS_H
#define T2S_KERNELCHANNELS_H

#include "systolic/Design.h"

#include "llvm/ADT/SmallVector.h"

namespace t2s {

/// The channels a kernel reads and writes, in the Design's order.
struct KernelChannels {
  llvm::SmallVector<const Design::Channel *, 4> Reads, Writes;
  /// Reads and writes, in the Design's order, once each.
  llvm::SmallVector<const Design::Channel *, 4> all() const;
};
KernelChannels kernelChannels(const Design &D, const Design::Kernel &K);

} // namespace t2s

#endif // T2S_KERNELCHANNELS_H
