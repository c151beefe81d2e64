//===- InitialValues.h - Does every URE have an initial value? --*- C++ -*-===//
//
// A system of UREs is legal only if every URE has an initial value: some way to
// compute it that does not wait, directly or through other UREs, on itself. The
// check works on an abstraction of each URE's right-hand side, a monotone
// boolean formula over URE ids (docs: seed merge_ures.md, "Recursive
// Reference"):
//
//   select(c, a, b), or a phi merging branches  ->  a OR b
//   a + b, a call, any other op combining values ->  a AND b
//   a read of URE X                              ->  X
//   a constant, an input array, a loop variable  ->  TRUE
//
// (A select whose condition itself reads UREs is c AND (a OR b); the client
// building the formula decides that.) A URE has an initial value iff its
// formula holds when the true variables are exactly the UREs that have one: the
// least fixpoint reached from "no URE has one".
//
// Each formula is turned into CNF, and truth is propagated from the UREs that
// need nothing, with a queue: a clause holds once one of its variables does, a
// URE once all its clauses do. CNF of an OR of ANDs can be exponential, so the
// conversion stops at a clause cap; a URE whose CNF hits the cap is decided by
// re-evaluating its formula whenever one of its variables becomes true, which
// gives the same fixpoint.
//
// This file knows nothing of LLVM IR; the URE extraction builds the formulas.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_INITIALVALUES_H
#define T2S_INITIALVALUES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace t2s {

/// Names URE \p Id in printed formulas and messages.
using UREName = llvm::function_ref<std::string(unsigned Id)>;

/// An immutable boolean formula over URE ids built of TRUE, FALSE, variables,
/// AND and OR (no negation: having more initial values never takes one away).
/// Nodes are shared, so a copy costs one reference count.
class InitFormula {
public:
  enum Kind { True, False, Var, And, Or };

  /// TRUE, like a default-constructed formula.
  InitFormula() = default;

  static InitFormula trueValue() { return InitFormula(); }
  /// FALSE, the OR of nothing. The abstraction above never produces it, but
  /// anyOf({}) has to mean something.
  static InitFormula falseValue();
  /// "URE \p UREId has an initial value".
  static InitFormula var(unsigned UREId);
  /// AND of \p Operands. Nested ANDs are flattened, TRUE operands dropped, a
  /// FALSE operand makes it FALSE, one operand is returned as is, none is TRUE.
  static InitFormula allOf(llvm::ArrayRef<InitFormula> Operands);
  /// OR of \p Operands, simplified the dual way; none is FALSE.
  static InitFormula anyOf(llvm::ArrayRef<InitFormula> Operands);

  Kind kind() const;
  /// The URE id of a Var.
  unsigned varId() const;
  /// The operands of an And or Or; empty for the others.
  llvm::ArrayRef<InitFormula> operands() const;

  /// The value of the formula when exactly the ids \p IsTrue accepts are true.
  bool evaluate(llvm::function_ref<bool(unsigned Id)> IsTrue) const;

  /// Prints "((B & ((C & D) | D)) | (E & F)) & (H | B)", every nested
  /// operation in parentheses as the seed writes it; the form is for people.
  void print(llvm::raw_ostream &OS, UREName Name) const;
  /// Names URE k "u<k>".
  void print(llvm::raw_ostream &OS) const;

private:
  struct Node;
  std::shared_ptr<const Node> N; // null is TRUE

  explicit InitFormula(std::shared_ptr<const Node> N) : N(std::move(N)) {}
};

/// An OR of variables: ascending URE ids, each once. Empty is FALSE.
using InitClause = llvm::SmallVector<unsigned, 4>;

/// An AND of clauses, kept simplified: no duplicate clause, no clause that is a
/// superset of another (it is absorbed), clauses in lexicographic order. So no
/// clauses is TRUE and a single empty clause is FALSE.
struct InitCNF {
  llvm::SmallVector<InitClause, 4> Clauses;
  /// The CNF would have had more clauses than the cap given to toCNF.
  /// Clauses is then empty and means nothing; use the formula instead.
  bool Overflow = false;

  bool isAlwaysTrue() const { return !Overflow && Clauses.empty(); }
  void print(llvm::raw_ostream &OS, UREName Name) const;
};

/// The default clause cap of one CNF.
constexpr unsigned DefaultMaxCNFClauses = 4096;

/// The CNF of \p F. The cap bounds the work too: an OR whose distribution
/// would form more than \p MaxClauses clauses, before absorption, overflows.
InitCNF toCNF(const InitFormula &F,
              unsigned MaxClauses = DefaultMaxCNFClauses);

struct InitialValueResult {
  /// Per URE id, whether it has an initial value.
  llvm::BitVector HasInitialValue;
  /// The UREs without an initial value, ascending.
  llvm::SmallVector<unsigned, 4> WithoutInitialValue;
  /// Parallel to WithoutInitialValue: UREs one of which it is waiting on, i.e.
  /// an OR of variables its formula implies and that does not hold. From the
  /// CNF this is the first unsatisfied clause. Every id in it is itself
  /// without an initial value (or outside the system).
  llvm::SmallVector<InitClause, 4> DependsOn;

  bool allHaveInitialValue() const { return WithoutInitialValue.empty(); }
};

/// Decides which UREs have an initial value. \p FormulaPerURE is indexed by URE
/// id; a variable whose id is outside it never holds. Linear in the total size
/// of the CNFs; a URE whose CNF overflows \p MaxClausesPerURE costs up to one
/// evaluation of its formula per distinct variable in it.
InitialValueResult
findUREsWithoutInitialValue(llvm::ArrayRef<InitFormula> FormulaPerURE,
                            unsigned MaxClausesPerURE = DefaultMaxCNFClauses);

/// Prints the user-facing explanation of \p Result, e.g. "f and g refer only
/// to each other (f needs f or g; g needs f or g); give one of them an initial
/// value, e.g. select(i == 0, <value>, ...)". Prints nothing if every URE has
/// an initial value.
void printMissingInitialValues(llvm::raw_ostream &OS,
                               const InitialValueResult &Result, UREName Name);

} // namespace t2s

#endif // T2S_INITIALVALUES_H
