//===- ChainPEs.cpp - Chains of PEs ---------------------------------------===//
//
// The scatter-gather step: a gather or scatter whose PEs all access at the
// same steps becomes one wide channel per chain, whose element holds every
// PE's value (T2SP's struct of all rows' values, one transfer per clock);
// one whose PEs access at their own steps (PerPE), whose loader or drainer
// talks to another kernel, that passes the vector of a vectorized space
// loop, or whose transfer would exceed MaxWideLanes lanes keeps a channel
// between neighbouring PEs, which pass the values on.
//
//===----------------------------------------------------------------------===//

#include "systolic/KernelNames.h"
#include "systolic/lowering/Lowering.h"

#include <map>
#include <set>

namespace t2s {

void chainPEs(Design &D, NestPlans Plans) {
  llvm::SmallVector<Design::Channel, 8> Channels;
  for (Design::Channel &X : D.Channels) {
    const ChannelPlan *C = planOf(X, Plans);
    if (!C || !C->Chain) {
      Channels.push_back(std::move(X));
      continue;
    }
    const NestPlan &P = *Plans[X.Nest];
    const URESystem &S = P.Sch.System;
    const URELoop &L = S.Loops[C->Chain->Loop];
    // Only the chain's end uses the loader's (drainer's) channel.
    spanPELoops(X, P, C->Dims);
    X.ChainLoop = L.Name;
    X.Gather = C->Chain->Gather;
    X.Down = C->Chain->Down;
    if (bundledChain(*C) &&
        uint64_t(X.Element.Lanes) * uint64_t(L.extent()) <= MaxWideLanes) {
      // One transfer per step carries the values of the PEs along the
      // chain: the loader sends them together, the PEs take theirs from it
      // (the drainer receives what they put in), and no channel runs
      // between the PEs.
      X.Bundle = L.extent();
      X.Element = X.Element.element().withLanes(unsigned(X.Element.Lanes * L.extent()));
      Channels.push_back(std::move(X));
      continue;
    }
    // Between the PEs of a chain: a PE passes on at most one value per PE of
    // the chain and time step; the chain's end passes nothing on.
    Design::Channel Chain = X;
    Chain.Kind = Design::ChannelKind::Chain;
    Chain.Name = chainChannel(C->Name);
    Chain.Depth = uint64_t(L.extent());
    Chain.DepthNote = "the chain's length: a PE passes on up to one value per PE "
                      "along " + L.Name;
    spanPELoops(Chain, P, C->ChainDims);
    Chain.Used = Chain.Used / uint64_t(L.extent()) * uint64_t(L.extent() - 1);
    // The PE loops the chain does not span: where its PEs access.
    if (std::optional<PESet> At = accessingPEs(P, *C))
      for (unsigned Dim = 0; Dim < P.Sch.PELoops.size(); ++Dim) {
        if (llvm::is_contained(C->ChainDims, Dim) || Dim == C->Chain->PEDim)
          continue;
        std::set<int64_t> Values;
        for (const llvm::SmallVector<int64_t, 4> &PE : *At)
          Values.insert(PE[Dim]);
        Chain.ChainAt.push_back({S.Loops[P.Sch.PELoops[Dim]].Name,
                                 llvm::SmallVector<int64_t, 4>(Values.begin(), Values.end())});
      }
    // PEs that access at their own steps: a chain uses the links between its
    // end and the farthest PE that accesses.
    std::optional<PESet> PEs;
    if (C->Chain->PerPE && !C->PEVector && (PEs = accessingPEs(P, *C))) {
      std::map<llvm::SmallVector<int64_t, 4>, uint64_t> Farthest;
      int64_t End = C->Chain->endPE(L);
      for (const llvm::SmallVector<int64_t, 4> &PE : *PEs) {
        llvm::SmallVector<int64_t, 4> Key;
        for (unsigned D : C->Dims)
          Key.push_back(PE[D]);
        int64_t Pos = PE[C->Chain->PEDim];
        uint64_t &F = Farthest[Key];
        F = std::max<uint64_t>(F, uint64_t(Pos > End ? Pos - End : End - Pos));
      }
      Chain.Used = 0;
      for (const auto &[Key, Links] : Farthest)
        Chain.Used += Links;
    }
    Chain.OnePerPE = 0;
    Channels.push_back(std::move(X));
    Channels.push_back(std::move(Chain));
  }
  D.Channels = std::move(Channels);
}

} // namespace t2s
