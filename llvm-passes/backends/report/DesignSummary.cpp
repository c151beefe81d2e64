//===- DesignSummary.cpp - The report's view of a nest's channels ---------===//

#include "backends/report/DesignSummary.h"
#include "backends/c/CTypes.h"
#include "systolic/Design.h"
#include "systolic/KernelNames.h"

#include "llvm/ADT/StringExtras.h"

namespace t2s {

llvm::SmallVector<PEChannelSummary, 4> summarizePEChannels(const Design &D, unsigned Nest) {
  llvm::SmallVector<PEChannelSummary, 4> Out;
  for (const Design::Channel &C : D.Channels) {
    if (C.Nest != Nest ||
        (C.Kind != Design::ChannelKind::Loader && C.Kind != Design::ChannelKind::Drainer))
      continue;
    PEChannelSummary X;
    X.Array = C.Array;
    X.Output = C.Kind == Design::ChannelKind::Drainer;
    X.Channels = C.Used;
    X.OnePerPE = C.OnePerPE;
    X.Element = CTypes().name(C.Element);
    X.Depth = C.Depth;
    X.Along = llvm::join(C.Along, ", ");
    X.Declared = 1;
    for (int64_t E : C.Extents)
      X.Declared *= uint64_t(E);
    X.Lanes = describeLanes(C.Lanes);
    X.Stream = !C.Stream.empty();
    X.Window = C.Window;
    for (const Design::Kernel &K : D.Kernels)
      if (K.Nest == Nest && K.Role == KernelRole::Loader && K.Buffer == C.Array && K.Reuse &&
          !X.Output)
        X.ReuseLoop = K.Reuse->Loop;
    if (!C.ChainLoop.empty()) {
      X.Chain = std::string(C.Gather ? "gather" : "scatter") + " along " + C.ChainLoop +
                (C.Down ? " (down)" : " (up)");
      X.Bundle = C.Bundle;
      for (const Design::Channel &Chain : D.Channels)
        if (Chain.Kind == Design::ChannelKind::Chain && Chain.Name == chainChannel(C.Name)) {
          X.ChainChannels = Chain.Used;
          X.ChainDepth = Chain.Depth;
        }
    }
    Out.push_back(std::move(X));
  }
  return Out;
}

} // namespace t2s
