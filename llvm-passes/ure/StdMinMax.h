//===- StdMinMax.h - std::min, std::max, std::clamp as selects -*- C++ -*-===//
//
// Replaces each call to the standard library's two-argument std::min and
// std::max and three-argument std::clamp of a scalar type (int, unsigned,
// float, ..., recognized by their Itanium-mangled names) with what the
// standard defines them by: min(a, b) = b < a ? b : a and max(a, b) =
// a < b ? b : a, as LLVM's smin/smax/umin/umax for integers (the same
// value) and selects for floating point, and clamp(v, lo, hi) as libstdc++
// computes it, min(max(v, lo), hi) (the standard's formula wherever
// lo <= hi, which it requires). They
// take their arguments by reference, so clang spills the arguments to
// temporaries and loads the result through the returned reference; after
// this the temporaries are ordinary scalars that PrepareNests promotes, and
// the URE model reads the value ('std::max(a, b)' in a DP statement) or the
// run-time bound ('t < std::min(n, 6)') as it reads __builtin_elementwise_min
// or a '?:'.
//
// Preconditions: the function holds a T2S loop nest (PrepareNests decides).
// A call is replaced only when every use of its result is a load of the
// result's type right after it in its block, with nothing between that
// writes memory; any other call stays as it was.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STDMINMAX_H
#define T2S_STDMINMAX_H

namespace llvm {
class Function;
} // namespace llvm

namespace t2s {

/// Replaces the std::min/max/clamp calls of F; whether it changed F.
bool expandStdMinMax(llvm::Function &F);

} // namespace t2s

#endif // T2S_STDMINMAX_H
