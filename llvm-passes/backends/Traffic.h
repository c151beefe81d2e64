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

#include <cstdint>
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
    uint64_t bytes() const { return Element.isBool() ? 1 : (Element.Bits + 7) / 8; }
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

/// The off-chip traffic of the kernels of nest \p Nest of \p D in one run.
DesignTraffic countTraffic(const Design &D, unsigned Nest, uint64_t Budget = TrafficBudget);

} // namespace t2s

#endif // T2S_TRAFFIC_H
