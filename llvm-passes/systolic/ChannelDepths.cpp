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
#include <numeric>
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

// Kernels sized together: a writer and a reader (Kernels = {W, R}), or
// kernels that exchange values along more than one path (Joint).
struct KernelGroup {
  std::vector<unsigned> Kernels, Channels;
  bool Joint = false;
};

// One replay of a group's kernels at some sizes.
struct Replayed {
  std::vector<uint64_t> Most;    // per slot
  std::string Computed;          // a kernel whose accesses depend on a computed value
  bool Truncated = false;        // a trace stopped at the limit
  size_t Seen = SIZE_MAX;        // then: the accesses replayed

  bool usable() const { return Computed.empty() && !Truncated; }
};

Replayed replay(const Design &D, const KernelGroup &G, const llvm::StringMap<Tracked> &Tracks,
                uint32_t Slots, llvm::ArrayRef<std::optional<int64_t>> Sizes, uint64_t OpLimit) {
  Replayed Out;
  if (!G.Joint) {
    AccessTrace W(D, Tracks, Trace::Writes, OpLimit), R(D, Tracks, Trace::Reads, OpLimit);
    W.setParams(Sizes);
    R.setParams(Sizes);
    W.run(D.Kernels[G.Kernels[0]].Body);
    R.run(D.Kernels[G.Kernels[1]].Body);
    if (W.Computed || R.Computed)
      Out.Computed = D.Kernels[G.Kernels[W.Computed ? 0 : 1]].Name;
    Out.Truncated = W.Truncated || R.Truncated;
    if (Out.Truncated)
      Out.Seen = std::min(W.Slots.size(), R.Slots.size());
    if (Out.Computed.empty())
      Out.Most = depthsInFlight(W.Slots, R.Slots, Slots, R.Truncated);
    return Out;
  }
  std::vector<std::vector<uint32_t>> Ops;
  std::vector<std::vector<bool>> Writes;
  std::vector<bool> Prefix;
  for (unsigned K : G.Kernels) {
    AccessTrace T(D, Tracks, Trace::Both, OpLimit);
    T.setParams(Sizes);
    T.run(D.Kernels[K].Body);
    if (T.Computed && Out.Computed.empty())
      Out.Computed = D.Kernels[K].Name;
    Out.Truncated |= T.Truncated;
    if (T.Truncated)
      Out.Seen = std::min(Out.Seen, T.Slots.size());
    Prefix.push_back(T.Truncated);
    Ops.push_back(std::move(T.Slots));
    Writes.push_back(std::move(T.IsWrite));
  }
  if (Out.Computed.empty())
    Out.Most = depthsJointly(Ops, Writes, Slots, Prefix);
  return Out;
}

// The sizes with the parameter Only (every run-time size if none) times
// Factor.
llvm::SmallVector<std::optional<int64_t>, 4> scaled(const Design &D, std::optional<unsigned> Only,
                                                    int64_t Factor) {
  llvm::SmallVector<std::optional<int64_t>, 4> Sizes = D.standIns();
  for (unsigned P = 0; P < Sizes.size(); ++P)
    if (Sizes[P] && (!Only || *Only == P))
      *Sizes[P] *= Factor;
  return Sizes;
}

// How a group's channels grow with the run-time sizes, from replays at the
// stand-ins (Base), at twice them, and at twice and four times each size
// alone: per channel, the depth at twice the sizes, the sizes whose replays
// alone change it, and the linear law through the replays where every
// replay lies on it.
struct Growth {
  std::vector<uint64_t> AtTwice;              // per channel of the group
  std::vector<llvm::SmallVector<unsigned, 2>> Varies;
  std::vector<std::optional<Design::DepthLaw>> Laws;
};

std::optional<Growth> growth(const Design &D, const KernelGroup &G,
                             const llvm::StringMap<Tracked> &Tracks, uint32_t Slots,
                             const Replayed &Base, uint64_t OpLimit) {
  if (!D.hasRunTimeSizes() || Base.Truncated)
    return std::nullopt;
  Replayed Twice = replay(D, G, Tracks, Slots, scaled(D, std::nullopt, 2), OpLimit);
  if (!Twice.Computed.empty())
    return std::nullopt;
  auto depthOf = [&](const Replayed &R, unsigned C) {
    return int64_t(mostOf(R.Most, Tracks.find(D.Channels[C].Name)->second));
  };
  Growth Out;
  bool Grows = false;
  for (unsigned C : G.Channels) {
    Out.AtTwice.push_back(uint64_t(depthOf(Twice, C)));
    Grows |= depthOf(Twice, C) != depthOf(Base, C);
  }
  Out.Laws.resize(G.Channels.size());
  Out.Varies.resize(G.Channels.size());
  if (!Grows || !Twice.usable())
    return Out;
  // Each size alone at twice and four times its stand-in.
  std::vector<std::pair<unsigned, std::pair<Replayed, Replayed>>> Alone;
  llvm::SmallVector<std::optional<int64_t>, 4> Stand = D.standIns();
  for (unsigned P = 0; P < Stand.size(); ++P) {
    if (!Stand[P])
      continue;
    Replayed Two = replay(D, G, Tracks, Slots, scaled(D, P, 2), OpLimit);
    Replayed Four = replay(D, G, Tracks, Slots, scaled(D, P, 4), OpLimit);
    if (!Two.usable() || !Four.usable())
      return Out;
    Alone.push_back({P, {std::move(Two), std::move(Four)}});
  }
  int64_t Den = 1;
  for (auto &[P, Unused] : Alone)
    Den = std::lcm(Den, *Stand[P]);
  for (unsigned I = 0; I < G.Channels.size(); ++I) {
    unsigned C = G.Channels[I];
    int64_t At = depthOf(Base, C), Sum = At;
    Design::DepthLaw Law;
    Law.Denominator = Den;
    Law.Constant = At * Den;
    bool Linear = true;
    for (auto &[P, Runs] : Alone) {
      int64_t Step = depthOf(Runs.first, C) - At; // per stand-in of P
      Linear &= depthOf(Runs.second, C) - At == 3 * Step;
      Sum += Step;
      if (Step || depthOf(Runs.second, C) != At)
        Out.Varies[I].push_back(P);
      if (!Step)
        continue;
      int64_t Coefficient = Step * (Den / *Stand[P]);
      Law.Terms.push_back({P, Coefficient});
      Law.Constant -= Coefficient * *Stand[P];
    }
    Linear &= Sum == depthOf(Twice, C); // no products of sizes
    if (Linear && !Law.Terms.empty()) {
      // Lowest terms.
      int64_t Common = std::gcd(Law.Denominator, Law.Constant);
      for (auto &[P, Coefficient] : Law.Terms)
        Common = std::gcd(Common, Coefficient);
      Common = std::max<int64_t>(Common, 1);
      Law.Denominator /= Common;
      Law.Constant /= Common;
      for (auto &[P, Coefficient] : Law.Terms)
        Coefficient /= Common;
      Out.Laws[I] = std::move(Law);
    }
  }
  return Out;
}

// A channel of G whose values in flight grow faster than linearly with the
// sizes Varies (its DepthNote says how): where -t2s-size= gives them all,
// the depth the replay at the sizes BuiltFor needs (SizedUpTo: the stubs
// stop larger runs); else, or where that replay runs too long, the depth
// stays and the note says how to size it.
void sizeAtGiven(Design &D, const KernelGroup &G, const llvm::StringMap<Tracked> &Tracks,
                 uint32_t Slots, uint64_t OpLimit, llvm::ArrayRef<std::optional<int64_t>> Given,
                 llvm::ArrayRef<std::optional<int64_t>> BuiltFor,
                 llvm::ArrayRef<unsigned> Varies, Design::Channel &Ch) {
  std::string Sizes;
  for (unsigned P : Varies)
    Sizes += (Sizes.empty() ? "--size=" : ",") + D.Params[P].Name + "=N" +
             (Varies.size() > 1 ? "_" + D.Params[P].Name : "");
  std::string MayNot = "; depth " + std::to_string(Ch.Depth) +
                       " may not hold them at the sizes you run, and then the kernels "
                       "deadlock on the device";
  bool Covered = !Varies.empty() && llvm::all_of(Varies, [&](unsigned P) {
    return P < Given.size() && Given[P];
  });
  if (!Covered) {
    Ch.DepthNote += MayNot + ": build with " + (Sizes.empty() ? std::string("--size=") : Sizes) +
                    ", the largest sizes you run, and the compiler replays the kernels at them";
    return;
  }
  Replayed AtGiven = replay(D, G, Tracks, Slots, BuiltFor, OpLimit);
  if (!AtGiven.usable()) {
    Ch.DepthNote += "; the kernels run too long at the sizes --size= gives to replay them" +
                    MayNot + ": run the emulation at those sizes";
    return;
  }
  Ch.Depth = std::max(Ch.Depth, mostOf(AtGiven.Most, Tracks.find(Ch.Name)->second));
  Ch.SizedForGiven = true;
  std::string UpTo;
  for (unsigned P : Varies) {
    Ch.SizedUpTo.push_back({P, *BuiltFor[P]});
    UpTo += (UpTo.empty() ? "" : ", ") + D.Params[P].Name + " = " + std::to_string(*BuiltFor[P]);
  }
  Ch.DepthNote += "; replayed at the sizes --size= gives (" + UpTo + "): depth " +
                  std::to_string(Ch.Depth) + ", and the host stub stops larger runs";
}

// Sizes the channels of G (see the file comment); Given: the sizes the
// design is built for (-t2s-size=), per parameter.
void sizeGroup(Design &D, const KernelGroup &G, uint64_t OpLimit,
               llvm::ArrayRef<std::optional<int64_t>> Given) {
  llvm::StringMap<Tracked> Tracks;
  uint32_t Slots = trackChannels(D, G.Channels, Tracks);
  Replayed Base = replay(D, G, Tracks, Slots, D.standIns(), OpLimit);
  std::string Between;
  if (G.Joint) {
    for (unsigned K : G.Kernels)
      Between += (Between.empty() ? "" : K == G.Kernels.back() ? " and " : ", ") +
                 D.Kernels[K].Name;
    Between = "among " + Between;
  } else {
    Between = "from " + D.Kernels[G.Kernels[0]].Name + " to " + D.Kernels[G.Kernels[1]].Name;
  }
  if (!Base.Computed.empty()) {
    for (unsigned C : G.Channels) {
      D.Channels[C].Depth = ChannelDepth;
      D.Channels[C].DepthNote =
          "fixed: when " + Base.Computed + " accesses it depends on a computed value";
    }
    return;
  }
  std::optional<Growth> More = growth(D, G, Tracks, Slots, Base, OpLimit);
  // The sizes the design is built for, the stand-ins where none is given.
  llvm::SmallVector<std::optional<int64_t>, 4> BuiltFor = D.standIns();
  for (unsigned P = 0; P < BuiltFor.size() && P < Given.size(); ++P)
    if (Given[P] && BuiltFor[P])
      BuiltFor[P] = Given[P];
  for (unsigned I = 0; I < G.Channels.size(); ++I) {
    Design::Channel &Ch = D.Channels[G.Channels[I]];
    uint64_t Depth = mostOf(Base.Most, Tracks[Ch.Name]);
    Ch.Depth = Depth;
    Ch.DepthNote = "the most values in flight " + Between;
    if (G.Joint)
      Ch.DepthNote += ", replayed together: values pass between them along more than one path";
    uint64_t AtTwice = More ? More->AtTwice[I] : Depth;
    if (AtTwice != Depth) {
      Ch.Grows = true;
      Ch.Depth = std::max<uint64_t>({Depth, AtTwice, ChannelDepth});
      std::string Counts = std::to_string(Depth) + (Depth == 1 ? " value" : " values") +
                           " in flight " + Between + " at the stand-in sizes, " +
                           std::to_string(AtTwice) + " at twice them";
      if (const std::optional<Design::DepthLaw> &Law = More->Laws[I]) {
        Ch.Growth = Law;
        Ch.SizedForGiven = llvm::all_of(Law->Terms, [&](const auto &T) {
          return T.first < Given.size() && Given[T.first];
        });
        if (Ch.SizedForGiven)
          Ch.Depth = std::max<uint64_t>(Ch.Depth,
                                        uint64_t(std::max<int64_t>(Law->at(BuiltFor), 1)));
        Ch.DepthNote = "grows with the run-time sizes: " + Law->text(D) + " (" + Counts +
                       "); " + (Ch.SizedForGiven ? "built for the sizes --size= gives; " : "") +
                       "depth " + std::to_string(Ch.Depth) + " holds them " +
                       Law->heldBy(D, Ch.Depth) + ", and the host stub stops larger runs";
      } else {
        Ch.DepthNote = "grows with the run-time sizes, not linearly (" + Counts + ")";
        sizeAtGiven(D, G, Tracks, Slots, OpLimit, Given, BuiltFor, More->Varies[I], Ch);
      }
    }
    // Past the limit the depth is that of a prefix of the run, which
    // covers its first tiles; the fixed depth stays as a floor.
    if (Base.Truncated) {
      Ch.Depth = std::max<uint64_t>(Depth, ChannelDepth);
      std::string Seen = llvm::formatv("{0:N}", Base.Seen).str();
      if (G.Joint)
        Ch.DepthNote += " (over the first " + Seen + " accesses of a kernel, at least " +
                        std::to_string(ChannelDepth) + ")";
      else
        Ch.DepthNote = Base.Seen ? Ch.DepthNote + " over the first " + Seen +
                                       " accesses of the run, at least " +
                                       std::to_string(ChannelDepth)
                                 : "fixed: the kernels run too long to replay up to their "
                                   "first access";
    }
  }
}

} // namespace

void sizeChannels(Design &D, uint64_t OpLimit,
                  llvm::ArrayRef<std::optional<int64_t>> Given) {
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
    KernelGroup G;
    G.Joint = true;
    for (unsigned K = 0; K < D.Kernels.size(); ++K)
      if (find(K) == Root)
        G.Kernels.push_back(K);
    for (auto &[Ends, Cs] : Pairs)
      if (find(Ends.first) == Root)
        G.Channels.insert(G.Channels.end(), Cs.begin(), Cs.end());
    sizeGroup(D, G, OpLimit, Given);
  }
  for (auto &[Ends, Channels] : Pairs)
    if (!Joint.count(find(Ends.first)))
      sizeGroup(D,
                KernelGroup{{Ends.first, Ends.second}, {Channels.begin(), Channels.end()}, false},
                OpLimit, Given);
}

} // namespace t2s
