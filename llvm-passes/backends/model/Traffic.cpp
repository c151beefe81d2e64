//===- Traffic.cpp - The off-chip memory a design reads and writes --------===//

#include "backends/model/Traffic.h"
#include "systolic/KernelScope.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

namespace t2s {
namespace {

// Whether E reads or writes a buffer element.
bool accessesBuffer(const ExprPtr &E) {
  return anyNode(E, [](const Expr &X) { return X.Kind == ExprKind::BufferElement; });
}

class Counter {
  const Design &D;
  DesignTraffic &T;
  uint64_t Budget, Steps = 0;
  KernelScope Scope;
  IntEval &Eval = Scope.Eval;
  llvm::DenseMap<const Stmt *, bool> Decides, Accesses;

public:
  Counter(const Design &D, DesignTraffic &T, uint64_t Budget,
          llvm::ArrayRef<std::optional<int64_t>> Params)
      : D(D), T(T), Budget(Budget) {
    if (Params.empty())
      Scope.Params = D.standIns();
    else
      Scope.Params.assign(Params.begin(), Params.end());
  }

  /// Counts Body run Times times; false if the count cannot be known.
  bool run(const Stmts &Body, uint64_t Times) {
    size_t Open = Scope.size();
    for (const Stmt &S : Body)
      if (!exec(S, Times))
        return false;
    Scope.resize(Open);
    return true;
  }

private:
  DesignTraffic::Buffer &buffer(unsigned ArgNo) {
    for (DesignTraffic::Buffer &B : T.Buffers)
      if (B.ArgNo == ArgNo)
        return B;
    DesignTraffic::Buffer B;
    B.ArgNo = ArgNo;
    B.Name = ArgNo < D.Params.size() ? D.Params[ArgNo].Name : "";
    B.Element = D.elementOf(ArgNo).value_or(DType());
    T.Buffers.push_back(B);
    return T.Buffers.back();
  }

  static uint64_t lanes(const Expr &E) { return std::max(1u, E.Type.Lanes); }

  // A choice the kernel makes on a computed value: counts the arm that
  // accesses more of each buffer (an upper bound, not Exact unless both
  // arms access the same); false if an arm cannot be counted.
  bool either(llvm::function_ref<bool()> First, llvm::function_ref<bool()> Second) {
    std::vector<DesignTraffic::Buffer> Before = T.Buffers;
    if (!First())
      return false;
    std::vector<DesignTraffic::Buffer> AfterFirst = std::move(T.Buffers);
    T.Buffers = Before;
    if (!Second())
      return false;
    auto find = [](std::vector<DesignTraffic::Buffer> &L, unsigned ArgNo) {
      auto It = llvm::find_if(L, [&](const DesignTraffic::Buffer &B) { return B.ArgNo == ArgNo; });
      return It == L.end() ? nullptr : &*It;
    };
    for (DesignTraffic::Buffer &A : AfterFirst) {
      DesignTraffic::Buffer *B = find(T.Buffers, A.ArgNo);
      if (!B) { // only the first arm accesses it
        T.Exact = false;
        T.Buffers.push_back(A);
        continue;
      }
      if (A.Read != B->Read || A.Written != B->Written)
        T.Exact = false;
      B->Read = std::max(A.Read, B->Read);
      B->Written = std::max(A.Written, B->Written);
    }
    for (const DesignTraffic::Buffer &B : T.Buffers)
      if (!find(AfterFirst, B.ArgNo))
        T.Exact = false; // only the second arm accesses it
    return true;
  }

  // The loads of E, Times over; a select counts its chosen arm. A value E
  // uses twice (a local read twice, which the kernel declares as a
  // temporary) loads once.
  llvm::SmallPtrSet<const Expr *, 16> Counted;
  // Per node of the kernels' expressions: whether a buffer element is among
  // its nodes. Worked out once per expression, not per step it runs in (the
  // kernels' expressions stay put while they are counted).
  llvm::DenseMap<const Expr *, bool> ReachesBuffer;
  void reads(const ExprPtr &E, uint64_t Times) {
    Counted.clear();
    if (E && !ReachesBuffer.count(E.get()))
      forEachNode(E, [&](const Expr &X) {
        ReachesBuffer[&X] = X.Kind == ExprKind::BufferElement ||
                            llvm::any_of(X.Operands, [&](const ExprPtr &Op) {
                              return Op && ReachesBuffer.lookup(Op.get());
                            });
      });
    readsIn(E, Times);
  }
  void readsIn(const ExprPtr &E, uint64_t Times) {
    if (!E || !ReachesBuffer.lookup(E.get()))
      return; // (also keeps a chain of selects on computed values linear)
    if (!Counted.insert(E.get()).second)
      return;
    if (E->Kind == ExprKind::BufferElement)
      buffer(E->Index).Read += Times * lanes(*E);
    if (E->Kind == ExprKind::Select) {
      readsIn(E->Operands[0], Times);
      Eval.UnknownLine = 0;
      if (std::optional<int64_t> Cond = Eval(*E->Operands[0])) {
        readsIn(E->Operands[*Cond ? 1 : 2], Times);
        return;
      }
      // Either arm may run: each counts what it loads that is not loaded
      // before the select; after it, neither arm's loads are certain.
      llvm::SmallPtrSet<const Expr *, 16> Before = Counted;
      either([&] { return readsIn(E->Operands[1], Times), true; },
             [&] { return Counted = Before, readsIn(E->Operands[2], Times), true; });
      Counted = std::move(Before);
      return;
    }
    for (const ExprPtr &Op : E->Operands)
      readsIn(Op, Times);
  }

  // Whether S or a statement inside it accesses a buffer.
  bool accesses(const Stmt &S) {
    if (auto It = Accesses.find(&S); It != Accesses.end())
      return It->second;
    // A counter of the step loop decides what later steps access.
    bool A = accessesBuffer(S.Value) || accessesBuffer(S.Target) || accessesBuffer(S.Bound) ||
             S.Counts;
    for (const Stmts *L : nestedLists(S))
      for (const Stmt &X : *L)
        A = accesses(X) || A;
    return Accesses[&S] = A;
  }

  bool exec(const Stmt &S, uint64_t Times) {
    if ((S.Kind == StmtKind::Loop || S.Kind == StmtKind::If || S.Kind == StmtKind::Recover) &&
        !accesses(S))
      return true; // nothing off-chip in there (a Block may declare names)
    switch (S.Kind) {
    case StmtKind::Comment:
    case StmtKind::Shift:
      return true;
    case StmtKind::Decl:
      reads(S.Value, Times);
      Scope.assign(S);
      return true;
    case StmtKind::Let:
      Scope.assign(S);
      return true;
    case StmtKind::Write:
      reads(S.Value, Times);
      return true;
    case StmtKind::Assign:
      reads(S.Value, Times);
      if (S.Target->Kind == ExprKind::BufferElement) {
        for (const ExprPtr &Op : S.Target->Operands)
          reads(Op, Times);
        buffer(S.Target->Index).Written += Times * lanes(*S.Target);
      } else if (S.Target->Kind == ExprKind::Var) {
        Scope.assign(S);
      } else {
        reads(S.Target, Times);
      }
      return true;
    case StmtKind::If: {
      reads(S.Value, Times);
      Eval.UnknownLine = 0;
      if (std::optional<int64_t> Cond = Eval(*S.Value))
        return run(*Cond ? S.Body : S.Else, Times);
      return either([&] { return run(S.Body, Times); }, [&] { return run(S.Else, Times); });
    }
    case StmtKind::Block: {
      size_t Open = Scope.size();
      for (const Stmts *L : {&S.Head, &S.Body}) // one scope
        for (const Stmt &X : *L)
          if (!exec(X, Times))
            return false;
      Scope.resize(Open);
      return true;
    }
    case StmtKind::Loop:
      return loop(S, Times);
    case StmtKind::Recover: {
      size_t Open = Scope.size();
      std::optional<bool> Runs = Scope.recover(S);
      if (!Runs)
        return false;
      if (*Runs && !run(S.Body, Times))
        return false;
      Scope.resize(Open);
      return true;
    }
    }
    return true;
  }

  bool loop(const Stmt &S, uint64_t Times) {
    Eval.UnknownLine = 0;
    std::optional<int64_t> From = Eval(*S.Value), Bound = Eval(*S.Bound);
    if (!From || !Bound)
      return false;
    int64_t Trip = tripCount(S, *From, *Bound);
    if (Trip == 0)
      return true;
    auto [It, New] = Decides.try_emplace(&S, false);
    if (New) // what a step accesses, not only what it runs
      It->second = variesWith(S, IterationsDiffer::InAccesses);
    size_t Open = Scope.size();
    if (!It->second) { // the body accesses the same at every iteration
      if (++Steps > Budget)
        return false;
      Scope.bind(S.Name, std::nullopt);
      bool Ok = run(S.Body, Times * uint64_t(Trip));
      Scope.resize(Open);
      return Ok;
    }
    Scope.bind(S.Name, From);
    for (int64_t X = *From; S.Down ? X >= *Bound : X < *Bound; S.Down ? --X : ++X) {
      if (++Steps > Budget)
        return false;
      Scope.innermost() = X;
      if (!run(S.Body, Times))
        return false;
    }
    Scope.resize(Open);
    return true;
  }
};

} // namespace

uint64_t DesignTraffic::bytesRead() const {
  uint64_t N = 0;
  for (const Buffer &B : Buffers)
    N += B.bytesRead();
  return N;
}

uint64_t DesignTraffic::bytesWritten() const {
  uint64_t N = 0;
  for (const Buffer &B : Buffers)
    N += B.bytesWritten();
  return N;
}

bool hasReuseBuffers(const Design &D, unsigned Nest) {
  return llvm::any_of(D.Kernels,
                      [&](const Design::Kernel &K) { return K.Nest == Nest && K.Reuse; });
}

DesignTraffic countTraffic(const Design &D, unsigned Nest, uint64_t Budget,
                           llvm::ArrayRef<std::optional<int64_t>> Params, bool WithoutReuse) {
  DesignTraffic T;
  Counter C(D, T, Budget, Params);
  for (const Design::Kernel &K : D.Kernels)
    if (K.Nest == Nest &&
        !C.run(!K.Reuse ? K.Body : WithoutReuse ? K.Reuse->Unbuffered : K.Reuse->Reads, 1)) {
      T.Known = false;
      break;
    }
  llvm::sort(T.Buffers, [](const DesignTraffic::Buffer &A, const DesignTraffic::Buffer &B) {
    return A.ArgNo < B.ArgNo;
  });
  return T;
}

int64_t TrafficFormula::evaluate(const std::vector<Term> &Terms,
                                 llvm::ArrayRef<std::optional<int64_t>> Params) {
  int64_t Sum = 0;
  for (const Term &T : Terms) {
    int64_t P = T.Coefficient;
    for (unsigned A : T.Sizes)
      P *= A < Params.size() && Params[A] ? *Params[A] : 0;
    Sum += P;
  }
  return Sum;
}

std::optional<TrafficFormula> trafficFormula(const Design &D, unsigned Nest, bool WithoutReuse) {
  // Each run-time loop: from 0 to a parameter of its own.
  TrafficFormula F;
  for (const Design::Nest::SourceLoop &L : D.Nests[Nest].SourceLoops) {
    if (!L.RunTimeUpper)
      continue;
    const Expr *E = L.RunTimeUpper.get();
    while (E->Kind == ExprKind::Cast)
      E = &E->operand(0);
    if (E->Kind != ExprKind::Param || L.Lower != 0 || llvm::is_contained(F.Sizes, E->Index))
      return std::nullopt;
    F.Sizes.push_back(E->Index);
  }
  unsigned N = F.Sizes.size();
  if (N == 0 || N > 4)
    return std::nullopt;
  // The counts where size d is 1 + bit d of Mask.
  llvm::SmallVector<std::optional<int64_t>, 4> Base = D.standIns();
  auto countAt = [&](llvm::ArrayRef<int64_t> Values) -> std::optional<DesignTraffic> {
    llvm::SmallVector<std::optional<int64_t>, 4> P = Base;
    for (unsigned I = 0; I < N; ++I)
      P[F.Sizes[I]] = Values[I];
    DesignTraffic T = countTraffic(D, Nest, TrafficBudget, P, WithoutReuse);
    if (!T.Known || !T.Exact)
      return std::nullopt;
    return T;
  };
  std::vector<DesignTraffic> Corner;
  for (unsigned Mask = 0; Mask < (1u << N); ++Mask) {
    llvm::SmallVector<int64_t, 4> Values;
    for (unsigned I = 0; I < N; ++I)
      Values.push_back(1 + ((Mask >> I) & 1));
    std::optional<DesignTraffic> T = countAt(Values);
    if (!T)
      return std::nullopt;
    Corner.push_back(std::move(*T));
  }
  // g(y) = f(1 + y) on {0,1}^N: a_T by Moebius inversion; then f(x) =
  // sum_T a_T prod_{d in T} (x_d - 1), whose coefficient on prod_{d in S}
  // x_d is sum_{T >= S} (-1)^{|T| - |S|} a_T.
  auto coefficients = [&](llvm::function_ref<int64_t(const DesignTraffic &)> Of) {
    std::vector<int64_t> A(1u << N), C(1u << N);
    for (unsigned T = 0; T < A.size(); ++T)
      for (unsigned U = T;; U = (U - 1) & T) {
        A[T] += ((llvm::popcount(T) - llvm::popcount(U)) % 2 ? -1 : 1) * Of(Corner[U]);
        if (U == 0)
          break;
      }
    for (unsigned S = 0; S < C.size(); ++S)
      for (unsigned T = 0; T < A.size(); ++T)
        if ((T & S) == S)
          C[S] += ((llvm::popcount(T) - llvm::popcount(S)) % 2 ? -1 : 1) * A[T];
    std::vector<TrafficFormula::Term> Terms;
    for (unsigned S = 0; S < C.size(); ++S)
      if (C[S]) {
        TrafficFormula::Term X{C[S], {}};
        for (unsigned I = 0; I < N; ++I)
          if ((S >> I) & 1)
            X.Sizes.push_back(F.Sizes[I]);
        Terms.push_back(std::move(X));
      }
    // The largest products first: "4,096*IT*JT*KT + 64*IT*JT".
    llvm::stable_sort(Terms, [](const TrafficFormula::Term &X, const TrafficFormula::Term &Y) {
      return X.Sizes.size() > Y.Sizes.size();
    });
    return Terms;
  };
  for (unsigned B = 0; B < Corner.front().Buffers.size(); ++B) {
    const DesignTraffic::Buffer &X = Corner.front().Buffers[B];
    TrafficFormula::Buffer Y;
    Y.ArgNo = X.ArgNo;
    Y.Name = X.Name;
    Y.Bytes = unsigned(X.bytes());
    auto at = [&](const DesignTraffic &T, bool Written) -> int64_t {
      for (const DesignTraffic::Buffer &Z : T.Buffers)
        if (Z.ArgNo == X.ArgNo)
          return int64_t(Written ? Z.Written : Z.Read);
      return 0;
    };
    Y.Read = coefficients([&](const DesignTraffic &T) { return at(T, false); });
    Y.Written = coefficients([&](const DesignTraffic &T) { return at(T, true); });
    F.Buffers.push_back(std::move(Y));
  }
  // The check: at 3 for every size, and at the stand-ins.
  for (int Check = 0; Check < 2; ++Check) {
    llvm::SmallVector<int64_t, 4> Values;
    for (unsigned I = 0; I < N; ++I)
      Values.push_back(Check == 0 ? 3 : Base[F.Sizes[I]].value_or(3));
    std::optional<DesignTraffic> T = countAt(Values);
    if (!T)
      return std::nullopt;
    llvm::SmallVector<std::optional<int64_t>, 4> P = Base;
    for (unsigned I = 0; I < N; ++I)
      P[F.Sizes[I]] = Values[I];
    for (const TrafficFormula::Buffer &Y : F.Buffers) {
      int64_t Read = 0, Written = 0;
      for (const DesignTraffic::Buffer &Z : T->Buffers)
        if (Z.ArgNo == Y.ArgNo) {
          Read = int64_t(Z.Read);
          Written = int64_t(Z.Written);
        }
      if (TrafficFormula::evaluate(Y.Read, P) != Read ||
          TrafficFormula::evaluate(Y.Written, P) != Written)
        return std::nullopt;
    }
  }
  return F;
}

} // namespace t2s
