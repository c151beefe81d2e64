//===- IntEval.h - The integer value of an expression -----------*- C++ -*-===//
//
// The integer value of an expression (expr/Expr.h) as the device computes
// it: a condition, a loop bound or a subscript over variables and
// parameters whose values the caller knows, with C's rules for the width
// and signedness of each operation, 'min' and 'max' included. A value read
// from memory or a channel, a floating-point value or a variable the caller
// marks as computed makes the result unknown, and UnknownLine says which
// line that value comes from. Exact mode makes unknown what C leaves
// undefined (a signed overflow, a shift by the width or more) instead of
// the device's wrapped value: the URE model evaluates run-time sizes so
// (ure/RunTimeSizes.h). The kernels run with it through KernelScope
// (systolic/KernelScope.h).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_INTEVAL_H
#define T2S_INTEVAL_H

#include "expr/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace t2s {

class IntEval {
public:
  /// A variable's value: null if it is not in scope, none if it is computed.
  using Lookup = std::function<const std::optional<int64_t> *(llvm::StringRef)>;

  /// A parameter's value (by argument number): null if the caller gives
  /// none, then the result is unknown.
  using ParamLookup = std::function<const std::optional<int64_t> *(unsigned)>;

  explicit IntEval(Lookup L, ParamLookup P = nullptr)
      : Variable(std::move(L)), Param(std::move(P)) {}

  /// E's value, or none if it depends on what the kernel computes.
  std::optional<int64_t> operator()(const Expr &E);

  /// The source line of the first value that made a result unknown since
  /// the caller last set it to 0 (0 if that value has no line).
  unsigned UnknownLine = 0;

  /// Unknown where C leaves the result undefined (a signed overflow, a
  /// shift by the width or more), instead of the wrapped value.
  bool Exact = false;

private:
  Lookup Variable;
  ParamLookup Param;

  /// The values of the nodes with operands evaluated in the current call.
  llvm::SmallDenseMap<const Expr *, std::optional<int64_t>, 16> Memo;
  unsigned Depth = 0;

  std::optional<int64_t> evaluate(const Expr &E);
  std::optional<int64_t> unknown(const Expr &E);
  std::optional<int64_t> cast(const Expr &E);
  std::optional<int64_t> compare(const Expr &E);
  std::optional<int64_t> binary(const Expr &E);
  std::optional<int64_t> wrappedBinary(const Expr &E, int64_t A, int64_t B);
  std::optional<int64_t> exactBinary(const Expr &E, int64_t A, int64_t B);
};

} // namespace t2s

#endif // T2S_INTEVAL_H
