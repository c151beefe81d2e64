//===- Report.h - The design report ---------------------------*- C++ -*-===//
//
// With -t2s-report=text|json|dot (clang: -mllvm, which t2s-clang --report and
// --emit-dot pass),
// prints for each scheduled URE system the design report to stdout: PEs, time
// loops and steps, PE utilization, and per URE array the time distances and
// the conservative and minimized shift-register / FIFO sizes
// (SpaceTimeSchedule.h). JSON is one object per line; dot is a Graphviz picture
// of the PE array and the value flows between PEs.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REPORT_H
#define T2S_REPORT_H

#include "llvm/IR/PassManager.h"

namespace t2s {

struct ReportPass : llvm::PassInfoMixin<ReportPass> {
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace t2s

#endif // T2S_REPORT_H
