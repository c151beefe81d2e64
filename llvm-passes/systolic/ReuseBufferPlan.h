//===- ReuseBufferPlan.h - buffer(a, k): a loader keeps a tile --*- C++ -*-===//
//
// T2SP's feeders: '#pragma t2s buffer(a, k)' makes the loader of input a
// read, for each iteration of loop k (and the loops outside it), only the
// distinct values the PEs read inside that iteration, keep them on chip,
// and send them to the PEs as often as the array reads them. The buffer is
// double-buffered: while the loader sends one tile from one half, it reads
// the next tile into the other (systolic/lowering/BufferLoaders.cpp lays the
// kernel out).
//
// Rules (errors at the directive, [buffer]): k is a time loop of the loader
// (not a space loop, not the vectorized loop); k is not the loop a schedule
// skews (the feeder keeps the values of each PE's recovered loop variables
// instead, BufferLoaders.cpp); the loops inside k have constant
// bounds (the buffer is hardware); the loops outside k and k itself have
// constant or run-time bounds, not bounds affine in other loops (the tiles
// are counted as one flat range).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REUSEBUFFERPLAN_H
#define T2S_REUSEBUFFERPLAN_H

#include "systolic/VectorizePlan.h"
#include "ure/UREModel.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace t2s {

struct SpaceTimeSchedule;

struct ReuseBufferPlan {
  std::string Input; ///< the input, as loader(...) names it
  unsigned Loop = 0; ///< k, an index into URESystem::Loops
  SourceLoc Loc;     ///< the directive
};

/// The loops the loader of a scheduled system runs as loops, outermost
/// first: the loops outside the space loops but the vectorized one.
llvm::SmallVector<unsigned, 6> loaderLoops(const SpaceTimeSchedule &Sch,
                                           const std::optional<VectorPlan> &Vector);

/// Checks the buffer directives of a scheduled system and plans them;
/// broken rules are added to Rejections.
llvm::SmallVector<ReuseBufferPlan, 2>
planReuseBuffers(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
                 llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_REUSEBUFFERPLAN_H
