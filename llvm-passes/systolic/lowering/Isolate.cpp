//===- Isolate.cpp - Loader and drainer kernels and their channels --------===//

#include "systolic/lowering/Lowering.h"

namespace t2s {

void isolateLoadersAndDrainers(Design &D, NestPlans Plans) {
  llvm::SmallVector<Design::Kernel, 8> Kernels;
  for (const Design::Kernel &K : D.Kernels) {
    const NestPlan &P = *Plans[K.Nest];
    if (K.Role != KernelRole::Systolic) {
      Kernels.push_back(K);
      continue;
    }
    const URESystem &S = P.Sch.System;
    // Loaders first, then the array, then the drainers: the order data flows.
    auto add = [&](KernelRole Role, const std::string &Buffer) {
      for (const Design::Kernel &X : Kernels)
        if (X.Nest == K.Nest && X.Role == Role && X.Buffer == Buffer)
          return;
      std::string Name = Role == KernelRole::Loader ? K.Name + "_load_" + Buffer
                                                    : K.Name + "_drain_" + Buffer;
      Design::Kernel X;
      X.Name = Name;
      X.Role = Role;
      X.Nest = K.Nest;
      X.Buffer = Buffer;
      X.Stage = K.Stage;
      Kernels.push_back(std::move(X));
    };
    for (const ChannelPlan &C : P.Channels)
      if (!C.Output)
        add(KernelRole::Loader, C.Buffer);
    Kernels.push_back(K);
    for (const ChannelPlan &C : P.Channels)
      if (C.Output)
        add(KernelRole::Drainer, C.Buffer);
    // A channel per PE that accesses the buffer: the PE loops the access is
    // not pinned to, those a chain will cover and a vectorized space loop
    // will pack included.
    for (const ChannelPlan &C : P.Channels) {
      Design::Channel X;
      X.Kind = C.Output ? Design::ChannelKind::Drainer : Design::ChannelKind::Loader;
      X.Name = C.Name;
      X.Array = C.Buffer;
      X.Nest = K.Nest;
      X.Element = C.Window ? C.ElementType : C.ScalarType;
      X.Window = C.Window ? C.Window->Width : 0;
      X.Depth = ChannelDepth;
      X.Stream = C.Stream;
      llvm::SmallVector<unsigned, 4> Dims(C.Chain ? C.ChainDims : C.Dims);
      if (C.PEVector)
        for (unsigned I = 0; I < P.Sch.PELoops.size(); ++I)
          if (P.Sch.PELoops[I] == P.Vector->Loop && !llvm::is_contained(Dims, I))
            Dims.push_back(I);
      llvm::sort(Dims);
      spanPELoops(X, P, Dims);
      // What the report compares the final channels with: one per PE.
      X.OnePerPE = 1;
      for (unsigned Dim : C.Chain ? C.ChainDims : C.Dims)
        X.OnePerPE *= uint64_t(S.Loops[P.Sch.PELoops[Dim]].extent());
      if (C.PEVector && !C.Chain)
        X.OnePerPE *= uint64_t(S.Loops[P.Vector->Loop].extent());
      if (!C.PEVector)
        if (std::optional<PESet> PEs = accessingPEs(P, C)) {
          llvm::ArrayRef<unsigned> PerPE = C.Chain ? C.ChainDims : C.Dims;
          X.OnePerPE = countChannels(*PEs, PerPE);
          if (!C.Chain)
            X.Used = X.OnePerPE;
        }
      D.Channels.push_back(std::move(X));
    }
  }
  D.Kernels = std::move(Kernels);
}

} // namespace t2s
