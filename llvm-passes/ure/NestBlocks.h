//===- NestBlocks.h - The blocks of a function's T2S loops ------*- C++ -*-===//
//
// The blocks of the loops that carry a source name (those of '#pragma t2s'
// nests), found anew from the CFG as it is: the steps of t2s-prepare-nests
// (InlineHelpers.h, StripChecks.h) change it, so each asks for its own.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_NESTBLOCKS_H
#define T2S_NESTBLOCKS_H

#include "language/LoopMetadata.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"

namespace t2s {

/// The blocks of F's T2S loops.
inline llvm::SmallPtrSet<llvm::BasicBlock *, 32> nestBlocks(llvm::Function &F) {
  llvm::DominatorTree DT(F);
  llvm::LoopInfo LI(DT);
  llvm::SmallPtrSet<llvm::BasicBlock *, 32> Blocks;
  for (llvm::Loop *L : LI.getLoopsInPreorder())
    if (getLoopSourceName(*L))
      Blocks.insert(L->block_begin(), L->block_end());
  return Blocks;
}

} // namespace t2s

#endif // T2S_NESTBLOCKS_H
