//===- InitialValues.cpp - Does every URE have an initial value? ----------===//
//
// CNF by distribution with absorption after every step, then unit-style
// propagation: every clause watches all its variables, so each (variable,
// clause) pair is visited at most once.
//
//===----------------------------------------------------------------------===//

#include "ure/InitialValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <iterator>

namespace t2s {

struct InitFormula::Node {
  Kind K;
  unsigned Id = 0;                         // for Var
  llvm::SmallVector<InitFormula, 2> Ops;   // for And, Or

  explicit Node(Kind K) : K(K) {}
};

InitFormula InitFormula::falseValue() {
  // One shared node: FALSE is as cheap as TRUE.
  static const std::shared_ptr<const Node> FalseNode =
      std::make_shared<const Node>(False);
  return InitFormula(FalseNode);
}

InitFormula InitFormula::var(unsigned UREId) {
  auto V = std::make_shared<Node>(Var);
  V->Id = UREId;
  return InitFormula(std::move(V));
}

namespace {

// Builds an And (IsAnd) or an Or. The absorbing element of the operation
// (FALSE for And, TRUE for Or) wins; its identity element is dropped.
llvm::SmallVector<InitFormula, 2>
flattenOperands(llvm::ArrayRef<InitFormula> Operands, InitFormula::Kind Op,
                InitFormula::Kind Identity, InitFormula::Kind Absorbing,
                bool &Absorbed) {
  llvm::SmallVector<InitFormula, 2> Flat;
  Absorbed = false;
  for (const InitFormula &F : Operands) {
    if (F.kind() == Absorbing) {
      Absorbed = true;
      return {};
    }
    if (F.kind() == Identity)
      continue;
    if (F.kind() == Op)
      llvm::append_range(Flat, F.operands()); // already flat and simplified
    else
      Flat.push_back(F);
  }
  return Flat;
}

} // namespace

InitFormula InitFormula::allOf(llvm::ArrayRef<InitFormula> Operands) {
  bool Absorbed;
  llvm::SmallVector<InitFormula, 2> Flat =
      flattenOperands(Operands, And, True, False, Absorbed);
  if (Absorbed)
    return falseValue();
  if (Flat.empty())
    return trueValue();
  if (Flat.size() == 1)
    return Flat.front();
  auto A = std::make_shared<Node>(And);
  A->Ops = std::move(Flat);
  return InitFormula(std::move(A));
}

InitFormula InitFormula::anyOf(llvm::ArrayRef<InitFormula> Operands) {
  bool Absorbed;
  llvm::SmallVector<InitFormula, 2> Flat =
      flattenOperands(Operands, Or, False, True, Absorbed);
  if (Absorbed)
    return trueValue();
  if (Flat.empty())
    return falseValue();
  if (Flat.size() == 1)
    return Flat.front();
  auto O = std::make_shared<Node>(Or);
  O->Ops = std::move(Flat);
  return InitFormula(std::move(O));
}

InitFormula::Kind InitFormula::kind() const { return N ? N->K : True; }

unsigned InitFormula::varId() const {
  assert(kind() == Var && "only a variable has an id");
  return N->Id;
}

llvm::ArrayRef<InitFormula> InitFormula::operands() const {
  if (!N)
    return {};
  return N->Ops;
}

bool InitFormula::evaluate(llvm::function_ref<bool(unsigned Id)> IsTrue) const {
  switch (kind()) {
  case True:
    return true;
  case False:
    return false;
  case Var:
    return IsTrue(varId());
  case And:
    return llvm::all_of(operands(), [&](const InitFormula &F) {
      return F.evaluate(IsTrue);
    });
  case Or:
    return llvm::any_of(operands(), [&](const InitFormula &F) {
      return F.evaluate(IsTrue);
    });
  }
  llvm_unreachable("unknown formula kind");
}

void InitFormula::print(llvm::raw_ostream &OS, UREName Name) const {
  switch (kind()) {
  case True:
    OS << "true";
    return;
  case False:
    OS << "false";
    return;
  case Var:
    OS << Name(varId());
    return;
  case And:
  case Or:
    break;
  }
  // Every nested operation is parenthesized, not only an Or under an And, so
  // no reader has to remember the precedence of & over |.
  const char *Sep = kind() == And ? " & " : " | ";
  bool First = true;
  for (const InitFormula &F : operands()) {
    if (!First)
      OS << Sep;
    First = false;
    bool Parens = F.kind() == And || F.kind() == Or;
    if (Parens)
      OS << '(';
    F.print(OS, Name);
    if (Parens)
      OS << ')';
  }
}

void InitFormula::print(llvm::raw_ostream &OS) const {
  print(OS, [](unsigned Id) { return "u" + std::to_string(Id); });
}

void InitCNF::print(llvm::raw_ostream &OS, UREName Name) const {
  if (Overflow) {
    OS << "<more clauses than the cap>";
    return;
  }
  if (Clauses.empty()) {
    OS << "true";
    return;
  }
  bool FirstClause = true;
  for (const InitClause &C : Clauses) {
    if (!FirstClause)
      OS << " & ";
    FirstClause = false;
    if (C.empty()) {
      OS << "false";
      continue;
    }
    if (C.size() > 1)
      OS << '(';
    bool FirstVar = true;
    for (unsigned Id : C) {
      if (!FirstVar)
        OS << " | ";
      FirstVar = false;
      OS << Name(Id);
    }
    if (C.size() > 1)
      OS << ')';
  }
}

namespace {

using ClauseList = llvm::SmallVector<InitClause, 4>;

// A 64-bit summary of a clause's ids: if A is a subset of B, then
// signature(A) & ~signature(B) == 0. It rules out most subset tests cheaply.
uint64_t signature(const InitClause &C) {
  uint64_t S = 0;
  for (unsigned Id : C)
    S |= uint64_t(1) << (Id % 64);
  return S;
}

// Canonical form of an AND of clauses (each clause already sorted and
// unique): no duplicates, no clause that contains another, lexicographic order.
void simplify(ClauseList &Clauses) {
  // Shorter first, so a clause can only be absorbed by one kept before it.
  llvm::sort(Clauses, [](const InitClause &A, const InitClause &B) {
    if (A.size() != B.size())
      return A.size() < B.size();
    return A < B;
  });
  Clauses.erase(std::unique(Clauses.begin(), Clauses.end()), Clauses.end());

  ClauseList Kept;
  llvm::SmallVector<uint64_t, 4> KeptSignatures;
  for (InitClause &C : Clauses) {
    uint64_t Sig = signature(C);
    bool Absorbed = false;
    for (size_t I = 0, E = Kept.size(); I != E && !Absorbed; ++I)
      Absorbed = (KeptSignatures[I] & ~Sig) == 0 &&
                 std::includes(C.begin(), C.end(), Kept[I].begin(),
                               Kept[I].end());
    if (Absorbed)
      continue;
    Kept.push_back(std::move(C));
    KeptSignatures.push_back(Sig);
  }
  llvm::sort(Kept);
  Clauses = std::move(Kept);
}

// Converts F to a simplified CNF; returns false once the cap is exceeded.
bool convert(const InitFormula &F, unsigned MaxClauses, ClauseList &Out) {
  Out.clear();
  switch (F.kind()) {
  case InitFormula::True:
    return true;
  case InitFormula::False:
    Out.emplace_back();
    return true;
  case InitFormula::Var:
    Out.push_back(InitClause{F.varId()});
    return true;
  case InitFormula::And: {
    ClauseList Part;
    for (const InitFormula &Op : F.operands()) {
      if (!convert(Op, MaxClauses, Part))
        return false;
      llvm::append_range(Out, Part);
      if (Out.size() > MaxClauses) {
        simplify(Out);
        if (Out.size() > MaxClauses)
          return false;
      }
    }
    simplify(Out);
    return true;
  }
  case InitFormula::Or: {
    // (a1 & a2) | (b1 & b2) == (a1|b1) & (a1|b2) & (a2|b1) & (a2|b2): start
    // from FALSE, the single empty clause, and distribute one operand at a time.
    Out.emplace_back();
    ClauseList Part, Product;
    for (const InitFormula &Op : F.operands()) {
      if (!convert(Op, MaxClauses, Part))
        return false;
      if (uint64_t(Out.size()) * Part.size() > MaxClauses)
        return false;
      Product.clear();
      for (const InitClause &A : Out)
        for (const InitClause &B : Part) {
          InitClause &U = Product.emplace_back();
          std::set_union(A.begin(), A.end(), B.begin(), B.end(),
                         std::back_inserter(U));
        }
      simplify(Product);
      std::swap(Out, Product);
      if (Out.empty()) // an operand was TRUE
        return true;
    }
    return true;
  }
  }
  llvm_unreachable("unknown formula kind");
}

// Ids of the variables of F, ascending, each once.
void collectVariables(const InitFormula &F, InitClause &Ids) {
  if (F.kind() == InitFormula::Var) {
    Ids.push_back(F.varId());
    return;
  }
  for (const InitFormula &Op : F.operands())
    collectVariables(Op, Ids);
}

InitClause variablesOf(const InitFormula &F) {
  InitClause Ids;
  collectVariables(F, Ids);
  llvm::sort(Ids);
  Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
  return Ids;
}

// For F false under IsTrue, an OR of false variables that F implies: follow
// one false operand of an And, all operands of an Or. It is a clause of some
// (unsimplified) CNF of F, so it plays the role of the first unsatisfied
// clause for a URE decided without a CNF.
void collectBlockingVariables(const InitFormula &F,
                              llvm::function_ref<bool(unsigned)> IsTrue,
                              InitClause &Ids) {
  switch (F.kind()) {
  case InitFormula::True:
    llvm_unreachable("a true formula blocks nothing");
  case InitFormula::False:
    return;
  case InitFormula::Var:
    Ids.push_back(F.varId());
    return;
  case InitFormula::And:
    for (const InitFormula &Op : F.operands())
      if (!Op.evaluate(IsTrue)) {
        collectBlockingVariables(Op, IsTrue, Ids);
        return;
      }
    llvm_unreachable("a false And has a false operand");
  case InitFormula::Or:
    for (const InitFormula &Op : F.operands())
      collectBlockingVariables(Op, IsTrue, Ids);
    return;
  }
}

} // namespace

InitCNF toCNF(const InitFormula &F, unsigned MaxClauses) {
  InitCNF CNF;
  if (!convert(F, MaxClauses, CNF.Clauses)) {
    CNF.Clauses.clear();
    CNF.Overflow = true;
  }
  return CNF;
}

InitialValueResult
findUREsWithoutInitialValue(llvm::ArrayRef<InitFormula> FormulaPerURE,
                            unsigned MaxClausesPerURE) {
  const unsigned NumUREs = FormulaPerURE.size();
  InitialValueResult Result;
  Result.HasInitialValue.resize(NumUREs);
  llvm::BitVector &Known = Result.HasInitialValue;
  auto IsTrue = [&](unsigned Id) { return Id < NumUREs && Known[Id]; };

  llvm::SmallVector<InitCNF, 8> CNFs;
  CNFs.reserve(NumUREs);
  for (const InitFormula &F : FormulaPerURE)
    CNFs.push_back(toCNF(F, MaxClausesPerURE));

  // All clauses of all UREs in one table. A clause is satisfied once, by the
  // first of its variables to become true; ClauseWatchers lists, per variable,
  // the clauses it can satisfy.
  llvm::SmallVector<unsigned, 16> ClauseOwner;
  llvm::SmallVector<llvm::SmallVector<unsigned, 4>, 8> ClauseWatchers(NumUREs);
  // Per variable, the UREs without a CNF whose formula mentions it.
  llvm::SmallVector<llvm::SmallVector<unsigned, 2>, 8> FormulaWatchers(NumUREs);
  llvm::SmallVector<unsigned, 8> UnsatisfiedClauses(NumUREs, 0);

  llvm::SmallVector<unsigned, 8> Queue;
  auto MarkTrue = [&](unsigned URE) {
    Known.set(URE);
    Queue.push_back(URE);
  };

  for (unsigned URE = 0; URE != NumUREs; ++URE) {
    if (CNFs[URE].Overflow) {
      for (unsigned Id : variablesOf(FormulaPerURE[URE]))
        if (Id < NumUREs)
          FormulaWatchers[Id].push_back(URE);
      // Nothing is true yet, but a formula may need no variable at all.
      if (FormulaPerURE[URE].evaluate(IsTrue))
        MarkTrue(URE);
      continue;
    }
    for (const InitClause &C : CNFs[URE].Clauses) {
      unsigned ClauseIndex = ClauseOwner.size();
      ClauseOwner.push_back(URE);
      for (unsigned Id : C)
        if (Id < NumUREs)
          ClauseWatchers[Id].push_back(ClauseIndex);
    }
    UnsatisfiedClauses[URE] = CNFs[URE].Clauses.size();
    if (UnsatisfiedClauses[URE] == 0)
      MarkTrue(URE);
  }

  llvm::BitVector ClauseSatisfied(ClauseOwner.size());
  // The order of propagation does not change the fixpoint; a stack is a queue
  // as far as the result goes.
  while (!Queue.empty()) {
    unsigned NewlyTrue = Queue.pop_back_val();
    for (unsigned ClauseIndex : ClauseWatchers[NewlyTrue]) {
      if (ClauseSatisfied[ClauseIndex])
        continue;
      ClauseSatisfied.set(ClauseIndex);
      unsigned Owner = ClauseOwner[ClauseIndex];
      if (--UnsatisfiedClauses[Owner] == 0 && !Known[Owner])
        MarkTrue(Owner);
    }
    for (unsigned Owner : FormulaWatchers[NewlyTrue])
      if (!Known[Owner] && FormulaPerURE[Owner].evaluate(IsTrue))
        MarkTrue(Owner);
  }

  for (unsigned URE = 0; URE != NumUREs; ++URE) {
    if (Known[URE])
      continue;
    Result.WithoutInitialValue.push_back(URE);
    InitClause &Waits = Result.DependsOn.emplace_back();
    if (CNFs[URE].Overflow) {
      collectBlockingVariables(FormulaPerURE[URE], IsTrue, Waits);
      llvm::sort(Waits);
      Waits.erase(std::unique(Waits.begin(), Waits.end()), Waits.end());
      continue;
    }
    for (const InitClause &C : CNFs[URE].Clauses)
      if (llvm::none_of(C, IsTrue)) {
        Waits = C;
        break;
      }
  }
  return Result;
}

namespace {

// "f", "f and g", "f, g and h".
void printNameList(llvm::raw_ostream &OS, llvm::ArrayRef<unsigned> Ids,
                   UREName Name, const char *LastSeparator) {
  for (size_t I = 0, E = Ids.size(); I != E; ++I) {
    if (I != 0)
      OS << (I + 1 == E ? LastSeparator : ", ");
    OS << Name(Ids[I]);
  }
}

} // namespace

void printMissingInitialValues(llvm::raw_ostream &OS,
                               const InitialValueResult &Result,
                               UREName Name) {
  llvm::ArrayRef<unsigned> Missing = Result.WithoutInitialValue;
  if (Missing.empty())
    return;
  bool One = Missing.size() == 1;
  printNameList(OS, Missing, Name, " and ");
  OS << (One ? " refers only to itself (" : " refer only to each other (");
  for (size_t I = 0, E = Missing.size(); I != E; ++I) {
    if (I != 0)
      OS << "; ";
    OS << Name(Missing[I]);
    if (Result.DependsOn[I].empty()) {
      OS << " has no value on any path";
      continue;
    }
    OS << " needs ";
    printNameList(OS, Result.DependsOn[I], Name, " or ");
  }
  OS << (One ? "); give it" : "); give one of them")
     << " an initial value, e.g. select(i == 0, <value>, ...)";
}

} // namespace t2s
