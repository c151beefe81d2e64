//===- RunTimeSizes.cpp - Loop bounds known only at run time --------------===//

#include "ure/RunTimeSizes.h"
#include "language/LoopMetadata.h"
#include "ure/UREModel.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

namespace t2s {

namespace {

bool isSizeIntrinsic(const llvm::Value *V) {
  auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(V);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin:
    return true;
  default:
    return false;
  }
}

const llvm::Value *notASize(const llvm::Value *V,
                            llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) {
  if (!V->getType()->isIntegerTy() || V->getType()->getIntegerBitWidth() > 64)
    return V;
  if (!Seen.insert(V).second)
    return nullptr;
  if (llvm::isa<llvm::ConstantInt>(V) || llvm::isa<llvm::Argument>(V))
    return nullptr;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I)
    return V;
  if (!llvm::isa<llvm::BinaryOperator, llvm::CastInst>(I) && !isSizeIntrinsic(I))
    return V;
  if (auto *C = llvm::dyn_cast<llvm::CastInst>(I))
    if (!llvm::isa<llvm::SExtInst, llvm::ZExtInst, llvm::TruncInst>(C))
      return V;
  unsigned N = llvm::isa<llvm::IntrinsicInst>(I) ? 2 : I->getNumOperands();
  for (unsigned K = 0; K < N; ++K)
    if (const llvm::Value *Bad = notASize(I->getOperand(K), Seen))
      return Bad;
  return nullptr;
}

std::optional<llvm::APInt> evaluate(const llvm::Value *V, ArgValues Args) {
  unsigned Bits = V->getType()->getIntegerBitWidth();
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return C->getValue();
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V)) {
    for (auto [Arg, Value] : Args)
      if (Arg == A)
        return llvm::APInt(Bits, uint64_t(Value), /*isSigned=*/true);
    return std::nullopt;
  }
  auto *I = llvm::cast<llvm::Instruction>(V);
  std::optional<llvm::APInt> X = evaluate(I->getOperand(0), Args);
  if (!X)
    return std::nullopt;
  if (llvm::isa<llvm::SExtInst>(I))
    return X->sext(Bits);
  if (llvm::isa<llvm::ZExtInst>(I))
    return X->zext(Bits);
  if (llvm::isa<llvm::TruncInst>(I))
    return X->trunc(Bits);
  std::optional<llvm::APInt> Y = evaluate(I->getOperand(1), Args);
  if (!Y)
    return std::nullopt;
  if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I)) {
    switch (II->getIntrinsicID()) {
    case llvm::Intrinsic::smax: return X->sge(*Y) ? *X : *Y;
    case llvm::Intrinsic::smin: return X->sle(*Y) ? *X : *Y;
    case llvm::Intrinsic::umax: return X->uge(*Y) ? *X : *Y;
    default: return X->ule(*Y) ? *X : *Y;
    }
  }
  bool Overflow = false;
  llvm::APInt R;
  switch (I->getOpcode()) {
  case llvm::Instruction::Add: R = X->sadd_ov(*Y, Overflow); break;
  case llvm::Instruction::Sub: R = X->ssub_ov(*Y, Overflow); break;
  case llvm::Instruction::Mul: R = X->smul_ov(*Y, Overflow); break;
  case llvm::Instruction::SDiv:
    if (Y->isZero())
      return std::nullopt;
    R = X->sdiv_ov(*Y, Overflow);
    break;
  case llvm::Instruction::UDiv:
    if (Y->isZero())
      return std::nullopt;
    R = X->udiv(*Y);
    break;
  case llvm::Instruction::SRem:
    if (Y->isZero())
      return std::nullopt;
    R = X->srem(*Y);
    break;
  case llvm::Instruction::URem:
    if (Y->isZero())
      return std::nullopt;
    R = X->urem(*Y);
    break;
  case llvm::Instruction::Shl:
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr:
    if (Y->uge(Bits))
      return std::nullopt;
    R = I->getOpcode() == llvm::Instruction::Shl    ? X->shl(*Y)
        : I->getOpcode() == llvm::Instruction::LShr ? X->lshr(*Y)
                                                    : X->ashr(*Y);
    break;
  case llvm::Instruction::And: R = *X & *Y; break;
  case llvm::Instruction::Or: R = *X | *Y; break;
  case llvm::Instruction::Xor: R = *X ^ *Y; break;
  default:
    return std::nullopt;
  }
  if (Overflow)
    return std::nullopt;
  return R;
}

} // namespace

const llvm::Value *notASize(const llvm::Value *V) {
  llvm::SmallPtrSet<const llvm::Value *, 8> Seen;
  return notASize(V, Seen);
}

std::string sizeText(const llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::to_string(C->getSExtValue());
  if (llvm::isa<llvm::Argument>(V))
    return getSourceName(V);
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I)
    return "?";
  if (llvm::isa<llvm::CastInst>(I))
    return sizeText(I->getOperand(0));
  std::string X = sizeText(I->getOperand(0)), Y = sizeText(I->getOperand(1));
  if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I)) {
    bool Max = II->getIntrinsicID() == llvm::Intrinsic::smax ||
               II->getIntrinsicID() == llvm::Intrinsic::umax;
    return std::string(Max ? "max(" : "min(") + X + ", " + Y + ")";
  }
  auto operand = [&](unsigned K, const std::string &Text) {
    auto *Op = llvm::dyn_cast<llvm::BinaryOperator>(I->getOperand(K));
    return Op ? "(" + Text + ")" : Text;
  };
  const char *Sign = "?";
  switch (I->getOpcode()) {
  case llvm::Instruction::Add: Sign = "+"; break;
  case llvm::Instruction::Sub: Sign = "-"; break;
  case llvm::Instruction::Mul: Sign = "*"; break;
  case llvm::Instruction::SDiv:
  case llvm::Instruction::UDiv: Sign = "/"; break;
  case llvm::Instruction::SRem:
  case llvm::Instruction::URem: Sign = "%"; break;
  case llvm::Instruction::Shl: Sign = "<<"; break;
  case llvm::Instruction::LShr:
  case llvm::Instruction::AShr: Sign = ">>"; break;
  case llvm::Instruction::And: Sign = "&"; break;
  case llvm::Instruction::Or: Sign = "|"; break;
  case llvm::Instruction::Xor: Sign = "^"; break;
  default: break;
  }
  return operand(0, X) + " " + Sign + " " + operand(1, Y);
}

std::string runTimeUpperText(const URELoop &L) {
  std::string Text = sizeText(L.RunTimeUpper);
  if (L.RunTimeOffset > 0)
    Text += " + " + std::to_string(L.RunTimeOffset);
  else if (L.RunTimeOffset < 0)
    Text += " - " + std::to_string(-L.RunTimeOffset);
  return Text;
}

void sizeArguments(const llvm::Value *V,
                   llvm::SmallVectorImpl<const llvm::Argument *> &Args) {
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V)) {
    if (!llvm::is_contained(Args, A))
      Args.push_back(A);
    return;
  }
  if (auto *I = llvm::dyn_cast<llvm::Instruction>(V)) {
    unsigned N = llvm::isa<llvm::IntrinsicInst>(I) ? 2 : I->getNumOperands();
    for (unsigned K = 0; K < N; ++K)
      sizeArguments(I->getOperand(K), Args);
  }
}

std::optional<int64_t> evaluateSize(const llvm::Value *V, ArgValues Args) {
  std::optional<llvm::APInt> R = evaluate(V, Args);
  if (!R)
    return std::nullopt;
  return R->getSExtValue();
}

bool runTimeLoop(llvm::Loop &L, llvm::ScalarEvolution &SE, URELoop &UL) {
  const llvm::SCEVAddRecExpr *IV = countFromConstant(L, SE, UL);
  if (!IV)
    return false;
  // The header decides: 'v < bound' (or '<=', or '!=') enters the body.
  llvm::CmpInst::Predicate Pred;
  llvm::ICmpInst *Cmp = headerTest(L, Pred);
  if (!Cmp)
    return false;
  // The bound is computed from parameters and constants alone, before the
  // nest or in the loop's header ('k < K / 64' at -O0): the same value at
  // every iteration.
  llvm::Value *A = Cmp->getOperand(0), *B = Cmp->getOperand(1);
  auto isSize = [](llvm::Value *V) { return !llvm::isa<llvm::Constant>(V) && !notASize(V); };
  if (!isSize(B)) {
    std::swap(A, B);
    Pred = llvm::CmpInst::getSwappedPredicate(Pred);
  }
  if (!isSize(B))
    return false;
  // A is the variable plus a constant: 'v + c < b' is 'v < b - c'.
  auto *Offset = llvm::dyn_cast<llvm::SCEVConstant>(
      SE.getMinusSCEV(SE.getSCEV(A), IV, llvm::SCEV::FlagAnyWrap));
  if (!Offset)
    return false;
  std::optional<int64_t> Exclusive = upperBoundOffset(Pred);
  if (!Exclusive)
    return false;
  UL.RunTimeOffset = *Exclusive - Offset->getValue()->getSExtValue();
  UL.RunTimeUpper = B;
  return true;
}

std::optional<llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2>>
chooseStandIns(llvm::MutableArrayRef<URELoop> Loops, llvm::ArrayRef<int64_t> Need) {
  llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2> Values;
  for (const URELoop &L : Loops)
    if (L.runTime()) {
      llvm::SmallVector<const llvm::Argument *, 2> Args;
      sizeArguments(L.RunTimeUpper, Args);
      for (const llvm::Argument *A : Args)
        if (!llvm::any_of(Values, [&](auto &P) { return P.first == A; }))
          Values.push_back({A, 1});
    }
  constexpr int64_t Limit = int64_t(1) << 24;
  for (;;) {
    bool Short = false;
    for (unsigned D = 0; D < Loops.size(); ++D) {
      URELoop &L = Loops[D];
      if (!L.runTime())
        continue;
      std::optional<int64_t> Upper = evaluateSize(L.RunTimeUpper, Values);
      int64_t Want = std::max<int64_t>(1, D < Need.size() ? Need[D] : 1);
      if (Upper && !__builtin_add_overflow(*Upper, L.RunTimeOffset, &L.Upper) &&
          L.Upper - L.Lower >= Want)
        continue;
      // Too short (or undefined, such as a division by a parameter at 0):
      // double what the bound is computed from.
      Short = true;
      llvm::SmallVector<const llvm::Argument *, 2> Args;
      sizeArguments(L.RunTimeUpper, Args);
      for (auto &[A, V] : Values)
        if (llvm::is_contained(Args, A)) {
          if (V >= Limit)
            return std::nullopt;
          V *= 2;
        }
      if (Args.empty())
        return std::nullopt;
    }
    if (!Short)
      return Values;
  }
}

} // namespace t2s
