//===- IslText.cpp - A nest's domain and guards in isl's notation ---------===//

#include "systolic/IslText.h"
#include "ure/Guards.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"

#include <isl/options.h>

namespace t2s {

IslCtx makeIslCtx() {
  IslCtx C(isl_ctx_alloc());
  isl_options_set_on_error(C.get(), ISL_ON_ERROR_CONTINUE);
  return C;
}

std::string islLexLess(llvm::ArrayRef<std::string> A, llvm::ArrayRef<std::string> B,
                       bool Strict) {
  llvm::SmallVector<std::string, 4> Cases;
  std::string Prefix;
  for (unsigned J = 0; J < A.size(); ++J) {
    Cases.push_back("(" + Prefix + A[J] + " < " + B[J] + ")");
    Prefix += A[J] + " = " + B[J] + " and ";
  }
  if (!Strict)
    Cases.push_back("(" + Prefix + "0 = 0)");
  if (Cases.empty())
    return "0 = 1";
  return "(" + llvm::join(Cases, " or ") + ")";
}

std::string IslText::tuple(char X) const {
  llvm::SmallVector<std::string, 4> Vars;
  for (unsigned L = 0; L < S.Loops.size(); ++L)
    Vars.push_back(var(X, L));
  return "[" + llvm::join(Vars, ", ") + "]";
}

std::string IslText::affine(const AffineExpr &E, char X) const {
  std::string Out = std::to_string(E.Constant);
  for (unsigned L = 0; L < E.Coeffs.size(); ++L)
    if (E.Coeffs[L])
      Out += " + " + std::to_string(E.Coeffs[L]) + "*" + var(X, L);
  return "(" + Out + ")";
}

std::optional<std::string> IslText::affine(const llvm::Value *V, char X) {
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::to_string(C->getSExtValue()); // isl reads '4*(x)', not '(4) * x'

  for (unsigned L = 0; L < S.Loops.size(); ++L)
    if (S.Loops[L].IV == V)
      return var(X, L);
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V)) {
    if (!A->getType()->isIntegerTy())
      return std::nullopt;
    std::string Name = "P" + std::to_string(A->getArgNo());
    int64_t Value = 0;
    for (const auto &[Arg, StandIn] : S.StandIns)
      if (Arg == A)
        Value = StandIn;
    Params.emplace(Name, Value);
    return Name;
  }
  if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(V)) {
    if (llvm::isa<llvm::SExtInst, llvm::ZExtInst, llvm::TruncInst>(Cast))
      return affine(Cast->getOperand(0), X);
    return std::nullopt;
  }
  auto *B = llvm::dyn_cast<llvm::BinaryOperator>(V);
  if (!B)
    return std::nullopt;
  std::optional<std::string> L = affine(B->getOperand(0), X);
  std::optional<std::string> R = affine(B->getOperand(1), X);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case llvm::Instruction::Add:
    return "(" + *L + " + " + *R + ")";
  case llvm::Instruction::Sub:
    return "(" + *L + " - " + *R + ")";
  case llvm::Instruction::Mul:
    if (llvm::isa<llvm::ConstantInt>(B->getOperand(0)))
      return "(" + *L + "*(" + *R + "))";
    if (llvm::isa<llvm::ConstantInt>(B->getOperand(1)))
      return "(" + *R + "*(" + *L + "))";
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

std::optional<std::string> IslText::condition(const llvm::Value *V, bool WhenTrue, char X) {
  V = throughBoolCasts(V, WhenTrue);
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return (C->isOne() == WhenTrue) ? "0 = 0" : "0 = 1";
  if (auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(V)) {
    std::optional<std::string> L = affine(Cmp->getOperand(0), X);
    std::optional<std::string> R = affine(Cmp->getOperand(1), X);
    if (!L || !R)
      return std::nullopt;
    llvm::CmpInst::Predicate P =
        WhenTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
    switch (P) {
    case llvm::CmpInst::ICMP_EQ: return *L + " = " + *R;
    case llvm::CmpInst::ICMP_NE: return "(" + *L + " < " + *R + " or " + *L + " > " + *R + ")";
    case llvm::CmpInst::ICMP_SLT: return *L + " < " + *R;
    case llvm::CmpInst::ICMP_SLE: return *L + " <= " + *R;
    case llvm::CmpInst::ICMP_SGT: return *L + " > " + *R;
    case llvm::CmpInst::ICMP_SGE: return *L + " >= " + *R;
    default: return std::nullopt; // unsigned: not affine over the integers
    }
  }
  std::optional<LogicalTerms> L = logicalTerms(V);
  if (!L)
    return std::nullopt;
  llvm::SmallVector<std::string, 4> Terms;
  for (auto [Term, Value] : L->Terms)
    if (std::optional<std::string> C = condition(Term, Value == WhenTrue, X))
      Terms.push_back(*C);
  // With '!' outside, '&&' becomes '||' (De Morgan).
  if (L->IsAnd == WhenTrue) {
    // A term it cannot read may hold: keep the others.
    if (Terms.empty())
      return std::nullopt;
    return "(" + llvm::join(Terms, " and ") + ")";
  }
  if (Terms.size() != L->Terms.size())
    return std::nullopt;
  return "(" + llvm::join(Terms, " or ") + ")";
}

std::string IslText::domain(char X, llvm::ArrayRef<Guard> Guards) {
  llvm::SmallVector<std::string, 8> Terms;
  for (unsigned L = 0; L < S.Loops.size(); ++L) {
    const URELoop &Loop = S.Loops[L];
    std::string V = var(X, L);
    Terms.push_back(V + " >= " +
                    (Loop.LowerBound.isConstant() ? std::to_string(Loop.Lower)
                                                  : affine(Loop.LowerBound, X)));
    if (Loop.runTime()) {
      // A parameter for the lifted bound; at the stand-ins, Upper less the
      // loop's offset.
      std::string N = "N" + std::to_string(L);
      Params.emplace(N, Loop.Upper - Loop.RunTimeOffset);
      Terms.push_back(V + " < " + exclusiveUpperText(Loop, N));
    } else {
      Terms.push_back(V + " < " + (Loop.UpperBound.isConstant()
                                       ? std::to_string(Loop.Upper)
                                       : affine(Loop.UpperBound, X)));
    }
  }
  for (const Guard &G : Guards)
    if (G.Exact)
      if (std::optional<std::string> C = condition(G.Condition, G.WhenTrue, X))
        Terms.push_back(*C);
  return llvm::join(Terms, " and ");
}

llvm::SmallVector<std::string, 8> IslText::sameElement(const UREStatement &A,
                                                       const UREStatement &B) {
  llvm::SmallVector<std::string, 8> Terms;
  Terms.push_back(domain('a', A.Guards));
  Terms.push_back(domain('b', B.Guards));
  for (unsigned I = 0; I < B.OutputSubscripts.size(); ++I)
    Terms.push_back(affine(A.OutputSubscripts[I], 'a') + " = " +
                    affine(B.OutputSubscripts[I], 'b'));
  return Terms;
}

std::string IslText::paramList() const {
  llvm::SmallVector<std::string, 4> Names;
  for (const auto &[Name, Value] : Params)
    Names.push_back(Name);
  return "[" + llvm::join(Names, ", ") + "]";
}

} // namespace t2s
