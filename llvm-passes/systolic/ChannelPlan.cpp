//===- ChannelPlan.cpp - Loader and drainer channels ----------------------===//

#include "systolic/ChannelPlan.h"
#include "systolic/DataPath.h"
#include "ure/Guards.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

namespace t2s {

llvm::SmallVector<unsigned, 4> channelDims(const SpaceTimeSchedule &Sch,
                                           llvm::ArrayRef<Guard> Guards) {
  llvm::SmallVector<unsigned, 4> Pinned, Dims;
  // A PE loop a guard pins ('j == 0') needs no dimension.
  for (const Guard &G : Guards)
    for (auto [L, Value] : pinnedValues(Sch.System, G))
      Pinned.push_back(L);
  for (unsigned D = 0; D < Sch.PELoops.size(); ++D)
    if (!llvm::is_contained(Pinned, Sch.PELoops[D]))
      Dims.push_back(D);
  return Dims;
}

void planLanes(ChannelPlan &P, const URESystem &S, const VectorPlan &V,
               llvm::ArrayRef<Guard> Guards) {
  P.Lanes = classifyLanes(S, V.Loop, Guards);
  P.Scalar = P.Element;
  if (P.Lanes.Kind == LaneAccess::Vector && P.Element->isVectorTy())
    P.Lanes.Kind = LaneAccess::Serial;
  if (P.Lanes.Kind == LaneAccess::Vector)
    P.Element = llvm::FixedVectorType::get(P.Element, V.Lanes);
}

llvm::SmallVector<ChannelPlan, 4> planChannels(const DataPath &Path,
                                               llvm::DominatorTree &DT,
                                               llvm::StringRef Design, bool Isolate) {
  const SpaceTimeSchedule &Sch = Path.Sch;
  const std::optional<VectorPlan> &Vector = Path.Vector;
  const URESystem &S = Sch.System;
  llvm::SmallVector<std::string, 4> Loaded, Drained;
  for (const LocatedDirective &LD : S.Directives)
    for (const DirectiveArg &A : LD.D.Args) {
      if (LD.D.Kind == DirectiveKind::Loader)
        Loaded.push_back(A.Name);
      if (LD.D.Kind == DirectiveKind::Drainer)
        Drained.push_back(A.Name);
    }
  llvm::SmallVector<ChannelPlan, 4> Plans;
  if (!Isolate)
    return Plans;
  llvm::StringMap<unsigned> Count;
  auto add = [&](ChannelPlan P, llvm::ArrayRef<Guard> Guards) {
    unsigned N = Count[P.Buffer]++;
    std::string Suffix = N ? "_" + std::to_string(N + 1) : "";
    P.Name = (Design + "_" + P.Buffer + Suffix).str();
    P.Suffix = Suffix;
    P.Dims = channelDims(Sch, Guards);
    if (Vector && !Vector->Space)
      planLanes(P, S, *Vector, Guards);
    for (const PEChain &Ch : Path.Chains) {
      auto At = llvm::find(P.Dims, Ch.PEDim);
      if (Ch.Array != P.Buffer || Ch.Gather != P.Output || At == P.Dims.end())
        continue;
      P.Chain = Ch;
      P.ChainDims = P.Dims;
      P.Dims.erase(At);
    }
    // vectorize(i) of a space loop: the PEs along i share one vector.
    if (Vector && Vector->Space) {
      unsigned D = llvm::find(Sch.PELoops, Vector->Loop) - Sch.PELoops.begin();
      auto At = llvm::find(P.Dims, D);
      bool Chained = P.Chain && P.Chain->Loop == Vector->Loop;
      if ((Chained || At != P.Dims.end()) && !P.Element->isVectorTy()) {
        if (!Chained)
          P.Dims.erase(At);
        P.PEVector = true;
        P.Scalar = P.Element;
        P.Element = llvm::FixedVectorType::get(P.Element, Vector->Lanes);
      }
    }
    Plans.push_back(std::move(P));
  };
  llvm::SmallPtrSet<llvm::Instruction *, 8> Seen;
  for (const InputRead &In : S.Inputs) {
    if (!llvm::is_contained(Loaded, In.Name) || !Seen.insert(In.Load).second)
      continue;
    ChannelPlan P;
    P.Buffer = In.Name;
    P.Access = In.Load;
    P.Element = In.Load->getType();
    add(std::move(P), dominatingGuards(S, DT, In.Load->getParent()));
  }
  for (const UREStatement &St : S.Statements) {
    if (!St.Extended || !llvm::is_contained(Drained, St.OutputName))
      continue;
    ChannelPlan P;
    P.Buffer = St.OutputName;
    P.Output = true;
    P.Access = St.Store;
    P.Element = St.Store->getValueOperand()->getType();
    add(std::move(P), St.Guards);
  }
  return Plans;
}

} // namespace t2s
