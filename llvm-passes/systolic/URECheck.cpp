//===- URECheck.cpp - Report the rules a URE nest breaks ------------------===//

#include "systolic/URECheck.h"
#include "language/LoopMetadata.h"
#include "language/Warnings.h"
#include "systolic/StreamChannels.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/NumberText.h"
#include "systolic/DataPath.h"
#include "ure/UREModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

#include <set>

namespace t2s {

namespace {

// Below these, a design is small enough that its idle steps and registers
// cost nothing worth a warning.
constexpr int64_t LongRunSteps = 10000;
constexpr double LowUtilization = 0.1;
constexpr int64_t ManyRegisterWords = 65536; // per PE

// Legal designs whose schedule stretches time or registers far beyond the
// work: the user gets the numbers and the cause (Warnings.h).
void warnAboutSize(llvm::Function &F, const SpaceTimeSchedule &Sch) {
  const URESystem &S = Sch.System;
  std::optional<double> Utilization = Sch.utilization();
  if (Sch.TotalSteps >= LongRunSteps && Utilization && *Utilization < LowUtilization) {
    int64_t PerPE = Sch.UsefulPESteps / Sch.NumPEs;
    std::string Why = Sch.idleReason();
    reportWarning(F, Sch.Steps.front().Loc, WarningGroup::Utilization,
                  "this design runs " + llvm::Twine(Sch.TotalSteps) +
                      " time steps, but each of its " + llvm::Twine(Sch.NumPEs) +
                      " PEs works in " + llvm::Twine(PerPE) + " of them (utilization " +
                      percent(*Utilization) + ")" +
                      (Why.empty() ? "" : ": " + Why) +
                      "; smaller schedule coefficients shorten the run");
  }
  for (const RegisterPlan &P : Sch.Registers) {
    if (P.ConservativeWords <= ManyRegisterWords)
      continue;
    if (!P.Buffer.empty()) {
      reportWarning(F, S.Loc, WarningGroup::RegisterSize,
                    "the buffers of '" + S.Arrays[P.Array].Name + "' hold " +
                        llvm::Twine(P.ConservativeWords) + " words in each of the " +
                        llvm::Twine(Sch.NumPEs) + " PEs (" +
                        llvm::Twine(P.ConservativeWords * Sch.NumPEs) +
                        " in all): a value for every iteration of the time loops "
                        "inside '" +
                        S.Loops[P.Buffer.front().Loop].Name +
                        "', which a read reaches back across; smaller loop extents "
                        "shrink them");
      continue;
    }
    // The read that waits longest sets the size.
    SourceLoc At = S.Loc;
    std::string Distance;
    for (const ScheduledRead &SR : Sch.Reads) {
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      if (Rd.Array != P.Array || SR.TimeDistance != P.MaxTimeDistance)
        continue;
      if (!Rd.Loads.empty())
        At = sourceLocOf(Rd.Loads.front());
      llvm::raw_string_ostream OS(Distance);
      llvm::interleave(Rd.Distance, OS, ", ");
      break;
    }
    reportWarning(F, At, WarningGroup::RegisterSize,
                  "the shift registers of '" + S.Arrays[P.Array].Name + "' hold " +
                      llvm::Twine(P.ConservativeWords) + " words in each of the " +
                      llvm::Twine(Sch.NumPEs) + " PEs (" +
                      llvm::Twine(P.ConservativeWords * Sch.NumPEs) +
                      " in all): this read at distance (" + Distance +
                      ") waits " + llvm::Twine(P.MaxTimeDistance) +
                      " time steps under the schedule; smaller schedule "
                      "coefficients shorten the wait");
  }
}

// buffer(a, k) whose tile the PEs read no value of twice: the loader's
// reads name every loop inside k, so the feeder reads in every step what it
// sends and the buffer's memory saves no traffic.
void warnAboutReuse(llvm::Function &F, const DesignResult &DR) {
  for (const Design::Kernel &K : DR.D.Kernels) {
    if (!K.Reuse || K.Reuse->SendsPerValue > 1 || K.Nest >= DR.Nests.size())
      continue;
    const NestPlan &P = *DR.Nests[K.Nest];
    auto Plan = llvm::find_if(P.Buffers, [&](const ReuseBufferPlan &B) {
      return B.Input == K.Buffer;
    });
    if (Plan == P.Buffers.end())
      continue;
    int64_t Bits = 0;
    for (const Design::ReuseBuffer::Memory &M : K.Reuse->Memories)
      Bits += M.bits();
    std::string Loops = llvm::join(K.Reuse->KeptLoops, ", ");
    reportWarning(F, Plan->Loc, WarningGroup::BufferReuse,
                  "'buffer(" + K.Buffer + ", " + K.Reuse->Loop + ")' reuses nothing: the PEs "
                  "read each value of '" + K.Buffer + "' in a tile of '" + K.Reuse->Loop +
                      "' once (the loader reads in " +
                      (K.Reuse->ReadSteps == K.Reuse->SendSteps
                           ? "all " + std::to_string(K.Reuse->SendSteps)
                           : std::to_string(K.Reuse->ReadSteps) + " of the " +
                                 std::to_string(K.Reuse->SendSteps)) +
                      " steps of the tile; the loops inside '" + K.Reuse->Loop +
                      "' its reads name: " + (Loops.empty() ? "none" : Loops) + "), so its " +
                      std::to_string(Bits) + " bits of on-chip memory save no off-chip "
                      "traffic; buffer at a loop with a loop of several iterations inside it "
                      "that the reads do not name, or drop the directive");
  }
}

std::string at(const SourceLoc &Loc) {
  return std::to_string(Loc.Line) + ":" + std::to_string(Loc.Column);
}

// -Rpass=t2s-space-time: what each URE system became; -Rpass-analysis: the
// schedule's facts; -Rpass-missed: a URE nest that stays sequential.
void remarkSchedules(llvm::OptimizationRemarkEmitter &ORE,
                     llvm::ArrayRef<URESystem> Systems,
                     llvm::ArrayRef<DataPath> Schedules) {
  constexpr const char *Pass = "t2s-space-time";
  for (const URESystem &S : Systems) {
    llvm::Loop *L = S.outermost();
    const SpaceTimeSchedule *Sch = nullptr;
    for (const DataPath &C : Schedules)
      if (C.Sch.System.outermost() == L)
        Sch = &C.Sch;
    if (!Sch) {
      if (!S.isPlainKernel())
        ORE.emit([&] {
          return llvm::OptimizationRemarkMissed(Pass, "NoSpaceTime", L->getStartLoc(),
                                                L->getHeader())
                 << "the URE system at " << at(S.Loc)
                 << " has no space_time: it runs sequentially, as written; "
                    "'#pragma t2s space_time(...)' makes it a systolic array";
        });
      continue;
    }
    std::string PEs;
    for (unsigned P : Sch->PELoops)
      PEs += (PEs.empty() ? "" : " x ") + std::to_string(S.Loops[P].extent());
    int64_t Words = 0;
    for (const RegisterPlan &P : Sch->Registers)
      Words += P.ConservativeWords * Sch->NumPEs;
    ORE.emit([&] {
      return llvm::OptimizationRemark(Pass, "Scheduled", L->getStartLoc(), L->getHeader())
             << "the URE system at " << at(S.Loc) << " is a systolic array of " << PEs
             << " PEs x " << std::to_string(Sch->TotalSteps)
             << " time steps, utilization "
             << (Sch->utilization() ? percent(*Sch->utilization()) : "none") << ", "
             << std::to_string(Words) << " shift-register words";
    });
    // A value read from a neighbour in the step it is written passes
    // through the PEs on a wire, not a register per hop (once per array).
    std::set<unsigned> Chained;
    for (const ScheduledRead &SR : Sch->Reads) {
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      int64_t PEs = Sch->sameStepChainPEs(SR);
      if (PEs < 2 || !Chained.insert(Rd.Array).second)
        continue;
      SourceLoc At = Rd.Loads.empty() ? S.Loc : sourceLocOf(Rd.Loads.front());
      ORE.emit([&] {
        return llvm::OptimizationRemarkAnalysis(Pass, "SameStepChain", L->getStartLoc(),
                                                L->getHeader())
               << "the value of " << S.Arrays[Rd.Array].Name << " read at " << at(At)
               << " passes through " << std::to_string(PEs)
               << " PEs within one step: a chain of wires and of the operations on the way, "
                  "with no register between the PEs; a schedule vector that moves it one PE "
                  "per step (space_time(...) schedule(...)) makes the array systolic";
      });
    }
    for (unsigned K = 0; K < Sch->Steps.size(); ++K) {
      const SpaceTimeStep &St = Sch->Steps[K];
      std::string Facts;
      if (!St.HasTimeLoop) {
        Facts = "every loop is space: one time step";
      } else {
        Facts = "t" + std::to_string(K + 1) + " = ";
        for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
          if (St.Schedule[I])
            Facts += std::to_string(St.Schedule[I]) + "*" +
                     S.Loops[St.SpaceLoops[I]].Name + " + ";
        Facts += S.Loops[St.TimeLoop].Name + " in [" + std::to_string(St.TimeLower) +
                 ", " + std::to_string(St.TimeUpper) + ")";
      }
      ORE.emit([&] {
        return llvm::OptimizationRemarkAnalysis(Pass, "Schedule", L->getStartLoc(),
                                                L->getHeader())
               << "space_time at " << at(St.Loc) << ": " << Facts;
      });
    }
  }
}

} // namespace

llvm::PreservedAnalyses URECheckPass::run(llvm::Function &F,
                                          llvm::FunctionAnalysisManager &FAM) {
  if (F.getMetadata(MergeFailedTag)) // already reported by t2s-merge-ures
    return llvm::PreservedAnalyses::all();
  for (const URERejection &R : FAM.getResult<UREAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  for (const URERejection &R : FAM.getResult<SpaceTimeAnalysis>(F).Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
  for (const URERejection &R : CR.Rejections)
    reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
  // The Design's own errors: reads outside the domain, the streams' order.
  if (CR.Rejections.empty()) {
    const DesignResult &DR = FAM.getResult<DesignAnalysis>(F);
    for (const URERejection &R : DR.Rejections)
      reportError(F, R.Loc, R.Message + " [" + ruleName(R.Rule) + "]");
    if (DR.Rejections.empty() && !DR.Rejection)
      warnAboutReuse(F, DR);
  }
  for (const DataPath &P : FAM.getResult<SpaceTimeAnalysis>(F).Schedules)
    warnAboutSize(F, P.Sch);
  auto &ORE = FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F);
  if (FAM.getResult<UREAnalysis>(F).Rejections.empty() &&
      FAM.getResult<SpaceTimeAnalysis>(F).Rejections.empty())
    remarkSchedules(ORE, FAM.getResult<UREAnalysis>(F).Systems,
                    FAM.getResult<SpaceTimeAnalysis>(F).Schedules);
  for (const DataPath &P : FAM.getResult<SpaceTimeAnalysis>(F).Schedules) {
    const SpaceTimeSchedule &Sch = P.Sch;
    if (!P.Vector || Sch.System.Statements.empty())
      continue;
    const VectorPlan &V = *P.Vector;
    const std::string &K = Sch.System.Loops[V.Loop].Name;
    llvm::Instruction *At = Sch.System.Statements.front().Store;
    if (V.Space) {
      ORE.emit([&] {
        return llvm::OptimizationRemark("t2s-vectorize", "Vectorized", At)
               << "vectorize(" << K << "): the " << std::to_string(V.Lanes)
               << " PEs along '" << K << "' exchange one vector per time step "
               << "with each loader and drainer";
      });
      continue;
    }
    ORE.emit([&] {
      return llvm::OptimizationRemark("t2s-vectorize", "Vectorized", At)
             << "vectorize(" << K << "): each PE runs the " << std::to_string(V.Lanes)
             << " lanes of '" << K << "' in one time step; the array takes "
             << std::to_string(V.Steps) << " steps instead of "
             << std::to_string(Sch.TotalSteps);
    });
    if (!V.Serialized.empty())
      ORE.emit([&] {
        return llvm::OptimizationRemarkAnalysis("t2s-vectorize", "Serialized", At)
               << "vectorize(" << K << ") is serialized: the lanes run in order, "
               << "each after the lanes it reads (reads along '" << K << "': "
               << llvm::join(V.Serialized, ", ") << ")";
      });
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
