//===- PEBuffer.h - A URE array kept in a buffer indexed by time loops -*- C++ -*-===//
//
// A shift register holds a value for a fixed number of time steps. A read
// that reaches back across an iteration of a time loop P, inside which a
// time loop with affine bounds runs (QR decomposition's 'A[i - 1][j][k]'
// under 'for (i) for (j = i; ...)'), waits a number of steps that changes
// with the outer loops. Such an array keeps its values in a buffer of each
// PE instead, indexed by the values of the time loops from P inward: the
// write of iteration v goes to slot(v), a read at distance d reads
// slot(v - d). P's dimension is a window of (largest distance along P) + 1
// values, taken modulo; each inner dimension spans the loop's box, padded
// by the distances along it, so that every slot a read computes lies in the
// buffer even where the read's condition keeps it from running.
//
// Preconditions (systolic/SpaceTimeSchedule.cpp decides): no schedule
// vector (the time loops run themselves), no vectorize, every read of the
// array zero along the loops outside P.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PEBUFFER_H
#define T2S_PEBUFFER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <string>

namespace t2s {

/// One dimension of a PE buffer: the index along nest loop Loop is
/// (v - d - Lower) modulo Extent for the Window dimension, v - d - Lower
/// for the others.
struct PEBufferDim {
  unsigned Loop = 0;
  int64_t Lower = 0;
  int64_t Extent = 1;
  bool Window = false;
};

/// The slot of the iteration whose loop values are \p Values minus \p
/// Distance (both over the nest's loops): row-major over Dims. The native
/// transform (native/SpaceTimeTransform.cpp) and the kernels
/// (lowering/KernelBuilder.h) compute the same from the loop variables.
inline int64_t peBufferSlot(llvm::ArrayRef<PEBufferDim> Dims, llvm::ArrayRef<int64_t> Values,
                            llvm::ArrayRef<int64_t> Distance) {
  int64_t Slot = 0;
  for (const PEBufferDim &D : Dims) {
    int64_t X = Values[D.Loop] - (Distance.empty() ? 0 : Distance[D.Loop]) - D.Lower;
    if (D.Window)
      X = ((X % D.Extent) + D.Extent) % D.Extent;
    Slot = Slot * D.Extent + X;
  }
  return Slot;
}

/// "a buffer indexed by (i % 2, j + 1 of 8)": how the slot is found, with
/// each loop's name from \p Name.
inline std::string peBufferText(llvm::ArrayRef<PEBufferDim> Dims,
                                llvm::function_ref<std::string(unsigned)> Name) {
  std::string Out = "a buffer indexed by (";
  for (const PEBufferDim &D : Dims) {
    if (&D != Dims.data())
      Out += ", ";
    Out += Name(D.Loop);
    if (D.Window) {
      if (D.Lower)
        Out += (D.Lower > 0 ? " - " : " + ") + std::to_string(D.Lower > 0 ? D.Lower : -D.Lower);
      Out += " mod " + std::to_string(D.Extent);
      continue;
    }
    if (D.Lower)
      Out += (D.Lower > 0 ? " - " : " + ") + std::to_string(D.Lower > 0 ? D.Lower : -D.Lower);
    Out += " of " + std::to_string(D.Extent);
  }
  return Out + ")";
}

} // namespace t2s

#endif // T2S_PEBUFFER_H
