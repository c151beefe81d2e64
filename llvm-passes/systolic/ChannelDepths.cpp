//===- ChannelDepths.cpp - Channel depths from the kernels' order ---------===//

#include "systolic/ChannelDepths.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/KernelReplay.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

namespace t2s {

std::vector<uint64_t> depthsInFlight(llvm::ArrayRef<uint32_t> Writes,
                                     llvm::ArrayRef<uint32_t> Reads,
                                     uint32_t Slots, bool ReadsArePrefix) {
  std::vector<uint64_t> Held(Slots, 0), Most(Slots, 0);
  size_t R = 0;
  for (size_t W = 0;; ++W) {
    // The reader takes what is there; the writer writes when it waits.
    while (R < Reads.size() && Held[Reads[R]] > 0)
      --Held[Reads[R++]];
    if (W == Writes.size() || (ReadsArePrefix && R == Reads.size()))
      break;
    uint32_t S = Writes[W];
    Most[S] = std::max(Most[S], ++Held[S]);
  }
  return Most;
}

namespace {

// A channel the pair shares: which one, and its slots (one per channel of
// its array) from First on.
struct Tracked {
  unsigned Channel = 0;
  uint32_t First = 0, Count = 1;
};

// The name of the channel an access refers to ('c' or 'c[i][j]'), if any.
const Expr *channelVar(const Expr &Ref) {
  if (Ref.Kind == ExprKind::Var)
    return &Ref;
  if (Ref.Kind == ExprKind::Subscript && Ref.operand(0).Kind == ExprKind::Var)
    return &Ref.operand(0);
  return nullptr;
}

// One kernel replayed: its accesses (writes, or reads) to the channels of
// Pair, as slot numbers, in the order the kernel makes them.
class AccessTrace : public KernelReplay {
  const Design &D;
  const llvm::StringMap<Tracked> &Pair;
  bool Writer;
  uint64_t Limit;

public:
  std::vector<uint32_t> Slots;

  AccessTrace(const Design &D, const llvm::StringMap<Tracked> &Pair, bool Writer,
              uint64_t Limit)
      : D(D), Pair(Pair), Writer(Writer), Limit(Limit) {
    StatementLimit = Limit * 16;
  }

private:
  const Tracked *tracked(const Expr &Ref) const {
    const Expr *V = channelVar(Ref);
    if (!V)
      return nullptr;
    auto It = Pair.find(V->Name);
    return It == Pair.end() ? nullptr : &It->second;
  }

  bool readsIn(const ExprPtr &E) const {
    return E && anyNode(E, [&](const Expr &X) {
             return X.Kind == ExprKind::ChannelRead && tracked(X.operand(0));
           });
  }

  bool accessesHere(const Stmt &S) const override {
    if (Writer)
      return S.Kind == StmtKind::Write && tracked(*S.Target);
    switch (S.Kind) {
    case StmtKind::Decl:
    case StmtKind::Let:
    case StmtKind::Assign:
    case StmtKind::Write:
      return readsIn(S.Value);
    default:
      return false;
    }
  }

  // Records the access to Ref; false to stop.
  bool record(const Expr &Ref) {
    const Tracked *T = tracked(Ref);
    const Design::Channel &C = D.Channels[T->Channel];
    uint64_t Slot = 0;
    if (Ref.Kind == ExprKind::Subscript) {
      for (unsigned I = 1; I < Ref.Operands.size(); ++I) {
        Eval.UnknownLine = 0;
        std::optional<int64_t> V = Eval(*Ref.Operands[I]);
        int64_t Extent = I - 1 < C.Extents.size() ? C.Extents[I - 1] : 1;
        if (!V || *V < 0 || *V >= Extent)
          return computed(); // (outside the array: not sized either)
        Slot = Slot * uint64_t(Extent) + uint64_t(*V);
      }
    }
    Slots.push_back(T->First + uint32_t(Slot));
    if (Slots.size() >= Limit) {
      Truncated = true;
      return false;
    }
    return true;
  }

  // The reads of E, in the order it evaluates them.
  bool readsOf(const Expr &E) {
    for (const ExprPtr &O : E.Operands)
      if (O && !readsOf(*O))
        return false;
    if (E.Kind == ExprKind::ChannelRead && tracked(E.operand(0)))
      return record(E.operand(0));
    return true;
  }

  bool access(const Stmt &S) override {
    return Writer ? record(*S.Target) : readsOf(*S.Value);
  }
};

// The channels each statement list writes (reads).
void channelsOf(const Stmts &Body, bool Writer, llvm::StringMap<bool> &Names) {
  for (const Stmt &S : Body) {
    if (Writer && S.Kind == StmtKind::Write)
      if (const Expr *V = channelVar(*S.Target))
        Names[V->Name] = true;
    if (!Writer)
      for (const ExprPtr &E : {S.Value, S.Bound, S.Target})
        if (E)
          anyNode(E, [&](const Expr &X) {
            if (X.Kind == ExprKind::ChannelRead)
              if (const Expr *V = channelVar(X.operand(0)))
                Names[V->Name] = true;
            return false;
          });
    for (const Stmts *L : {&S.Head, &S.Body, &S.Else})
      channelsOf(*L, Writer, Names);
  }
}

} // namespace

void sizeChannels(Design &D, uint64_t OpLimit) {
  // (Each trace also stops after 16 x OpLimit statements.)
  // Each channel's writer and reader kernel.
  std::vector<llvm::StringMap<bool>> Writes(D.Kernels.size()), Reads(D.Kernels.size());
  for (unsigned K = 0; K < D.Kernels.size(); ++K) {
    channelsOf(D.Kernels[K].Body, true, Writes[K]);
    channelsOf(D.Kernels[K].Body, false, Reads[K]);
  }
  std::map<std::pair<unsigned, unsigned>, llvm::SmallVector<unsigned, 4>> Pairs;
  for (unsigned C = 0; C < D.Channels.size(); ++C) {
    const Design::Channel &Ch = D.Channels[C];
    if (Ch.Kind == Design::ChannelKind::Chain)
      continue;
    std::optional<unsigned> W, R;
    for (unsigned K = 0; K < D.Kernels.size(); ++K) {
      if (Writes[K].count(Ch.Name))
        W = W ? D.Kernels.size() : K; // more than one: not a pair
      if (Reads[K].count(Ch.Name))
        R = R ? D.Kernels.size() : K;
    }
    if (W && R && *W < D.Kernels.size() && *R < D.Kernels.size() && *W != *R)
      Pairs[{*W, *R}].push_back(C);
  }
  // A pair of kernels that values also connect along another path (a
  // kernel nest that feeds one array through two loaders): the pair's own
  // replay does not see how the other path holds the kernels back, so such
  // channels keep the fixed depth.
  auto onCycle = [&](std::pair<unsigned, unsigned> Edge) {
    std::vector<bool> Seen(D.Kernels.size());
    std::vector<unsigned> Work{Edge.first};
    Seen[Edge.first] = true;
    while (!Work.empty()) {
      unsigned K = Work.back();
      Work.pop_back();
      for (auto &[Other, Unused] : Pairs) {
        (void)Unused;
        if (Other == Edge)
          continue;
        for (auto [From, To] : {Other, std::pair{Other.second, Other.first}})
          if (From == K && !Seen[To]) {
            Seen[To] = true;
            Work.push_back(To);
          }
      }
    }
    return bool(Seen[Edge.second]);
  };
  for (auto &[Ends, Channels] : Pairs) {
    const Design::Kernel &WK = D.Kernels[Ends.first], &RK = D.Kernels[Ends.second];
    if (onCycle(Ends)) {
      for (unsigned C : Channels) {
        D.Channels[C].Depth = ChannelDepth;
        D.Channels[C].DepthNote = "fixed: " + WK.Name + " and " + RK.Name +
                                  " also exchange values through other kernels, which "
                                  "the replay of one pair does not see";
      }
      continue;
    }
    llvm::StringMap<Tracked> Pair;
    uint32_t Slots = 0;
    for (unsigned C : Channels) {
      Tracked T{C, Slots};
      for (int64_t E : D.Channels[C].Extents)
        T.Count *= uint32_t(std::max<int64_t>(E, 1));
      Pair[D.Channels[C].Name] = T;
      Slots += T.Count;
    }
    AccessTrace W(D, Pair, true, OpLimit), R(D, Pair, false, OpLimit);
    W.setParams(D.standIns());
    R.setParams(D.standIns());
    W.run(WK.Body);
    R.run(RK.Body);
    // With run-time sizes, the kernels are replayed at the stand-ins and
    // again at twice them: a depth that changes grows with the sizes.
    std::optional<std::vector<uint64_t>> Twice;
    if (D.hasRunTimeSizes() && !W.Computed && !R.Computed && !W.Truncated && !R.Truncated) {
      llvm::SmallVector<std::optional<int64_t>, 4> Doubled = D.standIns();
      for (std::optional<int64_t> &V : Doubled)
        if (V)
          *V *= 2;
      AccessTrace W2(D, Pair, true, OpLimit), R2(D, Pair, false, OpLimit);
      W2.setParams(Doubled);
      R2.setParams(Doubled);
      W2.run(WK.Body);
      R2.run(RK.Body);
      if (!W2.Computed && !R2.Computed)
        Twice = depthsInFlight(W2.Slots, R2.Slots, Slots, R2.Truncated);
    }
    std::string Between = "from " + WK.Name + " to " + RK.Name;
    if (W.Computed || R.Computed) {
      for (unsigned C : Channels) {
        D.Channels[C].Depth = ChannelDepth;
        D.Channels[C].DepthNote =
            "fixed: when " + (W.Computed ? WK.Name : RK.Name) +
            " accesses it depends on a computed value";
      }
      continue;
    }
    std::vector<uint64_t> Most = depthsInFlight(W.Slots, R.Slots, Slots, R.Truncated);
    for (unsigned C : Channels) {
      Design::Channel &Ch = D.Channels[C];
      const Tracked &T = Pair[Ch.Name];
      uint64_t Depth = 1;
      for (uint32_t S = T.First; S < T.First + T.Count; ++S)
        Depth = std::max(Depth, Most[S]);
      Ch.Depth = Depth;
      Ch.DepthNote = "the most values in flight " + Between;
      uint64_t AtTwice = 1;
      if (Twice)
        for (uint32_t S = T.First; S < T.First + T.Count; ++S)
          AtTwice = std::max(AtTwice, (*Twice)[S]);
      if (Twice && AtTwice != Depth) {
        Ch.Depth = std::max<uint64_t>(AtTwice, ChannelDepth);
        Ch.DepthNote = "grows with the run-time sizes (" + std::to_string(Depth) +
                       " values in flight " + Between + " at the stand-in sizes, " +
                       std::to_string(AtTwice) + " at twice them); at least " +
                       std::to_string(ChannelDepth) +
                       ": run the emulation at the sizes you use";
      }
      // Past the limit the depth is that of a prefix of the run, which
      // covers its first tiles; the fixed depth stays as a floor.
      if (W.Truncated || R.Truncated) {
        size_t Seen = std::min(W.Slots.size(), R.Slots.size());
        Ch.Depth = std::max<uint64_t>(Depth, ChannelDepth);
        Ch.DepthNote =
            Seen ? Ch.DepthNote + " over the first " + llvm::formatv("{0:N}", Seen).str() +
                       " accesses of the run, at least " + std::to_string(ChannelDepth)
                 : "fixed: the kernels run too long to replay up to their first access";
      }
    }
  }
}

} // namespace t2s
