//===- Isolate.cpp - Loader and drainer kernels and their channels --------===//

#include "systolic/DesignAnalysis.h"
#include "systolic/ReadPaths.h"
#include "ure/IterationDomain.h"
#include "systolic/lowering/Lowering.h"

#include "llvm/IR/Instructions.h"

#include <set>

namespace t2s {

namespace {

// The channels of an array over the PE loops Dims that some PE uses: a PE
// of the box that runs an iteration of the nest where the access's condition
// holds, or may hold (a condition on computed values). None if every PE
// does, or there are too many points to try.
std::optional<uint64_t> channelsUsed(const NestPlan &P, const ChannelPlan &C,
                                     llvm::ArrayRef<unsigned> Dims) {
  const URESystem &S = P.Sch.System;
  ExprPtr Cond;
  if (C.Output) {
    for (const UREStatement &St : S.Statements)
      if (St.Store == C.Access)
        Cond = P.Lift->guard(St);
  } else {
    Cond = P.Lift->readCondition(C.Access);
  }
  if (!Cond && !hasAffineBounds(S.Loops))
    return std::nullopt;
  ReadPath Path;
  if (Cond)
    Path.Conditions.push_back({Cond, true});
  llvm::SmallVector<unsigned, 4> Loops = testedLoops(Path);
  for (unsigned L = 0; L < S.Loops.size(); ++L)
    if ((llvm::is_contained(P.Sch.PELoops, L) || S.Loops[L].affine() ||
         boundsName(S.Loops, L)) &&
        !llvm::is_contained(Loops, L))
      Loops.push_back(L);
  llvm::sort(Loops);
  llvm::SmallVector<int64_t, 6> Point;
  for (const URELoop &L : S.Loops)
    Point.push_back(L.Lower);
  std::set<llvm::SmallVector<int64_t, 4>> Used;
  bool Tried = forEachPoint(S, Loops, Path, [&](llvm::ArrayRef<int64_t> At, PathAt Taken) {
    if (Taken == PathAt::NotTaken)
      return true;
    for (unsigned I = 0; I < Loops.size(); ++I)
      Point[Loops[I]] = At[I];
    if (!inDomain(S.Loops, Point))
      return true;
    llvm::SmallVector<int64_t, 4> Channel;
    for (unsigned D : Dims)
      Channel.push_back(Point[P.Sch.PELoops[D]]);
    Used.insert(Channel);
    return true;
  });
  if (!Tried)
    return std::nullopt;
  return Used.size();
}

} // namespace

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
      X.Element = designType(C.Scalar ? C.Scalar : C.Element);
      X.Depth = ChannelDepth;
      X.Stream = C.Stream;
      llvm::SmallVector<unsigned, 4> Dims(C.Chain ? C.ChainDims : C.Dims);
      if (C.PEVector)
        for (unsigned I = 0; I < P.Sch.PELoops.size(); ++I)
          if (P.Sch.PELoops[I] == P.Sch.Vector->Loop && !llvm::is_contained(Dims, I))
            Dims.push_back(I);
      llvm::sort(Dims);
      spanPELoops(X, P, Dims);
      // What the report compares the final channels with: one per PE.
      X.OnePerPE = 1;
      for (unsigned Dim : C.Chain ? C.ChainDims : C.Dims)
        X.OnePerPE *= uint64_t(S.Loops[P.Sch.PELoops[Dim]].extent());
      if (C.PEVector && !C.Chain)
        X.OnePerPE *= uint64_t(S.Loops[P.Sch.Vector->Loop].extent());
      if (!C.Chain && !C.PEVector)
        if (std::optional<uint64_t> N = channelsUsed(P, C, Dims))
          X.Used = X.OnePerPE = *N;
      D.Channels.push_back(std::move(X));
    }
  }
  D.Kernels = std::move(Kernels);
}

} // namespace t2s
