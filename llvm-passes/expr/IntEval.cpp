//===- IntEval.cpp - The integer value of an expression -------------------===//

#include "expr/IntEval.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdint>

namespace t2s {
namespace {

// V as a value of type T: the low bits, sign-extended (a bool: 0 or 1).
int64_t normalize(int64_t V, DType T) {
  if (T.isBool())
    return V & 1;
  if (T.Bits >= 64)
    return V;
  uint64_t Mask = (uint64_t(1) << T.Bits) - 1, U = uint64_t(V) & Mask;
  if (U >> (T.Bits - 1))
    U |= ~Mask;
  return int64_t(U);
}

// V read as an unsigned number of type T.
uint64_t unsignedValue(int64_t V, DType T) {
  unsigned Bits = T.isBool() ? 1 : T.Bits;
  return Bits >= 64 ? uint64_t(V) : uint64_t(V) & ((uint64_t(1) << Bits) - 1);
}

} // namespace

std::optional<int64_t> IntEval::unknown(const Expr &E) {
  if (!UnknownLine)
    UnknownLine = E.Line;
  return std::nullopt;
}

std::optional<int64_t> IntEval::operator()(const Expr &E) {
  // Within one evaluation a shared operand (a local the source reads
  // twice) is evaluated once: a chain of them would take exponential time.
  if (E.Operands.empty())
    return evaluate(E);
  if (Depth == 0)
    Memo.clear();
  if (auto It = Memo.find(&E); It != Memo.end())
    return It->second;
  ++Depth;
  std::optional<int64_t> V = evaluate(E);
  --Depth;
  Memo[&E] = V;
  return V;
}

std::optional<int64_t> IntEval::evaluate(const Expr &E) {
  if (E.Type.isFloat() || E.Type.isVector())
    return unknown(E);
  switch (E.Kind) {
  case ExprKind::IntConst:
    return normalize(E.Int, E.Type);
  case ExprKind::Param: {
    const std::optional<int64_t> *V = Param ? Param(E.Index) : nullptr;
    if (!V || !*V)
      return unknown(E);
    return normalize(**V, E.Type);
  }
  case ExprKind::Var: {
    const std::optional<int64_t> *V = Variable(E.Name);
    if (!V || !*V)
      return unknown(E);
    return **V + E.Int;
  }
  case ExprKind::Neg: {
    std::optional<int64_t> A = (*this)(E.operand(0));
    return A ? std::optional<int64_t>(normalize(-*A, E.Type)) : std::nullopt;
  }
  case ExprKind::Not: {
    std::optional<int64_t> A = (*this)(E.operand(0));
    return A ? std::optional<int64_t>(*A == 0) : std::nullopt;
  }
  case ExprKind::Select: {
    std::optional<int64_t> Cond = (*this)(E.operand(0));
    if (!Cond)
      return std::nullopt;
    return (*this)(E.operand(*Cond ? 1 : 2));
  }
  case ExprKind::And:
  case ExprKind::Or:
  case ExprKind::AllOf: {
    // Decided by one operand if that one is false (true for Or).
    bool Decides = E.Kind == ExprKind::Or;
    bool Known = true;
    for (const ExprPtr &Op : E.Operands) {
      std::optional<int64_t> V = (*this)(*Op);
      if (V && (*V != 0) == Decides)
        return Decides;
      Known = Known && V;
    }
    return Known ? std::optional<int64_t>(!Decides) : std::nullopt;
  }
  case ExprKind::Call: { // min and max of integers; other calls compute
    if ((E.Name != "min" && E.Name != "max") || E.Operands.size() != 2)
      return unknown(E);
    std::optional<int64_t> A = (*this)(E.operand(0)), B = (*this)(E.operand(1));
    if (!A || !B)
      return std::nullopt;
    if (E.Unsigned) {
      uint64_t X = unsignedValue(*A, E.Type), Y = unsignedValue(*B, E.Type);
      return normalize(int64_t(E.Name == "max" ? std::max(X, Y) : std::min(X, Y)), E.Type);
    }
    return E.Name == "max" ? std::max(*A, *B) : std::min(*A, *B);
  }
  case ExprKind::Cast:
    return cast(E);
  case ExprKind::Compare:
    return compare(E);
  case ExprKind::Binary:
    return binary(E);
  default:
    return unknown(E);
  }
}

std::optional<int64_t> IntEval::cast(const Expr &E) {
  const Expr &From = E.operand(0);
  if (From.Type.isFloat())
    return unknown(From);
  std::optional<int64_t> A = (*this)(From);
  if (!A)
    return std::nullopt;
  switch (E.castKind()) {
  case CastKind::Plain:
    return normalize(*A, E.Type);
  case CastKind::FromUnsigned:
    return normalize(int64_t(unsignedValue(*A, From.Type)), E.Type);
  case CastKind::BoolToSigned:
    return normalize(-(*A & 1), E.Type);
  case CastKind::BoolToValue:
  case CastKind::ToBool:
    return *A & 1;
  }
  return unknown(E);
}

std::optional<int64_t> IntEval::compare(const Expr &E) {
  std::optional<int64_t> A = (*this)(E.operand(0)), B = (*this)(E.operand(1));
  if (!A || !B)
    return std::nullopt;
  if (E.Unsigned) {
    uint64_t UA = unsignedValue(*A, E.operand(0).Type),
             UB = unsignedValue(*B, E.operand(1).Type);
    switch (E.compareOp()) {
    case CompareOp::EQ: return UA == UB;
    case CompareOp::NE: return UA != UB;
    case CompareOp::LT: return UA < UB;
    case CompareOp::LE: return UA <= UB;
    case CompareOp::GT: return UA > UB;
    case CompareOp::GE: return UA >= UB;
    }
  }
  switch (E.compareOp()) {
  case CompareOp::EQ: return *A == *B;
  case CompareOp::NE: return *A != *B;
  case CompareOp::LT: return *A < *B;
  case CompareOp::LE: return *A <= *B;
  case CompareOp::GT: return *A > *B;
  case CompareOp::GE: return *A >= *B;
  }
  return unknown(E);
}

std::optional<int64_t> IntEval::binary(const Expr &E) {
  std::optional<int64_t> A = (*this)(E.operand(0)), B = (*this)(E.operand(1));
  if (!A || !B)
    return std::nullopt;
  return Exact ? exactBinary(E, *A, *B) : wrappedBinary(E, *A, *B);
}

// The device's value: wrapped at the type's width.
std::optional<int64_t> IntEval::wrappedBinary(const Expr &E, int64_t A, int64_t B) {
  uint64_t UA = unsignedValue(A, E.Type), UB = unsignedValue(B, E.Type);
  int64_t R = 0;
  switch (E.binaryOp()) {
  case BinaryOp::Add: R = int64_t(uint64_t(A) + uint64_t(B)); break;
  case BinaryOp::Sub: R = int64_t(uint64_t(A) - uint64_t(B)); break;
  case BinaryOp::Mul: R = int64_t(uint64_t(A) * uint64_t(B)); break;
  case BinaryOp::And: R = A & B; break;
  case BinaryOp::Or: R = A | B; break;
  case BinaryOp::Xor: R = A ^ B; break;
  case BinaryOp::Shl: R = int64_t(uint64_t(A) << (B & 63)); break;
  case BinaryOp::Shr:
    R = E.Unsigned ? int64_t(UA >> (B & 63)) : A >> (B & 63);
    break;
  case BinaryOp::Div:
  case BinaryOp::Rem:
    if (B == 0 || (!E.Unsigned && B == -1))
      return unknown(E);
    if (E.Unsigned)
      R = int64_t(E.binaryOp() == BinaryOp::Div ? UA / UB : UA % UB);
    else
      R = E.binaryOp() == BinaryOp::Div ? A / B : A % B;
    break;
  }
  return normalize(R, E.Type);
}

// C's value where it has one: a signed result must fit the type, a shift
// must be by less than the width, a division by 0 has none.
std::optional<int64_t> IntEval::exactBinary(const Expr &E, int64_t A, int64_t B) {
  unsigned Bits = E.Type.isBool() ? 1 : E.Type.Bits;
  auto fits = [&](int64_t R) -> std::optional<int64_t> {
    if (normalize(R, E.Type) != R)
      return unknown(E);
    return R;
  };
  int64_t R = 0;
  switch (E.binaryOp()) {
  case BinaryOp::Add:
    return __builtin_add_overflow(A, B, &R) ? unknown(E) : fits(R);
  case BinaryOp::Sub:
    return __builtin_sub_overflow(A, B, &R) ? unknown(E) : fits(R);
  case BinaryOp::Mul:
    return __builtin_mul_overflow(A, B, &R) ? unknown(E) : fits(R);
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    if (B < 0 || uint64_t(B) >= Bits)
      return unknown(E);
    break;
  case BinaryOp::Div:
  case BinaryOp::Rem:
    if (B == 0)
      return unknown(E);
    if (!E.Unsigned && B == -1) // -A (INT_MIN / -1 has no value), A % -1 == 0
      return E.binaryOp() == BinaryOp::Rem ? 0 : A == INT64_MIN ? unknown(E) : fits(-A);
    break;
  default:
    break;
  }
  return wrappedBinary(E, A, B); // C's value here
}

} // namespace t2s
