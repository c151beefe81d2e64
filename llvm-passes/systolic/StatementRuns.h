//===- StatementRuns.h - How many iterations run each statement -*- C++ -*-===//
//
// The estimate counts a run's floating-point operations and cell updates
// as each statement's operations times the iterations at which it runs. A
// nest with affine bounds runs its domain, not its box (LU at N = 6: 126 of
// 216 points), and an output statement guarded by 'k == K - 1' runs once
// per (j, i), not at every point. This counts, with isl, the points of the
// domain where a statement's exact guards on the loop variables hold.
//
// The count factors: a loop with constant (or run-time) bounds that no
// bound and no guard names contributes its extent, which the estimate takes
// at the sizes it is asked for; the other loops ("coupled") are counted
// together, at the stand-in sizes. Where a guard or bound couples a
// run-time loop, or the coupled loops span too many points to count, the
// count is unknown and the estimate counts every point, as before.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STATEMENTRUNS_H
#define T2S_STATEMENTRUNS_H

#include "ure/UREModel.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace t2s {

/// The iterations where something runs: Coupled points of the coupled
/// loops, times the extents of the Free loops (indices into the nest).
struct RunCount {
  uint64_t Coupled = 1;
  llvm::SmallVector<unsigned, 6> Free;
};

/// The iterations of \p S's domain where the exact guards \p Guards hold
/// (none: the domain's points); none if they cannot be counted.
std::optional<RunCount> countRuns(const URESystem &S, llvm::ArrayRef<Guard> Guards);

} // namespace t2s

#endif // T2S_STATEMENTRUNS_H
