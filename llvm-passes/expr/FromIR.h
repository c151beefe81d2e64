//===- FromIR.h - What IR types and operators are in a design ---*- C++ -*-===//
//
// The one bridge from LLVM IR to the design's expressions (expr/Expr.h):
// the design type of an IR type, the operator of a binary instruction and
// the kind of a cast. The URE model lifts the sizes of run-time loops with
// it (ure/RunTimeSizes.h), the Design's build the values of its nests
// (systolic/LiftExpr.h), so both spell an IR value the same way.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_FROMIR_H
#define T2S_FROMIR_H

#include "expr/Expr.h"

#include <optional>
#include <utility>

namespace llvm {
class Type;
} // namespace llvm

namespace t2s {

/// The design type of an IR type; types the back ends cannot name come out
/// as a type without a C name (hasCName is false).
DType designType(llvm::Type *T);

/// The operator of a binary instruction's opcode (integer or floating
/// point), and whether it is the unsigned one (udiv, urem, lshr); none for
/// an opcode the expressions have no operator for.
std::optional<std::pair<BinaryOp, bool>> binaryOpOf(unsigned Opcode);

/// The kind of a cast instruction of opcode \p Opcode from \p From to
/// \p To: C's rules for bool (0 or 1; sign-extended to 0 or -1; truncated
/// to the low bit), unsigned for a zero extension.
CastKind castKindOf(unsigned Opcode, llvm::Type *From, llvm::Type *To);

} // namespace t2s

#endif // T2S_FROMIR_H
