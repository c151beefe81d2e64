//===- Report.h - The design report ---------------------------*- C++ -*-===//
//
// With -t2s-report=text|json|dot (clang: -mllvm, which t2s-clang --report and
// --emit-dot pass), prints the design report of every scheduled URE system of
// the module to stdout: PEs, time loops and steps, PE utilization, per URE
// array the time distances and the conservative and minimized shift-register
// / FIFO sizes (SpaceTimeSchedule.h), and the loader and drainer channels.
//
// One output per translation unit: text design after design; JSON one
// document {"schema_version": N, "designs": [...]} built with llvm::json;
// dot one digraph with a cluster per design. A module without any scheduled
// design says so on stderr (and prints an empty document or graph).
//
// A module pass: it runs between the function passes that check the designs
// and those that emit or rewrite them (Pipeline.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REPORT_H
#define T2S_REPORT_H

#include "Options.h"

#include "llvm/IR/PassManager.h"


namespace t2s {

/// The version of the JSON report's layout; raised when a field changes
/// meaning or goes away (adding a field keeps it).
inline constexpr int ReportSchemaVersion = 1;

struct ReportPass : llvm::PassInfoMixin<ReportPass> {
  explicit ReportPass(ReportOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  ReportOptions Opts;
};

} // namespace t2s

#endif // T2S_REPORT_H
