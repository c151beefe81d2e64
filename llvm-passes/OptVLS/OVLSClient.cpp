//===- OVLSClient.cpp - The LLVM side of the OptVLS server ----------------===//

#include "OVLSClient.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"

#include <algorithm>
#include <limits>

namespace t2s {

namespace {

using namespace llvm::PatternMatch;

// Lane L of a (possibly vector) constant integer, if it is one.
std::optional<int64_t> constantLane(const llvm::Value *V, unsigned L) {
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return C->getSExtValue();
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    if (V->getType()->isVectorTy())
      if (auto *E = llvm::dyn_cast_or_null<llvm::ConstantInt>(C->getAggregateElement(L)))
        return E->getSExtValue();
  return std::nullopt;
}

// Adds Scale * (lane L of integer V) to A. Narrow is true under a sign or
// zero extension: then only operations that cannot wrap may be split.
void addIndex(LinearAddress &A, const llvm::Value *V, int64_t Scale, unsigned L,
              bool Narrow, unsigned Depth = 0) {
  if (std::optional<int64_t> C = constantLane(V, L)) {
    A.Offset += *C * Scale;
    return;
  }
  if (Depth < 8) {
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    bool Wide = I && I->getType()->getScalarSizeInBits() >= 64 && !Narrow;
    auto *OBO = llvm::dyn_cast_or_null<llvm::OverflowingBinaryOperator>(I);
    bool NoWrap = OBO && OBO->hasNoSignedWrap();
    const llvm::Value *X, *Y;
    if (I && (Wide || NoWrap) && match(I, m_Add(m_Value(X), m_Value(Y)))) {
      addIndex(A, X, Scale, L, Narrow, Depth + 1);
      addIndex(A, Y, Scale, L, Narrow, Depth + 1);
      return;
    }
    if (I && (Wide || NoWrap) && match(I, m_Sub(m_Value(X), m_Value(Y)))) {
      addIndex(A, X, Scale, L, Narrow, Depth + 1);
      addIndex(A, Y, -Scale, L, Narrow, Depth + 1);
      return;
    }
    // A disjoint 'or' adds without carries; with a non-negative constant it
    // cannot overflow either way, so it also splits under an extension.
    if (I && llvm::isa<llvm::PossiblyDisjointInst>(I) &&
        llvm::cast<llvm::PossiblyDisjointInst>(I)->isDisjoint() &&
        match(I, m_Or(m_Value(X), m_Value(Y)))) {
      std::optional<int64_t> C = constantLane(Y, L);
      if (Wide || (C && *C >= 0)) {
        addIndex(A, X, Scale, L, Narrow, Depth + 1);
        addIndex(A, Y, Scale, L, Narrow, Depth + 1);
        return;
      }
    }
    if (I && (Wide || NoWrap) && match(I, m_Mul(m_Value(X), m_Value(Y))))
      if (std::optional<int64_t> C = constantLane(Y, L)) {
        addIndex(A, X, Scale * *C, L, Narrow, Depth + 1);
        return;
      }
    if (I && (Wide || NoWrap) && match(I, m_Shl(m_Value(X), m_Value(Y))))
      if (std::optional<int64_t> C = constantLane(Y, L); C && *C >= 0 && *C < 32) {
        addIndex(A, X, Scale * (int64_t(1) << *C), L, Narrow, Depth + 1);
        return;
      }
    if (match(V, m_SExt(m_Value(X)))) {
      addIndex(A, X, Scale, L, true, Depth + 1);
      return;
    }
    if (auto *Z = llvm::dyn_cast<llvm::ZExtInst>(V); Z && Z->hasNonNeg()) {
      addIndex(A, Z->getOperand(0), Scale, L, true, Depth + 1);
      return;
    }
    // A splat: every lane is the scalar it broadcasts.
    if (auto *SV = llvm::dyn_cast<llvm::ShuffleVectorInst>(V))
      if (llvm::all_of(SV->getShuffleMask(), [](int M) { return M == 0; }))
        if (auto *IE = llvm::dyn_cast<llvm::InsertElementInst>(SV->getOperand(0)))
          if (match(IE->getOperand(2), m_Zero())) {
            addIndex(A, IE->getOperand(1), Scale, 0, Narrow, Depth + 1);
            return;
          }
  }
  A.Terms[V] += Scale;
  if (A.Terms[V] == 0)
    A.Terms.erase(V);
}

bool isVectorTerm(const LinearAddress &A) {
  for (auto &[V, S] : A.Terms)
    if (V->getType()->isVectorTy())
      return true;
  return false;
}

// Instructions strictly between A and B in their block (A before B).
template <class F> bool forEachBetween(llvm::Instruction *A, llvm::Instruction *B, F Visit) {
  for (llvm::Instruction *I = A->getNextNode(); I && I != B; I = I->getNextNode())
    if (!Visit(I))
      return false;
  return true;
}

// Whether the lanes of vector access I are iterations of a loop declared
// free of dependences between iterations ('#pragma clang loop
// vectorize(assume_safety)', OpenMP simd): I's block closes a loop the loop
// vectorizer wrote (llvm.loop.isvectorized; its body is one block, so lanes
// are its iterations), and that loop lists an access group of I as parallel.
bool lanesAreParallelIterations(const llvm::Instruction *I) {
  const llvm::MDNode *Groups = I->getMetadata(llvm::LLVMContext::MD_access_group);
  const llvm::Instruction *Back = I->getParent()->getTerminator();
  llvm::MDNode *Loop = Back ? Back->getMetadata(llvm::LLVMContext::MD_loop) : nullptr;
  if (!Groups || !Loop || !llvm::findOptionMDForLoopID(Loop, "llvm.loop.isvectorized"))
    return false;
  llvm::MDNode *Parallel = llvm::findOptionMDForLoopID(Loop, "llvm.loop.parallel_accesses");
  if (!Parallel)
    return false;
  // An access group is an empty node; an access in several lists them.
  auto isGroupOfI = [&](const llvm::MDOperand &G) {
    return G.get() == Groups || llvm::is_contained(Groups->operands(), G.get());
  };
  return llvm::any_of(llvm::drop_begin(Parallel->operands()), isGroupOfI);
}

} // namespace

std::optional<LinearAddress> decomposeLane(const llvm::Value *P, unsigned Lane,
                                           const llvm::DataLayout &DL) {
  LinearAddress A;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    auto *GEP = llvm::dyn_cast<llvm::GEPOperator>(P);
    if (!GEP)
      break;
    A.Inbounds &= GEP->isInBounds();
    for (auto GTI = llvm::gep_type_begin(GEP), E = llvm::gep_type_end(GEP); GTI != E;
         ++GTI) {
      const llvm::Value *Idx = GTI.getOperand();
      if (llvm::StructType *STy = GTI.getStructTypeOrNull()) {
        std::optional<int64_t> F = constantLane(Idx, Lane);
        if (!F)
          return std::nullopt;
        A.Offset += DL.getStructLayout(STy)->getElementOffset(unsigned(*F));
        continue;
      }
      llvm::TypeSize Stride = GTI.getSequentialElementStride(DL);
      if (Stride.isScalable())
        return std::nullopt;
      addIndex(A, Idx, int64_t(Stride.getFixedValue()), Lane, false);
    }
    P = GEP->getPointerOperand();
  }
  // A splat of one pointer: every lane is that pointer.
  if (auto *SV = llvm::dyn_cast<llvm::ShuffleVectorInst>(P))
    if (llvm::all_of(SV->getShuffleMask(), [](int M) { return M == 0; }))
      if (auto *IE = llvm::dyn_cast<llvm::InsertElementInst>(SV->getOperand(0)))
        if (match(IE->getOperand(2), m_Zero()))
          P = IE->getOperand(1);
  A.Root = P;
  return A;
}

LLVMMemref::LLVMMemref(Form F, llvm::Instruction *I,
                       llvm::ArrayRef<llvm::LoadInst *> Lanes,
                       llvm::ArrayRef<LinearAddress> Addresses, OVLSType Type,
                       llvm::ArrayRef<bool> Mask, llvm::Value *RuntimeMask,
                       llvm::Type *ElementType, unsigned Position,
                       llvm::AAResults &AA)
    : OVLSMemref(Type,
                 F == Scatter ? OVLSAccessType::IndexedStore : OVLSAccessType::IndexedLoad,
                 Mask),
      F(F), I(I), Lanes(Lanes.begin(), Lanes.end()),
      Addresses(Addresses.begin(), Addresses.end()), RuntimeMask(RuntimeMask),
      ElementType(ElementType), Position(Position), AA(AA) {}

llvm::Align LLVMMemref::getAlign() const {
  if (F == ScalarizedGather)
    return Lanes.front()->getAlign();
  auto *II = llvm::cast<llvm::IntrinsicInst>(I);
  unsigned Arg = F == Gather ? 1 : 2;
  uint64_t A = llvm::cast<llvm::ConstantInt>(II->getArgOperand(Arg))->getZExtValue();
  return llvm::Align(A ? A : 1);
}

namespace {

// Lane L of the integer vector V as a scalar computed before Before: a lane
// of a vector loaded from memory is loaded again as a scalar (cheaper than
// moving it out of a vector register), extensions and arithmetic with
// constants are redone on the scalar, anything else is extracted.
llvm::Value *scalarLane(llvm::Value *V, unsigned L, llvm::Instruction *Before,
                        llvm::AAResults &AA, unsigned Depth = 0) {
  llvm::IRBuilder<> B(Before);
  if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
    return C->getAggregateElement(L);
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (I && Depth < 6) {
    if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(I); Cast &&
        (llvm::isa<llvm::SExtInst>(Cast) || llvm::isa<llvm::ZExtInst>(Cast) ||
         llvm::isa<llvm::TruncInst>(Cast)))
      return B.CreateCast(Cast->getOpcode(),
                          scalarLane(Cast->getOperand(0), L, Before, AA, Depth + 1),
                          Cast->getType()->getScalarType());
    if (auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I);
        BO && llvm::isa<llvm::Constant>(BO->getOperand(1))) {
      llvm::Value *R = B.CreateBinOp(BO->getOpcode(),
                                     scalarLane(BO->getOperand(0), L, Before, AA, Depth + 1),
                                     scalarLane(BO->getOperand(1), L, Before, AA, Depth + 1));
      if (auto *RI = llvm::dyn_cast<llvm::Instruction>(R))
        RI->copyIRFlags(BO);
      return R;
    }
    auto *Ld = llvm::dyn_cast<llvm::LoadInst>(I);
    if (Ld && Ld->isSimple() && Ld->getParent() == Before->getParent() &&
        Ld->comesBefore(Before) && !Ld->getPointerOperandType()->isVectorTy()) {
      // Nothing between the vector load and here may write what it read.
      bool Clean = true;
      for (llvm::Instruction *X = Ld->getNextNode(); X && X != Before; X = X->getNextNode())
        if (X->mayWriteToMemory() &&
            llvm::isModSet(AA.getModRefInfo(X, llvm::MemoryLocation::get(Ld))))
          Clean = false;
      if (Clean) {
        llvm::Type *E = Ld->getType()->getScalarType();
        llvm::Value *P = B.CreateConstInBoundsGEP1_64(E, Ld->getPointerOperand(), L);
        llvm::LoadInst *S = B.CreateLoad(E, P, "optvls.index");
        S->setAlignment(llvm::commonAlignment(Ld->getAlign(),
                                              L * (E->getPrimitiveSizeInBits() / 8)));
        S->copyMetadata(*Ld, {llvm::LLVMContext::MD_tbaa, llvm::LLVMContext::MD_noalias,
                              llvm::LLVMContext::MD_alias_scope});
        return S;
      }
    }
  }
  return B.CreateExtractElement(V, B.getInt64(L));
}

// Lane L of a vector of pointers as a scalar pointer computed before Before:
// its GEPs redone on scalars where their operands allow.
llvm::Value *scalarPointer(llvm::Value *V, unsigned L, llvm::Instruction *Before,
                           llvm::AAResults &AA, unsigned Depth = 0) {
  llvm::IRBuilder<> B(Before);
  auto *GEP = llvm::dyn_cast<llvm::GetElementPtrInst>(V);
  if (!V->getType()->isVectorTy())
    return V;
  if (!GEP || Depth > 4)
    return B.CreateExtractElement(V, B.getInt64(L), "optvls.lane");
  llvm::Value *Base = scalarPointer(GEP->getPointerOperand(), L, Before, AA, Depth + 1);
  llvm::SmallVector<llvm::Value *, 4> Indices;
  for (llvm::Value *Idx : GEP->indices())
    Indices.push_back(Idx->getType()->isVectorTy() ? scalarLane(Idx, L, Before, AA) : Idx);
  return B.CreateGEP(GEP->getSourceElementType(), Base, Indices, "optvls.lane",
                     GEP->getNoWrapFlags());
}

} // namespace

llvm::Value *LLVMMemref::lanePointer(unsigned L, llvm::Instruction *Before) const {
  if (F == ScalarizedGather)
    return Lanes[L]->getPointerOperand();
  llvm::Value *Ptrs = F == Gather ? I->getOperand(0) : I->getOperand(1);
  return scalarPointer(Ptrs, L, Before, AA);
}

llvm::Value *LLVMMemref::getDataOperand() const {
  if (F == ScalarizedGather)
    return nullptr;
  return F == Gather ? I->getOperand(3) : I->getOperand(0);
}

llvm::Instruction *LLVMMemref::getFirstInstruction() const {
  if (F != ScalarizedGather)
    return I;
  llvm::Instruction *First = Lanes.front();
  for (llvm::LoadInst *L : Lanes)
    if (L->comesBefore(First))
      First = L;
  return First;
}

bool LLVMMemref::isInbounds() const {
  return llvm::all_of(Addresses, [&](const LinearAddress &A) {
    return A.Inbounds && A.Root == Addresses.front().Root;
  });
}

bool LLVMMemref::isAConstDistanceFrom(const OVLSMemref &Other, int64_t *Dist) const {
  auto &O = static_cast<const LLVMMemref &>(Other);
  if (O.Addresses.size() != Addresses.size() || Addresses.empty())
    return false;
  std::optional<int64_t> D;
  for (unsigned L = 0; L < Addresses.size(); ++L) {
    if (!Addresses[L].sameBase(O.Addresses[L]))
      return false;
    int64_t Here = Addresses[L].Offset - O.Addresses[L].Offset;
    if (D && *D != Here)
      return false;
    D = Here;
  }
  *Dist = *D;
  return true;
}

bool LLVMMemref::haveSameNumElements(const OVLSMemref &Other) const {
  return getNumElements() == Other.getNumElements();
}

bool LLVMMemref::hasAConstStride(int64_t *Stride) const {
  if (Addresses.size() < 2)
    return false;
  std::optional<int64_t> S;
  for (unsigned L = 0; L + 1 < Addresses.size(); ++L) {
    // Lanes of a vector term differ in unknown ways.
    if (!Addresses[L].sameBase(Addresses[L + 1]) || isVectorTerm(Addresses[L]))
      return false;
    int64_t Here = Addresses[L + 1].Offset - Addresses[L].Offset;
    if (S && *S != Here)
      return false;
    S = Here;
  }
  *Stride = *S;
  return true;
}

bool LLVMMemref::hasDisjointLaneChunks(uint64_t ChunkBytes) const {
  if (OVLSMemref::hasDisjointLaneChunks(ChunkBytes))
    return true;
  // Lanes that are independent iterations never write the same bytes.
  return F == Scatter && lanesAreParallelIterations(I);
}

bool LLVMMemref::writesApartFrom(const llvm::Instruction *X) const {
  auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(X);
  if (F != Scatter || !II || II->getIntrinsicID() != llvm::Intrinsic::masked_scatter ||
      !lanesAreParallelIterations(I) || !lanesAreParallelIterations(II))
    return false;
  auto *VT = llvm::cast<llvm::FixedVectorType>(II->getArgOperand(0)->getType());
  if (VT->getNumElements() != Addresses.size())
    return false;
  const llvm::DataLayout &DL = I->getDataLayout();
  int64_t Mine = int64_t(getElementBytes());
  int64_t Theirs = int64_t(DL.getTypeStoreSize(VT->getElementType()));
  for (unsigned L = 0; L < Addresses.size(); ++L) {
    std::optional<LinearAddress> A = decomposeLane(II->getArgOperand(1), L, DL);
    if (!A || !A->sameBase(Addresses[L]))
      return false;
    // X writes [D, D + Theirs) relative to this lane's [0, Mine).
    int64_t D = A->Offset - Addresses[L].Offset;
    if (D < Mine && D + Theirs > 0)
      return false;
  }
  return true;
}

bool LLVMMemref::canMoveTo(const OVLSMemref &Other) const {
  auto &O = static_cast<const LLVMMemref &>(Other);
  llvm::Instruction *Here = getFirstInstruction(), *There = O.getFirstInstruction();
  if (Here->getParent() != There->getParent())
    return false;
  if (Here == There)
    return true;
  // The objects this memref reads or writes, for the alias queries.
  llvm::SmallVector<const llvm::Value *, 2> Objects;
  for (const LinearAddress &A : Addresses) {
    const llvm::Value *Obj = llvm::getUnderlyingObject(A.Root);
    if (!llvm::is_contained(Objects, Obj))
      Objects.push_back(Obj);
  }
  // The alias metadata of this memref's accesses (a scalarized gather's lane
  // loads share it; a conservative merge in case they do not): scopes from
  // inlined restrict arguments and TBAA tell apart what the underlying
  // objects alone cannot.
  llvm::AAMDNodes MemAA = F == ScalarizedGather ? Lanes[0]->getAAMetadata()
                                                : I->getAAMetadata();
  if (F == ScalarizedGather)
    for (llvm::LoadInst *L : Lanes)
      MemAA = MemAA.merge(L->getAAMetadata());
  auto mayTouch = [&](llvm::Instruction *X, bool Writes) {
    if (Writes ? !X->mayWriteToMemory() : !X->mayReadOrWriteMemory())
      return false;
    const llvm::Value *Ptr = nullptr;
    if (auto *St = llvm::dyn_cast<llvm::StoreInst>(X))
      Ptr = St->getPointerOperand();
    else if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(X))
      Ptr = Ld->getPointerOperand();
    if (!Ptr)
      return true; // a call, an intrinsic: assume it may
    const llvm::Value *XObj = llvm::getUnderlyingObject(Ptr);
    return llvm::any_of(Objects, [&](const llvm::Value *Obj) {
      return AA.alias(llvm::MemoryLocation::getBeforeOrAfter(Obj, MemAA),
                      llvm::MemoryLocation::getBeforeOrAfter(XObj, X->getAAMetadata())) !=
             llvm::AliasResult::NoAlias;
    });
  };
  if (isLoad()) {
    // Moves up to There: its addresses must exist there, and nothing in
    // between may write what it reads.
    if (!There->comesBefore(Here))
      return true; // later: the group is emitted at its first member
    auto available = [&](llvm::Value *V) {
      auto *VI = llvm::dyn_cast<llvm::Instruction>(V);
      return !VI || VI->getParent() != There->getParent() || VI->comesBefore(There);
    };
    if (F == ScalarizedGather) {
      for (llvm::LoadInst *L : Lanes)
        if (!available(L->getPointerOperand()))
          return false;
    } else {
      for (llvm::Value *Op : llvm::cast<llvm::CallInst>(I)->args())
        if (!available(Op))
          return false;
    }
    bool Clean = forEachBetween(There, Here, [&](llvm::Instruction *X) {
      return !mayTouch(X, /*Writes=*/true);
    });
    if (F == ScalarizedGather) // and between its own lane loads
      for (llvm::LoadInst *L : Lanes)
        Clean &= forEachBetween(Here, L, [&](llvm::Instruction *X) {
          return !mayTouch(X, true);
        });
    return Clean;
  }
  // A store moves down to There: nothing in between may read or write what
  // it writes (another scatter of the same independent iterations may sit
  // there when it writes other bytes of each lane).
  if (!Here->comesBefore(There))
    return true;
  return forEachBetween(Here, There, [&](llvm::Instruction *X) {
    return !mayTouch(X, /*Writes=*/false) || writesApartFrom(X);
  });
}

void LLVMMemref::print(llvm::raw_ostream &OS) const {
  switch (F) {
  case Gather: OS << "gather"; break;
  case Scatter: OS << "scatter"; break;
  case ScalarizedGather: OS << "scalarized gather"; break;
  }
  OS << " of <" << getNumElements() << " x " << *ElementType << ">";
}

llvm::FixedVectorType *TTICostModel::vectorType(OVLSType Ty) const {
  llvm::Type *E = ElementType;
  if (E->getPrimitiveSizeInBits() != Ty.getElementBits())
    E = llvm::IntegerType::get(ElementType->getContext(), Ty.getElementBits());
  return llvm::FixedVectorType::get(E, Ty.getNumElements());
}

namespace {
// Whether every 128-bit lane of the result is one whole 128-bit lane of a
// source (or undefined): what vinsertf128 and vperm2f128 do.
bool movesWholeLanes(OVLSType SrcTy, llvm::ArrayRef<int> Mask) {
  constexpr unsigned LaneBits = 128;
  unsigned N = SrcTy.getNumElements(), EB = SrcTy.getElementBits();
  unsigned E = LaneBits / EB;
  if (!E || N % E || Mask.size() % E)
    return false;
  for (unsigned R = 0; R < Mask.size(); R += E) {
    int First = -1;
    for (unsigned K = 0; K < E; ++K)
      if (Mask[R + K] >= 0)
        First = Mask[R + K] - int(K);
    if (First < 0)
      continue; // an undefined lane
    if (First % int(E))
      return false;
    for (unsigned K = 0; K < E; ++K)
      if (Mask[R + K] >= 0 && Mask[R + K] != First + int(K))
        return false;
  }
  return true;
}

int64_t value(llvm::InstructionCost C) {
  if (!C.isValid())
    return std::numeric_limits<int32_t>::max();
  return *C.getValue();
}
} // namespace

int64_t TTICostModel::getGatherScatterCost(const OVLSMemref &M) const {
  auto &LM = static_cast<const LLVMMemref &>(M);
  auto *VT = vectorType(M.getType());
  constexpr auto Kind = llvm::TargetTransformInfo::TCK_RecipThroughput;
  if (LM.getForm() == LLVMMemref::ScalarizedGather) {
    llvm::InstructionCost C = TTI.getScalarizationOverhead(
        VT, llvm::APInt::getAllOnes(VT->getNumElements()), /*Insert=*/true,
        /*Extract=*/false, Kind);
    for (llvm::LoadInst *L : LM.getLaneLoads())
      C += TTI.getMemoryOpCost(llvm::Instruction::Load, L->getType(), L->getAlign(),
                               L->getPointerAddressSpace(), Kind);
    return value(C);
  }
  bool IsLoad = LM.getForm() == LLVMMemref::Gather;
  return getVectorizerGatherScatterCost(
      TTI, VT, IsLoad, LM.getInstruction()->getOperand(IsLoad ? 0 : 1), LM.getAlign(),
      LM.getRuntimeMask() != nullptr, LM.getInstruction());
}

int64_t getVectorizerGatherScatterCost(const llvm::TargetTransformInfo &TTI,
                                       llvm::FixedVectorType *VT, bool IsLoad,
                                       const llvm::Value *Ptrs, llvm::Align A,
                                       bool VariableMask, const llvm::Instruction *I) {
  constexpr auto Kind = llvm::TargetTransformInfo::TCK_RecipThroughput;
  unsigned Opcode = IsLoad ? llvm::Instruction::Load : llvm::Instruction::Store;
  // A gather or scatter moves its elements one by one through the load or
  // store ports (x86 microcodes it): it costs at least the element accesses
  // and the lane moves of its scalarized form. Target models that price it
  // below that (AMD Zen in LLVM 19) would keep groups the machine runs
  // faster as contiguous accesses and shuffles.
  llvm::InstructionCost Scalar = TTI.getScalarizationOverhead(
      VT, llvm::APInt::getAllOnes(VT->getNumElements()), /*Insert=*/IsLoad,
      /*Extract=*/!IsLoad, Kind);
  Scalar += TTI.getMemoryOpCost(Opcode, VT->getElementType(), A, 0, Kind) *
            VT->getNumElements();
  bool Legal = IsLoad ? TTI.isLegalMaskedGather(VT, A) : TTI.isLegalMaskedScatter(VT, A);
  if (!I && !Legal)
    return value(Scalar);
  llvm::InstructionCost Vector =
      TTI.getGatherScatterOpCost(Opcode, VT, Ptrs, VariableMask, A, Kind, I);
  return std::max(value(Vector), value(Scalar));
}

int64_t TTICostModel::getContiguousMemOpCost(bool IsLoad, OVLSType Ty,
                                             llvm::ArrayRef<bool> Mask) const {
  auto *VT = vectorType(Ty);
  unsigned Opcode = IsLoad ? llvm::Instruction::Load : llvm::Instruction::Store;
  llvm::Align A(Ty.getElementBytes());
  int64_t Cost = !llvm::is_contained(Mask, false)
                     ? value(TTI.getMemoryOpCost(Opcode, VT, A, 0))
                     : value(TTI.getMaskedMemoryOpCost(Opcode, VT, A, 0));
  // An odd-sized load block may be read as a masked load of the next power
  // of two (what the pass emits when that is cheaper).
  unsigned N = Ty.getNumElements();
  if (IsLoad && !llvm::isPowerOf2_32(N)) {
    auto *Wide = llvm::FixedVectorType::get(VT->getElementType(), llvm::PowerOf2Ceil(N));
    Cost = std::min(Cost, value(TTI.getMaskedMemoryOpCost(Opcode, Wide, A, 0)));
  }
  return Cost;
}

bool crossesLanes(OVLSType SrcTy, llvm::ArrayRef<int> Mask) {
  constexpr unsigned LaneBits = 128;
  unsigned N = SrcTy.getNumElements(), EB = SrcTy.getElementBits();
  for (unsigned I = 0; I < Mask.size(); ++I) {
    if (Mask[I] < 0)
      continue;
    unsigned From = unsigned(Mask[I]) % N;
    if (From * EB / LaneBits != I * EB / LaneBits)
      return true;
  }
  return false;
}

int64_t TTICostModel::getShuffleCost(OVLSType SrcTy, llvm::ArrayRef<int> Mask) const {
  // An odd-sized vector (the 3 fields of a record, loaded as a masked 4) is
  // widened to the next power of two by the back end, and so is its
  // shuffle; TTI prices the odd type as if it were split into pieces.
  unsigned N = SrcTy.getNumElements();
  if (!llvm::isPowerOf2_32(N) || !llvm::isPowerOf2_64(Mask.size())) {
    unsigned Wide = unsigned(llvm::PowerOf2Ceil(N));
    llvm::SmallVector<int, 16> WideMask;
    for (int M : Mask)
      WideMask.push_back(M < int(N) ? M : M - int(N) + int(Wide));
    WideMask.resize(llvm::PowerOf2Ceil(Mask.size()), -1);
    return getShuffleCost(OVLSType(Wide, SrcTy.getElementBits()), WideMask);
  }
  auto *VT = vectorType(SrcTy);
  bool TwoSources = llvm::any_of(
      Mask, [&](int M) { return M >= int(SrcTy.getNumElements()); });
  int64_t Cost = value(TTI.getShuffleCost(
      TwoSources ? llvm::TargetTransformInfo::SK_PermuteTwoSrc
                 : llvm::TargetTransformInfo::SK_PermuteSingleSrc,
      VT, Mask));
  // TTI prices every two-source permute of a 256-bit vector as a generic
  // one (3 on x86); the back end emits one instruction for two classes of
  // them (llvm-mca-19 agrees): moves of whole 128-bit lanes (vinsertf128,
  // vperm2f128) and in-lane selections of 64-bit elements (vunpcklpd,
  // vshufpd, vblendpd).
  bool InLane = !crossesLanes(SrcTy, Mask);
  if (movesWholeLanes(SrcTy, Mask) || (InLane && SrcTy.getElementBits() == 64))
    Cost = std::min<int64_t>(Cost, 1);
  // TTI sums reciprocal throughputs as if every instruction used one
  // resource; lane-crossing shuffles share a few pipes and cost more than
  // that sum says when a sequence is made of them (measured, see the docs).
  if (CrossLanePercent != 100 && !InLane)
    Cost = (Cost * CrossLanePercent + 99) / 100;
  return Cost;
}

} // namespace t2s
