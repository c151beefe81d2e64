//===- OVLS.h - The OptVLS server's public interface -----------*- C++ -*-===//
//
// OptVLS replaces groups of adjacent vector gathers (scatters) by contiguous
// loads (stores) and shuffles. This server half works on abstract memrefs and
// knows nothing of the client's IR. A client:
//   1. subclasses OVLSMemref (address/stride/motion call-backs) and
//      OVLSCostModel (instruction costs);
//   2. calls getGroups() on its memrefs, in program order;
//   3. calls getSequence() on each group with two or more members (or a
//      single strided one), and on success translates the OVLSInstructions to
//      its IR at the group's insertion point; on failure it may report the
//      OVLSReason as a missed-optimization remark.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLS_H
#define T2S_OPTVLS_OVLS_H

#include "OVLSCostModel.h"
#include "OVLSGrouping.h"
#include "OVLSInstruction.h"
#include "OVLSReason.h"
#include "OVLSSequence.h"
#include "OVLSTypes.h"

#endif // T2S_OPTVLS_OVLS_H
