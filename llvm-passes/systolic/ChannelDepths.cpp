//===- ChannelDepths.cpp - Channel depths from the kernels' order ---------===//

#include "systolic/ChannelDepths.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "systolic/KernelReplay.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

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

std::vector<uint64_t> depthsJointly(llvm::ArrayRef<std::vector<uint32_t>> Slots,
                                    llvm::ArrayRef<std::vector<bool>> IsWrite, uint32_t SlotCount,
                                    const std::vector<bool> &Prefix) {
  size_t K = Slots.size();
  std::vector<uint64_t> Held(SlotCount, 0), Most(SlotCount, 0);
  std::vector<size_t> At(K, 0);
  auto done = [&](size_t X) { return At[X] == Slots[X].size(); };
  // Whether some kernel waits to read slot S, which holds nothing.
  auto awaited = [&](uint32_t S) {
    if (Held[S])
      return false;
    for (size_t X = 0; X < K; ++X)
      if (!done(X) && !IsWrite[X][At[X]] && Slots[X][At[X]] == S)
        return true;
    return false;
  };
  auto write = [&](size_t X) {
    uint32_t S = Slots[X][At[X]++];
    Most[S] = std::max(Most[S], ++Held[S]);
  };
  for (;;) {
    bool Moved = false;
    // Readers take what is there; a writer writes what a reader waits for.
    for (size_t X = 0; X < K; ++X)
      while (!done(X) && !IsWrite[X][At[X]] && Held[Slots[X][At[X]]] > 0) {
        --Held[Slots[X][At[X]++]];
        Moved = true;
      }
    for (size_t X = 0; X < K; ++X)
      if (!done(X) && IsWrite[X][At[X]] && awaited(Slots[X][At[X]])) {
        write(X);
        Moved = true;
      }
    if (Moved)
      continue;
    // Every kernel waits. Past the end of a trace that stopped early
    // nothing is known: the schedule stops there.
    for (size_t X = 0; X < K; ++X)
      if (done(X) && Prefix[X])
        return Most;
    // Otherwise the writer into the emptiest channel goes ahead: a value
    // more in flight, which no reader waits for yet.
    std::optional<size_t> Best;
    for (size_t X = 0; X < K; ++X)
      if (!done(X) && IsWrite[X][At[X]] &&
          (!Best || Held[Slots[X][At[X]]] < Held[Slots[*Best][At[*Best]]]))
        Best = X;
    if (!Best)
      return Most; // all done, or waiting for reads no kernel makes
    write(*Best);
  }
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

// Which accesses a trace records.
enum class Trace { Writes, Reads, Both };

// One kernel replayed: its accesses (writes, reads, or both) to the
// channels of Pair, as slot numbers, in the order the kernel makes them.
class AccessTrace : public KernelReplay {
  const Design &D;
  const llvm::StringMap<Tracked> &Pair;
  Trace Mode;
  uint64_t Limit;

public:
  std::vector<uint32_t> Slots;
  std::vector<bool> IsWrite; ///< per access, with Trace::Both

  AccessTrace(const Design &D, const llvm::StringMap<Tracked> &Pair, Trace Mode, uint64_t Limit)
      : D(D), Pair(Pair), Mode(Mode), Limit(Limit) {
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
    bool Writes = S.Kind == StmtKind::Write && tracked(*S.Target);
    if (Mode == Trace::Writes)
      return Writes;
    if (Mode == Trace::Both && Writes)
      return true;
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
  bool record(const Expr &Ref, bool Write) {
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
    IsWrite.push_back(Write);
    if (Slots.size() >= Limit) {
      Truncated = true;
      return false;
    }
    return true;
  }

  // The reads of E, in the order it evaluates them (a shared operand once).
  bool readsOf(const Expr &E) {
    llvm::SmallPtrSet<const Expr *, 32> Seen;
    return readsOf(E, Seen);
  }
  bool readsOf(const Expr &E, llvm::SmallPtrSetImpl<const Expr *> &Seen) {
    if (!Seen.insert(&E).second)
      return true;
    for (const ExprPtr &O : E.Operands)
      if (O && !readsOf(*O, Seen))
        return false;
    if (E.Kind == ExprKind::ChannelRead && tracked(E.operand(0)))
      return record(E.operand(0), false);
    return true;
  }

  bool access(const Stmt &S) override {
    if (Mode == Trace::Writes)
      return record(*S.Target, true);
    if (S.Value && !readsOf(*S.Value)) // the value is read before it is sent
      return false;
    if (Mode == Trace::Both && S.Kind == StmtKind::Write && tracked(*S.Target))
      return record(*S.Target, true);
    return true;
  }
};

// The channels each statement list writes (reads).
void channelsOf(const Stmts &Body, bool Writer, llvm::StringMap<bool> &Names) {
  forEachStmt(Body, [&](const Stmt &S) {
    if (Writer && S.Kind == StmtKind::Write)
      if (const Expr *V = channelVar(*S.Target))
        Names[V->Name] = true;
    if (!Writer)
      forEachExpr(S, [&](const ExprPtr &E) {
        anyNode(E, [&](const Expr &X) {
          if (X.Kind == ExprKind::ChannelRead)
            if (const Expr *V = channelVar(X.operand(0)))
              Names[V->Name] = true;
          return false;
        });
      });
  });
}

// A channel's depth: the most values any of its slots held, at least 1.
uint64_t mostOf(const std::vector<uint64_t> &Most, const Tracked &T) {
  uint64_t Depth = 1;
  for (uint32_t S = T.First; S < T.First + T.Count; ++S)
    Depth = std::max(Depth, Most[S]);
  return Depth;
}

// The slots of Channels, numbered from 0 in order.
uint32_t trackChannels(const Design &D, llvm::ArrayRef<unsigned> Channels,
                       llvm::StringMap<Tracked> &Out) {
  uint32_t Slots = 0;
  for (unsigned C : Channels) {
    Tracked T{C, Slots};
    for (int64_t E : D.Channels[C].Extents)
      T.Count *= uint32_t(std::max<int64_t>(E, 1));
    Out[D.Channels[C].Name] = T;
    Slots += T.Count;
  }
  return Slots;
}

// The kernels Kernels, which exchange values along more than one path,
// replayed together over their Channels.
void sizeJointly(Design &D, llvm::ArrayRef<unsigned> Kernels, llvm::ArrayRef<unsigned> Channels,
                 uint64_t OpLimit) {
  llvm::StringMap<Tracked> Tracks;
  uint32_t Slots = trackChannels(D, Channels, Tracks);
  std::vector<std::vector<uint32_t>> Ops;
  std::vector<std::vector<bool>> Writes;
  std::vector<bool> Prefix;
  std::string Names, Computed;
  size_t Seen = SIZE_MAX;
  bool Truncated = false;
  for (unsigned K : Kernels) {
    AccessTrace T(D, Tracks, Trace::Both, OpLimit);
    T.setParams(D.standIns());
    T.run(D.Kernels[K].Body);
    if (T.Computed && Computed.empty())
      Computed = D.Kernels[K].Name;
    Truncated |= T.Truncated;
    if (T.Truncated)
      Seen = std::min(Seen, T.Slots.size());
    Prefix.push_back(T.Truncated);
    Ops.push_back(std::move(T.Slots));
    Writes.push_back(std::move(T.IsWrite));
    Names += (Names.empty() ? "" : K == Kernels.back() ? " and " : ", ") + D.Kernels[K].Name;
  }
  std::vector<uint64_t> Most;
  if (Computed.empty())
    Most = depthsJointly(Ops, Writes, Slots, Prefix);
  for (unsigned C : Channels) {
    Design::Channel &Ch = D.Channels[C];
    if (!Computed.empty()) {
      Ch.Depth = ChannelDepth;
      Ch.DepthNote = "fixed: when " + Computed + " accesses it depends on a computed value";
      continue;
    }
    uint64_t Depth = mostOf(Most, Tracks[Ch.Name]);
    Ch.Depth = Depth;
    Ch.DepthNote = "the most values in flight among " + Names +
                   ", replayed together: values pass between them along more than one path";
    if (Truncated) {
      Ch.Depth = std::max<uint64_t>(Depth, ChannelDepth);
      Ch.DepthNote += " (over the first " + llvm::formatv("{0:N}", Seen).str() +
                      " accesses of a kernel, at least " + std::to_string(ChannelDepth) + ")";
    }
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
  // Kernels that values connect along more than one path (a kernel nest
  // that feeds one array through two loaders: the array's order of reads
  // holds the writer back along both paths) are replayed together: the
  // replay of one pair does not see how the others hold its kernels back.
  std::vector<unsigned> Group(D.Kernels.size());
  for (unsigned K = 0; K < Group.size(); ++K)
    Group[K] = K;
  std::function<unsigned(unsigned)> find = [&](unsigned K) {
    return Group[K] == K ? K : Group[K] = find(Group[K]);
  };
  for (auto &[Ends, Unused] : Pairs) {
    (void)Unused;
    Group[find(Ends.first)] = find(Ends.second);
  }
  std::map<unsigned, std::pair<unsigned, unsigned>> Size; // kernels, pairs
  for (unsigned K = 0; K < Group.size(); ++K)
    ++Size[find(K)].first;
  for (auto &[Ends, Unused] : Pairs) {
    (void)Unused;
    ++Size[find(Ends.first)].second;
  }
  // A component with as many pairs as kernels has more than one path.
  std::set<unsigned> Joint;
  for (auto &[Root, Counts] : Size)
    if (Counts.second >= Counts.first)
      Joint.insert(Root);
  for (unsigned Root : Joint) {
    std::vector<unsigned> Kernels, Channels;
    for (unsigned K = 0; K < D.Kernels.size(); ++K)
      if (find(K) == Root)
        Kernels.push_back(K);
    for (auto &[Ends, Cs] : Pairs)
      if (find(Ends.first) == Root)
        Channels.insert(Channels.end(), Cs.begin(), Cs.end());
    sizeJointly(D, Kernels, Channels, OpLimit);
  }
  for (auto &[Ends, Channels] : Pairs) {
    const Design::Kernel &WK = D.Kernels[Ends.first], &RK = D.Kernels[Ends.second];
    if (Joint.count(find(Ends.first)))
      continue;
    llvm::StringMap<Tracked> Pair;
    uint32_t Slots = trackChannels(D, Channels, Pair);
    AccessTrace W(D, Pair, Trace::Writes, OpLimit), R(D, Pair, Trace::Reads, OpLimit);
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
      AccessTrace W2(D, Pair, Trace::Writes, OpLimit), R2(D, Pair, Trace::Reads, OpLimit);
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
      uint64_t Depth = mostOf(Most, T);
      Ch.Depth = Depth;
      Ch.DepthNote = "the most values in flight " + Between;
      uint64_t AtTwice = Twice ? mostOf(*Twice, T) : 1;
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
