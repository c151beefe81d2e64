//===- RunTimeSizes.cpp - Loop bounds known only at run time --------------===//

#include "ure/RunTimeSizes.h"
#include "expr/FromIR.h"
#include "expr/IntEval.h"
#include "language/LoopMetadata.h"
#include "ure/UREModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Argument.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <cstdlib>

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

// The parameter of argument number N, or null.
const llvm::Argument *argumentOf(unsigned N, llvm::ArrayRef<const llvm::Argument *> Args) {
  for (const llvm::Argument *A : Args)
    if (A->getArgNo() == N)
      return A;
  return nullptr;
}

// What the Design's lifter makes of a value (systolic/LiftExpr.cpp), for the
// operations a size has.
ExprPtr lift(const llvm::Value *V, llvm::SmallVectorImpl<const llvm::Argument *> &Args) {
  // An integer of another width than C's keeps it (the stand-ins are
  // evaluated at it) and has no C name, as designType would say.
  DType T = designType(V->getType());
  if (V->getType()->isIntegerTy() && !hasCName(T))
    T = DType::integer(V->getType()->getIntegerBitWidth());
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return intConst(T, C->getType()->isIntegerTy(1) ? int64_t(C->isOne()) : C->getSExtValue());
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V)) {
    if (!llvm::is_contained(Args, A))
      Args.push_back(A);
    return param(T, A->getArgNo());
  }
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I)
    return nullptr;
  ExprPtr X = lift(I->getOperand(0), Args);
  if (!X)
    return nullptr;
  if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(I))
    return cast(castKindOf(Cast->getOpcode(), Cast->getSrcTy(), Cast->getType()), T, X);
  ExprPtr Y = lift(I->getOperand(1), Args);
  if (!Y)
    return nullptr;
  if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I)) {
    switch (II->getIntrinsicID()) {
    case llvm::Intrinsic::smin: return call(T, "min", {X, Y});
    case llvm::Intrinsic::smax: return call(T, "max", {X, Y});
    case llvm::Intrinsic::umin: return select(compare(CompareOp::LT, true, X, Y), X, Y);
    case llvm::Intrinsic::umax: return select(compare(CompareOp::GT, true, X, Y), X, Y);
    default: return nullptr;
    }
  }
  std::optional<std::pair<BinaryOp, bool>> Op = binaryOpOf(I->getOpcode());
  return Op ? binary(Op->first, Op->second, X, Y) : nullptr;
}

} // namespace

const llvm::Value *notASize(const llvm::Value *V) {
  llvm::SmallPtrSet<const llvm::Value *, 8> Seen;
  return notASize(V, Seen);
}

ExprPtr liftSize(const llvm::Value *V, llvm::SmallVectorImpl<const llvm::Argument *> &Args) {
  if (notASize(V))
    return nullptr;
  return lift(V, Args);
}

void setRunTimeBound(URELoop &L, llvm::Value *V) {
  L.RunTimeBoundValue = V;
  L.SizeArgs.clear();
  L.RunTimeBound = liftSize(V, L.SizeArgs);
}

std::string sizeText(const Expr &E, llvm::ArrayRef<const llvm::Argument *> Args) {
  switch (E.Kind) {
  case ExprKind::IntConst:
    return std::to_string(E.Int);
  case ExprKind::Param: {
    const llvm::Argument *A = argumentOf(E.Index, Args);
    return A ? getSourceName(A) : "?";
  }
  case ExprKind::Cast:
    return sizeText(E.operand(0), Args);
  case ExprKind::Call: // min, max
    return E.Name + "(" + sizeText(E.operand(0), Args) + ", " + sizeText(E.operand(1), Args) +
           ")";
  case ExprKind::Select: // an unsigned min or max
    return std::string(E.operand(0).compareOp() == CompareOp::GT ? "max(" : "min(") +
           sizeText(E.operand(1), Args) + ", " + sizeText(E.operand(2), Args) + ")";
  case ExprKind::Binary:
    break;
  default:
    return "?";
  }
  auto operand = [&](unsigned K) {
    std::string Text = sizeText(E.operand(K), Args);
    return E.operand(K).Kind == ExprKind::Binary ? "(" + Text + ")" : Text;
  };
  const char *Sign = "?";
  switch (E.binaryOp()) {
  case BinaryOp::Add: Sign = "+"; break;
  case BinaryOp::Sub: Sign = "-"; break;
  case BinaryOp::Mul: Sign = "*"; break;
  case BinaryOp::Div: Sign = "/"; break;
  case BinaryOp::Rem: Sign = "%"; break;
  case BinaryOp::Shl: Sign = "<<"; break;
  case BinaryOp::Shr: Sign = ">>"; break;
  case BinaryOp::And: Sign = "&"; break;
  case BinaryOp::Or: Sign = "|"; break;
  case BinaryOp::Xor: Sign = "^"; break;
  }
  return operand(0) + " " + Sign + " " + operand(1);
}

ExprPtr exclusiveUpper(const URELoop &L) {
  if (!L.RunTimeBound || !L.RunTimeOffset)
    return L.RunTimeBound;
  return binary(L.RunTimeOffset > 0 ? BinaryOp::Add : BinaryOp::Sub, false, L.RunTimeBound,
                intConst(DType::integer(32), std::abs(L.RunTimeOffset)));
}

std::optional<int64_t> exclusiveUpper(const URELoop &L, int64_t Bound) {
  int64_t Upper;
  if (__builtin_add_overflow(Bound, L.RunTimeOffset, &Upper))
    return std::nullopt;
  return Upper;
}

std::string exclusiveUpperText(const URELoop &L, std::string Bound) {
  if (L.RunTimeOffset > 0)
    Bound += " + " + std::to_string(L.RunTimeOffset);
  else if (L.RunTimeOffset < 0)
    Bound += " - " + std::to_string(-L.RunTimeOffset);
  return Bound;
}

std::string runTimeUpperText(const URELoop &L) {
  return exclusiveUpperText(L, L.RunTimeBound ? sizeText(*L.RunTimeBound, L.SizeArgs) : "?");
}

std::optional<int64_t> evaluateSize(const Expr &E, ArgValues Args) {
  llvm::SmallVector<std::optional<int64_t>, 4> Values;
  for (auto [A, V] : Args) {
    if (Values.size() <= A->getArgNo())
      Values.resize(A->getArgNo() + 1);
    Values[A->getArgNo()] = V;
  }
  IntEval Eval([](llvm::StringRef) -> const std::optional<int64_t> * { return nullptr; },
               [&](unsigned N) -> const std::optional<int64_t> * {
                 return N < Values.size() ? &Values[N] : nullptr;
               });
  Eval.Exact = true;
  return Eval(E);
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
  setRunTimeBound(UL, B);
  return UL.RunTimeBound != nullptr;
}

std::optional<llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2>>
chooseStandIns(llvm::MutableArrayRef<URELoop> Loops, llvm::ArrayRef<int64_t> Need) {
  llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2> Values;
  for (const URELoop &L : Loops)
    if (L.runTime()) {
      for (const llvm::Argument *A : L.SizeArgs)
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
      std::optional<int64_t> Bound = evaluateSize(*L.RunTimeBound, Values);
      std::optional<int64_t> Upper = Bound ? exclusiveUpper(L, *Bound) : std::nullopt;
      if (Upper)
        L.Upper = *Upper;
      int64_t Want = std::max<int64_t>(1, D < Need.size() ? Need[D] : 1);
      if (Upper && L.Upper - L.Lower >= Want)
        continue;
      // Too short (or undefined, such as a division by a parameter at 0):
      // double what the bound is computed from.
      Short = true;
      for (auto &[A, V] : Values)
        if (llvm::is_contained(L.SizeArgs, A)) {
          if (V >= Limit)
            return std::nullopt;
          V *= 2;
        }
      if (L.SizeArgs.empty())
        return std::nullopt;
    }
    if (!Short)
      return Values;
  }
}

} // namespace t2s
