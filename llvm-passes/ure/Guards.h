//===- Guards.h - The conditions under which a nest's code runs -*- C++ -*-===//
//
// Which branch conditions decide whether a block of a URE nest's innermost
// body runs, read from the IR: the edges that dominate it (exact guards,
// which hold whenever it runs) and the branches whose paths join before it
// ('a || b': inexact guards, which only say what its running depends on);
// the loops an exact guard pins to one value ('j == 0'); whether a value is
// computed from a loop's variable, or from loop variables and constants
// alone. The URE model keeps each statement's guards (UREModel.h); the plans
// of the channels, gathers and vectors ask them about loads.
//
// Preconditions: the blocks and values are the nest's (URESystem::innermost
// contains them), and the dominator tree is that of their function.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_GUARDS_H
#define T2S_GUARDS_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace llvm {
class BasicBlock;
class DominatorTree;
class Instruction;
class Value;
} // namespace llvm

namespace t2s {

struct URESystem;

/// A condition under which an extended URE statement (or an access) runs.
struct Guard {
  llvm::Value *Condition = nullptr;
  bool WhenTrue = true;
  /// False for a branch that decides whether the block runs only together
  /// with others: the block joins several paths ('if (a || b)'), so it may
  /// run with Condition either way. Such a guard pins nothing; it only says
  /// what the block's running depends on.
  bool Exact = true;
};

/// The branch conditions that hold whenever BB (a block of the innermost
/// loop's body) runs, followed by the inexact guards of joinedGuards.
llvm::SmallVector<Guard, 2> dominatingGuards(const URESystem &S,
                                             llvm::DominatorTree &DT,
                                             llvm::BasicBlock *BB);

/// The other branches of the innermost body that decide whether BB runs
/// (those of a condition such as 'a || b', whose paths join before BB), as
/// guards with Exact false; empty when BB runs exactly when its dominating
/// edges are taken.
llvm::SmallVector<Guard, 2> joinedGuards(const URESystem &S,
                                         llvm::DominatorTree &DT,
                                         llvm::BasicBlock *BB);

/// The conditions under which Access (a load of the innermost body, or the
/// store of a statement) runs: the statement's guards, or the branch
/// conditions that dominate the load.
llvm::SmallVector<Guard, 2> accessGuards(const URESystem &S,
                                         llvm::DominatorTree &DT,
                                         llvm::Instruction *Access);

/// The loops an exact guard fixes to one value, with the value: 'j == 0'
/// (or 'j != 0' when it is false) and the terms of an '&&' that holds, in
/// the order the condition names them; none for a guard that is not Exact.
llvm::SmallVector<std::pair<unsigned, int64_t>, 2> pinnedValues(const URESystem &S,
                                                                const Guard &G);

/// V with what clang puts around a bool local taken off: 'trunc (zext X)'
/// and 'icmp ne (zext X), 0' are X, 'icmp eq (zext X), 0' and 'X ^ true' are
/// !X (WhenTrue flips).
const llvm::Value *throughBoolCasts(const llvm::Value *V, bool &WhenTrue);

/// The terms of a condition that is '&&' or '||' of others: 'and'/'or' of
/// i1 values, their 'select' forms, and the phi that clang emits for a
/// short-circuit operator whose value is kept in a bool ('bool b = x && y':
/// phi [false, P], [y, R], where P branches to R when x holds). Each term
/// with the value it must have for the condition to hold; nullopt when V
/// is neither.
struct LogicalTerms {
  bool IsAnd = true;
  llvm::SmallVector<std::pair<const llvm::Value *, bool>, 4> Terms;
};
std::optional<LogicalTerms> logicalTerms(const llvm::Value *V);

/// Whether V (a value of the nest) is computed from loop Loop's variable.
bool dependsOnLoop(const URESystem &S, const llvm::Value *V, unsigned Loop);

/// Whether V is computed from the nest's loop variables and constants only.
bool onlyLoopVariables(const URESystem &S, const llvm::Value *V);

} // namespace t2s

#endif // T2S_GUARDS_H
