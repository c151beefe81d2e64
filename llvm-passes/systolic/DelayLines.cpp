//===- DelayLines.cpp - Shift registers that only delay their values ------===//

#include "systolic/DelayLines.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/StringSet.h"

namespace t2s {

namespace {

// The word of register access X (a Subscript of a register by name), if
// it is a constant.
std::optional<int64_t> constantWord(const Expr &X) {
  if (X.Operands.size() < 2 || !X.Operands[1] || X.operand(1).Kind != ExprKind::IntConst)
    return std::nullopt;
  return X.operand(1).Int;
}

const std::string *registerOf(const Expr &X) {
  if (X.Kind != ExprKind::Subscript || X.Operands.empty() || !X.Operands[0] ||
      X.operand(0).Kind != ExprKind::Var)
    return nullptr;
  return &X.operand(0).Name;
}

} // namespace

llvm::StringMap<int64_t> delayLines(const Design::Kernel &K, int64_t MinLength) {
  llvm::StringMap<int64_t> Lines;
  if (MinLength <= 0)
    return Lines;
  // The candidates: registers shifted once, long enough, declared with
  // their words first.
  llvm::StringMap<unsigned> Shifts;
  llvm::StringMap<int64_t> Declared;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Shift)
      ++Shifts[S.Name];
    if (S.Kind == StmtKind::Decl && !S.Dims.empty() && !S.PEBuffer && !S.Banks)
      Declared[S.Name] = S.Dims.front();
  });
  for (const auto &[Name, Count] : Shifts) {
    auto D = Declared.find(Name);
    if (Count == 1 && D != Declared.end() && D->second - 1 >= MinLength)
      Lines[Name] = D->second - 1;
  }
  // Every access: a write of word 0, a read of the last word.
  llvm::StringSet<> Broken;
  auto reads = [&](const ExprPtr &E) {
    forEachNode(E, [&](const Expr &X) {
      const std::string *R = registerOf(X);
      if (!R || !Lines.count(*R))
        return;
      std::optional<int64_t> W = constantWord(X);
      if (!W || *W != Lines.lookup(*R))
        Broken.insert(*R);
    });
  };
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Assign && S.Target) {
      if (const std::string *R = registerOf(*S.Target); R && Lines.count(*R)) {
        std::optional<int64_t> W = constantWord(*S.Target);
        if (!W || *W != 0)
          Broken.insert(*R);
        for (size_t I = 1; I < S.Target->Operands.size(); ++I)
          reads(S.Target->Operands[I]);
        reads(S.Value);
        return;
      }
    }
    forEachExpr(S, reads);
  });
  for (const auto &B : Broken)
    Lines.erase(B.getKey());
  return Lines;
}

} // namespace t2s
