//===- KernelChannels.cpp - The channels a kernel uses --------------------===//

#include "backends/c/KernelChannels.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

namespace t2s {

llvm::SmallVector<const Design::Channel *, 4> KernelChannels::all() const {
  llvm::SmallVector<const Design::Channel *, 4> All;
  for (const auto *List : {&Reads, &Writes})
    for (const Design::Channel *C : *List)
      if (!llvm::is_contained(All, C))
        All.push_back(C);
  // The Design's order: its channels are one array.
  llvm::sort(All, [](const Design::Channel *A, const Design::Channel *B) { return A < B; });
  return All;
}

KernelChannels kernelChannels(const Design &D, const Design::Kernel &K) {
  llvm::StringSet<> Read, Written;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Write && S.Target)
      Written.insert(accessedName(*S.Target));
    forEachExpr(S, [&](const ExprPtr &E) {
      forEachNode(E, [&](const Expr &X) {
        if (X.Kind == ExprKind::ChannelRead)
          Read.insert(accessedName(X.operand(0)));
      });
    });
  });
  KernelChannels KC;
  for (const Design::Channel &C : D.Channels) {
    if (Read.count(C.Name))
      KC.Reads.push_back(&C);
    if (Written.count(C.Name))
      KC.Writes.push_back(&C);
  }
  return KC;
}

} // namespace t2s
