//===- ScatterGather.cpp - Chains of PEs ----------------------------------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/lowering/Lowering.h"

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
    // Between the PEs of a chain: a PE passes on at most one value per PE of
    // the chain and time step; the chain's end passes nothing on.
    Design::Channel Chain = X;
    Chain.Kind = Design::ChannelKind::Chain;
    Chain.Name = C->Name + "_chain";
    Chain.Depth = uint64_t(L.extent());
    spanPELoops(Chain, P, C->ChainDims);
    Chain.Used = Chain.Used / uint64_t(L.extent()) * uint64_t(L.extent() - 1);
    Chain.OnePerPE = 0;
    Channels.push_back(std::move(X));
    Channels.push_back(std::move(Chain));
  }
  D.Channels = std::move(Channels);
}

} // namespace t2s
