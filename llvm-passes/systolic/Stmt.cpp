//===- Stmt.cpp - The statements of a kernel ------------------------------===//

#include "systolic/Stmt.h"

namespace t2s {

Stmt comment(std::string Text) {
  Stmt S(StmtKind::Comment);
  S.Text = std::move(Text);
  return S;
}

Stmt decl(DType T, std::string Name, llvm::ArrayRef<int64_t> Dims, DeclInit Init,
          ExprPtr Value) {
  Stmt S(StmtKind::Decl);
  S.Type = T;
  S.Name = std::move(Name);
  S.Dims.assign(Dims.begin(), Dims.end());
  S.Init = Init;
  S.Value = std::move(Value);
  return S;
}

Stmt let(std::string Name, int64_t Value) {
  return let(std::move(Name), intConst(DType::integer(32), Value));
}

Stmt let(std::string Name, ExprPtr Value) {
  Stmt S(StmtKind::Let);
  S.Name = std::move(Name);
  S.Value = std::move(Value);
  return S;
}

Stmt assign(ExprPtr Target, ExprPtr Value) {
  Stmt S(StmtKind::Assign);
  S.Target = std::move(Target);
  S.Value = std::move(Value);
  return S;
}

Stmt write(ExprPtr Channel, ExprPtr Value) {
  Stmt S(StmtKind::Write);
  S.Target = std::move(Channel);
  S.Value = std::move(Value);
  return S;
}

Stmt loop(LoopKind K, std::string Name, ExprPtr From, ExprPtr Bound, Stmts Body, bool Down) {
  Stmt S(StmtKind::Loop);
  S.Loop = K;
  S.Name = std::move(Name);
  S.Value = std::move(From);
  S.Bound = std::move(Bound);
  S.Body = std::move(Body);
  S.Down = Down;
  return S;
}

Stmt guarded(ExprPtr Cond, Stmt Then) {
  Stmt S(StmtKind::If);
  S.Value = std::move(Cond);
  S.Body.push_back(std::move(Then));
  S.Inline = true;
  return S;
}

Stmt ifElse(ExprPtr Cond, Stmts Then, Stmts Else) {
  Stmt S(StmtKind::If);
  S.Value = std::move(Cond);
  S.Body = std::move(Then);
  S.Else = std::move(Else);
  return S;
}

Stmt block(Stmts Body, bool Inline) {
  Stmt S(StmtKind::Block);
  S.Body = std::move(Body);
  S.Inline = Inline;
  return S;
}

Stmt when(const ExprPtr &Cond, Stmt S) {
  return Cond ? guarded(Cond, std::move(S)) : std::move(S);
}

} // namespace t2s
