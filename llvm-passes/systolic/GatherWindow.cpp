//===- GatherWindow.cpp - What a loader streams for a gather -------------===//

#include "systolic/GatherWindow.h"

#include "llvm/ADT/APInt.h"
#include "llvm/IR/ConstantRange.h"
#include "llvm/IR/Instruction.h"

#include <map>

#include <utility>

namespace t2s {

namespace {

using llvm::APInt;
using llvm::ConstantRange;

const DType Long = DType::integer(64);

unsigned widthOf(DType T) { return T.isBool() ? 1 : T.Bits; }

// Whether E's value depends on something the array computes or reads: a
// URE value, an element of memory.
bool computed(const ExprPtr &E) {
  return anyNode(E, [](const Expr &X) {
    return X.Kind == ExprKind::UREValue || X.Kind == ExprKind::Load ||
           X.Kind == ExprKind::BufferElement || X.Type.isFloat();
  });
}

class Ranges {
  const URESystem &S;
  const Design::Nest &N;
  // URE arrays whose values are being bounded, with the values assumed of
  // them so far (a recurrence reads its own array).
  std::map<std::string, ConstantRange> Assumed;

public:
  Ranges(const URESystem &S, const Design::Nest &N) : S(S), N(N) {}

  ConstantRange of(const Expr &E) {
    unsigned W = widthOf(E.Type);
    ConstantRange Full = ConstantRange::getFull(W);
    if (E.Type.isFloat() || E.Type.isVector())
      return Full;
    switch (E.Kind) {
    case ExprKind::IntConst:
      return ConstantRange(APInt(W, uint64_t(E.Int), /*isSigned=*/true));
    case ExprKind::LoopVar: {
      if (E.Index >= S.Loops.size())
        return Full;
      const URELoop &L = S.Loops[E.Index];
      if (L.runTime() || L.Lower >= L.Upper)
        return Full;
      APInt Lo(W, uint64_t(L.Lower), true), Hi(W, uint64_t(L.Upper), true);
      if (Lo.getSExtValue() != L.Lower || Hi.getSExtValue() != L.Upper)
        return Full;
      return ConstantRange::getNonEmpty(Lo, Hi);
    }
    case ExprKind::UREValue:
      return ureValue(E);
    case ExprKind::Neg:
      return ConstantRange(APInt(W, 0)).sub(of(E.operand(0)));
    case ExprKind::Binary:
      return binary(E);
    case ExprKind::Cast:
      return cast(E);
    case ExprKind::Select: {
      ConstantRange A = of(E.operand(1)), B = of(E.operand(2));
      return A.getBitWidth() == W && B.getBitWidth() == W ? A.unionWith(B) : Full;
    }
    case ExprKind::Call: {
      if (E.Operands.size() != 2 || (E.Name != "min" && E.Name != "max"))
        return Full;
      ConstantRange A = of(E.operand(0)), B = of(E.operand(1));
      if (A.getBitWidth() != W || B.getBitWidth() != W)
        return Full;
      if (E.Name == "min")
        return E.Unsigned ? A.umin(B) : A.smin(B);
      return E.Unsigned ? A.umax(B) : A.smax(B);
    }
    default: // parameters, memory, conditions: anything of their type
      return Full;
    }
  }

private:
  // A URE read takes the values its array's statements store.
  ConstantRange ureValue(const Expr &E) {
    unsigned W = widthOf(E.Type);
    ConstantRange Full = ConstantRange::getFull(W);
    if (E.Index >= N.Statements.size() || E.Index2 >= N.Statements[E.Index].Reads.size())
      return Full;
    const std::string Array = N.Statements[E.Index].Reads[E.Index2].first;
    // A recurrence (OFF[j] = j == 0 ? m & 3 : OFF[j - 1], a pick passed
    // along the PEs) reads what its statements stored before: the values
    // assumed so far.
    if (auto It = Assumed.find(Array); It != Assumed.end())
      return It->second.getBitWidth() == W ? It->second : Full;
    // The least fixpoint, from no value: every value an iteration stores is
    // computed from values stored before it, so all lie in a range that the
    // statements map into itself. Copies and selects settle in a round or
    // two; a range that keeps growing (OFF[j - 1] + 1) is not bounded here.
    ConstantRange Values = ConstantRange::getEmpty(W);
    for (unsigned Round = 0; Round < 8; ++Round) {
      Assumed.insert_or_assign(Array, Values);
      std::optional<ConstantRange> R;
      for (const Design::Statement &St : N.Statements) {
        if (St.Extended || St.Array != Array)
          continue;
        if (!St.Value || widthOf(St.Value->Type) != W || St.Value->Type.isFloat()) {
          R = Full;
          break;
        }
        ConstantRange V = of(*St.Value);
        R = R ? R->unionWith(V) : V;
      }
      if (!R || R->isFullSet())
        break;
      if (*R == Values) {
        Assumed.erase(Array);
        // No value without one before it: the first comes from elsewhere.
        return Values.isEmptySet() ? Full : Values;
      }
      Values = *R;
    }
    Assumed.erase(Array);
    return Full;
  }

  ConstantRange binary(const Expr &E) {
    unsigned W = widthOf(E.Type);
    ConstantRange A = of(E.operand(0)), B = of(E.operand(1));
    if (A.getBitWidth() != W || B.getBitWidth() != W)
      return ConstantRange::getFull(W);
    using llvm::Instruction;
    Instruction::BinaryOps Op;
    switch (E.binaryOp()) {
    case BinaryOp::Add: Op = Instruction::Add; break;
    case BinaryOp::Sub: Op = Instruction::Sub; break;
    case BinaryOp::Mul: Op = Instruction::Mul; break;
    case BinaryOp::Div: Op = E.Unsigned ? Instruction::UDiv : Instruction::SDiv; break;
    case BinaryOp::Rem: Op = E.Unsigned ? Instruction::URem : Instruction::SRem; break;
    case BinaryOp::Shl: Op = Instruction::Shl; break;
    case BinaryOp::Shr: Op = E.Unsigned ? Instruction::LShr : Instruction::AShr; break;
    case BinaryOp::And: Op = Instruction::And; break;
    case BinaryOp::Or: Op = Instruction::Or; break;
    case BinaryOp::Xor: Op = Instruction::Xor; break;
    default: return ConstantRange::getFull(W);
    }
    return A.binaryOp(Op, B);
  }

  ConstantRange cast(const Expr &E) {
    unsigned W = widthOf(E.Type);
    const Expr &X = E.operand(0);
    if (X.Type.isFloat() || X.Type.isVector())
      return ConstantRange::getFull(W);
    ConstantRange A = of(X);
    switch (E.castKind()) {
    case CastKind::Plain:
      return X.Type.isBool() ? A.zextOrTrunc(W) : A.sextOrTrunc(W);
    case CastKind::FromUnsigned:
    case CastKind::BoolToValue:
      return A.zextOrTrunc(W);
    case CastKind::BoolToSigned:
      return A.sextOrTrunc(W);
    case CastKind::ToBool:
      return A.truncate(1);
    }
    return ConstantRange::getFull(W);
  }
};

// An index term split into what the loader computes from the loop variables
// and the function's parameters (Affine) and what only the PE knows
// (Picked); either may be null (zero). Both are 64-bit.
struct Split {
  ExprPtr Affine, Picked;
};

ExprPtr add(ExprPtr A, ExprPtr B, bool Minus = false) {
  if (!B)
    return A;
  if (!A)
    return Minus ? neg(B) : B;
  return binary(Minus ? BinaryOp::Sub : BinaryOp::Add, false, A, B);
}

class Splitter {
  Ranges &R;

public:
  explicit Splitter(Ranges &R) : R(R) {}

  Split split(const ExprPtr &E) {
    if (!computed(E))
      return {widen(E), nullptr};
    if (E->Kind == ExprKind::Binary && !E->Type.isFloat()) {
      BinaryOp Op = E->binaryOp();
      if ((Op == BinaryOp::Add || Op == BinaryOp::Sub) && E->Type.Bits == 64) {
        Split A = split(E->Operands[0]), B = split(E->Operands[1]);
        bool Minus = Op == BinaryOp::Sub;
        return {add(A.Affine, B.Affine, Minus), add(A.Picked, B.Picked, Minus)};
      }
      if (Op == BinaryOp::Mul && E->Type.Bits == 64)
        for (unsigned I = 0; I < 2; ++I)
          if (E->Operands[1 - I]->Kind == ExprKind::IntConst) {
            Split A = split(E->Operands[I]);
            auto times = [&](ExprPtr X) {
              return X ? binary(BinaryOp::Mul, false, X, E->Operands[1 - I]) : X;
            };
            return {times(A.Affine), times(A.Picked)};
          }
    }
    // A narrower sum widened to the index's 64 bits: the parts widen apart
    // where the sum cannot wrap in the narrow type.
    if (E->Kind == ExprKind::Cast && E->Type.Bits == 64 && !E->Type.isFloat() &&
        (E->castKind() == CastKind::Plain || E->castKind() == CastKind::FromUnsigned)) {
      const ExprPtr &X = E->Operands[0];
      if (!X->Type.isFloat() && !X->Type.isBool() && X->Kind == ExprKind::Binary &&
          (X->binaryOp() == BinaryOp::Add || X->binaryOp() == BinaryOp::Sub) &&
          !wraps(*X, E->castKind() == CastKind::Plain)) {
        bool Minus = X->binaryOp() == BinaryOp::Sub;
        Split A = split(cast(E->castKind(), Long, X->Operands[0]));
        Split B = split(cast(E->castKind(), Long, X->Operands[1]));
        return {add(A.Affine, B.Affine, Minus), add(A.Picked, B.Picked, Minus)};
      }
    }
    return {nullptr, widen(E)};
  }

private:
  static ExprPtr widen(const ExprPtr &E) {
    if (E->Type.Bits == 64 || E->Type.isFloat())
      return E;
    return cast(CastKind::Plain, Long, E);
  }

  // Whether the narrow sum X may wrap: its operands' ranges, widened, give
  // a sum outside X's type (signed or unsigned).
  bool wraps(const Expr &X, bool Signed) {
    unsigned W = X.Type.Bits;
    auto wide = [&](const Expr &Y) {
      ConstantRange C = R.of(Y);
      return Signed ? C.signExtend(W + 2) : C.zeroExtend(W + 2);
    };
    ConstantRange A = wide(X.operand(0)), B = wide(X.operand(1));
    ConstantRange Sum = X.binaryOp() == BinaryOp::Add ? A.add(B) : A.sub(B);
    ConstantRange Type = Signed ? ConstantRange::getNonEmpty(APInt::getSignedMinValue(W).sext(W + 2),
                                                             APInt::getSignedMaxValue(W).sext(W + 2) + 1)
                                : ConstantRange::getNonEmpty(APInt(W + 2, 0),
                                                             APInt::getMaxValue(W).zext(W + 2) + 1);
    return !Type.contains(Sum);
  }
};

std::string quoted(llvm::StringRef Name) { return "'" + Name.str() + "'"; }

} // namespace

std::optional<std::pair<int64_t, int64_t>> valueBounds(const Expr &E, const URESystem &S,
                                                       const Design::Nest &N) {
  ConstantRange R = Ranges(S, N).of(E);
  if (R.isFullSet() || R.isEmptySet() || R.isSignWrappedSet())
    return std::nullopt;
  return std::pair{R.getSignedMin().getSExtValue(), R.getSignedMax().getSExtValue()};
}

GatherWindowPlan planGatherWindow(const ExprPtr &Element, const URESystem &S,
                                  const Design::Nest &N, std::optional<uint64_t> Declared,
                                  llvm::StringRef Name) {
  GatherWindowPlan Plan;
  if (!Element || Element->Kind != ExprKind::BufferElement ||
      llvm::none_of(Element->Operands, computed))
    return Plan;
  std::string Loader = "the loader of " + quoted(Name) +
                       " streams each PE the elements of " + quoted(Name) +
                       " this read may pick";
  std::string Drop = ", or drop " + quoted(Name) + " from its 'loader(...)' line";
  Ranges R(S, N);
  Splitter Sp(R);
  llvm::SmallVector<ExprPtr, 4> Terms;
  llvm::SmallVector<int64_t, 4> Scales;
  ConstantRange Affine(APInt(64, 0)), Picked(APInt(64, 0));
  ExprPtr Pick;
  bool VariesAtRunTime = false; // the loader's part names a parameter
  for (unsigned I = 0; I < Element->Operands.size(); ++I) {
    Split X = Sp.split(Element->Operands[I]);
    ConstantRange Scale(APInt(64, uint64_t(Element->Scales[I]), true));
    auto range = [&](const ExprPtr &E) {
      return E ? R.of(*E).sextOrTrunc(64).multiply(Scale) : ConstantRange(APInt(64, 0));
    };
    if (X.Affine) {
      if (anyNode(X.Affine, [&](const Expr &Y) {
            return Y.Kind == ExprKind::Param ||
                   (Y.Kind == ExprKind::LoopVar && Y.Index < S.Loops.size() &&
                    S.Loops[Y.Index].runTime());
          }))
        VariesAtRunTime = true;
      Terms.push_back(X.Affine);
      Scales.push_back(Element->Scales[I]);
      Affine = Affine.add(range(X.Affine));
    }
    if (X.Picked) {
      ExprPtr Scaled = Element->Scales[I] == 1
                           ? X.Picked
                           : binary(BinaryOp::Mul, false, X.Picked,
                                    intConst(Long, Element->Scales[I]));
      Pick = add(Pick, Scaled);
      Picked = Picked.add(range(X.Picked));
    }
  }
  if (!Declared) {
    Plan.Why = Loader + ", and so must know how many elements " + quoted(Name) +
               " has: declare the parameter as an array of constant extent (as in 'const "
               "float " + Name.str() + "[16]')" + Drop;
    return Plan;
  }
  if (Picked.isFullSet() || Picked.isSignWrappedSet() || Picked.isEmptySet() ||
      (Picked.getSignedMax() - Picked.getSignedMin()).uge(APInt::getMaxValue(32).zext(64))) {
    Plan.Why = Loader + ", but the part of its index computed in the array can take any "
               "value of its type; bound it (as in '& 15' or '% 16') so that it picks among "
               "at most " + std::to_string(MaxGatherWindow) + " elements" + Drop;
    return Plan;
  }
  APInt Lo = Picked.getSignedMin(), Hi = Picked.getSignedMax();
  APInt Span = Hi - Lo; // not negative: the range does not wrap
  if (Span.uge(uint64_t(MaxGatherWindow))) {
    Plan.Why = Loader + ", but the part of its index computed in the array takes values from " +
               std::to_string(Lo.getSExtValue()) + " to " + std::to_string(Hi.getSExtValue()) +
               ", more than the " + std::to_string(MaxGatherWindow) +
               " elements a window carries; bound it (as in '& 15') or index a smaller "
               "tile" + Drop;
    return Plan;
  }
  if (VariesAtRunTime || Affine.isFullSet() || Affine.isSignWrappedSet() ||
      Affine.isEmptySet()) {
    Plan.Why = Loader + ", but where those elements lie depends on a parameter or a "
               "run-time size, so the loader cannot keep them within " + quoted(Name) +
               "; index it with loop variables of constant range and constants" + Drop;
    return Plan;
  }
  int64_t First = Affine.getSignedMin().getSExtValue() + Lo.getSExtValue();
  int64_t Last = Affine.getSignedMax().getSExtValue() + Hi.getSExtValue();
  if (First < 0 || uint64_t(Last) >= *Declared) {
    Plan.Why = Loader + ", from " + Name.str() + "[" + std::to_string(First) + "] to " +
               Name.str() + "[" + std::to_string(Last) + "], but " + quoted(Name) +
               " is declared with " + std::to_string(*Declared) +
               " elements; bound the index so that every element it may pick is an element "
               "of " + quoted(Name) + Drop;
    return Plan;
  }
  GatherWindow W;
  W.Lo = Lo.getSExtValue();
  W.Width = Span.getZExtValue() + 1;
  Terms.push_back(intConst(Long, W.Lo));
  Scales.push_back(1);
  W.First = bufferElement(Element->Type, Element->Index, Terms, Scales);
  W.Pick = W.Lo ? binary(W.Lo < 0 ? BinaryOp::Add : BinaryOp::Sub, false, Pick,
                         intConst(Long, W.Lo < 0 ? -W.Lo : W.Lo))
               : Pick;
  Plan.Window = std::move(W);
  return Plan;
}

ExprPtr windowLane(const GatherWindow &W, int64_t Lane) {
  llvm::SmallVector<ExprPtr, 4> Terms(W.First->Operands.begin(), W.First->Operands.end());
  Terms.back() = intConst(Long, W.Lo + Lane);
  return bufferElement(W.First->Type, W.First->Index, Terms, W.First->Scales);
}

} // namespace t2s
