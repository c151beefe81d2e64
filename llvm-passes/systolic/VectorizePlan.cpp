//===- VectorizePlan.cpp - T2S vectorization of a time loop ---------------===//

#include "systolic/VectorizePlan.h"
#include "systolic/SpaceTimeSchedule.h"
#include "ure/Guards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace t2s {

// A space loop: its PEs stay PEs, and the values they exchange with loaders
// and drainers travel as one vector per step (seed gather.md, Code 3/4).
static std::optional<VectorPlan>
planSpaceVectorization(const SpaceTimeSchedule &Sch, const LocatedDirective &VD,
                       unsigned L, llvm::SmallVectorImpl<URERejection> &Rejections) {
  const URESystem &S = Sch.System;
  const URELoop &Loop = S.Loops[L];
  auto reject = [&](const SourceLoc &Loc, const llvm::Twine &Message) {
    Rejections.push_back({URERule::Vectorize, Loc, Message.str()});
  };
  const std::string Dir = VD.D.str();
  for (const SpaceTimeStep &St : Sch.Steps)
    for (unsigned K = 0; K < St.SpaceLoops.size(); ++K)
      if (St.SpaceLoops[K] == L && St.Schedule[K] != 0) {
        reject(VD.Loc, "'" + Dir + "' puts the values of all PEs along '" + Loop.Name +
                           "' in one vector per time step, but the schedule gives '" +
                           Loop.Name + "' the coefficient " + std::to_string(St.Schedule[K]) +
                           "; vectorize a space loop whose coefficient is 0");
        return std::nullopt;
      }
  // Every loaded input and drained output is read (written) by all PEs
  // along the loop at once, or by one of them.
  std::optional<llvm::DominatorTree> DT;
  auto check = [&](llvm::Instruction *Access, llvm::ArrayRef<Guard> Guards,
                   const std::string &Array, bool Read) {
    LaneAccess A = classifyLanes(S, L, Guards);
    if (A.Kind != LaneAccess::Serial)
      return true;
    reject(sourceLocOf(Access),
           "'" + Dir + "' moves the values of all PEs along '" + Loop.Name +
               "' as one vector, but this " + (Read ? "read of '" : "write of '") +
               Array + "' happens at some of them only (its condition tests '" +
               Loop.Name + "'); make the condition independent of '" + Loop.Name +
               "' or a test '" + Loop.Name + " == constant', or drop '" +
               Array + "' from the " + (Read ? "loader" : "drainer"));
    return false;
  };
  bool OK = true;
  auto guards = [&](llvm::Instruction *Access) {
    if (!DT)
      DT.emplace(*S.innermost()->getHeader()->getParent());
    return accessGuards(S, *DT, Access);
  };
  for (const LocatedDirective &LD : S.Directives)
    for (const DirectiveArg &Arg : LD.D.Args) {
      if (LD.D.Kind == DirectiveKind::Drainer) {
        for (const UREStatement &St : S.Statements)
          if (St.Extended && St.OutputName == Arg.Name)
            OK &= check(St.Store, guards(St.Store), Arg.Name, false);
      } else if (LD.D.Kind == DirectiveKind::Loader) {
        for (const InputRead &In : S.Inputs)
          if (In.Name == Arg.Name)
            OK &= check(In.Load, guards(In.Load), Arg.Name, true);
      }
    }
  if (!OK)
    return std::nullopt;
  VectorPlan P;
  P.Loop = L;
  P.Space = true;
  P.Lanes = Loop.extent();
  P.Steps = Sch.TotalSteps;
  P.Loc = VD.Loc;
  return P;
}

std::optional<VectorPlan>
planVectorization(const SpaceTimeSchedule &Sch,
                  llvm::SmallVectorImpl<URERejection> &Rejections) {
  const URESystem &S = Sch.System;
  auto reject = [&](const SourceLoc &Loc, const llvm::Twine &Message) {
    Rejections.push_back({URERule::Vectorize, Loc, Message.str()});
  };
  const LocatedDirective *VD = nullptr;
  for (const LocatedDirective &LD : S.Directives) {
    if (LD.D.Kind != DirectiveKind::Vectorize)
      continue;
    if (VD) {
      reject(LD.Loc, "'" + LD.D.str() + "' after '" + VD->D.str() +
                         "': the array vectorizes one loop; keep one of them");
      return std::nullopt;
    }
    VD = &LD;
  }
  if (!VD)
    return std::nullopt;
  const std::string Dir = VD->D.str();
  std::optional<unsigned> L = S.loopIndex(VD->D.Args[0].Name);
  if (!L)
    return std::nullopt; // reported by the URE model ([loop names])
  const URELoop &Loop = S.Loops[*L];
  if (Loop.extent() < 2 || Loop.extent() > 32) {
    reject(VD->Loc, "'" + Dir + "' makes vectors of " +
                        std::to_string(Loop.extent()) +
                        " lanes; OpenCL vectors here have 2 to 32 lanes: "
                        "vectorize a loop of 2 to 32 iterations");
    return std::nullopt;
  }
  if (llvm::is_contained(Sch.PELoops, *L))
    return planSpaceVectorization(Sch, *VD, *L, Rejections);
  // Its own time dimension: t = k, nothing else.
  std::optional<unsigned> Dim;
  for (unsigned D = 0; D < Sch.TimeCoeffs.size(); ++D) {
    const auto &C = Sch.TimeCoeffs[D];
    if (C[*L] == 0)
      continue;
    bool Alone = C[*L] == 1 && llvm::count(C, 0) == int64_t(C.size()) - 1;
    if (!Alone || Dim) {
      reject(VD->Loc, "'" + Dir + "': the schedule skews '" + Loop.Name +
                          "' (its time is '" + Sch.Time[D].Name +
                          "', which the space loops shift); vectorize a loop "
                          "that is a time dimension of its own");
      return std::nullopt;
    }
    Dim = D;
  }
  if (!Dim) {
    reject(VD->Loc, "'" + Dir + "': '" + Loop.Name + "' is no dimension of the "
                    "array's time; vectorize a time loop");
    return std::nullopt;
  }
  VectorPlan P;
  P.Loop = *L;
  P.TimeDim = *Dim;
  P.Lanes = Loop.extent();
  P.Steps = Sch.TotalSteps / P.Lanes;
  P.Loc = VD->Loc;
  P.Words.assign(S.Arrays.size(), 1);
  P.LanePad.assign(S.Arrays.size(), 0);
  bool OK = true;
  for (const ScheduledRead &SR : Sch.Reads) {
    const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
    if (Rd.NamesNoIteration) {
      P.TimeDistance.push_back(0);
      continue;
    }
    int64_t T = 0;
    for (unsigned D = 0; D < Sch.Time.size(); ++D) {
      if (D == *Dim)
        continue;
      int64_t Comp = 0;
      for (unsigned X = 0; X < Rd.Distance.size(); ++X)
        Comp += Sch.TimeCoeffs[D][X] * Rd.Distance[X];
      int64_t Stride = Sch.Time[D].Stride;
      T += Comp * (D < *Dim ? Stride / P.Lanes : Stride);
    }
    P.TimeDistance.push_back(T);
    int64_t Along = Rd.Distance[*L];
    // Each PE runs all its lanes before the next PE (in nest order) runs
    // its own: within a step a PE reads only PEs before it.
    if (T < 0 || (T == 0 && lexicographicSign(SR.PEDistance) < 0)) {
      std::string Why = T < 0 ? "" : ", and the PE it reads runs its lanes after this one";
      reject(Rd.Loads.empty() ? S.Loc : sourceLocOf(Rd.Loads.front()),
             "'" + Dir + "' would run this read of '" + S.Arrays[Rd.Array].Name +
                 "' before the value it reads exists (time distance " +
                 std::to_string(T) + " without '" + Loop.Name + "'" + Why +
                 "); vectorize another loop or change the schedule");
      OK = false;
      continue;
    }
    P.Words[Rd.Array] = std::max(P.Words[Rd.Array], T + 1);
    P.LanePad[Rd.Array] = std::max(P.LanePad[Rd.Array], Along);
    if (Along > 0) {
      std::string Why = S.Arrays[Rd.Array].Name + " (distance " +
                        std::to_string(Along) + ")";
      if (!llvm::is_contained(P.Serialized, Why))
        P.Serialized.push_back(Why);
    }
  }
  if (!OK)
    return std::nullopt;
  return P;
}

LaneAccess classifyLanes(const URESystem &S, unsigned Loop,
                         llvm::ArrayRef<Guard> Guards) {
  LaneAccess A;
  for (const Guard &G : Guards)
    for (auto [L, Value] : pinnedValues(S, G))
      if (L == Loop) {
        A.Kind = LaneAccess::Pinned;
        A.Lane = Value;
        return A;
      }
  for (const Guard &G : Guards)
    if (dependsOnLoop(S, G.Condition, Loop))
      A.Kind = LaneAccess::Serial;
  return A;
}

} // namespace t2s
