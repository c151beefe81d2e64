//===- KernelScope.h - A kernel's variables while it runs -------*- C++ -*-===//
//
// Runs the integer part of a kernel's statements (systolic/Stmt.h) as the
// device would: KernelScope holds the variables in scope while a kernel
// runs, evaluates expressions with them (expr/IntEval.h) and recovers loop
// variables from time. The stream-order check (systolic/StreamOrder.h), the
// channel depths, the traffic count (backends/model/Traffic.h) and the estimate
// run kernels with it.
//
// Beside it, the two facts about a loop that those who run a kernel ask:
// how many iterations it runs (tripCount), and whether its iterations can
// differ, so that one of them cannot stand for all (variesWith).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_KERNELSCOPE_H
#define T2S_KERNELSCOPE_H

#include "expr/IntEval.h"
#include "systolic/Stmt.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace t2s {

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

  /// Runs the integer part of a Decl, a Let or an Assign: a Decl or Let
  /// binds its variable, an Assign to a variable in scope sets it. The value
  /// is known for a Let and for a counter of a padded step loop
  /// (Stmt::Counts), which decide what later steps run; any other is the
  /// kernel's computation, and none.
  void assign(const Stmt &S);

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

/// The iterations of the loop \p Loop from the values of its bounds: from
/// \p From up to \p Bound, exclusive, or (Stmt::Down) down to it, inclusive;
/// 0 where it runs none.
int64_t tripCount(const Stmt &Loop, int64_t From, int64_t Bound);

/// What a loop's iterations are compared by (variesWith).
enum class IterationsDiffer {
  /// In what runs: the loop's variable decides a condition (an If), a
  /// bound (a Loop), a pinned value (a Let) or a recovery in its body. The
  /// clocks (backends/model/Timing.h) ask this.
  InControl,
  /// In what runs or what it reads: also where the variable decides a
  /// select's condition in another statement, which picks the element
  /// read, or the body moves a counter of the step loop (Stmt::Counts),
  /// which decides what later steps do. The traffic (backends/model/Traffic.h)
  /// asks this.
  InAccesses,
};

/// Whether the iterations of the loop \p Loop can differ (\p By), so that
/// a reader must run each rather than one for all.
bool variesWith(const Stmt &Loop, IterationsDiffer By);

} // namespace t2s

#endif // T2S_KERNELSCOPE_H
