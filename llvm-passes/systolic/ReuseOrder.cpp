//===- ReuseOrder.cpp - Whether a feeder sends what its loader sent ------===//

#include "systolic/ReuseOrder.h"
#include "systolic/KernelReplay.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <vector>

namespace t2s {
namespace {

using Send = std::vector<int64_t>; // write, channel subscripts, tile, kept, around

const Expr *baseOf(const Expr &E) {
  return E.Kind == ExprKind::Subscript ? &E.operand(0) : &E;
}

// Base[i][j]...: its subscripts, from the first.
llvm::ArrayRef<ExprPtr> subscriptsOf(const Expr &E) {
  if (E.Kind != ExprKind::Subscript)
    return {};
  return llvm::ArrayRef<ExprPtr>(E.Operands).drop_front();
}

class Replay : public KernelReplay {
protected:
  const Design &D;
  const Design::ReuseBuffer &R;
  uint64_t Budget;

public:
  std::vector<Send> Sends;
  std::string Failure;

  Replay(const Design &D, const Design::ReuseBuffer &R, uint64_t Budget)
      : D(D), R(R), Budget(Budget) {
    setParams(D.standIns());
  }

protected:
  // The channel write's channel (its place among the design's channels)
  // and its evaluated subscripts.
  bool channel(const Stmt &S, Send &Out) {
    const std::string &Name = baseOf(*S.Target)->Name;
    Out.push_back(llvm::find_if(D.Channels, [&](const Design::Channel &C) {
                    return C.Name == Name;
                  }) - D.Channels.begin());
    for (const ExprPtr &E : subscriptsOf(*S.Target)) {
      std::optional<int64_t> V = Eval(*E);
      if (!V)
        return false;
      Out.push_back(*V);
    }
    return true;
  }

  bool record(Send S) {
    Sends.push_back(std::move(S));
    return Sends.size() < Budget;
  }
};

// The loader without its buffer.
class LoaderReplay : public Replay {
  llvm::DenseMap<const Stmt *, unsigned> WriteIndex;

public:
  LoaderReplay(const Design &D, const Design::ReuseBuffer &R, uint64_t Budget)
      : Replay(D, R, Budget) {
    unsigned N = 0;
    std::function<void(const Stmts &)> walk = [&](const Stmts &Body) {
      for (const Stmt &S : Body) {
        if (S.Kind == StmtKind::Write)
          WriteIndex[&S] = N++;
        walk(S.Head);
        walk(S.Body);
        walk(S.Else);
      }
    };
    walk(R.Unbuffered);
  }

private:
  bool accessesHere(const Stmt &S) const override { return S.Kind == StmtKind::Write; }

  bool access(const Stmt &S) override {
    unsigned N = WriteIndex.lookup(&S);
    if (N >= R.Memories.size()) {
      Failure = "a channel write the feeder has no memory for";
      return false;
    }
    Send Out{int64_t(N)};
    Eval.UnknownLine = 0;
    if (!channel(S, Out))
      return computed();
    // The tile: the tile loops' values as one number, the last fastest.
    int64_t Tile = 0;
    for (unsigned I = 0; I < R.TileRanges.size(); ++I) {
      std::optional<int64_t> From = Eval(*R.TileRanges[I].first),
                             Bound = Eval(*R.TileRanges[I].second);
      std::optional<int64_t> *V = Scope.lookup(R.TileLoops[I]);
      if (!From || !Bound || !V || !*V)
        return computed();
      Tile = Tile * (*Bound - *From) + (**V - *From);
    }
    Out.push_back(Tile);
    for (unsigned I = 0; I < R.KeptLoops.size(); ++I) {
      std::optional<int64_t> *V = Scope.lookup(R.KeptLoops[I]);
      if (!V || !*V)
        return computed();
      Out.push_back(**V - R.KeptFrom[I]);
    }
    for (const auto &[Name, From] : R.Memories[N].Around) {
      std::optional<int64_t> *V = Scope.lookup(Name);
      if (!V || !*V)
        return computed();
      Out.push_back(**V - From);
    }
    return record(std::move(Out));
  }
};

// The feeder: its reads into the memories and its sends from them.
class FeederReplay : public Replay {
  // Per memory element (memory, subscripts): the tile read into it.
  std::map<std::vector<int64_t>, int64_t> ReadIn;

public:
  using Replay::Replay;

private:
  int memoryOf(const Expr &E) const {
    const Expr *B = baseOf(E);
    for (unsigned M = 0; M < R.Memories.size(); ++M)
      if (B->Kind == ExprKind::Var && B->Name == R.Memories[M].Name)
        return int(M);
    return -1;
  }

  bool accessesHere(const Stmt &S) const override {
    return S.Kind == StmtKind::Write ||
           (S.Kind == StmtKind::Assign && memoryOf(*S.Target) >= 0);
  }

  // The memory and subscripts of element E.
  std::optional<std::vector<int64_t>> element(const Expr &E) {
    std::vector<int64_t> Key{memoryOf(E)};
    for (const ExprPtr &X : subscriptsOf(E)) {
      std::optional<int64_t> V = Eval(*X);
      if (!V)
        return std::nullopt;
      Key.push_back(*V);
    }
    return Key;
  }

  bool access(const Stmt &S) override {
    Eval.UnknownLine = 0;
    std::optional<int64_t> *Tile = Scope.lookup(R.Tile);
    if (!Tile || !*Tile)
      return computed();
    if (S.Kind == StmtKind::Assign) {
      std::optional<std::vector<int64_t>> Key = element(*S.Target);
      if (!Key)
        return computed();
      ReadIn[*Key] = **Tile;
      return true;
    }
    int M = memoryOf(*S.Value);
    std::optional<std::vector<int64_t>> Key = element(*S.Value);
    if (M < 0 || !Key) {
      Failure = "a write that sends no element of a memory";
      return false;
    }
    auto It = ReadIn.find(*Key);
    int64_t Sent = **Tile - 1;
    if (It == ReadIn.end() || It->second != Sent) {
      Failure = "tile " + std::to_string(Sent) + " sends " + R.Memories[M].Name + "[" +
                llvm::join(llvm::map_range(llvm::ArrayRef<int64_t>(*Key).drop_front(),
                                           [](int64_t V) { return std::to_string(V); }),
                           "][") +
                "], which " +
                (It == ReadIn.end() ? std::string("was never read")
                                    : "holds tile " + std::to_string(It->second));
      return false;
    }
    Send Out{M};
    if (!channel(S, Out))
      return computed();
    Out.push_back(Sent);
    // The kept and around subscripts, without the half.
    Out.insert(Out.end(), Key->begin() + 2, Key->end());
    return record(std::move(Out));
  }
};

} // namespace

std::optional<std::string> checkReuseBuffers(const Design &D, uint64_t Budget) {
  for (const Design::Kernel &K : D.Kernels) {
    if (!K.Reuse)
      continue;
    LoaderReplay Loader(D, *K.Reuse, Budget);
    FeederReplay Feeder(D, *K.Reuse, Budget);
    Loader.run(K.Reuse->Unbuffered);
    Feeder.run(K.Body);
    std::string Where = "the feeder of '" + K.Buffer + "' (" + K.Name + ")";
    if (!Loader.Failure.empty() || !Feeder.Failure.empty())
      return Where + ": " + (Feeder.Failure.empty() ? Loader.Failure : Feeder.Failure);
    // A run that stopped at a computed decision compares what it saw.
    size_t N = std::min(Loader.Sends.size(), Feeder.Sends.size());
    for (size_t I = 0; I < N; ++I)
      if (Loader.Sends[I] != Feeder.Sends[I])
        return Where + ": its send " + std::to_string(I + 1) +
               " differs from what the loader without the buffer sends there";
    bool LoaderDone = !Loader.Computed && !Loader.Truncated && Loader.Sends.size() < Budget;
    bool FeederDone = !Feeder.Computed && !Feeder.Truncated && Feeder.Sends.size() < Budget;
    if ((LoaderDone && Loader.Sends.size() < Feeder.Sends.size()) ||
        (FeederDone && Feeder.Sends.size() < Loader.Sends.size()) ||
        (LoaderDone && FeederDone && Loader.Sends.size() != Feeder.Sends.size()))
      return Where + ": it sends " + std::to_string(Feeder.Sends.size()) +
             " values, the loader without the buffer " + std::to_string(Loader.Sends.size());
  }
  return std::nullopt;
}

} // namespace t2s
