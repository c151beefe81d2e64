//===- OVLSClient.h - The LLVM side of the OptVLS server --------*- C++ -*-===//
//
// What the t2s-optvls pass tells the IR-agnostic server about LLVM IR:
//
//  * LLVMMemref: one vector access - an llvm.masked.gather / masked.scatter,
//    or the scalarized form of a gather (one scalar load per lane feeding a
//    chain of insertelements) - with each lane's address decomposed into
//    root pointer + sum of scale * variable + constant, so that two memrefs
//    are at a constant distance when only the constants differ;
//  * TTICostModel: the server's questions about costs, answered by
//    TargetTransformInfo (reciprocal throughput), with shuffles that move
//    elements across 128-bit lanes weighted by a factor measured on the
//    machine (docs/optvls-cost-model.md).
//
// Preconditions: the memrefs of one function, in program order; a memref's
// lane mask is a constant, or one runtime mask shared by the group (the pass
// then uses the per-lane layout and masks each lane's block by its bit).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSCLIENT_H
#define T2S_OPTVLS_OVLSCLIENT_H

#include "OVLSCostModel.h"
#include "OVLSTypes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Instructions.h"

#include <map>
#include <optional>

namespace llvm {
class AAResults;
class DataLayout;
class TargetTransformInfo;
} // namespace llvm

namespace t2s {

/// root + sum(Terms[v] * v) + Offset, in bytes; Inbounds if every GEP on the
/// way was inbounds (the bytes between two such addresses of one root belong
/// to the same object).
struct LinearAddress {
  const llvm::Value *Root = nullptr;
  std::map<const llvm::Value *, int64_t> Terms;
  int64_t Offset = 0;
  bool Inbounds = true;

  bool sameBase(const LinearAddress &O) const {
    return Root == O.Root && Terms == O.Terms;
  }
};

/// Decomposes lane \p Lane of a pointer (or vector of pointers) \p P.
std::optional<LinearAddress> decomposeLane(const llvm::Value *P, unsigned Lane,
                                           const llvm::DataLayout &DL);

class LLVMMemref : public OVLSMemref {
public:
  enum Form { Gather, Scatter, ScalarizedGather };

private:
  Form F;
  llvm::Instruction *I; // the intrinsic call, or the last insertelement
  llvm::SmallVector<llvm::LoadInst *, 16> Lanes; // scalarized: load per lane
  llvm::SmallVector<LinearAddress, 16> Addresses;  // per lane
  llvm::Value *RuntimeMask = nullptr;              // a non-constant mask
  llvm::Type *ElementType;
  unsigned Position; // in program order within the block
  llvm::AAResults &AA;

public:
  LLVMMemref(Form F, llvm::Instruction *I, llvm::ArrayRef<llvm::LoadInst *> Lanes,
             llvm::ArrayRef<LinearAddress> Addresses, OVLSType Type,
             llvm::ArrayRef<bool> Mask, llvm::Value *RuntimeMask,
             llvm::Type *ElementType, unsigned Position, llvm::AAResults &AA);

  Form getForm() const { return F; }
  llvm::Instruction *getInstruction() const { return I; }
  llvm::ArrayRef<llvm::LoadInst *> getLaneLoads() const { return Lanes; }
  const LinearAddress &getAddress(unsigned Lane) const { return Addresses[Lane]; }
  llvm::Value *getRuntimeMask() const { return RuntimeMask; }
  llvm::Type *getElementType() const { return ElementType; }
  llvm::Align getAlign() const;
  /// The pointer of lane L, as an IR value (emitted before \p Before if it
  /// must be extracted from a vector).
  llvm::Value *lanePointer(unsigned L, llvm::Instruction *Before) const;
  /// The stored vector, for a scatter; the passthru, for a gather.
  llvm::Value *getDataOperand() const;
  /// Where this memref's code is: the call, or the first lane load.
  llvm::Instruction *getFirstInstruction() const;
  /// Whether every address is inbounds of one root, so that the bytes between
  /// two of them are dereferenceable when both are.
  bool isInbounds() const;

  bool isAConstDistanceFrom(const OVLSMemref &Other, int64_t *Dist) const override;
  bool haveSameNumElements(const OVLSMemref &Other) const override;
  bool canMoveTo(const OVLSMemref &Other) const override;
  bool hasAConstStride(int64_t *Stride) const override;
  bool hasDisjointLaneChunks(uint64_t ChunkBytes) const override;
  /// Whether \p X is a scatter that, in each lane, writes bytes apart from
  /// this scatter's in the same lane, both in a loop whose iterations (the
  /// lanes) are declared independent: they never write the same bytes.
  bool writesApartFrom(const llvm::Instruction *X) const;
  void print(llvm::raw_ostream &OS) const override;
};

/// Whether the shuffle of \p Mask over two operands of \p SrcTy moves an
/// element across a 128-bit lane (the result's lane i from another lane of
/// a source): the shuffles x86 runs on its few lane-crossing pipes.
bool crossesLanes(OVLSType SrcTy, llvm::ArrayRef<int> Mask);

/// What a gather (\p IsLoad) or scatter of \p VT at \p Ptrs costs: the
/// intrinsic call \p I, no cheaper than its scalarized form (an element access
/// per lane and the lane moves, see OVLSClient.cpp). Without \p I, a gather
/// the loop vectorizer has yet to write from the scalar access at \p Ptrs:
/// scalarized where the target has no gather of \p VT.
int64_t getVectorizerGatherScatterCost(const llvm::TargetTransformInfo &TTI,
                                       llvm::FixedVectorType *VT, bool IsLoad,
                                       const llvm::Value *Ptrs, llvm::Align A,
                                       bool VariableMask,
                                       const llvm::Instruction *I = nullptr);

/// Costs from TargetTransformInfo, for vectors of \p ElementType; a shuffle
/// that crosses 128-bit lanes costs \p CrossLanePercent percent of TTI's
/// price (rounded up).
class TTICostModel : public OVLSCostModel {
  const llvm::TargetTransformInfo &TTI;
  llvm::Type *ElementType;
  unsigned CrossLanePercent;

public:
  TTICostModel(const llvm::TargetTransformInfo &TTI, llvm::Type *ElementType,
               unsigned CrossLanePercent = 100)
      : TTI(TTI), ElementType(ElementType), CrossLanePercent(CrossLanePercent) {}
  llvm::FixedVectorType *vectorType(OVLSType Ty) const;
  int64_t getGatherScatterCost(const OVLSMemref &M) const override;
  int64_t getContiguousMemOpCost(bool IsLoad, OVLSType Ty,
                                 llvm::ArrayRef<bool> Mask) const override;
  int64_t getShuffleCost(OVLSType SrcTy, llvm::ArrayRef<int> Mask) const override;
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSCLIENT_H
