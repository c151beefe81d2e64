//===- InlineHelpers.h - A nest's calls of its own functions -*- C++ -*-===//
//
// Inlines, into the loops of T2S nests, the calls of functions the program
// defines itself (a helper such as 'min3(a, b, c)'), so that the URE model
// and the kernels see the expressions they compute: a kernel reaches only
// its own code and library math. A helper qualifies when its body has no
// loop, at most a few hundred instructions, writes only its own locals and
// calls only library math and other helpers (a few levels deep); a call of
// any other function stays, and the URE model refuses it as a call with
// side effects. At -O0 too (clang marks every function noinline
// there; the nests need the expressions all the same).
//
// Preconditions: F holds a T2S nest (its loops carry source names), and
// std::min and friends were expanded first (StdMinMax.h).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_INLINEHELPERS_H
#define T2S_INLINEHELPERS_H

namespace llvm {
class Function;
} // namespace llvm

namespace t2s {

/// Inlines the qualifying calls inside F's T2S loops; whether it changed F.
bool inlineHelpers(llvm::Function &F);

} // namespace t2s

#endif // T2S_INLINEHELPERS_H
