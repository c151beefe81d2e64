//===- KernelScope.cpp - A kernel's variables while it runs ---------------===//

#include "systolic/KernelScope.h"

#include "llvm/ADT/STLExtras.h"

namespace t2s {

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
