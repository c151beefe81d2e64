//===- Vectorize.cpp - Vector channels and registers of lanes -------------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/lowering/Lowering.h"

namespace t2s {

void vectorizeChannels(Design &D, NestPlans Plans) {
  for (Design::Register &Reg : D.Registers) {
    const NestPlan &P = *Plans[Reg.Nest];
    if (!P.Sch.Vector || P.Sch.Vector->Space)
      continue;
    const VectorPlan &Vec = *P.Sch.Vector;
    for (const RegisterPlan &RP : P.Sch.Registers)
      if (P.Sch.System.Arrays[RP.Array].Name == Reg.Array) {
        Reg.Words = Vec.Words[RP.Array];
        Reg.Lanes = Vec.Lanes + Vec.LanePad[RP.Array];
        Reg.Minimized = false;
      }
  }
  for (Design::Channel &X : D.Channels) {
    const ChannelPlan *C = planOf(X, Plans);
    const NestPlan &P = *Plans[X.Nest];
    if (!C || !P.Sch.Vector)
      continue;
    const URESystem &S = P.Sch.System;
    const VectorPlan &Vec = *P.Sch.Vector;
    X.Element = designType(C->Element);
    if (C->PEVector) {
      // One vector for the PEs along the loop: the channel loses its dimension.
      const std::string &Along = S.Loops[Vec.Loop].Name;
      for (unsigned I = 0; I < X.Along.size(); ++I)
        if (X.Along[I] == Along) {
          X.Used /= uint64_t(X.Extents[I]);
          X.Extents.erase(X.Extents.begin() + I);
          X.Along.erase(X.Along.begin() + I);
          break;
        }
      X.Lanes = "vectors of the " + std::to_string(Vec.Lanes) + " PEs along " + Along;
    } else if (!Vec.Space) {
      const std::string &K = S.Loops[Vec.Loop].Name;
      X.Lanes = C->Lanes.Kind == LaneAccess::Vector
                    ? "vectors of " + std::to_string(Vec.Lanes) + " lanes of " + K
                : C->Lanes.Kind == LaneAccess::Pinned
                    ? "the lane " + K + " = " + std::to_string(C->Lanes.Lane)
                    : "single lanes of " + K + " in order";
    }
  }
}

} // namespace t2s
