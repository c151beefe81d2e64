//===- Lowering.h - The lowering steps of a Design --------------*- C++ -*-===//
//
// A function's Design is built in the seeds' order, one step after the other,
// each a function from a Design to a Design (in place), each dumpable with
// -t2s-dump-design-after=<step>:
//
//   kernels    one kernel per nest: the systolic array (its shift registers
//              as the schedule sizes them) or the kernel(name) nest;
//   isolate    loader(...) and drainer(...): a loader (drainer) kernel per
//              input (output) and its channels, one per PE that accesses it;
//   vectorize  vectorize(k): channels carry vectors of lanes (or one lane, or
//              lanes in order), registers hold lanes; a vectorized space loop
//              packs its PEs into one vector per channel;
//   scatter-gather  the PEs along a chain pass the values on: only the
//              chain's end uses the loader's (drainer's) channel, which
//              carries all the chain's values in one transfer where its
//              PEs access at the same steps;
//   unroll     each kernel's statements (systolic/Stmt.h): time loops,
//              register shifts, passes over the PEs as unrolled loops, the
//              lanes of a vector, the statements with the kernel's leaves;
//   buffer     buffer(a, k): a's loader reads each tile once into a
//              double-buffered on-chip memory and sends it from there.
//
// Every step reads the Design and the plans already made for the nest
// (NestPlan: the schedule with its data-path plans, the channel plans with
// what the build lifted of each access) and adds to the Design what they
// decided; none reads IR (no file here includes an IR header).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_LOWERING_H
#define T2S_LOWERING_H

#include "systolic/ChannelPlan.h"
#include "systolic/Design.h"
#include "systolic/DesignOptions.h"
#include "systolic/DataPath.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <set>
#include <optional>

namespace t2s {

/// The plans behind one nest of a Design, for the lowering steps and what
/// still reads them (the report, its schedule); the kernels and host stubs
/// are printed without them. Its DataPath is the schedule and plans as the
/// kernels spell them (loop variables renamed away from the kernels' own
/// names); a kernel nest's schedule has no steps. The steps read the plans'
/// numbers and the expressions the build lifted, never the IR the plans
/// came from.
struct NestPlan : DataPath {
  const DataPath *Original = nullptr; ///< null for a kernel nest
  const URESystem *System = nullptr;
  /// Loader, drainer and stream channels, in the order of the statements.
  llvm::SmallVector<ChannelPlan, 4> Channels;
  /// Per URE array of the system, its element type.
  llvm::SmallVector<DType, 4> ArrayTypes;
};

using NestPlans = llvm::ArrayRef<std::unique_ptr<NestPlan>>;

/// Makes \p C an array of channels over the PE loops \p Dims (indices into
/// the schedule's PE loops) of \p P: its extents, their loops' names, and
/// how many channels that is.
void spanPELoops(Design::Channel &C, const NestPlan &P, llvm::ArrayRef<unsigned> Dims);

/// PEs by their values of the schedule's PE loops.
using PESet = std::set<llvm::SmallVector<int64_t, 4>>;

/// The PEs of the box that access channel \p C's buffer: they run an
/// iteration of the nest where the access's condition holds, or may hold (a
/// condition on computed values). None if every PE does (no condition, no
/// affine bounds) or there are too many points to try.
std::optional<PESet> accessingPEs(const NestPlan &P, const ChannelPlan &C);

/// How many channels over the PE loops \p Dims (indices into the PE loops)
/// the PEs \p PEs use.
uint64_t countChannels(const PESet &PEs, llvm::ArrayRef<unsigned> Dims);

/// Whether a gather or scatter moves every value of its chain in one
/// transfer per step (Design::Channel::Bundle): all its PEs access at the
/// same steps (not PerPE), it is not the vector of a vectorized space loop,
/// and its loader (drainer) talks to memory, not to another kernel.
inline bool bundledChain(const ChannelPlan &C) {
  return C.Chain && !C.Chain->PerPE && !C.PEVector && C.Stream.empty();
}

/// The plan of a loader's or drainer's channel \p C of the Design (by its
/// name), or null for other channels.
const ChannelPlan *planOf(const Design::Channel &C, NestPlans Plans);

/// kernels: one kernel per nest and the shift registers of each systolic
/// array. Precondition: D has its nests (with \p Stages), parameters,
/// buffers and the streams between kernel nests.
void buildKernels(Design &D, NestPlans Plans, llvm::ArrayRef<unsigned> Stages);

/// isolate: loader and drainer kernels with their channels, per PE, without
/// vectors or chains yet. Precondition: buildKernels.
void isolateLoadersAndDrainers(Design &D, NestPlans Plans);

/// vectorize: vector channels and registers of lanes. Precondition: isolate.
void vectorizeChannels(Design &D, NestPlans Plans);

/// scatter-gather: chains of PEs and the channels between them.
/// Precondition: vectorize.
void chainPEs(Design &D, NestPlans Plans);

/// unroll: the statements of every kernel. Precondition: scatter-gather, and
/// nothing rejected the design (every expression was lifted). Returns why a
/// kernel could not be laid out (an internal error), if one could not.
std::optional<std::string> unrollKernels(Design &D, NestPlans Plans);

/// buffer: each loader named by buffer(a, k) becomes a feeder with a
/// double-buffered reuse buffer (BufferLoaders.cpp). Precondition: unroll. Returns
/// the directive and why, where one cannot be built.
std::optional<std::pair<SourceLoc, std::string>> bufferLoaders(Design &D, NestPlans Plans);

} // namespace t2s

#endif // T2S_LOWERING_H
