//===- Buffers.cpp - The off-chip buffers of a design ---------------------===//

#include "systolic/Buffers.h"
#include "language/LoopMetadata.h"
#include "systolic/IslText.h"
#include "ure/RunTimeSizes.h"
#include "ure/UREModel.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <memory>
#include <utility>

namespace t2s {

namespace {

// The values an index takes over the nest: [min, max].
std::optional<std::pair<int64_t, int64_t>> range(const URESystem &S, llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::pair{C->getSExtValue(), C->getSExtValue()};
  for (const URELoop &L : S.Loops)
    if (V == L.IV) {
      if (L.runTime()) // [Lower, Upper) is a stand-in
        return std::nullopt;
      return std::pair{L.Lower, L.Upper - 1};
    }
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I)
    return std::nullopt;
  if (llvm::isa<llvm::SExtInst, llvm::ZExtInst>(I))
    return range(S, I->getOperand(0));
  auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I);
  if (!BO)
    return std::nullopt;
  auto A = range(S, BO->getOperand(0)), B = range(S, BO->getOperand(1));
  if (!A || !B)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case llvm::Instruction::Add:
    return std::pair{A->first + B->first, A->second + B->second};
  case llvm::Instruction::Sub:
    return std::pair{A->first - B->second, A->second - B->first};
  case llvm::Instruction::Mul: {
    int64_t P[] = {A->first * B->first, A->first * B->second, A->second * B->first,
                   A->second * B->second};
    return std::pair{*std::min_element(P, P + 4), *std::max_element(P, P + 4)};
  }
  default:
    return std::nullopt;
  }
}

// An access of a buffer: Offset bytes plus each term's value times its
// scale (bytes).
struct Access {
  llvm::APInt Offset{64, 0};
  llvm::SmallVector<std::pair<llvm::Value *, int64_t>, 4> Terms;
  llvm::Instruction *I = nullptr; // the load or store
};

// The accesses of A in the nest's body, following GEPs; none if an address
// in the body is not so.
std::optional<llvm::SmallVector<Access, 4>> accessesOf(const URESystem &S,
                                                      const llvm::DataLayout &DL,
                                                      const llvm::Argument *A) {
  llvm::SmallVector<Access, 4> Out;
  for (llvm::BasicBlock *BB : S.innermost()->blocks())
    for (llvm::Instruction &I : *BB) {
      llvm::Value *P = llvm::getLoadStorePointerOperand(&I);
      if (!P)
        continue;
      Access X;
      X.I = &I;
      while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
        llvm::MapVector<llvm::Value *, llvm::APInt> Vars;
        llvm::APInt Const(64, 0);
        if (!G->collectOffset(DL, 64, Vars, Const))
          return std::nullopt;
        X.Offset += Const;
        for (auto &[V, Scale] : Vars)
          X.Terms.push_back({V, Scale.getSExtValue()});
        P = G->getPointerOperand();
      }
      if (P == A)
        Out.push_back(std::move(X));
    }
  return Out;
}

// X's offset over the loop variables 'a...' in units of Unit bytes, as isl
// text: none where a term is not affine or a scale (or the constant) is no
// multiple of Unit.
std::optional<std::string> offsetText(IslText &Text, const Access &X, int64_t Unit) {
  if (X.Offset.getSExtValue() % Unit != 0)
    return std::nullopt;
  std::string Offset = std::to_string(X.Offset.getSExtValue() / Unit);
  for (auto [V, Scale] : X.Terms) {
    std::optional<std::string> T = Text.affine(V, 'a');
    if (!T || Scale % Unit != 0)
      return std::nullopt;
    Offset += " + " + std::to_string(Scale / Unit) + "*(" + *T + ")";
  }
  return Offset;
}

struct IslAffFree {
  void operator()(isl_aff *A) const { isl_aff_free(A); }
};
struct IslValFree {
  void operator()(isl_val *V) const { isl_val_free(V); }
};

// The least and greatest byte offset of an access over the iterations that
// run it - the nest's domain under the access's guards - exactly, with isl:
// [Lo, Hi], or Empty when no iteration runs it, at any run-time sizes. None
// where isl cannot tell (a term that is not affine in the loops, an offset
// that grows with a run-time size).
struct ByteRange {
  bool Empty = false;
  int64_t Lo = 0, Hi = 0;
};
std::optional<ByteRange> exactRange(const URESystem &S, isl_ctx *C, const Access &X,
                                    llvm::ArrayRef<Guard> Guards) {
  IslText Text(S);
  std::optional<std::string> Offset = offsetText(Text, X, 1);
  if (!Offset)
    return std::nullopt;
  std::string Domain = Text.domain('a', Guards);
  // Parameters (run-time sizes) count as variables of any value: the range
  // then holds at every size, and is unbounded (none) where the offset grows
  // with one.
  std::string Tuple = Text.tuple('a');
  if (!Text.Params.empty())
    Tuple = Text.paramList().substr(0, Text.paramList().size() - 1) + ", " + Tuple.substr(1);
  std::string SetText = "{ " + Tuple + " : " + Domain + " }";
  std::string AffText = "{ " + Tuple + " -> [(" + *Offset + ")] }";
  IslSet Iterations(isl_set_read_from_str(C, SetText.c_str()));
  std::unique_ptr<isl_aff, IslAffFree> Byte(isl_aff_read_from_str(C, AffText.c_str()));
  if (!Iterations || !Byte)
    return std::nullopt;
  isl_bool Empty = isl_set_is_empty(Iterations.get());
  if (Empty == isl_bool_error)
    return std::nullopt;
  if (Empty == isl_bool_true)
    return ByteRange{true, 0, 0};
  std::unique_ptr<isl_val, IslValFree> Lo(isl_set_min_val(Iterations.get(), Byte.get()));
  std::unique_ptr<isl_val, IslValFree> Hi(isl_set_max_val(Iterations.get(), Byte.get()));
  if (!Lo || !Hi || isl_val_is_int(Lo.get()) != isl_bool_true ||
      isl_val_is_int(Hi.get()) != isl_bool_true)
    return std::nullopt;
  return ByteRange{false, isl_val_get_num_si(Lo.get()), isl_val_get_num_si(Hi.get())};
}

// One past the largest flattened index of A (of element type Elem) that the
// nest can touch, if every index is affine in the loops: over the
// iterations that run each access (a read past the end under a guard, 't <
// 2 ? in[4 * t + p] : 0', reaches no further than the guard lets it; an
// access no iteration runs reaches nothing), else over the loops' ranges.
std::optional<uint64_t> extentOf(const URESystem &S, const llvm::DataLayout &DL,
                                 const llvm::Argument *A, llvm::Type *Elem,
                                 llvm::DominatorTree &DT, isl_ctx *C) {
  uint64_t ElemSize = DL.getTypeAllocSize(Elem);
  int64_t Max = -1;
  std::optional<llvm::SmallVector<Access, 4>> Accesses = accessesOf(S, DL, A);
  if (!Accesses)
    return std::nullopt;
  bool Touched = false;
  for (const Access &X : *Accesses) {
    if (std::optional<ByteRange> R =
            exactRange(S, C, X, dominatingGuards(S, DT, X.I->getParent()))) {
      if (R->Empty)
        continue;
      if (R->Lo < 0)
        return std::nullopt;
      Touched = true;
      Max = std::max(Max, R->Hi / int64_t(ElemSize));
      continue;
    }
    int64_t Hi = X.Offset.getSExtValue(), Lo = Hi;
    for (auto [V, Scale] : X.Terms) {
      std::optional<std::pair<int64_t, int64_t>> R = range(S, V);
      if (!R)
        return std::nullopt;
      Hi += std::max(Scale * R->first, Scale * R->second);
      Lo += std::min(Scale * R->first, Scale * R->second);
    }
    if (Lo < 0)
      return std::nullopt;
    Touched = true;
    Max = std::max(Max, Hi / int64_t(ElemSize));
  }
  if (!Touched && !Accesses->empty())
    return 0; // no iteration runs an access (an empty loop)
  if (Max < 0)
    return std::nullopt;
  return uint64_t(Max) + 1;
}

// Whether the nest's stores of A (of element type Elem) write every element
// of [0, Extent), exactly, with isl: each store's iterations under its
// guards, mapped to the element it writes, together cover the range. False
// wherever that cannot be told for certain: a run-time size or parameter in
// an index or a bound, a guard that is inexact or not affine (the domain
// would then be larger than the iterations that store), a store that is
// not one element wide or not at an element's start.
bool writesWhole(const URESystem &S, const llvm::DataLayout &DL, const llvm::Argument *A,
                 llvm::Type *Elem, llvm::DominatorTree &DT, isl_ctx *C, uint64_t Extent) {
  int64_t ElemSize = int64_t(DL.getTypeAllocSize(Elem));
  std::optional<llvm::SmallVector<Access, 4>> Accesses = accessesOf(S, DL, A);
  if (!Accesses || Extent == 0)
    return false;
  IslText Text(S);
  IslSet Written;
  for (const Access &X : *Accesses) {
    auto *St = llvm::dyn_cast<llvm::StoreInst>(X.I);
    if (!St)
      continue;
    std::optional<std::string> Index = offsetText(Text, X, ElemSize);
    if (int64_t(DL.getTypeAllocSize(St->getValueOperand()->getType())) != ElemSize || !Index)
      return false;
    llvm::SmallVector<Guard, 2> Guards = dominatingGuards(S, DT, St->getParent());
    for (const Guard &G : Guards)
      if (!G.Exact || !Text.condition(G.Condition, G.WhenTrue, 'a'))
        return false;
    std::string Domain = Text.domain('a', Guards);
    if (!Text.Params.empty())
      return false;
    std::string Tuple = Text.tuple('a');
    std::string MapText = "{ " + Tuple + " -> [(" + *Index + ")] : " + Domain + " }";
    isl_map *M = isl_map_read_from_str(C, MapText.c_str());
    if (!M)
      return false;
    IslSet Image(isl_map_range(M));
    if (!Image)
      return false;
    Written = Written ? IslSet(isl_set_union(Written.release(), Image.release()))
                      : std::move(Image);
    if (!Written)
      return false;
  }
  if (!Written)
    return false;
  std::string WholeText = "{ [e] : 0 <= e < " + std::to_string(Extent) + " }";
  IslSet Whole(isl_set_read_from_str(C, WholeText.c_str()));
  return Whole && isl_set_is_subset(Whole.get(), Written.get()) == isl_bool_true;
}

// The values an index takes over the nest as expressions of the function's
// parameters, for indices with run-time sizes: [Lo, Hi], and whether Lo is
// known to be at least 0. Every integer parameter an index names itself (a
// stride) is taken to be a size, at least 0 (the host stub checks it:
// Sizes); one in a loop's bound may be anything (the extent says where the
// loop runs no iteration).
struct SymRange {
  ExprPtr Lo, Hi;
  bool NonNegative = false;
};

const DType Long = DType::integer(64);

ExprPtr sum(ExprPtr A, ExprPtr B, bool Minus = false) {
  std::optional<int64_t> X = intConstant(A), Y = intConstant(B);
  if (X && Y)
    return intConst(Long, Minus ? *X - *Y : *X + *Y);
  if (Y && *Y == 0)
    return A;
  if (X && *X == 0 && !Minus)
    return B;
  if (Y && *Y < 0) // 'a + -1' reads 'a - 1'
    return binary(Minus ? BinaryOp::Add : BinaryOp::Sub, false, A, intConst(Long, -*Y));
  return binary(Minus ? BinaryOp::Sub : BinaryOp::Add, false, A, B);
}

ExprPtr product(ExprPtr A, ExprPtr B) {
  std::optional<int64_t> X = intConstant(A), Y = intConstant(B);
  if (X && Y)
    return intConst(Long, *X * *Y);
  if ((X && *X == 0) || (Y && *Y == 0))
    return intConst(Long, 0);
  if (X && *X == 1)
    return B;
  if (Y && *Y == 1)
    return A;
  return binary(BinaryOp::Mul, false, A, B);
}

class SymbolicRange {
  const URESystem &S;
  bool InBound = false; // naming a loop's bound, not an index's term

public:
  llvm::SmallVector<unsigned, 2> Sizes; // argument numbers taken as sizes
  bool NamesParams = false;              // the ranges name a parameter
  /// Per access: a loop's values narrowed by the guards that hold where
  /// the access runs.
  llvm::DenseMap<const llvm::Value *, SymRange> Narrowed;

  explicit SymbolicRange(const URESystem &S) : S(S) {}

  // A lifted size (ure/RunTimeSizes.h) as a 64-bit expression of the
  // parameters, each taken to be a size.
  ExprPtr size(const Expr &E) {
    switch (E.Kind) {
    case ExprKind::IntConst:
      return intConst(Long, E.Int);
    case ExprKind::Param:
      // A parameter in a loop's bound may be anything (below 0 the loop
      // runs no iteration, which the extent's condition says); one that an
      // index names itself (a stride) is taken to be a size, at least 0.
      NamesParams = true;
      if (!InBound && !llvm::is_contained(Sizes, E.Index))
        Sizes.push_back(E.Index);
      return cast(CastKind::Plain, Long, param(E.Type, E.Index));
    case ExprKind::Cast:
      return size(E.operand(0));
    case ExprKind::Call: // min, max
      return extreme(E.Name == "max" ? CompareOp::GT : CompareOp::LT, E.operand(0),
                     E.operand(1));
    case ExprKind::Select: // an unsigned min or max
      return extreme(E.operand(0).compareOp(), E.operand(1), E.operand(2));
    case ExprKind::Binary:
      break;
    default:
      return nullptr;
    }
    ExprPtr X = size(E.operand(0)), Y = size(E.operand(1));
    if (!X || !Y)
      return nullptr;
    switch (E.binaryOp()) {
    case BinaryOp::Add: return sum(X, Y);
    case BinaryOp::Sub: return sum(X, Y, true);
    case BinaryOp::Mul: return product(X, Y);
    default: return binary(E.binaryOp(), false, X, Y);
    }
  }

  // The range of a value that bounds a loop's variable (in a guard): the
  // parameters it names are not strides.
  std::optional<SymRange> boundRange(llvm::Value *V) {
    bool Was = std::exchange(InBound, true);
    std::optional<SymRange> Out = range(V);
    InBound = Was;
    return Out;
  }

  // The values of L's variable, [Lower, Upper - 1]; empty where the first
  // is greater (a run-time bound below the lower bound).
  std::optional<SymRange> loopRange(const URELoop &L) {
    if (!L.runTime() && L.affine())
      return std::nullopt;
    ExprPtr Hi = intConst(Long, L.Upper - 1);
    if (L.runTime()) {
      bool Was = std::exchange(InBound, true);
      ExprPtr Bound = size(*L.RunTimeBound);
      InBound = Was;
      if (!Bound)
        return std::nullopt;
      // One below exclusiveUpper(L) (ure/RunTimeSizes.h), the offset and the
      // 1 folded into one constant: 'k <= K / 64' runs to 'K / 64', which
      // the host stubs print, not to 'K / 64 + 1 - 1'.
      Hi = sum(Bound, intConst(Long, L.RunTimeOffset - 1));
    }
    return SymRange{intConst(Long, L.Lower), Hi, L.Lower >= 0};
  }

  // The lesser (Op: LT) or greater (GT) of two sizes, as 'X < Y ? X : Y'.
  ExprPtr extreme(CompareOp Op, const Expr &A, const Expr &B) {
    ExprPtr X = size(A), Y = size(B);
    return X && Y ? select(compare(Op, false, X, Y), X, Y) : nullptr;
  }

  ExprPtr size(const llvm::Value *V) {
    llvm::SmallVector<const llvm::Argument *, 2> Args;
    ExprPtr E = liftSize(V, Args);
    return E ? size(*E) : nullptr;
  }

  std::optional<SymRange> range(llvm::Value *V) {
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V)) {
      ExprPtr E = intConst(Long, C->getSExtValue());
      return SymRange{E, E, C->getSExtValue() >= 0};
    }
    for (const URELoop &L : S.Loops)
      if (V == L.IV) {
        auto It = Narrowed.find(V);
        if (It != Narrowed.end())
          return It->second;
        return loopRange(L);
      }
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    // A value of parameters and constants alone (also where the nest
    // computes it: 'i * (N / 4)').
    if (llvm::isa<llvm::Argument>(V) || (I && !notASize(V))) {
      ExprPtr E = size(V);
      if (!E)
        return std::nullopt;
      return SymRange{E, E, true};
    }
    if (!I)
      return std::nullopt;
    if (llvm::isa<llvm::SExtInst, llvm::ZExtInst>(I))
      return range(I->getOperand(0));
    auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I);
    if (!BO)
      return std::nullopt;
    std::optional<SymRange> A = range(BO->getOperand(0)), B = range(BO->getOperand(1));
    if (!A || !B)
      return std::nullopt;
    switch (BO->getOpcode()) {
    case llvm::Instruction::Add:
      return SymRange{sum(A->Lo, B->Lo), sum(A->Hi, B->Hi), A->NonNegative && B->NonNegative};
    case llvm::Instruction::Sub: {
      ExprPtr Lo = sum(A->Lo, B->Hi, true);
      std::optional<int64_t> C = intConstant(Lo);
      return SymRange{Lo, sum(A->Hi, B->Lo, true), C && *C >= 0};
    }
    case llvm::Instruction::Mul: {
      // A constant factor keeps or swaps the ends; two ranges of values at
      // least 0 multiply their ends.
      std::optional<int64_t> CA = intConstant(A->Lo), CB = intConstant(B->Lo);
      if (CA && equal(*A->Lo, *A->Hi))
        std::swap(A, B), std::swap(CA, CB);
      if (CB && equal(*B->Lo, *B->Hi)) {
        if (*CB >= 0)
          return SymRange{product(A->Lo, B->Lo), product(A->Hi, B->Lo), A->NonNegative};
        return SymRange{product(A->Hi, B->Lo), product(A->Lo, B->Lo), false};
      }
      if (A->NonNegative && B->NonNegative)
        return SymRange{product(A->Lo, B->Lo), product(A->Hi, B->Hi), true};
      return std::nullopt;
    }
    default:
      return std::nullopt;
    }
  }
};

// E + C, folding C into a constant E ends with ('n - 1' + 1 reads 'n').
ExprPtr plus(ExprPtr E, int64_t C) {
  if (std::optional<int64_t> X = intConstant(E))
    return intConst(Long, *X + C);
  if (E->Kind == ExprKind::Binary &&
      (E->binaryOp() == BinaryOp::Add || E->binaryOp() == BinaryOp::Sub))
    if (std::optional<int64_t> K = intConstant(E->Operands[1])) {
      int64_t Sum = (E->binaryOp() == BinaryOp::Add ? *K : -*K) + C;
      return sum(E->Operands[0], intConst(Long, Sum));
    }
  return sum(E, intConst(Long, C));
}

// The lesser or greater of two expressions, folded where both are known.
ExprPtr least(ExprPtr A, ExprPtr B) {
  std::optional<int64_t> X = intConstant(A), Y = intConstant(B);
  if (X && Y)
    return *X <= *Y ? A : B;
  return equal(*A, *B) ? A : select(compare(CompareOp::LT, false, A, B), A, B);
}
ExprPtr greatest(ExprPtr A, ExprPtr B) {
  std::optional<int64_t> X = intConstant(A), Y = intConstant(B);
  if (X && Y)
    return *X >= *Y ? A : B;
  return equal(*A, *B) ? A : select(compare(CompareOp::GT, false, A, B), A, B);
}

// Narrows the loops' ranges in R by the guards under which an access runs
// (a read past an end under 't < 2', a write under 'k == K - 1'): each
// signed comparison of a loop variable with a constant or a value of the
// parameters.
void narrowByGuards(const URESystem &S, SymbolicRange &R, llvm::ArrayRef<Guard> Guards) {
  R.Narrowed.clear();
  auto strip = [](llvm::Value *V) {
    while (auto *C = llvm::dyn_cast<llvm::CastInst>(V))
      if (llvm::isa<llvm::SExtInst, llvm::ZExtInst, llvm::TruncInst>(C))
        V = C->getOperand(0);
      else
        break;
    return V;
  };
  for (const Guard &G : Guards) {
    auto *Cmp = llvm::dyn_cast_or_null<llvm::ICmpInst>(G.Condition);
    if (!G.Exact || !Cmp)
      continue;
    llvm::CmpInst::Predicate P = G.WhenTrue ? Cmp->getPredicate() : Cmp->getInversePredicate();
    llvm::Value *A = strip(Cmp->getOperand(0)), *B = strip(Cmp->getOperand(1));
    const URELoop *L = nullptr;
    for (const URELoop &X : S.Loops)
      if (A == X.IV || B == X.IV)
        L = &X;
    if (!L || (A == L->IV) == (B == L->IV))
      continue;
    if (B == L->IV) { // 'X < t' reads 't > X'
      std::swap(A, B);
      P = llvm::CmpInst::getSwappedPredicate(P);
    }
    std::optional<SymRange> Other = R.boundRange(B);
    if (!Other || !equal(*Other->Lo, *Other->Hi))
      continue;
    std::optional<SymRange> Cur = R.range(L->IV);
    if (!Cur)
      continue;
    ExprPtr X = Other->Lo;
    switch (P) {
    case llvm::CmpInst::ICMP_SLT: Cur->Hi = least(Cur->Hi, sum(X, intConst(Long, 1), true)); break;
    case llvm::CmpInst::ICMP_SLE: Cur->Hi = least(Cur->Hi, X); break;
    case llvm::CmpInst::ICMP_SGT: Cur->Lo = greatest(Cur->Lo, sum(X, intConst(Long, 1))); break;
    case llvm::CmpInst::ICMP_SGE: Cur->Lo = greatest(Cur->Lo, X); break;
    case llvm::CmpInst::ICMP_EQ:
      Cur->Lo = greatest(Cur->Lo, X);
      Cur->Hi = least(Cur->Hi, X);
      break;
    default: continue;
    }
    R.Narrowed[L->IV] = *Cur;
  }
}

// One past the largest flattened index of A, as an expression of the
// parameters: for indices with run-time sizes. Each access counts over the
// iterations that run it: its loops narrowed by its guards, and none where
// a loop then runs no iteration (a run-time bound below the lower one, an
// empty loop, a guard that never holds). None where an index can be
// negative or has no such expression.
ExprPtr symbolicExtentOf(const URESystem &S, const llvm::DataLayout &DL,
                         const llvm::Argument *A, llvm::Type *Elem, llvm::DominatorTree &DT,
                         llvm::SmallVectorImpl<unsigned> &Sizes) {
  int64_t ElemSize = int64_t(DL.getTypeAllocSize(Elem));
  SymbolicRange R(S);
  ExprPtr Max;
  std::optional<llvm::SmallVector<Access, 4>> Accesses = accessesOf(S, DL, A);
  if (!Accesses)
    return nullptr;
  for (const Access &Acc : *Accesses) {
    const llvm::APInt &Offset = Acc.Offset;
    const auto &Terms = Acc.Terms;
    if (Offset.isNegative())
      return nullptr;
    narrowByGuards(S, R, dominatingGuards(S, DT, Acc.I->getParent()));
    // In elements where every scale is a multiple of the element's size
    // (as in 'a[i * N + j]'), else in bytes.
    bool Elements = Offset.getSExtValue() % ElemSize == 0 &&
                    llvm::all_of(Terms, [&](auto &T) { return T.second % ElemSize == 0; });
    int64_t Unit = Elements ? ElemSize : 1;
    ExprPtr Hi = intConst(Long, Offset.getSExtValue() / Unit);
    for (auto [V, Scale] : Terms) {
      std::optional<SymRange> X = R.range(V);
      if (!X || !X->NonNegative || Scale < 0)
        return nullptr;
      Hi = sum(Hi, product(X->Hi, intConst(Long, Scale / Unit)));
    }
    // One past it, only where every loop runs: otherwise the access
    // reaches nothing.
    ExprPtr End = Elements ? plus(Hi, 1)
                           : plus(binary(BinaryOp::Div, false, Hi, intConst(Long, ElemSize)), 1);
    bool Never = false;
    for (const URELoop &L : S.Loops) {
      std::optional<SymRange> X = R.range(L.IV);
      if (!X) // (affine bounds: taken to run)
        continue;
      std::optional<int64_t> Lo = intConstant(X->Lo), HiC = intConstant(X->Hi);
      if (Lo && HiC) {
        Never |= *HiC < *Lo;
        continue;
      }
      End = select(compare(CompareOp::GT, false, plus(X->Hi, 1), X->Lo), End, intConst(Long, 0));
    }
    if (Never)
      continue;
    Max = Max ? greatest(Max, End) : End;
  }
  // Without a size, the constant extent (extentOf) had its reasons to fail.
  if (!R.NamesParams)
    return nullptr;
  Sizes.assign(R.Sizes.begin(), R.Sizes.end());
  return Max ? Max : intConst(Long, 0); // (no access runs)
}

} // namespace

llvm::SmallVector<DesignBuffer, 4> findBuffers(const URESystem &S,
                                               const llvm::DataLayout &DL) {
  llvm::SmallVector<DesignBuffer, 4> Buffers;
  auto note = [&](llvm::Value *Ptr, llvm::Type *T, bool Store) {
    llvm::Value *Base;
    llvm::SmallVector<llvm::Value *, 4> Subs;
    if (!decomposeAddress(Ptr, Base, Subs))
      return;
    auto *A = llvm::dyn_cast<llvm::Argument>(Base);
    if (!A)
      return;
    auto It = llvm::find_if(Buffers, [&](const DesignBuffer &B) { return B.Arg == A; });
    if (It == Buffers.end()) {
      DesignBuffer New;
      New.Arg = A;
      Buffers.push_back(New);
      It = std::prev(Buffers.end());
    }
    It->Element = T;
    It->Written |= Store;
    It->Read |= !Store;
  };
  for (llvm::BasicBlock *BB : S.innermost()->blocks())
    for (llvm::Instruction &I : *BB) {
      if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
        note(Ld->getPointerOperand(), loadedType(Ld), false);
      else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
        note(St->getPointerOperand(), storedValue(St)->getType(), true);
    }
  llvm::DominatorTree DT(*S.outermost()->getHeader()->getParent());
  IslCtx C = makeIslCtx();
  for (DesignBuffer &B : Buffers) {
    B.Extent = extentOf(S, DL, B.Arg, B.Element, DT, C.get());
    if (!B.Extent)
      B.RunTimeExtent = symbolicExtentOf(S, DL, B.Arg, B.Element, DT, B.Sizes);
    else if (B.Written)
      B.Whole = writesWhole(S, DL, B.Arg, B.Element, DT, C.get(), *B.Extent);
    // Indices that do not tell (a gather's computed index): the extent the
    // parameter was declared with.
    if (std::optional<uint64_t> Bytes = getDeclaredExtent(B.Arg);
        Bytes && !B.Extent && !B.RunTimeExtent)
      B.Extent = *Bytes / DL.getTypeAllocSize(B.Element);
  }
  return Buffers;
}

const DesignBuffer *findBuffer(llvm::ArrayRef<DesignBuffer> Buffers,
                               const llvm::Argument *A) {
  auto It = llvm::find_if(Buffers, [&](const DesignBuffer &B) { return B.Arg == A; });
  return It == Buffers.end() ? nullptr : &*It;
}

llvm::Type *loadedType(llvm::LoadInst *Ld) {
  auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(Ld->getType());
  if (!VT || VT->getNumElements() != 4 || Ld->user_empty())
    return Ld->getType();
  for (llvm::User *U : Ld->users()) {
    auto *SV = llvm::dyn_cast<llvm::ShuffleVectorInst>(U);
    if (!SV || SV->getShuffleMask() != llvm::ArrayRef<int>({0, 1, 2}))
      return Ld->getType();
  }
  return llvm::FixedVectorType::get(VT->getElementType(), 3);
}

llvm::Value *storedValue(llvm::StoreInst *St) {
  llvm::Value *V = St->getValueOperand();
  auto *SV = llvm::dyn_cast<llvm::ShuffleVectorInst>(V);
  if (!SV)
    return V;
  auto *In = llvm::dyn_cast<llvm::FixedVectorType>(SV->getOperand(0)->getType());
  llvm::ArrayRef<int> Mask = SV->getShuffleMask();
  if (!In || In->getNumElements() != 3 || Mask.size() != 4)
    return V;
  for (unsigned L = 0; L < 3; ++L)
    if (Mask[L] != int(L))
      return V;
  return SV->getOperand(0);
}

} // namespace t2s
