//===- KernelScope.cpp - A kernel's variables while it runs ---------------===//

#include "systolic/KernelScope.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"

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

// Whether the variable Name decides what the statement S itself (not
// those inside it) does, as By compares iterations.
bool decides(const Stmt &S, llvm::StringRef Name, IterationsDiffer By) {
  bool Accesses = By == IterationsDiffer::InAccesses;
  if (Accesses && S.Counts)
    return true;
  switch (S.Kind) {
  case StmtKind::If:
  case StmtKind::Let:
    return mentions(S.Value, Name);
  case StmtKind::Loop:
    return mentions(S.Value, Name) || mentions(S.Bound, Name);
  case StmtKind::Recover:
    return llvm::any_of(S.Recoveries, [&](const Recovery &R) {
      return R.Time == Name ||
             llvm::any_of(R.Terms, [&](const auto &X) { return X.second == Name; });
    });
  default:
    // (An If's, a Let's or a Loop's own values count whole above, the
    // conditions of their selects with them.)
    return Accesses && (decidesSelect(S.Value, Name) || decidesSelect(S.Target, Name));
  }
}

} // namespace

int64_t tripCount(const Stmt &Loop, int64_t From, int64_t Bound) {
  return std::max<int64_t>(0, Loop.Down ? From - Bound + 1 : Bound - From);
}

bool variesWith(const Stmt &Loop, IterationsDiffer By) {
  bool Varies = false;
  forEachStmt(Loop.Body, [&](const Stmt &S) {
    Varies = Varies || decides(S, Loop.Name, By);
  });
  return Varies;
}

std::optional<int64_t> *KernelScope::lookup(llvm::StringRef Name) {
  for (auto &[N, V] : llvm::reverse(Vars))
    if (N == Name)
      return &V;
  return nullptr;
}

void KernelScope::assign(const Stmt &S) {
  auto value = [&]() -> std::optional<int64_t> {
    if (S.Kind != StmtKind::Let && !S.Counts)
      return std::nullopt;
    Eval.UnknownLine = 0;
    return Eval(*S.Value);
  };
  if (S.Kind != StmtKind::Assign) {
    bind(S.Name, value());
    return;
  }
  if (S.Target->Kind == ExprKind::Var)
    if (std::optional<int64_t> *V = lookup(S.Target->Name))
      *V = value();
}

std::optional<bool> KernelScope::recover(const Stmt &S) {
  bool Runs = true;
  for (const Recovery &R : S.Recoveries) {
    std::optional<int64_t> *T = lookup(R.Time);
    if (!T || !*T)
      return std::nullopt;
    int64_t V = **T;
    for (const auto &[Coeff, Space] : R.Terms) {
      std::optional<int64_t> *X = lookup(Space);
      if (!X || !*X)
        return std::nullopt;
      V -= Coeff * **X;
    }
    Runs = Runs && V >= R.Lower && V < R.Upper;
    bind(R.Name, V);
  }
  return Runs;
}

} // namespace t2s
