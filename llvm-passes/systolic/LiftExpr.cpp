//===- LiftExpr.cpp - A URE nest's values as design expressions -----------===//

#include "systolic/LiftExpr.h"
#include "expr/MathFunctions.h"
#include "language/LoopMetadata.h"
#include "systolic/Buffers.h"
#include "ure/Guards.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"

namespace t2s {

ExprLifter::ExprLifter(const URESystem &S, llvm::DominatorTree &DT,
                       const llvm::DataLayout &DL,
                       llvm::ArrayRef<std::pair<unsigned, unsigned>> UREReads,
                       llvm::ArrayRef<const llvm::Instruction *> Streams)
    : S(S), DT(DT), DL(DL) {
  for (auto [SI, RI] : UREReads)
    for (llvm::LoadInst *Ld : S.Statements[SI].Reads[RI].Loads)
      UREReadOf[Ld] = {SI, RI};
  StreamAccesses.insert(Streams.begin(), Streams.end());
  for (const DesignBuffer &Buf : findBuffers(S, DL))
    ElementOf[Buf.Arg] = Buf.Element;
}

void ExprLifter::reject(const std::string &Why) {
  if (Rejected)
    return;
  Rejected = LiftRejection{Lifting ? sourceLocOf(Lifting) : SourceLoc(), Why};
}

ExprPtr ExprLifter::withContext(const llvm::Instruction *I,
                                llvm::function_ref<ExprPtr()> Lift) {
  const llvm::Instruction *Outer = Lifting;
  Lifting = I;
  ExprPtr E = Lift();
  Lifting = Outer;
  return E;
}

// A failure inside is located at the innermost instruction with a place.
ExprPtr ExprLifter::value(llvm::Value *V) {
  if (auto It = Values.find(V); It != Values.end())
    return It->second;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  ExprPtr E = I && I->getDebugLoc() ? withContext(I, [&] { return lift(V); }) : lift(V);
  // A value a named local holds is printed under its name where it is
  // used more than once (backends/opencl/OpenCLKernels.cpp).
  if (E && I && I->getMetadata(NameTag) && !E->Operands.empty())
    E = asLocal(E, getSourceName(I));
  if (E)
    Values[V] = E;
  return E;
}

ExprPtr ExprLifter::storedValue(const UREStatement &St) {
  return withContext(St.Store, [&] { return value(t2s::storedValue(St.Store)); });
}

ExprPtr ExprLifter::target(const UREStatement &St) {
  return withContext(St.Store, [&] { return element(St.Store->getPointerOperand()); });
}

ExprPtr ExprLifter::element(llvm::Value *Ptr) {
  if (auto It = Elements.find(Ptr); It != Elements.end())
    return It->second;
  llvm::SmallVector<llvm::GEPOperator *, 4> Chain;
  llvm::Value *P = Ptr;
  while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
    Chain.push_back(G);
    P = G->getPointerOperand();
  }
  auto *A = llvm::dyn_cast<llvm::Argument>(P);
  if (!A) {
    std::string Name = getSourceName(P);
    reject(Name.empty() ? std::string("an access that is not to a parameter's buffer")
                        : "the array '" + Name + "', which is not a parameter "
                          "(a kernel reaches memory only through its "
                          "parameters: pass the array as one)");
    return nullptr;
  }
  llvm::Type *Elem = ElementOf.lookup(A);
  uint64_t ElemSize = Elem ? DL.getTypeAllocSize(Elem) : 1;
  llvm::SmallVector<ExprPtr, 3> Terms;
  llvm::SmallVector<int64_t, 3> Scales;
  for (llvm::GEPOperator *G : llvm::reverse(Chain)) {
    llvm::Type *T = G->getSourceElementType();
    bool FirstIndex = true;
    for (llvm::Use &U : G->indices()) {
      // The first index steps over whole source elements, the others into them.
      if (!FirstIndex && T->isArrayTy())
        T = T->getArrayElementType();
      FirstIndex = false;
      uint64_t Scale = DL.getTypeAllocSize(T) / ElemSize;
      if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(U.get()); C && C->isZero())
        continue;
      ExprPtr Term = value(U.get());
      if (!Term)
        return nullptr;
      Terms.push_back(Term);
      Scales.push_back(Scale);
    }
  }
  ExprPtr E = bufferElement(designType(Elem ? Elem : llvm::Type::getInt8Ty(A->getContext())),
                            A->getArgNo(), Terms, Scales);
  Elements[Ptr] = E;
  return E;
}

ExprPtr ExprLifter::constant(const llvm::Constant *C) {
  if (auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(C->getType())) {
    if (!hasCName(designType(VT))) {
      reject("a vector type without a C name");
      return nullptr;
    }
    llvm::SmallVector<ExprPtr, 16> Lanes;
    for (unsigned L = 0; L < VT->getNumElements(); ++L) {
      const llvm::Constant *E = C->getAggregateElement(L);
      ExprPtr Lane = !E || llvm::isa<llvm::UndefValue>(E)
                         ? constant(llvm::Constant::getNullValue(VT->getElementType()))
                         : constant(E);
      if (!Lane)
        return nullptr;
      Lanes.push_back(Lane);
    }
    return vectorLiteral(designType(VT), Lanes);
  }
  if (auto *I = llvm::dyn_cast<llvm::ConstantInt>(C))
    return intConst(designType(I->getType()),
                    I->getType()->isIntegerTy(1) ? int64_t(I->isOne()) : I->getSExtValue());
  if (auto *FP = llvm::dyn_cast<llvm::ConstantFP>(C)) {
    if (FP->getType()->isHalfTy()) { // exact as a float
      llvm::APFloat F = FP->getValueAPF();
      bool Lost;
      F.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &Lost);
      return floatConst(DType::floating(16), F.convertToFloat());
    }
    if (FP->getType()->isFloatTy())
      return floatConst(DType::floating(32), FP->getValueAPF().convertToFloat());
    if (FP->getType()->isDoubleTy())
      return floatConst(DType::floating(64), FP->getValueAPF().convertToDouble());
    reject("a floating-point constant of a type without a C name");
    return nullptr;
  }
  reject("a constant expression");
  return nullptr;
}

ExprPtr ExprLifter::lift(llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    return constant(C);
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V))
    return param(designType(A->getType()), A->getArgNo());
  for (const URELoop &L : S.Loops)
    if (V == L.IV)
      return loopVar(designType(V->getType()), &L - S.Loops.begin());
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I) {
    reject("a value of an unknown kind");
    return nullptr;
  }
  if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(I))
    return atLine(liftLoad(Ld), sourceLocOf(Ld).Line);
  if (auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I))
    return liftBinary(BO);
  if (I->getOpcode() == llvm::Instruction::FNeg &&
      !isStructVector(designType(I->getType()))) {
    ExprPtr A = value(I->getOperand(0));
    return A ? neg(A) : nullptr;
  }
  if (auto *Cmp = llvm::dyn_cast<llvm::CmpInst>(I))
    return liftCompare(Cmp);
  if (llvm::isa<llvm::CastInst>(I) && I->getType()->isVectorTy()) {
    reject(llvm::isa<llvm::CmpInst>(I->getOperand(0)) ? "a comparison of vectors"
                                                      : "a conversion of vectors");
    return nullptr;
  }
  if (auto *EE = llvm::dyn_cast<llvm::ExtractElementInst>(I)) {
    auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(EE->getIndexOperand());
    if (!Idx) {
      reject("a vector lane chosen at run time");
      return nullptr;
    }
    ExprPtr Vec = value(EE->getVectorOperand());
    return Vec ? lane(Vec, Idx->getZExtValue()) : nullptr;
  }
  if (llvm::isa<llvm::InsertElementInst>(I))
    return insertChain(I);
  if (llvm::isa<llvm::ShuffleVectorInst>(I))
    return shuffle(I);
  if (llvm::isa<llvm::CastInst>(I))
    return liftCast(I);
  if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(I)) {
    ExprPtr C = value(Sel->getCondition());
    ExprPtr A = C ? value(Sel->getTrueValue()) : nullptr;
    ExprPtr B = A ? value(Sel->getFalseValue()) : nullptr;
    return B ? select(C, A, B) : nullptr;
  }
  if (llvm::isa<llvm::PHINode>(I))
    return conditional(I);
  if (auto *Call = llvm::dyn_cast<llvm::CallInst>(I))
    return atLine(liftCall(Call), sourceLocOf(Call).Line);
  reject(std::string("the instruction '") + I->getOpcodeName() + "'");
  return nullptr;
}

// A URE read is a shift register; a channel's value or memory otherwise.
ExprPtr ExprLifter::liftLoad(llvm::LoadInst *Ld) {
  DType T = designType(Ld->getType());
  if (StreamAccesses.contains(Ld)) {
    Loads.push_back(Ld);
    return load(T, Loads.size() - 1, nullptr);
  }
  if (auto It = UREReadOf.find(Ld); It != UREReadOf.end())
    return ureValue(T, It->second.first, It->second.second);
  ExprPtr Element = element(Ld->getPointerOperand());
  if (!Element)
    return nullptr;
  Loads.push_back(Ld);
  return load(T, Loads.size() - 1, Element);
}

ExprPtr ExprLifter::liftCast(llvm::Instruction *I) {
  auto *Cast = llvm::cast<llvm::CastInst>(I);
  DType To = designType(Cast->getType());
  if (!hasCName(To)) {
    reject("a cast to a type without a C name");
    return nullptr;
  }
  ExprPtr Op = value(Cast->getOperand(0));
  if (!Op)
    return nullptr;
  return cast(castKindOf(Cast->getOpcode(), Cast->getSrcTy(), Cast->getType()), To, Op);
}

ExprPtr ExprLifter::liftBinary(llvm::BinaryOperator *BO) {
  std::optional<std::pair<BinaryOp, bool>> Op = binaryOpOf(BO->getOpcode());
  if (!Op) {
    reject(std::string("the operator '") + BO->getOpcodeName() + "'");
    return nullptr;
  }
  ExprPtr A = value(BO->getOperand(0));
  ExprPtr B = A ? value(BO->getOperand(1)) : nullptr;
  if (!B)
    return nullptr;
  if (BO->getType()->isVectorTy() && Op->second) {
    reject("an unsigned operation on vectors");
    return nullptr;
  }
  return binary(Op->first, Op->second, A, B);
}

ExprPtr ExprLifter::liftCompare(llvm::CmpInst *Cmp) {
  if (Cmp->getType()->isVectorTy()) {
    reject("a comparison of vectors");
    return nullptr;
  }
  using P = llvm::CmpInst::Predicate;
  std::optional<CompareOp> Op;
  bool Unsigned = false;
  switch (Cmp->getPredicate()) {
  case P::ICMP_EQ: case P::FCMP_OEQ: case P::FCMP_UEQ: Op = CompareOp::EQ; break;
  case P::ICMP_NE: case P::FCMP_ONE: case P::FCMP_UNE: Op = CompareOp::NE; break;
  case P::ICMP_SLT: case P::FCMP_OLT: case P::FCMP_ULT: Op = CompareOp::LT; break;
  case P::ICMP_SLE: case P::FCMP_OLE: case P::FCMP_ULE: Op = CompareOp::LE; break;
  case P::ICMP_SGT: case P::FCMP_OGT: case P::FCMP_UGT: Op = CompareOp::GT; break;
  case P::ICMP_SGE: case P::FCMP_OGE: case P::FCMP_UGE: Op = CompareOp::GE; break;
  case P::ICMP_ULT: Op = CompareOp::LT; Unsigned = true; break;
  case P::ICMP_ULE: Op = CompareOp::LE; Unsigned = true; break;
  case P::ICMP_UGT: Op = CompareOp::GT; Unsigned = true; break;
  case P::ICMP_UGE: Op = CompareOp::GE; Unsigned = true; break;
  default: break;
  }
  if (!Op) {
    reject("a comparison without a C operator");
    return nullptr;
  }
  ExprPtr A = value(Cmp->getOperand(0));
  ExprPtr B = A ? value(Cmp->getOperand(1)) : nullptr;
  return B ? compare(*Op, Unsigned, A, B) : nullptr;
}

// Library math, by its OpenCL name (overloaded, without the 'f').
ExprPtr ExprLifter::liftCall(llvm::CallInst *Call) {
  llvm::Function *Callee = Call->getCalledFunction();
  if (!Callee) {
    reject("an indirect call");
    return nullptr;
  }
  DType T = designType(Call->getType());
  auto named = [&](const std::string &Name) -> ExprPtr {
    llvm::SmallVector<ExprPtr, 3> Args;
    for (llvm::Value *A : Call->args()) {
      Args.push_back(value(A));
      if (!Args.back())
        return nullptr;
    }
    return call(T, Name, Args);
  };
  switch (Callee->getIntrinsicID()) {
  case llvm::Intrinsic::fmuladd: { // contraction allowed, as in OpenCL C
    ExprPtr A = value(Call->getArgOperand(0));
    ExprPtr B = A ? value(Call->getArgOperand(1)) : nullptr;
    ExprPtr C = B ? value(Call->getArgOperand(2)) : nullptr;
    return C ? mulAdd(A, B, C) : nullptr;
  }
  case llvm::Intrinsic::fma: return named("fma");
  case llvm::Intrinsic::fabs: return named("fabs");
  case llvm::Intrinsic::sqrt: return named("sqrt");
  case llvm::Intrinsic::minnum: return named("fmin");
  case llvm::Intrinsic::maxnum: return named("fmax");
  case llvm::Intrinsic::smin: return named("min");
  case llvm::Intrinsic::smax: return named("max");
  case llvm::Intrinsic::abs: { // std::abs of an integer (its flag says INT_MIN is poison)
    ExprPtr X = value(Call->getArgOperand(0));
    return X ? call(T, "abs", {X}) : nullptr;
  }
  case llvm::Intrinsic::umin:
  case llvm::Intrinsic::umax: { // min/max of the operands read as unsigned
    ExprPtr X = value(Call->getArgOperand(0));
    ExprPtr Y = X ? value(Call->getArgOperand(1)) : nullptr;
    if (!Y)
      return nullptr;
    bool Min = Callee->getIntrinsicID() == llvm::Intrinsic::umin;
    return call(T, Min ? "min" : "max", {X, Y}, /*Unsigned=*/true);
  }
  case llvm::Intrinsic::floor: return named("floor");
  case llvm::Intrinsic::ceil: return named("ceil");
  case llvm::Intrinsic::trunc: return named("trunc");
  case llvm::Intrinsic::round: return named("round");
  case llvm::Intrinsic::rint:
  case llvm::Intrinsic::nearbyint: return named("rint");
  case llvm::Intrinsic::copysign: return named("copysign");
  case llvm::Intrinsic::ctpop: return named("popcount");
  case llvm::Intrinsic::ctlz: { // __builtin_clz: OpenCL's clz (the width at 0)
    ExprPtr X = value(Call->getArgOperand(0));
    return X ? call(T, "clz", {X}) : nullptr;
  }
  case llvm::Intrinsic::cttz: { // __builtin_ctz: the ones below the lowest set bit
    // (OpenCL 1.2, which Intel's compiler speaks, has no ctz)
    ExprPtr X = value(Call->getArgOperand(0));
    if (!X)
      return nullptr;
    ExprPtr Below = binary(BinaryOp::And, false, binary(BinaryOp::Xor, false, X, intConst(T, -1)),
                           binary(BinaryOp::Sub, false, X, intConst(T, 1)));
    return call(T, "popcount", {Below});
  }
  case llvm::Intrinsic::bswap: { // __builtin_bswap16/32/64: bytes moved by shifts
    if (T.isVector() || T.Bits % 16) {
      reject("a byte swap of a vector");
      return nullptr;
    }
    ExprPtr X = value(Call->getArgOperand(0));
    if (!X)
      return nullptr;
    unsigned Bytes = T.Bits / 8;
    ExprPtr Out;
    for (unsigned B = 0; B < Bytes; ++B) {
      int Shift = int(Bytes - 1 - 2 * B) * 8; // byte B goes to byte Bytes - 1 - B
      ExprPtr Moved = Shift > 0 ? binary(BinaryOp::Shl, false, X, intConst(T, Shift))
                                : binary(BinaryOp::Shr, /*Unsigned=*/true, X, intConst(T, -Shift));
      // The byte's place; the shift clears the top and the bottom byte's others.
      unsigned To = Bytes - 1 - B;
      if (To != 0 && To != Bytes - 1)
        Moved = binary(BinaryOp::And, false, Moved,
                       intConst(T, int64_t(uint64_t(0xff) << (8 * To))));
      Out = Out ? binary(BinaryOp::Or, false, Out, Moved) : Moved;
    }
    return Out;
  }
  default: break;
  }
  std::string Name = llvm::demangle(Callee->getName());
  Name = Name.substr(0, Name.find('('));
  if (isRoundToInteger(Name)) { // lround: round, halves away from zero, as a long
    ExprPtr X = value(Call->getArgOperand(0));
    return X ? cast(CastKind::Plain, T, call(X->Type, "round", {X})) : nullptr;
  }
  const MathFunction *M = mathFunction(Name);
  if (!M) {
    if (Callee->isIntrinsic())
      reject("the builtin '" + Name + "' (no C operator or OpenCL function computes it)");
    else if (!Callee->isDeclaration())
      reject("a call to '" + Name + "', a function whose body has a loop or is too large "
             "to be inlined into the kernels (a helper without loops is: "
             "ure/InlineHelpers.h)");
    else
      reject("a call to '" + Name + "'");
    return nullptr;
  }
  return named(M->Name.str());
}

// A vector built lane by lane: each lane from the last insert that sets it,
// the others from the vector the chain starts from.
ExprPtr ExprLifter::insertChain(llvm::Value *IE) {
  auto *VT = llvm::cast<llvm::FixedVectorType>(IE->getType());
  unsigned N = VT->getNumElements();
  llvm::SmallVector<ExprPtr, 16> Lanes(N);
  llvm::Value *V = IE;
  while (auto *Ins = llvm::dyn_cast<llvm::InsertElementInst>(V)) {
    auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(Ins->getOperand(2));
    if (!Idx) {
      reject("a vector lane chosen at run time");
      return nullptr;
    }
    if (!Lanes[Idx->getZExtValue()] && !(Lanes[Idx->getZExtValue()] = value(Ins->getOperand(1))))
      return nullptr;
    V = Ins->getOperand(0);
  }
  ExprPtr Base = llvm::isa<llvm::UndefValue>(V) ? nullptr : value(V);
  if (!Base && !llvm::isa<llvm::UndefValue>(V))
    return nullptr;
  for (unsigned L = 0; L < N; ++L)
    if (!Lanes[L] &&
        !(Lanes[L] = Base ? lane(Base, L)
                          : constant(llvm::Constant::getNullValue(VT->getElementType()))))
      return nullptr;
  return vectorLiteral(designType(VT), Lanes);
}

ExprPtr ExprLifter::shuffle(llvm::Value *V) {
  auto *SV = llvm::cast<llvm::ShuffleVectorInst>(V);
  auto *In = llvm::cast<llvm::FixedVectorType>(SV->getOperand(0)->getType());
  unsigned N = In->getNumElements();
  llvm::SmallVector<ExprPtr, 16> Lanes;
  for (int M : SV->getShuffleMask()) {
    Lanes.push_back(M < 0 ? constant(llvm::Constant::getNullValue(In->getElementType()))
                    : unsigned(M) < N ? laneOf(SV->getOperand(0), M)
                                      : laneOf(SV->getOperand(1), M - N));
    if (!Lanes.back())
      return nullptr;
  }
  return vectorLiteral(designType(SV->getType()), Lanes);
}

// Lane L of vector V: the scalar a chain of inserts put there (a splat reads
// as '(float4){x, x, x, x}'), else the lane of V.
ExprPtr ExprLifter::laneOf(llvm::Value *V, unsigned L) {
  while (auto *Ins = llvm::dyn_cast<llvm::InsertElementInst>(V)) {
    auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(Ins->getOperand(2));
    if (!Idx)
      break;
    if (Idx->getZExtValue() == L)
      return value(Ins->getOperand(1));
    V = Ins->getOperand(0);
  }
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    if (const llvm::Constant *E = C->getAggregateElement(L))
      return llvm::isa<llvm::UndefValue>(E)
                 ? constant(llvm::Constant::getNullValue(E->getType()))
                 : constant(E);
  ExprPtr Vec = value(V);
  return Vec ? lane(Vec, L) : nullptr;
}

// A merge of two branches is the C conditional it came from. The condition
// under which the first value arrives is rebuilt from the branches between
// the block that decides (the merge's immediate dominator) and the merge,
// which also covers conditions with '||' and '&&'.
ExprPtr ExprLifter::conditional(llvm::Value *V) {
  auto *Phi = llvm::cast<llvm::PHINode>(V);
  llvm::DomTreeNode *Node = DT.getNode(Phi->getParent());
  llvm::BasicBlock *Decider =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  if (!Decider) {
    reject("a merge of branches without a block that decides between them");
    return nullptr;
  }
  if (Phi->getNumIncomingValues() > 2)
    return conditionalChain(Phi, Decider);
  Memo M;
  ExprPtr Cond;
  if (!edgeCondition(Phi->getIncomingBlock(0), Phi->getParent(), Decider, M, Cond) ||
      !Cond) {
    reject("a merge whose branches cannot be told apart");
    return nullptr;
  }
  llvm::Value *First = Phi->getIncomingValue(0), *Second = Phi->getIncomingValue(1);
  // 'a || b' and 'a && b' as clang emits them.
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(First); C && Phi->getType()->isIntegerTy(1)) {
    ExprPtr B = value(Second);
    if (!B)
      return nullptr;
    return C->isOne() ? logicalOr(Cond, B) : logicalAnd(logicalNot(Cond), B);
  }
  ExprPtr A = value(First);
  ExprPtr B = A ? value(Second) : nullptr;
  return B ? select(Cond, A, B) : nullptr;
}

// A merge of more than two branches ('a && b && c', a chain of '?:'): the
// value of the first edge taken, as a chain of selects over each edge's
// condition (exactly one holds); a constant bool arm reads as '||' or '&&'.
ExprPtr ExprLifter::conditionalChain(llvm::PHINode *Phi, llvm::BasicBlock *Decider) {
  unsigned N = Phi->getNumIncomingValues();
  Memo M;
  llvm::SmallVector<ExprPtr, 4> Conds;
  for (unsigned I = 0; I + 1 < N; ++I) {
    ExprPtr C;
    if (!edgeCondition(Phi->getIncomingBlock(I), Phi->getParent(), Decider, M, C) || !C) {
      reject("a merge whose branches cannot be told apart");
      return nullptr;
    }
    Conds.push_back(C);
  }
  ExprPtr Result = value(Phi->getIncomingValue(N - 1));
  for (unsigned I = N - 1; Result && I-- > 0;) {
    llvm::Value *V = Phi->getIncomingValue(I);
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V); C && Phi->getType()->isIntegerTy(1)) {
      Result = C->isOne() ? logicalOr(Conds[I], Result) : logicalAnd(logicalNot(Conds[I]), Result);
      continue;
    }
    ExprPtr A = value(V);
    Result = A ? select(Conds[I], A, Result) : nullptr;
  }
  return Result;
}

bool ExprLifter::edgeCondition(llvm::BasicBlock *From, llvm::BasicBlock *To,
                               llvm::BasicBlock *Decider, Memo &M, ExprPtr &Cond) {
  ExprPtr Reach;
  if (!reachCondition(From, Decider, M, Reach))
    return false;
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(From->getTerminator());
  if (!Br)
    return false;
  ExprPtr Edge;
  if (Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1)) {
    ExprPtr C = value(Br->getCondition());
    if (!C)
      return false;
    Edge = Br->getSuccessor(0) == To ? C : logicalNot(C);
  }
  Cond = !Reach ? Edge : !Edge ? Reach : logicalAnd(Reach, Edge);
  return true;
}

bool ExprLifter::reachCondition(llvm::BasicBlock *BB, llvm::BasicBlock *Decider,
                                Memo &M, ExprPtr &Cond) {
  if (BB == Decider) {
    Cond = nullptr;
    return true;
  }
  if (auto It = M.find(BB); It != M.end()) {
    Cond = It->second;
    return true;
  }
  if (!DT.dominates(Decider, BB))
    return false;
  // A block that no branch decides besides those whose edges dominate it (it
  // follows the join of 'a && b ? x : y', say) runs when its immediate
  // dominator runs and takes that edge: the paths of the join would only
  // spell a longer 'true', with loop variables in it.
  if (llvm::DomTreeNode *Node = DT.getNode(BB);
      Node && Node->getIDom() && S.innermost()->contains(BB) &&
      joinedGuards(S, DT, BB).empty()) {
    llvm::BasicBlock *P = Node->getIDom()->getBlock();
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    bool Ok = false, Found = false;
    if (Br && Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
      for (llvm::BasicBlock *Succ : Br->successors())
        if (DT.dominates(llvm::BasicBlockEdge(P, Succ), BB)) {
          Ok = edgeCondition(P, Succ, Decider, M, Cond);
          Found = true;
          break;
        }
    if (!Found)
      Ok = reachCondition(P, Decider, M, Cond);
    if (Ok)
      M[BB] = Cond;
    return Ok;
  }
  llvm::SmallVector<ExprPtr, 2> Terms;
  for (llvm::BasicBlock *Pred : llvm::predecessors(BB)) {
    ExprPtr T;
    if (!edgeCondition(Pred, BB, Decider, M, T))
      return false;
    if (!T) {
      Cond = M[BB] = nullptr;
      return true;
    }
    Terms.push_back(T);
  }
  auto negates = [](const Expr &A, const Expr &B) {
    return A.Kind == ExprKind::Not && equal(A.operand(0), B);
  };
  // Both ways out of one branch meet again: 'c || !c' is no condition.
  if (Terms.size() == 2 && (negates(*Terms[0], *Terms[1]) || negates(*Terms[1], *Terms[0]))) {
    Cond = M[BB] = nullptr;
    return true;
  }
  // 'A || (!A && B)' (a short-circuit '||') reads better as 'A || B'.
  if (Terms.size() == 2)
    for (unsigned First = 0; First < 2; ++First) {
      const Expr &Other = *Terms[1 - First];
      if (Other.Kind == ExprKind::And && negates(Other.operand(0), *Terms[First])) {
        Cond = M[BB] = logicalOr(Terms[First], Other.Operands[1]);
        return true;
      }
    }
  ExprPtr Or;
  for (const ExprPtr &T : Terms)
    Or = Or ? logicalOr(Or, T) : T;
  Cond = M[BB] = Or;
  return true;
}

ExprPtr ExprLifter::readCondition(const llvm::Instruction *I) {
  if (auto It = Conditions.find(I); It != Conditions.end())
    return It->second;
  llvm::Loop *Inner = S.innermost();
  llvm::BasicBlock *Entry = Inner->getHeader();
  if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(Entry->getTerminator()))
    for (llvm::BasicBlock *Succ : Br->successors())
      if (Inner->contains(Succ) && Succ != Entry && Br->isConditional())
        Entry = Succ;
  Memo M;
  ExprPtr Cond;
  if (!reachCondition(const_cast<llvm::BasicBlock *>(I->getParent()), Entry, M, Cond)) {
    reject("a read under a condition that cannot be printed");
    return nullptr;
  }
  Conditions[I] = Cond;
  return Cond;
}

ExprPtr ExprLifter::guard(const UREStatement &St) {
  if (auto It = Guards.find(St.Store); It != Guards.end())
    return It->second;
  ExprPtr G = withContext(St.Store, [&]() -> ExprPtr {
    if (llvm::any_of(St.Guards, [](const Guard &G) { return !G.Exact; }))
      return readCondition(St.Store);
    llvm::SmallVector<ExprPtr, 2> Terms;
    for (const Guard &G : St.Guards) {
      ExprPtr C = value(G.Condition);
      if (!C)
        return nullptr;
      Terms.push_back(G.WhenTrue ? C : logicalNot(C));
    }
    return Terms.empty() ? nullptr : allOf(Terms);
  });
  if (!Rejected)
    Guards[St.Store] = G;
  return G;
}

} // namespace t2s
