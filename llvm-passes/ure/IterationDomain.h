//===- IterationDomain.h - The iterations of a nest with affine bounds -*- C++ -*-===//
//
// A URE nest's loops may have bounds that are affine in the variables of
// outer loops with constant coefficients (for (j = k; j < N; ++j): a
// triangle; for (i = t; i < t + N; ++i): a parallelogram). Its iterations
// are then the points that satisfy every loop's bounds, a subset of the box
// of the loops' ranges. This file answers, exactly and for any size, what
// the back ends and the report ask of that set: whether a point is in it,
// how many points it has (some loops pinned to values: the iterations of
// one PE, whether a PE ever runs), and the box of each loop's values.
//
// Counting follows the loops: a loop whose bounds are constant and that no
// other bound names contributes its extent as a factor; the other loops
// are enumerated outermost first, except the innermost of them, whose range
// is counted at once. The cost is the number of points of the enumerated
// loops (one loop of a triangle: its extent); past a budget the count is
// unknown. (ISL's isl_set_count_val counts by visiting every point.)
//
//===----------------------------------------------------------------------===//

#ifndef T2S_ITERATIONDOMAIN_H
#define T2S_ITERATIONDOMAIN_H

#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace t2s {

/// Whether any loop's bounds name an outer loop.
bool hasAffineBounds(llvm::ArrayRef<URELoop> Loops);

/// The first loop of \p Loops whose bounds name loop \p D, if any.
const URELoop *loopNaming(llvm::ArrayRef<URELoop> Loops, unsigned D);

/// Whether the bounds of some loop of \p Loops name loop \p D.
inline bool boundsName(llvm::ArrayRef<URELoop> Loops, unsigned D) {
  return loopNaming(Loops, D) != nullptr;
}

/// "j in [k, 6)": loop \p L and its bounds (the box's ends where constant).
std::string rangeText(const URELoop &L, llvm::ArrayRef<URELoop> Loops);

/// Loop \p L's bounds at the values \p Outer of the loops outside it (nest
/// order; at least as many as its bounds name).
int64_t lowerAt(const URELoop &L, llvm::ArrayRef<int64_t> Outer);
int64_t upperAt(const URELoop &L, llvm::ArrayRef<int64_t> Outer);

/// Whether \p Point (one value per loop) is an iteration of the nest.
bool inDomain(llvm::ArrayRef<URELoop> Loops, llvm::ArrayRef<int64_t> Point);

/// The number of iterations of \p Loops (a nest, or its outermost loops)
/// whose loop D has the value Pins[D] where Pins[D] is set (Pins may be
/// shorter than Loops); none if counting would visit more than \p Budget
/// points.
std::optional<uint64_t> countIterations(llvm::ArrayRef<URELoop> Loops,
                                        llvm::ArrayRef<std::optional<int64_t>> Pins = {},
                                        uint64_t Budget = uint64_t(1) << 24);

/// Sets the Lower and Upper of each loop of a nest with affine bounds to
/// the box of its values over the nest's iterations (a loop with constant
/// bounds shrinks to the values at which inner loops run an iteration; a
/// run-time loop keeps its stand-in range).
/// Returns false if the nest has no iteration. Where a count exceeds its
/// budget, a box end stays the bound's extreme over the outer loops'
/// boxes: a box that may be too large, never too small.
bool computeBoxes(llvm::MutableArrayRef<URELoop> Loops);

} // namespace t2s

#endif // T2S_ITERATIONDOMAIN_H
