//===- Report.cpp - The design report -------------------------------------===//

#include "Report.h"
#include "LoopMetadata.h"
#include "SpaceTimeSchedule.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace {

enum class ReportFormat { None, Text, JSON, Dot };

llvm::cl::opt<ReportFormat> ReportOption(
    "t2s-report", llvm::cl::desc("Print the T2S design report"),
    llvm::cl::init(ReportFormat::None),
    llvm::cl::values(clEnumValN(ReportFormat::Text, "text", "as text"),
                     clEnumValN(ReportFormat::JSON, "json",
                                "as JSON, one object per design"),
                     clEnumValN(ReportFormat::Dot, "dot",
                                "as a Graphviz picture of the PE array")));

} // namespace

namespace t2s {

llvm::PreservedAnalyses ReportPass::run(llvm::Function &F,
                                        llvm::FunctionAnalysisManager &FAM) {
  if (ReportOption == ReportFormat::None || F.isDeclaration() ||
      F.getMetadata(MergeFailedTag))
    return llvm::PreservedAnalyses::all();
  const SpaceTimeResult &R = FAM.getResult<SpaceTimeAnalysis>(F);
  llvm::raw_ostream &OS = llvm::outs();
  for (const SpaceTimeSchedule &S : R.Schedules) {
    if (ReportOption == ReportFormat::Dot) {
      S.printDot(OS, llvm::demangle(F.getName()));
      continue;
    }
    if (ReportOption == ReportFormat::JSON) {
      OS << "{\"design\": \"" << llvm::demangle(F.getName()) << "\", \"report\": ";
      S.printJSON(OS);
      OS << "}\n";
      continue;
    }
    OS << "design " << llvm::demangle(F.getName()) << "\n";
    S.print(OS);
  }
  OS.flush();
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
