//===- Report.cpp - The design report -------------------------------------===//

#include "Report.h"
#include "LoopMetadata.h"
#include "OpenCLEmitter.h"
#include "SpaceTimeSchedule.h"

#include "llvm/IR/Dominators.h"
#include "llvm/Support/JSON.h"

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
  llvm::DominatorTree &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  for (const SpaceTimeSchedule &S : R.Schedules) {
    llvm::SmallVector<PEChannelSummary, 4> Channels = summarizePEChannels(S, DT);
    if (ReportOption == ReportFormat::Dot) {
      S.printDot(OS, llvm::demangle(F.getName()));
      continue;
    }
    if (ReportOption == ReportFormat::JSON) {
      OS << "{\"design\": \"" << llvm::demangle(F.getName()) << "\", \"report\": ";
      S.printJSON(OS);
      llvm::json::Array List;
      for (const PEChannelSummary &C : Channels)
        List.push_back(llvm::json::Object{
            {"array", C.Array},
            {"kernel", C.Output ? "drainer" : "loader"},
            {"channels", int64_t(C.Channels)},
            {"one_per_pe", int64_t(C.OnePerPE)},
            {"along", C.Along},
            {"chain", C.Chain},
            {"chain_channels", int64_t(C.ChainChannels)},
            {"lanes", C.Lanes}});
      OS << ", \"channels\": " << llvm::json::Value(std::move(List)) << "}\n";
      continue;
    }
    OS << "design " << llvm::demangle(F.getName()) << "\n";
    S.print(OS);
    for (const PEChannelSummary &C : Channels) {
      OS << "  channels of " << C.Array << (C.Output ? " to its drainer: " : " from its loader: ")
         << C.Channels << " (";
      if (C.Along.empty())
        OS << "one for the whole array";
      else
        OS << "one per " << C.Along;
      OS << ")";
      if (!C.Lanes.empty())
        OS << " carrying " << C.Lanes;
      if (!C.Chain.empty())
        OS << ", " << C.OnePerPE << " without the " << C.Chain << "; "
           << C.ChainChannels << " between neighbouring PEs";
      else if (C.OnePerPE != C.Channels)
        OS << ", " << C.OnePerPE << " without the vectorize";
      OS << "\n";
    }
  }
  OS.flush();
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
