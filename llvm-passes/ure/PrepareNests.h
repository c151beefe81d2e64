//===- PrepareNests.h - SSA form for the marked loop nests ----*- C++ -*-===//
//
// Promotes the scalar allocas of every function that holds a T2S loop nest to
// SSA values (what mem2reg does), so loop variables become induction phis that
// ScalarEvolution understands, after turning std::min, std::max and
// std::clamp into selects (ure/StdMinMax.h) and inlining the program's own
// helper functions that the nests call (ure/InlineHelpers.h), and taking
// the sanitizer's checks out of the nests (ure/StripChecks.h). A value stored to a named local
// keeps the local's name (!t2s.name on the instruction that computes it), so
// the kernels can name it after promotion. Runs right after
// t2s-attach-pragmas, at -O0 too; functions without T2S loops are left
// untouched.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PREPARENESTS_H
#define T2S_PREPARENESTS_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct PrepareNestsPass : llvm::PassInfoMixin<PrepareNestsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_PREPARENESTS_H
