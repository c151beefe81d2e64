//===- Traffic.h - The off-chip memory a design reads and writes -*- C++ -*-===//
//
// How many elements of each buffer (pointer parameter) the kernels of one
// nest read from and write to off-chip memory in one run: every buffer
// element a kernel's statements load, every store to one, counted over the
// loops, conditions and time recoveries as the device runs them (a vector
// element counts its lanes). Values that pass between kernel nests on
// streams stay on chip and are not counted.
//
// The count skips statements that access no buffer, and runs a loop only
// where what its body accesses depends on the loop's variable (a condition,
// a bound, a recovery or a pinned variable reads it); otherwise it
// multiplies the body's count by the trip count. A load or store counts when
// the kernel, read as C, runs it (what an FPGA compiler speculates is not
// counted). A condition or select on a computed value counts the arm that
// accesses more of each buffer: an upper bound, Exact is false unless both
// arms access the same. Kernels whose count would take more than Budget
// steps, or whose loop bounds are computed, leave the count unknown.
//
// Preconditions: the unroll step laid out the kernels (Kernel::Body).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TRAFFIC_H
#define T2S_TRAFFIC_H

#include "systolic/Design.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace t2s {

struct DesignTraffic {
  struct Buffer {
    unsigned ArgNo = 0;
    std::string Name;
    DType Element;
    uint64_t Read = 0, Written = 0; ///< elements (lanes of a vector count)
    uint64_t bytesRead() const { return Read * bytes(); }
    uint64_t bytesWritten() const { return Written * bytes(); }
    /// An element's bytes (a lane's: Read and Written count lanes).
    uint64_t bytes() const { return (Element.element().storageBits() + 7) / 8; }
  };
  /// The buffers the kernels access, by argument number.
  std::vector<Buffer> Buffers;
  bool Known = true; ///< false: too long to count, or computed bounds
  bool Exact = true; ///< false: both arms of a computed condition counted

  uint64_t bytesRead() const;
  uint64_t bytesWritten() const;
};

/// The steps of kernel statements the count may run per nest.
inline constexpr uint64_t TrafficBudget = uint64_t(1) << 22;

/// The off-chip traffic of the kernels of nest \p Nest of \p D in one run,
/// with the parameters at \p Params (by argument number; empty: the
/// stand-ins of run-time sizes); \p WithoutReuse: with the loaders that
/// have reuse buffers as they were without them.
DesignTraffic countTraffic(const Design &D, unsigned Nest, uint64_t Budget = TrafficBudget,
                           llvm::ArrayRef<std::optional<int64_t>> Params = {},
                           bool WithoutReuse = false);

/// Whether a loader of nest \p Nest has a reuse buffer (buffer(a, k)).
bool hasReuseBuffers(const Design &D, unsigned Nest);

/// A nest's traffic as a formula of its run-time sizes, where each run-time
/// loop runs from 0 to a parameter of its own (at most 4 of them): per
/// buffer, the elements read and written as a sum of terms c * s1 * s2 ...
/// over those parameters. Found from the counts where each size is 1 or 2
/// (a multilinear function is fixed by them) and kept only if it also gives
/// the counts at 3 and at the stand-ins (a condition such as 'k < 3' makes
/// the traffic no such function).
struct TrafficFormula {
  struct Term {
    int64_t Coefficient = 0;
    llvm::SmallVector<unsigned, 4> Sizes; ///< argument numbers
  };
  struct Buffer {
    unsigned ArgNo = 0;
    std::string Name;
    unsigned Bytes = 0; ///< per element
    std::vector<Term> Read, Written; ///< elements
  };
  std::vector<Buffer> Buffers;
  llvm::SmallVector<unsigned, 4> Sizes; ///< the parameters, by argument number

  /// The elements of Terms at the parameters' values \p Params.
  static int64_t evaluate(const std::vector<Term> &Terms,
                          llvm::ArrayRef<std::optional<int64_t>> Params);
};

/// None if the nest has no run-time sizes, or its traffic is no such formula.
std::optional<TrafficFormula> trafficFormula(const Design &D, unsigned Nest,
                                            bool WithoutReuse = false);

} // namespace t2s

#endif // T2S_TRAFFIC_H
