//===- OVLSInstruction.cpp - The abstract optimized sequence --------------===//
//
// Construction checks and the textual dump of OVLS instructions.
//
//===----------------------------------------------------------------------===//

#include "OVLSInstruction.h"
#include "OVLSShuffleGraph.h"

#include "llvm/Support/Casting.h"

#include <cassert>

namespace t2s {

namespace {

void printMask(llvm::raw_ostream &OS, llvm::ArrayRef<bool> Mask) {
  for (bool B : Mask)
    OS << (B ? '1' : '0');
}

void printOperand(llvm::raw_ostream &OS, const OVLSInstruction *I) {
  if (!I) {
    OS << "undef";
    return;
  }
  I->getType().print(OS);
  OS << " %" << I->getId();
}

} // namespace

OVLSInstruction::~OVLSInstruction() = default;

std::string OVLSInstruction::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  return OS.str();
}

void OVLSAddress::print(llvm::raw_ostream &OS) const {
  OS << "[lane " << Lane << " of ";
  if (Base)
    Base->print(OS);
  else
    OS << "?";
  OS << " + " << ByteOffset << ']';
}

void OVLSLoad::print(llvm::raw_ostream &OS) const {
  OS << '%' << getId() << " = load ";
  getType().print(OS);
  OS << ", ";
  Address.print(OS);
  OS << ", mask ";
  printMask(OS, Mask);
}

void OVLSStore::print(llvm::raw_ostream &OS) const {
  OS << "store ";
  printOperand(OS, Value);
  OS << ", ";
  Address.print(OS);
  OS << ", mask ";
  printMask(OS, Mask);
}

OVLSShuffle::OVLSShuffle(uint32_t Id, const OVLSInstruction *Op1,
                         const OVLSInstruction *Op2, llvm::ArrayRef<int> Mask)
    : OVLSInstruction(Shuffle, Id,
                      OVLSType(uint32_t(Mask.size()),
                               Op1->getType().getElementBits())),
      Op1(Op1), Op2(Op2), Mask(Mask.begin(), Mask.end()) {
  assert((!Op2 || Op2->getType() == Op1->getType()) &&
         "shuffle operands must have the same type");
#ifndef NDEBUG
  int Limit = int(Op1->getType().getNumElements()) * (Op2 ? 2 : 1);
  for (int M : Mask)
    assert(M >= -1 && M < Limit && "shuffle mask index out of range");
#endif
}

void OVLSShuffle::print(llvm::raw_ostream &OS) const {
  OS << '%' << getId() << " = shuffle ";
  printOperand(OS, Op1);
  OS << ", ";
  printOperand(OS, Op2);
  OS << ", <";
  for (size_t I = 0; I < Mask.size(); ++I) {
    if (I)
      OS << ", ";
    if (Mask[I] < 0)
      OS << 'u';
    else
      OS << Mask[I];
  }
  OS << '>';
}

void OVLSScatterValue::print(llvm::raw_ostream &OS) const {
  OS << '%' << getId() << " = value stored by ";
  Memref->print(OS);
}

OVLSSequence::OVLSSequence() = default;
OVLSSequence::OVLSSequence(OVLSSequence &&) = default;
OVLSSequence &OVLSSequence::operator=(OVLSSequence &&) = default;
OVLSSequence::~OVLSSequence() = default;

void OVLSSequence::setGraph(std::unique_ptr<OVLSShuffleGraph> G) {
  Graph = std::move(G);
}

void OVLSSequence::clear() {
  Insts.clear();
  Results.clear();
  Cost = OriginalCost = MemoryCost = ShuffleCost = 0;
  Graph.reset();
}

size_t OVLSSequence::count(OVLSInstruction::InstKind Kind) const {
  size_t N = 0;
  for (const auto &I : Insts)
    N += I->getKind() == Kind;
  return N;
}

void OVLSSequence::print(llvm::raw_ostream &OS) const {
  for (const auto &I : Insts) {
    I->print(OS);
    OS << '\n';
  }
  for (const auto &[Memref, Value] : Results) {
    OS << "; result of ";
    Memref->print(OS);
    OS << " is %" << Value->getId() << '\n';
  }
  OS << "; cost " << Cost << " (original " << OriginalCost << ")\n";
}

std::string OVLSSequence::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  return OS.str();
}

} // namespace t2s
