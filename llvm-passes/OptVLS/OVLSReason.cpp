//===- OVLSReason.cpp - Why OptVLS declined something ---------------------===//

#include "OVLSReason.h"

namespace t2s {

llvm::StringRef OVLSReason::getKindName(OVLSReasonKind Kind) {
  switch (Kind) {
  case OVLSReasonKind::None:
    return "none";
  case OVLSReasonKind::DifferentAccessKind:
    return "different-access-kind";
  case OVLSReasonKind::DifferentElementSize:
    return "different-element-size";
  case OVLSReasonKind::DifferentNumElements:
    return "different-num-elements";
  case OVLSReasonKind::DistanceNotConstant:
    return "distance-not-constant";
  case OVLSReasonKind::ExceedsVectorLength:
    return "exceeds-vector-length";
  case OVLSReasonKind::OverlappingStores:
    return "overlapping-stores";
  case OVLSReasonKind::CannotMove:
    return "cannot-move";
  case OVLSReasonKind::NoPartner:
    return "no-partner";
  case OVLSReasonKind::NotChosen:
    return "not-chosen";
  case OVLSReasonKind::EmptyGroup:
    return "empty-group";
  case OVLSReasonKind::UnsupportedType:
    return "unsupported-type";
  case OVLSReasonKind::InconsistentGroup:
    return "inconsistent-group";
  case OVLSReasonKind::DistanceNotElementMultiple:
    return "distance-not-element-multiple";
  case OVLSReasonKind::NoActiveLane:
    return "no-active-lane";
  case OVLSReasonKind::LanesMayOverlap:
    return "lanes-may-overlap";
  case OVLSReasonKind::InvalidGraph:
    return "invalid-graph";
  case OVLSReasonKind::NotProfitable:
    return "not-profitable";
  }
  return "unknown";
}

void OVLSReason::print(llvm::raw_ostream &OS) const {
  OS << getKindName(Kind) << ": " << Message;
}

} // namespace t2s
