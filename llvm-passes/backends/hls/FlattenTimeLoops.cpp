//===- FlattenTimeLoops.cpp - A nest of time loops as one loop ------------===//

#include "backends/hls/FlattenTimeLoops.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/StringSet.h"

namespace t2s {

namespace {

const DType Int = DType::integer(32), Long = DType::integer(64);

bool mentions(const ExprPtr &E, const llvm::StringSet<> &Names) {
  return E && anyNode(E, [&](const Expr &X) {
           return X.Kind == ExprKind::Var && Names.contains(X.Name);
         });
}

bool countingLoop(const Stmt &S) {
  return S.Kind == StmtKind::Loop && !unrolledLoop(S) && !S.Down && S.Value && S.Bound;
}

// The one statement of Body but comments, or null.
const Stmt *only(const Stmts &Body) {
  const Stmt *One = nullptr;
  for (const Stmt &S : Body) {
    if (S.Kind == StmtKind::Comment)
      continue;
    if (One)
      return nullptr;
    One = &S;
  }
  return One;
}

class Flatten {
  llvm::StringSet<> Names; // every name of the kernel, for fresh ones

public:
  explicit Flatten(const Stmts &Body) { addNames(Body, Names); }

  void list(Stmts &L) {
    for (size_t I = 0; I < L.size(); ++I) {
      Stmt &S = L[I];
      if (countingLoop(S)) {
        llvm::SmallVector<const Stmt *, 6> Chain = chain(S);
        if (Chain.size() >= 2 && !hasPipelinedLoop(Chain.back()->Body)) {
          Stmt Flat = flatten(Chain);
          L[I] = std::move(Flat);
          continue;
        }
      }
      for (Stmts *Nested : {&S.Head, &S.Body, &S.Else})
        list(*Nested);
    }
  }

private:
  std::string fresh(std::string Name) { return freshIn(Names, std::move(Name)); }

  // The loops from S inward while each holds only the next, a box.
  llvm::SmallVector<const Stmt *, 6> chain(const Stmt &S) {
    llvm::SmallVector<const Stmt *, 6> Chain{&S};
    llvm::StringSet<> Vars;
    Vars.insert(S.Name);
    while (true) {
      const Stmt *Next = only(Chain.back()->Body);
      if (!Next || !countingLoop(*Next) || mentions(Next->Value, Vars) ||
          mentions(Next->Bound, Vars) || !Chain.back()->Apart.empty())
        break;
      Chain.push_back(Next);
      Vars.insert(Next->Name);
    }
    return Chain;
  }

  // Loop L's trip count as a 64-bit value: 0 where its bound is below its
  // start.
  static ExprPtr trips(const Stmt &L) {
    std::optional<int64_t> F = intConstant(L.Value), B = intConstant(L.Bound);
    if (F && B)
      return intConst(Long, std::max<int64_t>(0, *B - *F));
    ExprPtr N = F && *F == 0 ? L.Bound : binary(BinaryOp::Sub, false, L.Bound, L.Value);
    ExprPtr Wide = cast(CastKind::Plain, Long, N);
    return select(compare(CompareOp::GT, false, N, intConst(Int, 0)), Wide, intConst(Long, 0));
  }

  Stmt flatten(llvm::ArrayRef<const Stmt *> Chain) {
    const Stmt &Inner = *Chain.back();
    std::string Loops;
    for (const Stmt *L : Chain)
      Loops += (Loops.empty() ? "" : ", ") + L->Name;
    Stmts Out{comment("The loops " + Loops +
                      " as one pipelined loop, their variables counters (Vitis flattens no "
                      "nest with run-time bounds).")};
    for (const Stmt *L : Chain)
      Out.push_back(decl(Int, L->Name, {}, DeclInit::Value, L->Value));
    ExprPtr Count;
    for (const Stmt *L : Chain) {
      ExprPtr N = trips(*L);
      if (Count && intConstant(Count) && intConstant(N))
        Count = intConst(Long, *intConstant(Count) * *intConstant(N));
      else
        Count = Count ? binary(BinaryOp::Mul, false, Count, N) : N;
    }
    std::string Steps = fresh("t2s_steps"), Step = fresh("t2s_step");
    Out.push_back(decl(Long, Steps, {}, DeclInit::Value, Count));
    Stmts Body = Inner.Body;
    llvm::SmallVector<std::string, 6> Names;
    llvm::SmallVector<std::pair<ExprPtr, ExprPtr>, 6> Ranges;
    for (const Stmt *L : Chain) {
      Names.push_back(L->Name);
      Ranges.push_back({L->Value, L->Bound});
    }
    Body.push_back(advanceCounters(Names, Ranges));
    Stmt Flat = loop(Inner.Loop, Step, intConst(Long, 0), var(Steps, 0, Long), std::move(Body));
    Flat.Type = Long;
    Flat.Apart = Inner.Apart;
    Flat.Safelen = Inner.Safelen;
    Out.push_back(std::move(Flat));
    return block(std::move(Out));
  }
};

} // namespace

Stmt advanceCounters(llvm::ArrayRef<std::string> Names,
                     llvm::ArrayRef<std::pair<ExprPtr, ExprPtr>> Ranges) {
  size_t K = Names.size() - 1;
  Stmt Next = assign(var(Names[K]), var(Names[K], 1));
  if (K == 0) // the outermost: the count ends the loop
    return Next;
  const ExprPtr &From = Ranges[K].first, &Bound = Ranges[K].second;
  ExprPtr Last = intConstant(Bound) ? intConst(Int, *intConstant(Bound) - 1)
                                    : binary(BinaryOp::Sub, false, Bound, intConst(Int, 1));
  Stmts Wrap{assign(var(Names[K]), From), advanceCounters(Names.drop_back(), Ranges.drop_back())};
  return ifElse(compare(CompareOp::EQ, false, var(Names[K]), Last), std::move(Wrap),
                {std::move(Next)});
}

Design::Kernel withFlatTimeLoops(const Design::Kernel &K) {
  Design::Kernel Out = K;
  Flatten(Out.Body).list(Out.Body);
  return Out;
}

} // namespace t2s
