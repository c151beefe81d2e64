//===- OVLSCostModel.cpp - Costs the server asks its client for -----------===//

#include "OVLSCostModel.h"

namespace t2s {

// Anchors the vtable in this file.
OVLSCostModel::~OVLSCostModel() = default;

} // namespace t2s
