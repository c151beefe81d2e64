//===- IRTypes.cpp - The design type of an IR type ------------------------===//

#include "expr/IRTypes.h"

#include "llvm/IR/DerivedTypes.h"

namespace t2s {

DType designType(llvm::Type *T) {
  const DType None{DType::Kind::Int, 0, 1}; // no C name
  if (auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(T)) {
    DType E = designType(VT->getElementType());
    if (E.Bits == 0 || VT->getNumElements() < 2)
      return None;
    return E.withLanes(VT->getNumElements());
  }
  if (T->isIntegerTy(1))
    return DType::boolean();
  if (T->isIntegerTy(8) || T->isIntegerTy(16) || T->isIntegerTy(32) || T->isIntegerTy(64))
    return DType::integer(T->getIntegerBitWidth());
  if (T->isHalfTy())
    return DType::floating(16);
  if (T->isFloatTy())
    return DType::floating(32);
  if (T->isDoubleTy())
    return DType::floating(64);
  return None;
}

} // namespace t2s
