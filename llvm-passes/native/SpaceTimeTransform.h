//===- SpaceTimeTransform.h - UREs to a systolic array --------*- C++ -*-===//
//
// t2s-space-time rewrites each scheduled URE system (SpaceTimeSchedule.h) into
// the systolic array the seed's space_time_transform.md describes, executed
// natively:
//  * each time loop runs over its time variable t = sum(schedule * space) +
//    loop; the original loop variables are recovered from t in every PE and
//    a PE runs only at its time steps (0 <= k < K);
//  * the URE arrays disappear: each becomes a shift register of
//    (largest time distance + 1) words per PE, shifted once per flattened
//    time step; a write goes to slot 0 of its PE, a read at time distance x
//    from PE offset d takes slot x of PE (pe - d), where a PE's index along
//    a space loop is the loop value minus the loop's lower bound;
//  * outputs and inputs keep their (recovered) subscripts.
// The PE loops stay loops, in nest order; LLVM may unroll them. Preconditions:
// the nest passed the URE checks and is as PrepareNests left it (loops as
// clang emits them); each later space_time drops the outermost space loop of
// the previous one.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPACETIMETRANSFORM_H
#define T2S_SPACETIMETRANSFORM_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct SpaceTimeTransformPass : llvm::PassInfoMixin<SpaceTimeTransformPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_SPACETIMETRANSFORM_H
