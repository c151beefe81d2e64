//===- OVLSReason.h - Why OptVLS declined something ------------*- C++ -*-===//
//
// Every "no" of grouping and sequence generation is an OVLSReason: a kind the
// client can switch on (or count) and a message it can put in an optimization
// remark as is, e.g. "not profitable: gathers cost 16, sequence costs 18".
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSREASON_H
#define T2S_OPTVLS_OVLSREASON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace t2s {

enum class OVLSReasonKind {
  None,
  // Grouping: why two memrefs cannot share a group.
  DifferentAccessKind,
  DifferentElementSize,
  DifferentNumElements,
  DistanceNotConstant,
  ExceedsVectorLength,
  OverlappingStores,
  CannotMove,
  NoPartner,
  NotChosen,
  // Sequence generation.
  EmptyGroup,
  UnsupportedType,
  InconsistentGroup,
  DistanceNotElementMultiple,
  NoActiveLane,
  LanesMayOverlap,
  InvalidGraph,
  NotProfitable,
};

/// A typed reason with a human-readable message.
class OVLSReason {
  OVLSReasonKind Kind = OVLSReasonKind::None;
  std::string Message;

public:
  OVLSReason() = default;
  OVLSReason(OVLSReasonKind Kind, std::string Message)
      : Kind(Kind), Message(std::move(Message)) {}

  OVLSReasonKind getKind() const { return Kind; }
  const std::string &getMessage() const { return Message; }
  bool isNone() const { return Kind == OVLSReasonKind::None; }

  /// A short stable name for the kind, e.g. "not-profitable", usable as a
  /// remark name or a statistic.
  static llvm::StringRef getKindName(OVLSReasonKind Kind);

  void print(llvm::raw_ostream &OS) const;
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSREASON_H
