//===- OVLSCostModel.h - Costs the server asks its client for --*- C++ -*-===//
//
// The server decides whether a group is worth rewriting, and which shuffles
// to merge, by asking the client for the cost of abstract instructions. The
// LLVM client answers from TargetTransformInfo; tests use a simple table.
// Costs are in any unit, as long as one client uses the same unit everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSCOSTMODEL_H
#define T2S_OPTVLS_OVLSCOSTMODEL_H

#include "OVLSTypes.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace t2s {

class OVLSCostModel {
public:
  virtual ~OVLSCostModel();

  /// Cost of the original gather (or scatter) \p M, as the client would
  /// emit it without OptVLS.
  virtual int64_t getGatherScatterCost(const OVLSMemref &M) const = 0;

  /// Cost of one contiguous load (\p IsLoad) or store of type \p Ty that only
  /// touches the elements whose \p Mask entry is true.
  virtual int64_t getContiguousMemOpCost(bool IsLoad, OVLSType Ty,
                                         llvm::ArrayRef<bool> Mask) const = 0;

  /// Cost of a shuffle whose operands both have type \p SrcTy and whose
  /// result lane i is element Mask[i] of the concatenated operands (-1:
  /// undefined), as LLVM's shufflevector. When no mask entry reaches into the
  /// second operand, the shuffle has a single source.
  virtual int64_t getShuffleCost(OVLSType SrcTy,
                                 llvm::ArrayRef<int> Mask) const = 0;
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSCOSTMODEL_H
