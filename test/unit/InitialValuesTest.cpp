// Unit tests of the initial value analysis of URE systems: the seed's CNF
// example, its three example systems, edge cases, and randomized systems
// checked against a naive least fixpoint.
#include "ure/InitialValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace {

using t2s::InitClause;
using t2s::InitCNF;
using t2s::InitFormula;
using t2s::InitialValueResult;

InitFormula V(unsigned Id) { return InitFormula::var(Id); }
InitFormula T() { return InitFormula::trueValue(); }
InitFormula And(llvm::ArrayRef<InitFormula> Ops) {
  return InitFormula::allOf(Ops);
}
InitFormula Or(llvm::ArrayRef<InitFormula> Ops) {
  return InitFormula::anyOf(Ops);
}

// Names ids after the letters the seed uses; A is 0.
std::string letter(unsigned Id) { return std::string(1, char('A' + Id)); }

// Names for the example systems, which call their UREs f, g, h.
std::string fgh(unsigned Id) {
  static const char *const Names[] = {"f", "g", "h"};
  return Id < 3 ? Names[Id] : "?" + std::to_string(Id);
}

std::string str(const InitFormula &F) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  F.print(OS, letter);
  return S;
}

std::string str(const InitCNF &CNF) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  CNF.print(OS, letter);
  return S;
}

std::string message(const InitialValueResult &R) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  t2s::printMissingInitialValues(OS, R, fgh);
  return S;
}

std::vector<std::vector<unsigned>> sortedClauses(const InitCNF &CNF) {
  std::vector<std::vector<unsigned>> Result;
  for (const InitClause &C : CNF.Clauses) {
    std::vector<unsigned> Sorted(C.begin(), C.end());
    std::sort(Sorted.begin(), Sorted.end());
    Result.push_back(Sorted);
  }
  std::sort(Result.begin(), Result.end());
  return Result;
}

std::vector<unsigned> vec(llvm::ArrayRef<unsigned> Ids) {
  return std::vector<unsigned>(Ids.begin(), Ids.end());
}

// The test's own evaluator, independent of InitFormula::evaluate.
bool eval(const InitFormula &F, const std::vector<bool> &Assignment) {
  switch (F.kind()) {
  case InitFormula::True:
    return true;
  case InitFormula::False:
    return false;
  case InitFormula::Var:
    return F.varId() < Assignment.size() && Assignment[F.varId()];
  case InitFormula::And:
    for (const InitFormula &Op : F.operands())
      if (!eval(Op, Assignment))
        return false;
    return true;
  case InitFormula::Or:
    for (const InitFormula &Op : F.operands())
      if (eval(Op, Assignment))
        return true;
    return false;
  }
  return false;
}

bool eval(const InitCNF &CNF, const std::vector<bool> &Assignment) {
  for (const InitClause &C : CNF.Clauses) {
    bool Satisfied = false;
    for (unsigned Id : C)
      Satisfied |= Id < Assignment.size() && Assignment[Id];
    if (!Satisfied)
      return false;
  }
  return true;
}

// The definition: re-evaluate every formula until nothing changes.
std::vector<bool> naiveFixpoint(llvm::ArrayRef<InitFormula> Formulas) {
  std::vector<bool> Known(Formulas.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t URE = 0; URE != Formulas.size(); ++URE)
      if (!Known[URE] && eval(Formulas[URE], Known)) {
        Known[URE] = true;
        Changed = true;
      }
  }
  return Known;
}

std::vector<unsigned> falseIds(const std::vector<bool> &Known) {
  std::vector<unsigned> Ids;
  for (unsigned Id = 0; Id != Known.size(); ++Id)
    if (!Known[Id])
      Ids.push_back(Id);
  return Ids;
}

// Checks the invariants of a result against the naive fixpoint.
void expectMatchesDefinition(llvm::ArrayRef<InitFormula> Formulas,
                             const InitialValueResult &R,
                             const std::string &Context) {
  std::vector<bool> Known = naiveFixpoint(Formulas);
  std::vector<unsigned> Expected = falseIds(Known);
  EXPECT_EQ(vec(R.WithoutInitialValue), Expected) << Context;
  ASSERT_EQ(R.DependsOn.size(), R.WithoutInitialValue.size()) << Context;
  ASSERT_EQ(R.HasInitialValue.size(), Formulas.size()) << Context;
  for (unsigned URE = 0; URE != Formulas.size(); ++URE)
    EXPECT_EQ(R.HasInitialValue[URE], bool(Known[URE])) << Context;
  for (size_t I = 0; I != R.WithoutInitialValue.size(); ++I) {
    unsigned URE = R.WithoutInitialValue[I];
    const InitClause &Waits = R.DependsOn[I];
    EXPECT_TRUE(std::is_sorted(Waits.begin(), Waits.end())) << Context;
    EXPECT_EQ(std::adjacent_find(Waits.begin(), Waits.end()), Waits.end())
        << Context;
    // Every URE waited on lacks an initial value itself ...
    for (unsigned Id : Waits)
      EXPECT_TRUE(Id >= Known.size() || !Known[Id]) << Context;
    // ... and the formula implies "one of them holds": with all of them
    // false and everything else true, the formula is false.
    std::vector<bool> AllButWaits(Formulas.size() + 1, true);
    for (unsigned Id : Waits)
      if (Id < AllButWaits.size())
        AllButWaits[Id] = false;
    if (Formulas.size() < AllButWaits.size())
      AllButWaits[Formulas.size()] = false; // outside the system: never true
    EXPECT_FALSE(eval(Formulas[URE], AllButWaits))
        << Context << " URE " << URE;
  }
}

//===----------------------------------------------------------------------===//
// The formula and its CNF
//===----------------------------------------------------------------------===//

TEST(InitialValues, SeedCNFExample) {
  // A = select(.., B + select(.., C + D, D), E + F) + select(..., H, B)
  enum { A, B, C, D, E, F, G, H };
  InitFormula RHS = And({Or({And({V(B), Or({And({V(C), V(D)}), V(D)})}),
                             And({V(E), V(F)})}),
                         Or({V(H), V(B)})});
  // Printed parenthesized like the seed writes it.
  EXPECT_EQ(str(RHS), "((B & ((C & D) | D)) | (E & F)) & (H | B)");

  InitCNF CNF = t2s::toCNF(RHS);
  ASSERT_FALSE(CNF.Overflow);
  std::vector<std::vector<unsigned>> Expected = {
      {B, E}, {B, F}, {B, H}, {D, E}, {D, F}};
  EXPECT_EQ(sortedClauses(CNF), Expected);
  EXPECT_EQ(str(CNF), "(B | E) & (B | F) & (B | H) & (D | E) & (D | F)");
  EXPECT_FALSE(CNF.isAlwaysTrue());
}

TEST(InitialValues, FactoriesSimplify) {
  EXPECT_EQ(And({}).kind(), InitFormula::True);
  EXPECT_EQ(Or({}).kind(), InitFormula::False);
  EXPECT_EQ(And({T(), V(1), T()}).kind(), InitFormula::Var);
  EXPECT_EQ(Or({V(1), T()}).kind(), InitFormula::True);
  EXPECT_EQ(And({V(1), InitFormula::falseValue()}).kind(), InitFormula::False);
  EXPECT_EQ(Or({InitFormula::falseValue(), V(2)}).varId(), 2u);
  // Nested operations of the same kind are flattened.
  InitFormula Flat = And({V(0), And({V(1), And({V(2), V(3)})})});
  EXPECT_EQ(Flat.operands().size(), 4u);
  EXPECT_EQ(str(Flat), "A & B & C & D");
  EXPECT_EQ(str(Or({V(0), Or({V(1), V(2)})})), "A | B | C");
  // Copies share nodes: the copy is the same formula.
  InitFormula Copy = Flat;
  EXPECT_EQ(Copy.operands().data(), Flat.operands().data());
}

TEST(InitialValues, CNFOfConstantsAndVariables) {
  EXPECT_TRUE(t2s::toCNF(T()).isAlwaysTrue());
  InitCNF False = t2s::toCNF(InitFormula::falseValue());
  ASSERT_EQ(False.Clauses.size(), 1u);
  EXPECT_TRUE(False.Clauses[0].empty());
  EXPECT_EQ(str(False), "false");
  EXPECT_EQ(sortedClauses(t2s::toCNF(V(3))),
            (std::vector<std::vector<unsigned>>{{3}}));
  // Duplicate literals and clauses go; so do absorbed clauses.
  EXPECT_EQ(sortedClauses(t2s::toCNF(Or({V(2), V(1), V(2)}))),
            (std::vector<std::vector<unsigned>>{{1, 2}}));
  EXPECT_EQ(sortedClauses(t2s::toCNF(And({Or({V(1), V(2)}), V(1), V(1)}))),
            (std::vector<std::vector<unsigned>>{{1}}));
}

//===----------------------------------------------------------------------===//
// The seed's example systems. Ids: f = 0, g = 1, h = 2.
//===----------------------------------------------------------------------===//

enum { f, g, h };

TEST(InitialValues, SeedExample1Rejected) {
  // f(i, j) = select(i == 0, g(i, j), f(i - 1, j));
  // g(i, j) = select(i == 0, f(i, j), g(i - 1, j));
  std::vector<InitFormula> System = {Or({V(g), V(f)}), Or({V(f), V(g)})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  EXPECT_FALSE(R.allHaveInitialValue());
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{f, g}));
  ASSERT_EQ(R.DependsOn.size(), 2u);
  EXPECT_EQ(vec(R.DependsOn[0]), (std::vector<unsigned>{f, g}));
  EXPECT_EQ(vec(R.DependsOn[1]), (std::vector<unsigned>{f, g}));
  EXPECT_EQ(message(R),
            "f and g refer only to each other (f needs f or g; g needs f or "
            "g); give one of them an initial value, e.g. select(i == 0, "
            "<value>, ...)");
  expectMatchesDefinition(System, R, "example 1");
}

TEST(InitialValues, SeedExample2Accepted) {
  // f(i, j) = select(i == 0, i, f(i - 1, j));
  // g(i, j) = select(i == 0, f(i, j), g(i - 1, j));
  std::vector<InitFormula> System = {Or({T(), V(f)}), Or({V(f), V(g)})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  EXPECT_TRUE(R.allHaveInitialValue());
  EXPECT_TRUE(R.DependsOn.empty());
  EXPECT_EQ(R.HasInitialValue.count(), 2u);
  EXPECT_EQ(message(R), "");
}

TEST(InitialValues, SeedExample3Rejected) {
  // f(i, j) = select(i == 0, i, g(i - 1, j)) + h(i, j);
  // g(i, j) = select(i == 0, f(i, j) + h(i, j), g(i - 1, j));
  // h(i, j) = select(i == 0, i, f(i - 1, j) + g(i - 1, j)) + g(i, j);
  std::vector<InitFormula> System = {
      And({Or({T(), V(g)}), V(h)}),
      Or({And({V(f), V(h)}), V(g)}),
      And({Or({T(), And({V(f), V(g)})}), V(g)}),
  };
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{f, g, h}));
  ASSERT_EQ(R.DependsOn.size(), 3u);
  EXPECT_EQ(vec(R.DependsOn[0]), (std::vector<unsigned>{h}));
  // g = (f | g) & (g | h): the first clause is reported.
  EXPECT_EQ(vec(R.DependsOn[1]), (std::vector<unsigned>{f, g}));
  EXPECT_EQ(vec(R.DependsOn[2]), (std::vector<unsigned>{g}));
  EXPECT_EQ(message(R),
            "f, g and h refer only to each other (f needs h; g needs f or g; "
            "h needs g); give one of them an initial value, e.g. "
            "select(i == 0, <value>, ...)");
  expectMatchesDefinition(System, R, "example 3");
}

TEST(InitialValues, SeedExample3AcceptedOnceGHasAnInitialValue) {
  // g(i, j) = select(i == 0, 0, g(i - 1, j)) makes g, then h, then f true.
  std::vector<InitFormula> System = {
      And({Or({T(), V(g)}), V(h)}),
      Or({T(), V(g)}),
      And({Or({T(), And({V(f), V(g)})}), V(g)}),
  };
  EXPECT_TRUE(t2s::findUREsWithoutInitialValue(System).allHaveInitialValue());
}

//===----------------------------------------------------------------------===//
// Edge cases
//===----------------------------------------------------------------------===//

TEST(InitialValues, SelfReferenceOnlyRejected) {
  // f = select(c, f(i - 1), f(i - 2))
  std::vector<InitFormula> System = {Or({V(f), V(f)})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{f}));
  EXPECT_EQ(vec(R.DependsOn[0]), (std::vector<unsigned>{f}));
  EXPECT_EQ(message(R),
            "f refers only to itself (f needs f); give it an initial value, "
            "e.g. select(i == 0, <value>, ...)");
}

TEST(InitialValues, ChainEndingInAnInitialValueAccepted) {
  // a = b, b = c + 1, c = select(i == 0, 0, c(i - 1)): c, then b, then a.
  std::vector<InitFormula> System = {V(1), And({V(2), T()}), Or({T(), V(2)})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  EXPECT_TRUE(R.allHaveInitialValue());
  EXPECT_EQ(R.HasInitialValue.count(), 3u);
}

TEST(InitialValues, ChainWithoutInitialValueRejectedLinkByLink) {
  // a = b, b = c, c = c(i - 1): each waits on the next.
  std::vector<InitFormula> System = {V(1), V(2), V(2)};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{0, 1, 2}));
  EXPECT_EQ(vec(R.DependsOn[0]), (std::vector<unsigned>{1}));
  EXPECT_EQ(vec(R.DependsOn[1]), (std::vector<unsigned>{2}));
  EXPECT_EQ(vec(R.DependsOn[2]), (std::vector<unsigned>{2}));
}

TEST(InitialValues, TrueFormulasAccepted) {
  EXPECT_TRUE(t2s::findUREsWithoutInitialValue({}).allHaveInitialValue());
  // A constant, an input array read plus a loop variable, an empty AND.
  std::vector<InitFormula> System = {T(), And({T(), T()}), And({})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  EXPECT_TRUE(R.allHaveInitialValue());
  EXPECT_EQ(R.HasInitialValue.count(), 3u);
}

TEST(InitialValues, AndWithAMissingVariableRejected) {
  // f = g + h + 1 with g initialized but h only referring to itself.
  std::vector<InitFormula> System = {And({V(g), V(h), T()}), T(),
                                     Or({V(h), V(h)})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{f, h}));
  EXPECT_EQ(vec(R.DependsOn[0]), (std::vector<unsigned>{h}));
  EXPECT_EQ(vec(R.DependsOn[1]), (std::vector<unsigned>{h}));
  EXPECT_TRUE(R.HasInitialValue[g]);
}

TEST(InitialValues, FalseAndOutOfRangeNeverHold) {
  // URE 0 is FALSE; URE 1 reads URE 7, which is not in the system.
  std::vector<InitFormula> System = {Or({}), V(7), Or({V(0), V(1), T()})};
  InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
  ASSERT_EQ(vec(R.WithoutInitialValue), (std::vector<unsigned>{0, 1}));
  EXPECT_TRUE(R.DependsOn[0].empty());
  EXPECT_EQ(vec(R.DependsOn[1]), (std::vector<unsigned>{7}));
  EXPECT_TRUE(R.HasInitialValue[2]);
}

//===----------------------------------------------------------------------===//
// The clause cap
//===----------------------------------------------------------------------===//

// URE 0 = OR over k < Pairs of (x(2k+1) & x(2k+2)): its CNF has 2^Pairs
// clauses. Each x is TRUE, except that in pair k the second one refers only to
// itself unless k == GoodPair.
std::vector<InitFormula> manyPairs(unsigned Pairs, int GoodPair) {
  std::vector<InitFormula> System(1 + 2 * Pairs);
  std::vector<InitFormula> Alternatives;
  for (unsigned K = 0; K != Pairs; ++K) {
    unsigned First = 2 * K + 1, Second = 2 * K + 2;
    Alternatives.push_back(And({V(First), V(Second)}));
    System[First] = T();
    System[Second] = int(K) == GoodPair ? T() : V(Second);
  }
  System[0] = Or(Alternatives);
  return System;
}

TEST(InitialValues, LargeDisjunctionFallsBackToTheFormula) {
  const unsigned Pairs = 20;
  EXPECT_TRUE(t2s::toCNF(manyPairs(Pairs, -1)[0]).Overflow);
  InitCNF Small = t2s::toCNF(manyPairs(10, -1)[0]);
  EXPECT_FALSE(Small.Overflow);
  EXPECT_EQ(Small.Clauses.size(), 1024u);

  std::vector<InitFormula> Good = manyPairs(Pairs, 13);
  InitialValueResult R = t2s::findUREsWithoutInitialValue(Good);
  EXPECT_TRUE(R.HasInitialValue[0]);
  expectMatchesDefinition(Good, R, "one good pair");

  std::vector<InitFormula> Bad = manyPairs(Pairs, -1);
  R = t2s::findUREsWithoutInitialValue(Bad);
  ASSERT_FALSE(R.WithoutInitialValue.empty());
  EXPECT_EQ(R.WithoutInitialValue[0], 0u);
  // URE 0 waits on the second variable of every pair.
  std::vector<unsigned> Seconds;
  for (unsigned K = 0; K != Pairs; ++K)
    Seconds.push_back(2 * K + 2);
  EXPECT_EQ(vec(R.DependsOn[0]), Seconds);
  expectMatchesDefinition(Bad, R, "no good pair");
}

//===----------------------------------------------------------------------===//
// Randomized systems
//===----------------------------------------------------------------------===//

class RandomSystems {
public:
  explicit RandomSystems(unsigned Seed) : Rng(Seed) {}

  // A system of 1 to 8 UREs; variables may name one id past the end.
  std::vector<InitFormula> system() {
    NumUREs = 1 + pick(8);
    std::vector<InitFormula> System;
    for (unsigned URE = 0; URE != NumUREs; ++URE)
      System.push_back(formula(1 + pick(4)));
    return System;
  }

  unsigned numUREs() const { return NumUREs; }

private:
  std::mt19937 Rng;
  unsigned NumUREs = 0;

  unsigned pick(unsigned N) {
    return std::uniform_int_distribution<unsigned>(0, N - 1)(Rng);
  }

  InitFormula formula(unsigned Depth) {
    unsigned Roll = pick(100);
    if (Depth == 0 || Roll < 30) {
      if (Roll < 6)
        return T();
      if (Roll < 7)
        return InitFormula::falseValue();
      // One roll in 50 reads a URE outside the system.
      return V(pick(50) == 0 ? NumUREs : pick(NumUREs));
    }
    std::vector<InitFormula> Ops;
    for (unsigned I = 0, E = 2 + pick(3); I != E; ++I)
      Ops.push_back(formula(Depth - 1));
    return Roll < 65 ? And(Ops) : Or(Ops);
  }
};

std::string describe(llvm::ArrayRef<InitFormula> System) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  for (size_t URE = 0; URE != System.size(); ++URE) {
    OS << "u" << URE << " = ";
    System[URE].print(OS);
    OS << "\n";
  }
  return S;
}

constexpr unsigned NumRandomSystems = 300;

TEST(InitialValuesProperty, CNFIsEquivalentToTheFormula) {
  RandomSystems Gen(20240601);
  unsigned Checked = 0;
  for (unsigned Round = 0; Round != NumRandomSystems; ++Round) {
    std::vector<InitFormula> System = Gen.system();
    // Variables are 0 .. numUREs(), the last one being outside the system.
    unsigned NumVars = Gen.numUREs() + 1;
    ASSERT_LE(NumVars, 10u);
    for (const InitFormula &F : System) {
      InitCNF CNF = t2s::toCNF(F);
      if (CNF.Overflow)
        continue;
      ++Checked;
      // The simplified form: sorted unique literals, no clause inside another.
      for (const InitClause &C : CNF.Clauses) {
        EXPECT_TRUE(std::is_sorted(C.begin(), C.end()));
        EXPECT_EQ(std::adjacent_find(C.begin(), C.end()), C.end());
        for (const InitClause &D : CNF.Clauses) {
          if (&C != &D) {
            EXPECT_FALSE(std::includes(C.begin(), C.end(), D.begin(), D.end()))
                << describe(System);
          }
        }
      }
      for (unsigned Bits = 0; Bits != 1u << NumVars; ++Bits) {
        std::vector<bool> Assignment(NumVars);
        for (unsigned Id = 0; Id != NumVars; ++Id)
          Assignment[Id] = (Bits >> Id) & 1;
        ASSERT_EQ(eval(CNF, Assignment), eval(F, Assignment))
            << describe(System) << "assignment " << Bits;
      }
    }
  }
  EXPECT_GT(Checked, NumRandomSystems);
}

TEST(InitialValuesProperty, QueueMatchesNaiveFixpoint) {
  RandomSystems Gen(7);
  unsigned Rejected = 0, Accepted = 0;
  for (unsigned Round = 0; Round != NumRandomSystems; ++Round) {
    std::vector<InitFormula> System = Gen.system();
    InitialValueResult R = t2s::findUREsWithoutInitialValue(System);
    expectMatchesDefinition(System, R, describe(System));
    (R.allHaveInitialValue() ? Accepted : Rejected) += 1;
  }
  // Both outcomes are exercised.
  EXPECT_GT(Accepted, 10u);
  EXPECT_GT(Rejected, 10u);
}

TEST(InitialValuesProperty, FallbackGivesTheSameResult) {
  RandomSystems Gen(99);
  unsigned Overflowed = 0;
  for (unsigned Round = 0; Round != NumRandomSystems; ++Round) {
    std::vector<InitFormula> System = Gen.system();
    InitialValueResult Full = t2s::findUREsWithoutInitialValue(System);
    // Cap 1 sends nearly every URE to the fallback; cap 3 mixes both paths.
    for (unsigned Cap : {1u, 3u}) {
      for (const InitFormula &F : System)
        Overflowed += t2s::toCNF(F, Cap).Overflow;
      InitialValueResult Capped =
          t2s::findUREsWithoutInitialValue(System, Cap);
      std::string Context =
          describe(System) + "cap " + std::to_string(Cap);
      EXPECT_EQ(vec(Capped.WithoutInitialValue),
                vec(Full.WithoutInitialValue))
          << Context;
      EXPECT_EQ(Capped.HasInitialValue, Full.HasInitialValue) << Context;
      expectMatchesDefinition(System, Capped, Context);
    }
  }
  EXPECT_GT(Overflowed, NumRandomSystems);
}

} // namespace
