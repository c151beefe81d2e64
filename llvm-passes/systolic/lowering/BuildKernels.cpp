//===- BuildKernels.cpp - One kernel per nest -----------------------------===//

#include "systolic/lowering/Lowering.h"
#include "systolic/ReadPaths.h"
#include "ure/IterationDomain.h"

namespace t2s {

void spanPELoops(Design::Channel &C, const NestPlan &P, llvm::ArrayRef<unsigned> Dims) {
  C.Extents.clear();
  C.Along.clear();
  C.Used = 1;
  for (unsigned Dim : Dims) {
    const URELoop &L = P.Sch.System.Loops[P.Sch.PELoops[Dim]];
    C.Extents.push_back(L.extent());
    C.Along.push_back(L.Name);
    C.Used *= uint64_t(L.extent());
  }
}

std::optional<PESet> accessingPEs(const NestPlan &P, const ChannelPlan &C) {
  const URESystem &S = P.Sch.System;
  ExprPtr Cond = C.Condition;
  if (!Cond && !hasAffineBounds(S.Loops))
    return std::nullopt;
  ReadPath Path;
  if (Cond)
    Path.Conditions.push_back({Cond, true});
  llvm::SmallVector<unsigned, 4> Loops = testedLoops(Path);
  for (unsigned L : P.Sch.PELoops)
    if (!llvm::is_contained(Loops, L))
      Loops.push_back(L);
  PESet PEs;
  bool Tried = forEachIteration(S, Loops, Path, [&](llvm::ArrayRef<int64_t> Point, PathAt Taken) {
    if (Taken == PathAt::NotTaken)
      return true;
    llvm::SmallVector<int64_t, 4> PE;
    for (unsigned L : P.Sch.PELoops)
      PE.push_back(Point[L]);
    PEs.insert(PE);
    return true;
  });
  if (!Tried)
    return std::nullopt;
  return PEs;
}

uint64_t countChannels(const PESet &PEs, llvm::ArrayRef<unsigned> Dims) {
  std::set<llvm::SmallVector<int64_t, 4>> Channels;
  for (const llvm::SmallVector<int64_t, 4> &PE : PEs) {
    llvm::SmallVector<int64_t, 4> Channel;
    for (unsigned D : Dims)
      Channel.push_back(PE[D]);
    Channels.insert(Channel);
  }
  return Channels.size();
}

const ChannelPlan *planOf(const Design::Channel &C, NestPlans Plans) {
  if (C.Kind != Design::ChannelKind::Loader && C.Kind != Design::ChannelKind::Drainer)
    return nullptr;
  for (const ChannelPlan &P : Plans[C.Nest]->Channels)
    if (P.Name == C.Name)
      return &P;
  return nullptr;
}

void buildKernels(Design &D, NestPlans Plans, llvm::ArrayRef<unsigned> Stages) {
  for (unsigned N = 0; N < D.Nests.size(); ++N) {
    const NestPlan &P = *Plans[N];
    const Design::Nest &Nest = D.Nests[N];
    unsigned Stage = N < Stages.size() ? Stages[N] : 0;
    Design::Kernel K;
    K.Name = Nest.Name;
    K.Role = Nest.Scheduled ? KernelRole::Systolic : KernelRole::KernelNest;
    K.Nest = N;
    K.Stage = Stage;
    D.Kernels.push_back(std::move(K));
    // Shift registers as the schedule sizes them: words per PE.
    for (const RegisterPlan &RP : P.Sch.Registers) {
      Design::Register Reg;
      Reg.Array = P.Sch.System.Arrays[RP.Array].Name;
      Reg.Nest = N;
      Reg.Element = P.ArrayTypes[RP.Array];
      Reg.Words = RP.ConservativeWords;
      Reg.Minimized = RP.Minimized;
      Reg.MinimizedWords = RP.MinimizedWords;
      Reg.ShiftEvery = RP.ShiftEvery;
      Reg.Buffer = RP.Buffer;
      for (unsigned L : P.Sch.PELoops)
        Reg.PEExtents.push_back(P.Sch.System.Loops[L].extent());
      if (RP.RoundWords) {
        // The reads within a round take a shift register of their own.
        Design::Register Round = Reg;
        Round.Words = RP.RoundWords;
        Round.Minimized = false;
        Round.MinimizedWords = Round.ShiftEvery = 0;
        Round.Buffer.clear();
        Round.Round = true;
        for (const ScheduledRead &SR : P.Sch.Reads)
          if (SR.InRound && P.Sch.System.Statements[SR.Statement].Reads[SR.Read].Array == RP.Array)
            Round.Reads.push_back({SR.Statement, SR.Read});
        D.Registers.push_back(std::move(Reg));
        D.Registers.push_back(std::move(Round));
        continue;
      }
      D.Registers.push_back(std::move(Reg));
    }
  }
}

} // namespace t2s
