//===- VectorizePlan.h - T2S vectorization of a time loop -------*- C++ -*-===//
//
// vectorize(k) (seed vectorize.md, part 1) on a scheduled URE nest: the
// systolic kernel runs all iterations of loop k in each PE and time step, as
// lanes. The time loop over k disappears (the array takes extent(k) times
// fewer steps), every shift register gains a lane dimension, and the channels
// to the loaders and drainers carry vectors: a read (write) whose condition
// does not test k moves all lanes at once in one vector of extent(k) lanes
// (a DType with Lanes; each target's CTypeStyle spells it, as a built-in
// vector type or a struct { T data[N]; }).
// A condition that pins k to one value ('k == K - 1') leaves a scalar channel
// that carries that lane; any other condition on k leaves a scalar channel
// that carries the lanes one after another. Between a kernel nest (single
// values) and the array, the stream loader concatenates single values into
// the PEs' vectors and the stream drainer slices them (lane matching).
//
// Serialization: a URE that reads itself (or any array) at a distance along
// k (C[k][j][i] = C[k - 1][j][i] + ...) carries a dependence between the
// lanes; the lanes then run in order inside the PE, each reading the lane
// before it in the same step, and a remark says so. The loop stays an
// unrolled loop in the OpenCL text, so the FPGA compiler builds the lanes as
// a chain.
//
// vectorize(i) of a space loop (seed gather.md, Code 3) keeps the PEs along
// i, but each loader and drainer channel that the PEs along i use carries one
// vector of their values per step instead of one channel per PE; with
// gather(c, i) or scatter(a, i) the chain passes that vector and each PE
// merges (takes) its own lane (Code 4).
//
// Preconditions (errors, rule "vectorize", at the directive): the nest has a
// space_time; k is one of its loops and no schedule vector skews it (a time
// loop is a time dimension of its own, a space loop has coefficient 0);
// 2 <= extent(k) <= 32; one vectorize per nest; no dependence runs backwards
// in time once a time loop is collapsed; for a space loop, each loaded
// (drained) access happens at all PEs along it or at one of them. The native build does not change. The order of the data-path
// transformations is vectorization, then scatter and gather, then unrolling:
// DataPath.cpp makes this plan before the chains' plan, and the
// Design's lowering steps apply them in that order
// (lowering/VectorizeChannels.cpp,
// ChainPEs.cpp, the unroll step's KernelSkeleton.cpp, ArrayKernel.cpp
// and LoaderDrainer.cpp; systolic/lowering/Lowering.h);
// the targets print the result (backends/Target.h).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_VECTORIZEPLAN_H
#define T2S_VECTORIZEPLAN_H

#include "ure/UREModel.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace t2s {

struct SpaceTimeSchedule;

struct VectorPlan {
  unsigned Loop = 0;     // the vectorized loop, index into URESystem::Loops
  /// A space loop: its PEs stay PEs; only their loader and drainer channels
  /// carry one vector over them per step (the per-read and per-array fields
  /// below stay empty: time and registers are the schedule's).
  bool Space = false;
  unsigned TimeDim = 0;  // its dimension in SpaceTimeSchedule::Time
  int64_t Lanes = 0;     // its extent
  int64_t Steps = 0;     // flattened time steps without it
  /// Per ScheduledRead (same order): its time distance without the loop.
  llvm::SmallVector<int64_t, 8> TimeDistance;
  /// Per URE array: registers per PE and lane (largest time distance + 1),
  /// and the lanes below the first that reads at a distance along the loop
  /// may name (they are only read where the URE's condition discards them).
  llvm::SmallVector<int64_t, 4> Words;
  llvm::SmallVector<int64_t, 4> LanePad;
  /// "C (distance 1)": the arrays read along the loop, which serialize it.
  llvm::SmallVector<std::string, 2> Serialized;
  SourceLoc Loc;
};

/// How the lanes of the vectorized loop move through one loader or drainer
/// channel, from the conditions under which the PEs access it.
struct LaneAccess {
  enum KindT {
    Vector, // the conditions do not test the loop: all lanes in one vector
    Pinned, // they pin it to one value: that lane alone, a scalar
    Serial, // they test it otherwise: a scalar per lane that accesses
  } Kind = Vector;
  int64_t Lane = 0; // Pinned: the loop's value
};
LaneAccess classifyLanes(const URESystem &S, unsigned Loop,
                         llvm::ArrayRef<Guard> Guards);

/// Checks the vectorize directive of a scheduled system and plans it; broken
/// rules are added to Rejections.
std::optional<VectorPlan>
planVectorization(const SpaceTimeSchedule &Sch,
                  llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_VECTORIZEPLAN_H
