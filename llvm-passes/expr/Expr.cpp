//===- Expr.cpp - Expressions of a systolic design ------------------------===//

#include "expr/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace t2s {

namespace {

std::shared_ptr<Expr> node(ExprKind K, DType T, llvm::ArrayRef<ExprPtr> Operands = {}) {
  auto E = std::make_shared<Expr>(K, T);
  E->Operands.assign(Operands.begin(), Operands.end());
  return E;
}

} // namespace

ExprPtr intConst(DType T, int64_t V) {
  auto E = node(ExprKind::IntConst, T);
  E->Int = V;
  return E;
}

ExprPtr floatConst(DType T, double V) {
  auto E = node(ExprKind::FloatConst, T);
  E->Float = V;
  return E;
}

ExprPtr vectorLiteral(DType T, llvm::ArrayRef<ExprPtr> Lanes) {
  return node(ExprKind::VectorLiteral, T, Lanes);
}

ExprPtr param(DType T, unsigned ArgNo) {
  auto E = node(ExprKind::Param, T);
  E->Index = ArgNo;
  return E;
}

ExprPtr loopVar(DType T, unsigned Loop) {
  auto E = node(ExprKind::LoopVar, T);
  E->Index = Loop;
  return E;
}

ExprPtr ureValue(DType T, unsigned Statement, unsigned Read) {
  auto E = node(ExprKind::UREValue, T);
  E->Index = Statement;
  E->Index2 = Read;
  return E;
}

ExprPtr load(DType T, unsigned Number, ExprPtr Element) {
  auto E = node(ExprKind::Load, T);
  if (Element)
    E->Operands.push_back(Element);
  E->Index = Number;
  return E;
}

ExprPtr bufferElement(DType T, unsigned ArgNo, llvm::ArrayRef<ExprPtr> Terms,
                      llvm::ArrayRef<int64_t> Scales) {
  auto E = node(ExprKind::BufferElement, T, Terms);
  E->Index = ArgNo;
  E->Scales.assign(Scales.begin(), Scales.end());
  return E;
}

ExprPtr lane(ExprPtr Vector, unsigned L) {
  auto E = node(ExprKind::Lane, Vector->Type.element(), {Vector});
  E->Index = L;
  return E;
}

ExprPtr neg(ExprPtr A) { return node(ExprKind::Neg, A->Type, {A}); }

ExprPtr logicalNot(ExprPtr A) { return node(ExprKind::Not, DType::boolean(), {A}); }

ExprPtr binary(BinaryOp Op, bool Unsigned, ExprPtr A, ExprPtr B) {
  auto E = node(ExprKind::Binary, A->Type, {A, B});
  E->Op = uint8_t(Op);
  E->Unsigned = Unsigned;
  return E;
}

ExprPtr compare(CompareOp Op, bool Unsigned, ExprPtr A, ExprPtr B) {
  auto E = node(ExprKind::Compare, DType::boolean(), {A, B});
  E->Op = uint8_t(Op);
  E->Unsigned = Unsigned;
  return E;
}

ExprPtr cast(CastKind K, DType To, ExprPtr A) {
  auto E = node(ExprKind::Cast, To, {A});
  E->Op = uint8_t(K);
  return E;
}

ExprPtr select(ExprPtr C, ExprPtr A, ExprPtr B) {
  return node(ExprKind::Select, A->Type, {C, A, B});
}

ExprPtr logicalAnd(ExprPtr A, ExprPtr B) {
  return node(ExprKind::And, DType::boolean(), {A, B});
}

ExprPtr logicalOr(ExprPtr A, ExprPtr B) {
  return node(ExprKind::Or, DType::boolean(), {A, B});
}

ExprPtr allOf(llvm::ArrayRef<ExprPtr> Terms) {
  return node(ExprKind::AllOf, DType::boolean(), Terms);
}

ExprPtr mulAdd(ExprPtr A, ExprPtr B, ExprPtr C) {
  return node(ExprKind::MulAdd, A->Type, {A, B, C});
}

ExprPtr call(DType T, std::string Name, llvm::ArrayRef<ExprPtr> Args, bool Unsigned) {
  auto E = node(ExprKind::Call, T, Args);
  E->Name = std::move(Name);
  E->Unsigned = Unsigned;
  return E;
}

ExprPtr var(std::string Name, int64_t Offset, DType T) {
  auto E = node(ExprKind::Var, T);
  E->Name = std::move(Name);
  E->Int = Offset;
  return E;
}

ExprPtr subscript(DType T, ExprPtr Base, llvm::ArrayRef<ExprPtr> Indices) {
  auto E = node(ExprKind::Subscript, T, {std::move(Base)});
  E->Operands.append(Indices.begin(), Indices.end());
  return E;
}

ExprPtr channelRead(DType T, ExprPtr Ref) {
  return node(ExprKind::ChannelRead, T, {std::move(Ref)});
}

ExprPtr atLine(ExprPtr E, unsigned Line) {
  if (!E || E->Line == Line)
    return E;
  auto Copy = std::make_shared<Expr>(*E);
  Copy->Line = Line;
  return Copy;
}

ExprPtr asLocal(ExprPtr E, std::string Name) {
  if (!E || E->Local == Name)
    return E;
  auto Copy = std::make_shared<Expr>(*E);
  Copy->Local = std::move(Name);
  return Copy;
}

namespace {

bool anyNodeIn(const ExprPtr &E, llvm::function_ref<bool(const Expr &)> P,
               llvm::SmallPtrSetImpl<const Expr *> &Seen) {
  if (!E || !Seen.insert(E.get()).second)
    return false;
  return P(*E) || llvm::any_of(E->Operands, [&](const ExprPtr &Op) {
           return anyNodeIn(Op, P, Seen);
         });
}

void forEachNodeIn(const ExprPtr &E, llvm::function_ref<void(const Expr &)> Visit,
                   llvm::SmallPtrSetImpl<const Expr *> &Seen) {
  if (!E || !Seen.insert(E.get()).second)
    return;
  for (const ExprPtr &Op : E->Operands)
    forEachNodeIn(Op, Visit, Seen);
  Visit(*E);
}

ExprPtr rewriteIn(const ExprPtr &E, llvm::function_ref<ExprPtr(const ExprPtr &)> Map,
                  llvm::DenseMap<const Expr *, ExprPtr> &Done) {
  if (!E)
    return E;
  if (auto It = Done.find(E.get()); It != Done.end())
    return It->second;
  ExprPtr R = Map(E);
  if (!R) {
    R = E;
    for (unsigned I = 0; I < E->Operands.size(); ++I) {
      ExprPtr Op = rewriteIn(E->Operands[I], Map, Done);
      if (Op == E->Operands[I])
        continue;
      if (R == E)
        R = std::make_shared<Expr>(*E);
      std::const_pointer_cast<Expr>(R)->Operands[I] = std::move(Op);
    }
  }
  Done[E.get()] = R;
  return R;
}

} // namespace

bool anyNode(const ExprPtr &E, llvm::function_ref<bool(const Expr &)> P) {
  llvm::SmallPtrSet<const Expr *, 32> Seen;
  return anyNodeIn(E, P, Seen);
}

void forEachNode(const ExprPtr &E, llvm::function_ref<void(const Expr &)> Visit) {
  llvm::SmallPtrSet<const Expr *, 32> Seen;
  forEachNodeIn(E, Visit, Seen);
}

std::optional<int64_t> intConstant(const ExprPtr &E) {
  if (E && E->Kind == ExprKind::IntConst)
    return E->Int;
  return std::nullopt;
}

ExprPtr rewrite(const ExprPtr &E, llvm::function_ref<ExprPtr(const ExprPtr &)> Map) {
  llvm::DenseMap<const Expr *, ExprPtr> Done;
  return rewriteIn(E, Map, Done);
}

ExprPtr intDifference(ExprPtr A, ExprPtr B) {
  if (auto Y = intConstant(B); Y && *Y == 0)
    return A;
  if (auto X = intConstant(A), Y = intConstant(B); X && Y)
    return intConst(DType::integer(32), *X - *Y);
  return binary(BinaryOp::Sub, false, std::move(A), std::move(B));
}

ExprPtr intProduct(ExprPtr A, ExprPtr B) {
  if (auto X = intConstant(A); X && *X == 1)
    return B;
  if (auto Y = intConstant(B); Y && *Y == 1)
    return A;
  if (auto X = intConstant(A), Y = intConstant(B); X && Y)
    return intConst(DType::integer(32), *X * *Y);
  return binary(BinaryOp::Mul, false, std::move(A), std::move(B));
}

bool equal(const Expr &A, const Expr &B) {
  if (&A == &B)
    return true;
  if (A.Kind != B.Kind || A.Type != B.Type || A.Op != B.Op ||
      A.Unsigned != B.Unsigned || A.Int != B.Int || A.Float != B.Float ||
      A.Index != B.Index || A.Index2 != B.Index2 || A.Name != B.Name ||
      A.Scales != B.Scales || A.Operands.size() != B.Operands.size())
    return false;
  for (unsigned I = 0; I < A.Operands.size(); ++I)
    if (!equal(A.operand(I), B.operand(I)))
      return false;
  return true;
}

bool hasCName(DType T) {
  bool Scalar = T.isBool() || (T.K == DType::Kind::Int && (T.Bits == 8 || T.Bits == 16 ||
                                                            T.Bits == 32 || T.Bits == 64)) ||
                (T.isFloat() && (T.Bits == 16 || T.Bits == 32 || T.Bits == 64));
  if (!Scalar)
    return false;
  return !T.isVector() || (!T.isBool() && T.Lanes <= 32);
}

bool hasWideCName(DType T) {
  if (T.Lanes <= 32)
    return hasCName(T);
  return !T.isBool() && T.Lanes <= MaxWideLanes && hasCName(T.element());
}

bool isStructVector(DType T) {
  if (!T.isVector() || !hasWideCName(T))
    return false;
  return T.Lanes != 2 && T.Lanes != 3 && T.Lanes != 4 && T.Lanes != 8 && T.Lanes != 16;
}

} // namespace t2s
