//===- IntEval.h - The integer value of a kernel's expression ---*- C++ -*-===//
//
// Runs the integer part of a kernel's statements (systolic/Stmt.h) as the
// device would: the value of a condition, a loop bound or a subscript over
// the kernel's variables whose values the caller knows, with C's rules for
// the width and signedness of each operation. A value read from memory or a
// channel, a floating-point value or a variable the caller marks as
// computed makes the result unknown, and UnknownLine says which line that
// value comes from. The stream-order check (systolic/StreamOrder.h) and the
// off-chip traffic count (backends/Traffic.h) read kernels with it.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_INTEVAL_H
#define T2S_INTEVAL_H

#include "systolic/Expr.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <functional>
#include <optional>

namespace t2s {

class IntEval {
public:
  /// A variable's value: null if it is not in scope, none if it is computed.
  using Lookup = std::function<const std::optional<int64_t> *(llvm::StringRef)>;

  explicit IntEval(Lookup L) : Variable(std::move(L)) {}

  /// E's value, or none if it depends on what the kernel computes.
  std::optional<int64_t> operator()(const Expr &E);

  /// The source line of the first value that made a result unknown since
  /// the caller last set it to 0 (0 if that value has no line).
  unsigned UnknownLine = 0;

private:
  Lookup Variable;

  std::optional<int64_t> unknown(const Expr &E);
  std::optional<int64_t> cast(const Expr &E);
  std::optional<int64_t> compare(const Expr &E);
  std::optional<int64_t> binary(const Expr &E);
};

} // namespace t2s

#endif // T2S_INTEVAL_H
