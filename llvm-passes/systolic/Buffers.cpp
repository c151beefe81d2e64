//===- Buffers.cpp - The off-chip buffers of a design ---------------------===//

#include "systolic/Buffers.h"
#include "ure/UREModel.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Operator.h"

#include <algorithm>
#include <utility>

namespace t2s {

namespace {

// The values an index takes over the nest: [min, max].
std::optional<std::pair<int64_t, int64_t>> range(const URESystem &S, llvm::Value *V) {
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V))
    return std::pair{C->getSExtValue(), C->getSExtValue()};
  for (const URELoop &L : S.Loops)
    if (V == L.IV)
      return std::pair{L.Lower, L.Upper - 1};
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

// One past the largest flattened index of A (of element type Elem) that the
// nest can touch, if every index is affine in the loops.
std::optional<uint64_t> extentOf(const URESystem &S, const llvm::DataLayout &DL,
                                 const llvm::Argument *A, llvm::Type *Elem) {
  uint64_t ElemSize = DL.getTypeAllocSize(Elem);
  int64_t Max = -1;
  for (llvm::BasicBlock *BB : S.innermost()->blocks())
    for (llvm::Instruction &I : *BB) {
      llvm::Value *Ptr = llvm::getLoadStorePointerOperand(&I);
      if (!Ptr)
        continue;
      llvm::APInt Offset(64, 0);
      llvm::SmallVector<std::pair<llvm::Value *, int64_t>, 4> Terms;
      llvm::Value *P = Ptr;
      while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
        llvm::MapVector<llvm::Value *, llvm::APInt> Vars;
        llvm::APInt Const(64, 0);
        if (!G->collectOffset(DL, 64, Vars, Const))
          return std::nullopt;
        Offset += Const;
        for (auto &[V, Scale] : Vars)
          Terms.push_back({V, Scale.getSExtValue()});
        P = G->getPointerOperand();
      }
      if (P != A)
        continue;
      int64_t Hi = Offset.getSExtValue(), Lo = Hi;
      for (auto [V, Scale] : Terms) {
        std::optional<std::pair<int64_t, int64_t>> R = range(S, V);
        if (!R)
          return std::nullopt;
        Hi += std::max(Scale * R->first, Scale * R->second);
        Lo += std::min(Scale * R->first, Scale * R->second);
      }
      if (Lo < 0)
        return std::nullopt;
      Max = std::max(Max, Hi / int64_t(ElemSize));
    }
  if (Max < 0)
    return std::nullopt;
  return uint64_t(Max) + 1;
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
  for (DesignBuffer &B : Buffers)
    B.Extent = extentOf(S, DL, B.Arg, B.Element);
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
