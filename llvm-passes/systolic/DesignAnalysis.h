//===- DesignAnalysis.h - Build a function's Design -------------*- C++ -*-===//
//
// Builds the Design (systolic/Design.h) of a function's nests once, for every
// back end: per nest its kernels (loaders, the systolic array, drainers in
// the order data flows; a kernel nest as one kernel), the channels between
// them (systolic/ChannelPlan.h for loaders and drainers, ChannelAnalysis for
// the streams between kernel nests, the chains of gather and scatter), the
// shift registers, the buffers, and the statements lifted into expressions
// (systolic/LiftExpr.h). The nests, their buffers and the streams come
// first; the lowering steps of systolic/lowering/Lowering.h then add the
// kernels, loaders and drainers, vectors and chains, in the seeds' order;
// then each kernel's parameters, and last (unroll) each kernel's statements.
//
// What the OpenCL back end cannot write is a rejection here, located, with
// the whole error message; the Design is still complete, so that the report
// describes a design the kernels cannot spell. Preconditions: the URE model,
// schedules and channels of the function were checked (designsRejected is
// false) or the caller only describes (the report).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DESIGNANALYSIS_H
#define T2S_DESIGNANALYSIS_H

#include "systolic/Design.h"
#include "systolic/DesignOptions.h"
#include "systolic/lowering/Lowering.h"

#include "llvm/IR/PassManager.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace t2s {

/// The error of a design the OpenCL back end cannot write because it uses
/// \p Why ("a call to 'foo'").
std::string cannotWriteOpenCL(const std::string &Why);

struct DesignResult {
  Design D;
  std::vector<std::unique_ptr<NestPlan>> Nests; ///< parallel to D.Nests
  /// The first reason the OpenCL back end cannot write the design: where,
  /// and the error message.
  std::optional<std::pair<SourceLoc, std::string>> Rejection;
  /// Errors in the design itself, whatever prints it: a stream whose two
  /// kernels disagree on the order or number of its values
  /// (systolic/StreamOrder.h). t2s-check-ures reports them.
  llvm::SmallVector<URERejection, 1> Rejections;
  /// loader(...) or drainer(...) of designs run on a device without channels.
  llvm::SmallVector<SourceLoc, 1> ChannelFreeNests;

  bool empty() const { return Nests.empty(); }
};

class DesignAnalysis : public llvm::AnalysisInfoMixin<DesignAnalysis> {
  friend llvm::AnalysisInfoMixin<DesignAnalysis>;
  static llvm::AnalysisKey Key;
  DesignOptions Opts;

public:
  explicit DesignAnalysis(DesignOptions Opts = DesignOptions()) : Opts(std::move(Opts)) {}
  using Result = DesignResult;
  DesignResult run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// Whether an error stops F's designs: merge_ures failed on it, or the URE
/// model, the schedule, the channels or a stream's order
/// (DesignResult::Rejections) rejected something (t2s-check-ures reports
/// it). The passes that build from the designs then leave F alone.
bool designsRejected(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

/// print<t2s-design>: the Design of each function, as Design::print has it.
class DesignPrinterPass : public llvm::PassInfoMixin<DesignPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit DesignPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_DESIGNANALYSIS_H
