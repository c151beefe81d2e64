//===- DataPath.cpp - A schedule with its data-path plans -----------------===//

#include "systolic/DataPath.h"

#include "systolic/OutputOrder.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

llvm::AnalysisKey SpaceTimeAnalysis::Key;

std::optional<DataPath> computeDataPath(const URESystem &S,
                                        llvm::SmallVectorImpl<URERejection> &Rejections) {
  std::optional<SpaceTimeSchedule> Sch = computeSpaceTimeSchedule(S, Rejections);
  if (!Sch)
    return std::nullopt;
  // In the seeds' order: vectorization, then scatter and gather.
  size_t Before = Rejections.size();
  DataPath P{std::move(*Sch), {}, {}, {}};
  P.Vector = planVectorization(P.Sch, Rejections);
  P.Chains = planChains(P.Sch, P.Vector, Rejections);
  checkOutputOrder(P.Sch, P.Vector, P.Chains, Rejections);
  P.Buffers = planReuseBuffers(P.Sch, P.Vector, Rejections);
  if (Rejections.size() != Before)
    return std::nullopt;
  return P;
}

void DataPath::print(llvm::raw_ostream &OS, bool Registers) const {
  Sch.print(OS);
  const URESystem &S = Sch.System;
  if (Vector && Vector->Space) {
    OS << "  vectorized along " << S.Loops[Vector->Loop].Name << " (a space loop): the "
       << Vector->Lanes << " PEs along it exchange one vector per step with "
       << "each loader and drainer\n";
  } else if (Vector) {
    OS << "  vectorized along " << S.Loops[Vector->Loop].Name << ": "
       << Vector->Lanes << " lanes per PE and step, " << Vector->Steps
       << " steps instead of " << Sch.TotalSteps << "; ";
    if (Vector->Serialized.empty())
      OS << "lanes independent";
    else
      OS << "lanes serialized (reads along " << S.Loops[Vector->Loop].Name
         << ": " << llvm::join(Vector->Serialized, ", ") << ")";
    OS << "\n";
  }
  if (Registers)
    Sch.printRegisters(OS);
}

SpaceTimeResult SpaceTimeAnalysis::run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  SpaceTimeResult Result;
  for (const URESystem &S : FAM.getResult<UREAnalysis>(F).Systems) {
    size_t Before = Result.Rejections.size();
    if (std::optional<DataPath> P = computeDataPath(S, Result.Rejections))
      Result.Schedules.push_back(std::move(*P));
    // A schedule the user did not write: say where it came from.
    if (!S.ScheduleChosenBecause.empty()) {
      auto First = llvm::find_if(S.Directives, [](const LocatedDirective &D) {
        return D.D.Kind == DirectiveKind::SpaceTime;
      });
      for (URERejection &R : llvm::drop_begin(Result.Rejections, Before))
        R.Message += " (the nest names no schedule: the compiler chose '" + First->D.str() +
                     "', since its space loops enclose time loops and " +
                     S.ScheduleChosenBecause + ")";
    }
  }
  return Result;
}

llvm::PreservedAnalyses SpaceTimePrinterPass::run(llvm::Function &F,
                                                  llvm::FunctionAnalysisManager &FAM) {
  const SpaceTimeResult &R = FAM.getResult<SpaceTimeAnalysis>(F);
  for (const DataPath &P : R.Schedules)
    P.print(OS);
  for (const URERejection &Rej : R.Rejections)
    OS << "rejected at " << Rej.Loc.File << ":" << Rej.Loc.Line << ":" << Rej.Loc.Column << ": "
       << Rej.Message << "\n";
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
