//===- DataPath.h - A schedule with its data-path plans ---------*- C++ -*-===//
//
// The space-time schedule of a URE system (SpaceTimeSchedule.h) together with
// the plans of the data path the directives ask for, in the seeds' order:
// vectorization (VectorizePlan.h), then scatter and gather (GatherScatterPlan.h),
// and the reuse buffers (ReuseBufferPlan.h). The lowering steps of the Design
// (systolic/lowering/Lowering.h) carry them out. Each planner reads the
// schedule and the plans made before it, never the other way round.
//
// SpaceTimeAnalysis computes them for every URE system of a function;
// print<t2s-space-time> prints them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DATAPATH_H
#define T2S_DATAPATH_H

#include "systolic/GatherScatterPlan.h"
#include "systolic/ReuseBufferPlan.h"
#include "systolic/SpaceTimeSchedule.h"
#include "systolic/VectorizePlan.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <optional>

namespace llvm {
class raw_ostream;
}

namespace t2s {

struct DataPath {
  SpaceTimeSchedule Sch;
  std::optional<VectorPlan> Vector;
  llvm::SmallVector<PEChain, 2> Chains;          ///< gather and scatter
  llvm::SmallVector<ReuseBufferPlan, 2> Buffers; ///< buffer(a, k)

  /// The schedule and its plans as print<t2s-space-time> shows them;
  /// without the register lines when \p Registers is false (the report
  /// prints the kernels').
  void print(llvm::raw_ostream &OS, bool Registers = true) const;
};

/// Schedules \p S and plans its data path, or returns the broken rules as
/// rejections. Systems without space_time get std::nullopt and no rejection.
std::optional<DataPath> computeDataPath(const URESystem &S,
                                        llvm::SmallVectorImpl<URERejection> &Rejections);

/// The scheduled data paths of every URE system of a function (and their
/// rejections).
struct SpaceTimeResult {
  llvm::SmallVector<DataPath, 1> Schedules;
  llvm::SmallVector<URERejection, 1> Rejections;
};

class SpaceTimeAnalysis : public llvm::AnalysisInfoMixin<SpaceTimeAnalysis> {
  friend llvm::AnalysisInfoMixin<SpaceTimeAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = SpaceTimeResult;
  Result run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// print<t2s-space-time>: the schedule of each URE system.
class SpaceTimePrinterPass : public llvm::PassInfoMixin<SpaceTimePrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit SpaceTimePrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_DATAPATH_H
