//===- FromIR.cpp - What IR types and operators are in a design -----------===//

#include "expr/FromIR.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instruction.h"

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

std::optional<std::pair<BinaryOp, bool>> binaryOpOf(unsigned Opcode) {
  switch (Opcode) {
  case llvm::Instruction::Add: case llvm::Instruction::FAdd: return {{BinaryOp::Add, false}};
  case llvm::Instruction::Sub: case llvm::Instruction::FSub: return {{BinaryOp::Sub, false}};
  case llvm::Instruction::Mul: case llvm::Instruction::FMul: return {{BinaryOp::Mul, false}};
  case llvm::Instruction::SDiv: case llvm::Instruction::FDiv: return {{BinaryOp::Div, false}};
  case llvm::Instruction::UDiv: return {{BinaryOp::Div, true}};
  case llvm::Instruction::SRem: case llvm::Instruction::FRem: return {{BinaryOp::Rem, false}};
  case llvm::Instruction::URem: return {{BinaryOp::Rem, true}};
  case llvm::Instruction::Shl: return {{BinaryOp::Shl, false}};
  case llvm::Instruction::AShr: return {{BinaryOp::Shr, false}};
  case llvm::Instruction::LShr: return {{BinaryOp::Shr, true}};
  case llvm::Instruction::And: return {{BinaryOp::And, false}};
  case llvm::Instruction::Or: return {{BinaryOp::Or, false}};
  case llvm::Instruction::Xor: return {{BinaryOp::Xor, false}};
  default: return std::nullopt;
  }
}

CastKind castKindOf(unsigned Opcode, llvm::Type *From, llvm::Type *To) {
  if (From->isIntOrIntVectorTy(1))
    return Opcode == llvm::Instruction::SExt || Opcode == llvm::Instruction::SIToFP
               ? CastKind::BoolToSigned
               : CastKind::BoolToValue;
  if (To->isIntOrIntVectorTy(1) && Opcode == llvm::Instruction::Trunc)
    return CastKind::ToBool;
  if (Opcode == llvm::Instruction::ZExt || Opcode == llvm::Instruction::UIToFP)
    return CastKind::FromUnsigned;
  return CastKind::Plain;
}

} // namespace t2s
