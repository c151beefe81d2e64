//===- GatherScatterPlan.h - The chains of gather and scatter ---*- C++ -*-===//
//
// gather(c, i, down|up) and scatter(a, i, down|up) (seed gather.md, and its
// mirror). Without them a drainer receives one channel per PE that writes c
// and a loader feeds one channel per PE that reads a. With them the PEs along
// the space loop i form a chain: for gather, each PE passes its value and the
// values of the PEs behind it to its neighbour, and the PE at the end of the
// chain sends them all to the drainer; for scatter, the PE at the end of the
// chain receives every PE's value from the loader, keeps its own and passes
// the rest on. The drainer (loader) then has one channel per chain: the
// channel count falls from one per PE to one per row of PEs. Where the
// chain's PEs all access at the same steps, that channel carries all their
// values in one transfer per step and the PEs take (put) theirs by wiring,
// as T2SP's feeders and collectors do (lowering/ChainPEs.cpp); only a
// chain whose PEs access at their own steps passes values from PE to PE.
//
// Directions name the way the values flow along i: 'down' towards the first
// PE (i = lower bound), 'up' towards the last. gather(c, i, down): the first
// PE sends; scatter(a, i, down): the last PE receives.
//
// This file checks the directives and describes the chains, after the
// vectorize plan (DataPath.cpp). The Design's lowering steps build
// them: lowering/ChainPEs.cpp the chain channels,
// lowering/ArrayKernel.cpp each PE's passes; backends/opencl/OpenCLKernels.cpp prints
// the result. Preconditions (errors, rule "gather and scatter", at the
// directive): the nest has a space_time; c is named in drainer(...) (a in
// loader(...)) of the same nest; i is a final space loop with schedule
// coefficient 0 (all PEs of a chain run the same time step); c is written by
// one statement (a is read by one load); one gather or scatter per array.
// The access's condition may test i if it tests loop variables only (then,
// as with affine bounds that name i, each PE passes on one value per PE
// behind it that accesses at this step; not with vectorize). With vectorize(k) of a time loop, the chained access moves whole
// vectors or one pinned lane of k; with vectorize(i) of a space loop, a chain
// of an array the PEs along i share runs along i and passes the vector, each
// PE merging (taking) its own lane (seed Code 4). The native build does not
// change: a chain only reorders how values reach the loaders' and drainers'
// channels.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_GATHERSCATTERPLAN_H
#define T2S_GATHERSCATTERPLAN_H

#include "systolic/VectorizePlan.h"
#include "ure/UREModel.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace t2s {

struct SpaceTimeSchedule;

/// One gather or scatter: a chain of PEs along one space loop.
struct PEChain {
  std::string Array;  // the output gathered or the input scattered
  bool Gather = true; // false: scatter
  bool Down = true;   // values flow towards the loop's lower bound
  unsigned Loop = 0;  // index into URESystem::Loops
  unsigned PEDim = 0; // index into SpaceTimeSchedule::PELoops
  SourceLoc Loc;      // the directive
  /// The PEs along the chain access at different steps: the access's
  /// condition (on loop variables only) or the nest's affine bounds test
  /// the chain's loop (T2SP gathers LU's diagonal). Each PE then passes on
  /// one value for each PE behind it that accesses at this step.
  bool PerPE = false;

  /// The PE at the end of the chain that talks to the drainer (loader).
  int64_t endPE(const URELoop &L) const {
    bool First = Gather ? Down : !Down;
    return First ? L.Lower : L.Upper - 1;
  }
  /// Whether the drainer (loader) visits the PEs along the loop in
  /// ascending order: the order of the values on the end PE's channel.
  bool ascending() const { return Gather ? Down : !Down; }
};

/// Checks the gather and scatter directives of a scheduled system and
/// describes its chains; broken rules are added to Rejections.
llvm::SmallVector<PEChain, 2>
planChains(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
           llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_GATHERSCATTERPLAN_H
