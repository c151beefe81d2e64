//===- StmtWalk.h - Walking a kernel's statements ---------------*- C++ -*-===//
//
// The one way to go through the statement trees of systolic/Stmt.h: the
// lists nested in a statement, every statement of a tree in order, the
// expressions a statement holds. The analyses and the steps use these
// instead of recursing over Head, Body and Else each in their own way; an
// interpreter (KernelReplay.h, the traffic and the estimate) still decides
// per kind which of a statement's lists run and how often, and a printer
// (Design::print, backends/opencl/OpenCLKernels.cpp) how each kind is laid out.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STMTWALK_H
#define T2S_STMTWALK_H

#include "systolic/Stmt.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringSet.h"

#include <array>
#include <string>

namespace t2s {

/// The statement lists nested in \p S, in the order they are written:
/// Head, Body, Else (each possibly empty).
inline std::array<const Stmts *, 3> nestedLists(const Stmt &S) {
  return {&S.Head, &S.Body, &S.Else};
}

/// Whether \p S or a statement nested in it satisfies \p Here, each answer
/// kept in \p Known (a replay asks of the same statements again and again).
inline bool containsWhere(const Stmt &S, llvm::function_ref<bool(const Stmt &)> Here,
                          llvm::DenseMap<const Stmt *, bool> &Known) {
  if (auto It = Known.find(&S); It != Known.end())
    return It->second;
  bool T = Here(S);
  for (const Stmts *L : nestedLists(S))
    for (const Stmt &X : *L)
      T = containsWhere(X, Here, Known) || T;
  return Known[&S] = T;
}

/// Calls \p Visit on every statement of \p Body and of the lists nested in
/// it, each before the statements inside it.
inline void forEachStmt(const Stmts &Body, llvm::function_ref<void(const Stmt &)> Visit) {
  for (const Stmt &S : Body) {
    Visit(S);
    for (const Stmts *L : nestedLists(S))
      forEachStmt(*L, Visit);
  }
}

/// Calls \p Visit on each expression \p S holds itself (not those of the
/// statements nested in it): its target, value, bound and a shift's
/// subscripts, those that are set.
inline void forEachExpr(const Stmt &S, llvm::function_ref<void(const ExprPtr &)> Visit) {
  for (const ExprPtr *E : {&S.Target, &S.Value, &S.Bound})
    if (*E)
      Visit(*E);
  for (const ExprPtr &E : S.Subscripts)
    if (E)
      Visit(E);
}

/// Adds to \p Names every name \p Body declares or its expressions read
/// (a rewrite's fresh names avoid them).
inline void addNames(const Stmts &Body, llvm::StringSet<> &Names) {
  forEachStmt(Body, [&](const Stmt &S) {
    if (!S.Name.empty())
      Names.insert(S.Name);
    forEachExpr(S, [&](const ExprPtr &E) {
      forEachNode(E, [&](const Expr &X) {
        if (X.Kind == ExprKind::Var)
          Names.insert(X.Name);
      });
    });
  });
}

/// The design's parameters \p Body names (as sizes or buffers), in order:
/// a kernel's Params.
inline llvm::SmallVector<unsigned, 4> paramsNamed(const Stmts &Body) {
  llvm::SmallVector<unsigned, 4> Out;
  forEachStmt(Body, [&](const Stmt &S) {
    forEachExpr(S, [&](const ExprPtr &E) {
      forEachNode(E, [&](const Expr &X) {
        if ((X.Kind == ExprKind::Param || X.Kind == ExprKind::BufferElement) &&
            !llvm::is_contained(Out, X.Index))
          Out.push_back(X.Index);
      });
    });
  });
  llvm::sort(Out);
  return Out;
}

/// \p Name, with '_' appended until \p Names lacks it; then one of Names.
inline std::string freshIn(llvm::StringSet<> &Names, std::string Name) {
  while (Names.contains(Name))
    Name += "_";
  Names.insert(Name);
  return Name;
}

/// Whether \p S is a loop the hardware unrolls, its iterations copies side
/// by side: over the PEs, the lanes of a vector, register words.
inline bool unrolledLoop(const Stmt &S) {
  return S.Kind == StmtKind::Loop &&
         (S.Loop == LoopKind::PE || S.Loop == LoopKind::Lanes || S.Loop == LoopKind::Unroll);
}

/// Whether \p S is a loop the hardware runs iteration after iteration, in a
/// pipeline: any other loop.
inline bool pipelinedLoop(const Stmt &S) { return S.Kind == StmtKind::Loop && !unrolledLoop(S); }

/// Whether a pipelined loop is somewhere in \p Body.
inline bool hasPipelinedLoop(const Stmts &Body) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt &S) { Found = Found || pipelinedLoop(S); });
  return Found;
}

/// The variable an access names: X of X[i][j], or X itself; "" for any
/// other expression (a channel reference, an array element, a register).
inline std::string accessedName(const Expr &E) {
  const Expr *X = &E;
  while (X->Kind == ExprKind::Subscript && !X->Operands.empty())
    X = &X->operand(0);
  return X->Kind == ExprKind::Var ? X->Name : std::string();
}

/// Whether an expression node anywhere in \p Body (its statements and
/// those nested in them) satisfies \p P.
inline bool anyExprNode(const Stmts &Body, llvm::function_ref<bool(const Expr &)> P) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt &S) {
    if (!Found)
      forEachExpr(S, [&](const ExprPtr &E) { Found = Found || anyNode(E, P); });
  });
  return Found;
}

} // namespace t2s

#endif // T2S_STMTWALK_H
