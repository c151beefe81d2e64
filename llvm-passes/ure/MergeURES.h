//===- MergeURES.h - Fuse separately written URE nests --------*- C++ -*-===//
//
// '#pragma t2s merge_ures(B, C)' on a URE nest (the representative) fuses the
// later nests that write B and C, in that order, into its innermost loop, so
// that the statements run as one URE system: the representative's first, then
// B's, then C's (seed merge_ures.md). A merged nest is marked '#pragma t2s ure'
// and has the same loops (names and bounds) as the representative, or, for
// an output nest (an extended URE), a subset of them: each missing loop is
// fixed by the constant its URE reads use in that dimension, which becomes a
// guard ('out[j] = A[j][20]' runs as 'if (i == 20) out[j] = A[j][i]').
//
// Rejected, with the reason at the directive or the offending nest: a name no
// later nest writes, loops that differ, a nest that reads an array a later
// nest writes (the sequential program reads it before it is computed), and
// shapes the fusion cannot move (values flowing between the nests).
// Preconditions: PrepareNestsPass ran (SSA loop variables, loops as clang
// emits them: not rotated).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_MERGEURES_H
#define T2S_MERGEURES_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct MergeURESPass : llvm::PassInfoMixin<MergeURESPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_MERGEURES_H
