//===- OptVLSHintsPass.h - Vector widths for loops bound by gathers -*- C++ -*-===//
//
// t2s-optvls-hints runs just before the loop vectorizer. It finds innermost
// loops that read adjacent fields through an index (r[idx[k]].a, .b, ...),
// which the vectorizer leaves scalar because it prices each field as a
// gather, and prices them as t2s-optvls will rewrite them after
// vectorization: the OptVLS server groups the loads and builds their
// contiguous loads and shuffles at each vector width. When the loop, with
// those sequences, costs less per iteration than the scalar loop at some
// width (and the vectorizer's own pricing, with gathers, finds no width
// worth it), the pass sets llvm.loop.vectorize.width to that width. Remarks:
// -Rpass=t2s-optvls-hints says which width and why, -Rpass-missed why not.
// -t2s-optvls-hints=false turns the pass off.
//
// Preconditions, checked (a loop that fails one is left alone): innermost,
// one block, a trip count scalar evolution can compute; no call that may
// write memory or have other side effects; no vectorization metadata that
// disables vectorization or sets a width already; stores only to consecutive
// addresses, loads to consecutive ones, a loop-invariant one or through an
// index (no other constant stride); every header phi an induction or a reduction, and a
// floating-point one only if its operations allow reassociation
// (-ffast-math, -fassociative-math) or the user asked for vectorization
// ('#pragma clang loop vectorize(enable)'): a width lets the vectorizer
// reorder such a recurrence, which would change its result.
//
// Only llvm.loop.vectorize.width is set, not llvm.loop.vectorize.enable: a
// width above 1 is enough for the vectorizer, and it still checks legality
// itself; 'enable' would turn any failure of that check into a
// -Wpass-failed warning about a request the user never wrote.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OPTVLSHINTSPASS_H
#define T2S_OPTVLS_OPTVLSHINTSPASS_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct OptVLSHintsPass : llvm::PassInfoMixin<OptVLSHintsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

} // namespace t2s

#endif // T2S_OPTVLS_OPTVLSHINTSPASS_H
