//===- Traffic.cpp - The off-chip memory a design reads and writes --------===//

#include "backends/Traffic.h"
#include "systolic/IntEval.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>

namespace t2s {
namespace {

// Whether E reads the variable Name.
bool mentions(const ExprPtr &E, llvm::StringRef Name) {
  return anyNode(E, [&](const Expr &X) { return X.Kind == ExprKind::Var && X.Name == Name; });
}

// Whether a condition of a select in E reads Name.
bool decidesSelect(const ExprPtr &E, llvm::StringRef Name) {
  return anyNode(E, [&](const Expr &X) {
    return X.Kind == ExprKind::Select && mentions(X.Operands[0], Name);
  });
}

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
  Counter(const Design &D, DesignTraffic &T, uint64_t Budget) : D(D), T(T), Budget(Budget) {
    Scope.Params = D.standIns();
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

  // The loads of E, Times over; a select counts its chosen arm.
  void reads(const ExprPtr &E, uint64_t Times) {
    if (!E)
      return;
    if (E->Kind == ExprKind::BufferElement)
      buffer(E->Index).Read += Times * lanes(*E);
    if (E->Kind == ExprKind::Select) {
      reads(E->Operands[0], Times);
      Eval.UnknownLine = 0;
      if (std::optional<int64_t> Cond = Eval(*E->Operands[0])) {
        reads(E->Operands[*Cond ? 1 : 2], Times);
        return;
      }
      either([&] { return reads(E->Operands[1], Times), true; },
             [&] { return reads(E->Operands[2], Times), true; });
      return;
    }
    for (const ExprPtr &Op : E->Operands)
      reads(Op, Times);
  }

  // Whether what Body accesses depends on the variable Name.
  bool decides(const Stmts &Body, llvm::StringRef Name) {
    return llvm::any_of(Body, [&](const Stmt &S) { return decides(S, Name); });
  }
  bool decides(const Stmt &S, llvm::StringRef Name) {
    switch (S.Kind) {
    case StmtKind::If:
    case StmtKind::Let:
      if (mentions(S.Value, Name))
        return true;
      break;
    case StmtKind::Loop:
      if (mentions(S.Value, Name) || mentions(S.Bound, Name))
        return true;
      break;
    case StmtKind::Recover:
      for (const Recovery &R : S.Recoveries)
        if (R.Time == Name || llvm::any_of(R.Terms, [&](const auto &X) { return X.second == Name; }))
          return true;
      break;
    default:
      if (decidesSelect(S.Value, Name) || decidesSelect(S.Target, Name))
        return true;
    }
    return decides(S.Head, Name) || decides(S.Body, Name) || decides(S.Else, Name);
  }

  // Whether S or a statement inside it accesses a buffer.
  bool accesses(const Stmt &S) {
    if (auto It = Accesses.find(&S); It != Accesses.end())
      return It->second;
    bool A = accessesBuffer(S.Value) || accessesBuffer(S.Target) || accessesBuffer(S.Bound);
    for (const Stmts *L : {&S.Head, &S.Body, &S.Else})
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
      Scope.bind(S.Name, std::nullopt);
      return true;
    case StmtKind::Let:
      Eval.UnknownLine = 0;
      Scope.bind(S.Name, Eval(*S.Value));
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
        if (std::optional<int64_t> *V = Scope.lookup(S.Target->Name))
          *V = std::nullopt;
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
    int64_t Trip = S.Down ? *From - *Bound + 1 : *Bound - *From;
    if (Trip <= 0)
      return true;
    auto [It, New] = Decides.try_emplace(&S, false);
    if (New)
      It->second = decides(S.Body, S.Name);
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

DesignTraffic countTraffic(const Design &D, unsigned Nest, uint64_t Budget) {
  DesignTraffic T;
  Counter C(D, T, Budget);
  for (const Design::Kernel &K : D.Kernels)
    if (K.Nest == Nest && !C.run(K.Body, 1)) {
      T.Known = false;
      break;
    }
  llvm::sort(T.Buffers, [](const DesignTraffic::Buffer &A, const DesignTraffic::Buffer &B) {
    return A.ArgNo < B.ArgNo;
  });
  return T;
}

} // namespace t2s
