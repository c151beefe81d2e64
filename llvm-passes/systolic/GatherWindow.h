//===- GatherWindow.h - What a loader streams for a gather ------*- C++ -*-===//
//
// A read of an input whose index depends on a value the array computes
// (AutoSA's block-sparse PE reads x[g * 4 + off], off decoded from a mask)
// is a gather: the loader cannot know which element the PE will pick. With
// loader(x) it streams the window of elements the PE may pick instead: the
// index splits into an affine part, which the loader computes from the loop
// variables, and a computed part (the pick), whose values LLVM's
// ConstantRange bounds from the expressions that compute it (through the
// statements that define the URE values it reads; a recurrence, such as a
// pick passed along the PEs, by the least range its statements map into
// itself). The loader sends the
// elements [affine + lo, affine + hi] as one vector per read; the PE picks
// lane pick - lo.
//
// Preconditions: the nest's statements and the read's element are lifted
// (systolic/LiftExpr.h). The window must hold at most MaxGatherWindow
// elements and stay within the extent the parameter was declared with
// (language/LoopMetadata.h, getDeclaredExtent), so that the loader never
// reads past the input; otherwise the plan says why, as a sentence that
// names the rule and the fix.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_GATHERWINDOW_H
#define T2S_GATHERWINDOW_H

#include "expr/Expr.h"
#include "systolic/Design.h"
#include "ure/UREModel.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace t2s {

/// The most elements a gather window carries: the widest vector a channel
/// of the back ends names (hasCName).
inline constexpr int64_t MaxGatherWindow = 32;

struct GatherWindow {
  /// The window's first element: the read's element with the computed part
  /// of its index replaced by its least value (the last index term, a
  /// constant of scale 1: windowLane replaces it).
  ExprPtr First;
  /// The lane a PE picks: the computed part minus its least value (64-bit,
  /// over the nest's leaves).
  ExprPtr Pick;
  /// The least value of the computed part, and the elements a window holds.
  int64_t Lo = 0, Width = 0;
};

struct GatherWindowPlan {
  std::optional<GatherWindow> Window;
  std::string Why; ///< why no window can be streamed ("" if one can, or none is needed)
};

/// The window of the read of input \p Name at \p Element (a BufferElement of
/// nest \p N of system \p S) whose parameter was declared with \p Declared
/// elements. Neither a window nor a reason when the index computes nothing
/// (an ordinary read).
GatherWindowPlan planGatherWindow(const ExprPtr &Element, const URESystem &S,
                                  const Design::Nest &N, std::optional<uint64_t> Declared,
                                  llvm::StringRef Name);

/// The element of lane \p Lane of window \p W.
ExprPtr windowLane(const GatherWindow &W, int64_t Lane);

/// The least and the greatest value \p E may take (signed), bounded with
/// LLVM's ConstantRange: loop variables over their ranges, URE values over
/// the values the statements that define their arrays compute; none where
/// that is any value of E's type (parameters, memory, floating point).
std::optional<std::pair<int64_t, int64_t>> valueBounds(const Expr &E, const URESystem &S,
                                                       const Design::Nest &N);

} // namespace t2s

#endif // T2S_GATHERWINDOW_H
