//===- IntEval.h - The integer value of a kernel's expression ---*- C++ -*-===//
//
// Runs the integer part of a kernel's statements (systolic/Stmt.h) as the
// device would: the value of a condition, a loop bound or a subscript over
// the kernel's variables whose values the caller knows, with C's rules for
// the width and signedness of each operation. A value read from memory or a
// channel, a floating-point value or a variable the caller marks as
// computed makes the result unknown, and UnknownLine says which line that
// value comes from. KernelScope holds the variables in scope while a kernel
// runs, evaluates with them and recovers loop variables from time. The
// stream-order check (systolic/StreamOrder.h) and the off-chip traffic count
// (backends/Traffic.h) run kernels with it.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_INTEVAL_H
#define T2S_INTEVAL_H

#include "expr/Expr.h"
#include "systolic/Stmt.h"

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

private:
  Lookup Variable;
  ParamLookup Param;

  std::optional<int64_t> unknown(const Expr &E);
  std::optional<int64_t> cast(const Expr &E);
  std::optional<int64_t> compare(const Expr &E);
  std::optional<int64_t> binary(const Expr &E);
};

/// The variables of a kernel in scope while its statements run, innermost
/// last, each with its value or none (computed by the kernel).
class KernelScope {
public:
  KernelScope() = default;
  KernelScope(const KernelScope &) = delete; // Eval reads this scope
  KernelScope &operator=(const KernelScope &) = delete;

  /// The innermost variable Name, or null.
  std::optional<int64_t> *lookup(llvm::StringRef Name);
  void bind(std::string Name, std::optional<int64_t> Value) {
    Vars.emplace_back(std::move(Name), Value);
  }
  size_t size() const { return Vars.size(); }
  /// Leaves the scopes opened since size() was N.
  void resize(size_t N) { Vars.resize(N); }
  /// The value of the innermost variable bound, which a loop sets.
  std::optional<int64_t> &innermost() { return Vars.back().second; }

  /// Binds the loop variables a Recover statement recovers from its time
  /// variable; whether the step runs (every recovered variable in its
  /// range), or none if the time or a PE variable is computed.
  std::optional<bool> recover(const Stmt &S);

  /// The values of the design's parameters, by argument number, where the
  /// caller knows them (the stand-ins of run-time sizes: Design::Param).
  llvm::SmallVector<std::optional<int64_t>, 4> Params;

  /// Values of expressions over the variables in scope.
  IntEval Eval{[this](llvm::StringRef Name) -> const std::optional<int64_t> * {
                 return lookup(Name);
               },
               [this](unsigned ArgNo) -> const std::optional<int64_t> * {
                 return ArgNo < Params.size() ? &Params[ArgNo] : nullptr;
               }};

private:
  llvm::SmallVector<std::pair<std::string, std::optional<int64_t>>, 16> Vars;
};

} // namespace t2s

#endif // T2S_INTEVAL_H
