//===- OptVLSPass.h - Adjacent gathers/scatters to loads + shuffles -*- C++ -*-===//
//
// t2s-optvls finds, in each basic block, vector accesses whose lanes are at
// constant distances from each other's - llvm.masked.gather and
// llvm.masked.scatter calls (e.g. the fields x[j], x[j + 1] of j = idx[k],
// or P[idx[k]].x/.y/.z), and the scalarized gathers the loop vectorizer
// writes where gathers are expensive (a scalar load per lane feeding an
// insertelement chain) - and asks the OptVLS server (OVLSGrouping.h,
// OVLSSequence.h) to group them and to replace each group by contiguous
// (masked) loads or stores and shufflevectors, when TargetTransformInfo says
// that is cheaper. Remarks: -Rpass=t2s-optvls says what was replaced by
// what (with the gain its cost model predicts and, for a CPU and group shape
// that bench/optvls ran, the gain it measured: OVLSMeasured.h),
// -Rpass-missed=t2s-optvls why a group was not. -t2s-optvls-dot=<file>
// appends each rewritten group's shuffle graph in Graphviz form.
//
// Safety: a group is rewritten only if every lane's block lies between bytes
// the original accesses read (write) in one object (inbounds addresses of
// one root; anything else is masked), no write that may alias lies between
// the members of a load group (no access between those of a store group,
// except another scatter of the same independent iterations that writes
// other bytes of each lane), and the lanes of a store group never write the
// same bytes: a constant stride of at least the block, or, for every member,
// iterations declared independent (the loop vectorizer's loop lists the
// member's access group as parallel). A runtime lane mask shared by a group
// masks each lane's block by its bit.
//
// Preconditions: none; runs after the loop vectorizer (registered at
// OptimizerLast for -O1 and above) or alone (opt -passes=t2s-optvls).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OPTVLSPASS_H
#define T2S_OPTVLS_OPTVLSPASS_H

#include "OptVLS/OVLSMeasured.h"

#include "llvm/IR/PassManager.h"

namespace t2s {

struct OptVLSPass : llvm::PassInfoMixin<OptVLSPass> {
  /// What bench/optvls measured, for the remarks (OVLSMeasured.h): the
  /// table built in, or the file -t2s-optvls-measured names (MeasuredFrom).
  MeasuredGains Measured = MeasuredGains::embedded();
  std::string MeasuredFrom;

  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
};

/// The price of a shuffle that crosses 128-bit lanes, in percent of
/// TargetTransformInfo's (-t2s-optvls-cross-lane-weight): whoever predicts
/// this pass's sequences (t2s-optvls-hints) prices them the same way.
unsigned getCrossLanePercent();

} // namespace t2s

#endif // T2S_OPTVLS_OPTVLSPASS_H
