//===- ChannelPlan.h - Loader and drainer channels --------------*- C++ -*-===//
//
// Isolation of the systolic array's memory accesses (the seeds' loaders and
// drainers): each read of an input named by loader(a) and each write of an
// output named by drainer(c) moves into a kernel of its own, and travels
// between it and the PEs on a channel: an array of channels over the PE loops
// at which the access can happen (a PE loop its guard pins, 'j == 0', is no
// dimension). On top of that plan come the data path's plans, in the seeds'
// order: vectorize (how a channel carries the lanes of a time-vectorized
// array, or one vector of the PEs along a vectorized space loop) and
// scatter/gather (the PEs along a chain pass the values on; only the chain's
// end uses the channel).
//
// This decides the design; spelling it is the back ends' (the OpenCL printer
// names the temporaries, the report counts the channels). Preconditions: the
// schedule passed its checks; VectorizePlan.h and GatherScatterPlan.h planned the
// data path.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CHANNELPLAN_H
#define T2S_CHANNELPLAN_H

#include "expr/Expr.h"
#include "systolic/GatherScatterPlan.h"
#include "systolic/GatherWindow.h"
#include "systolic/VectorizePlan.h"
#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class DominatorTree;
class Instruction;
class Type;
} // namespace llvm

namespace t2s {

struct DataPath;
struct SpaceTimeSchedule;

/// A channel between the systolic kernel and a loader or drainer: one per
/// isolated read (write) instruction.
struct ChannelPlan {
  std::string Name;   ///< the channel (array) name: <design>_<buffer><suffix>
  std::string Buffer; ///< the input or output it carries
  std::string Suffix; ///< "" for a buffer's first channel, then "_2", "_3"...
  bool Output = false;
  llvm::Instruction *Access = nullptr; ///< the load, or the store
  /// More loads of the element Access reads (a stream channel read twice in
  /// one iteration): they are the same received value.
  llvm::SmallVector<llvm::Instruction *, 1> SameReads;
  llvm::Type *Element = nullptr;
  llvm::SmallVector<unsigned, 4> Dims; ///< indices into the schedule's PELoops
  /// A channel whose loader (drainer) receives the values from (sends them
  /// to) another kernel through this stream instead of memory.
  std::string Stream;
  /// gather or scatter: the PEs along Chain->Loop pass the values on
  /// (dimensions ChainDims: Dims plus the chain's); only the PE at the
  /// chain's end uses the channel, which lacks that dimension.
  std::optional<PEChain> Chain;
  llvm::SmallVector<unsigned, 4> ChainDims;
  /// vectorize: how the lanes travel; a Vector channel's Element is the
  /// vector of Scalar.
  LaneAccess Lanes;
  llvm::Type *Scalar = nullptr;
  /// vectorize(i) of a space loop: the channel lacks the dimension i and
  /// carries one vector of the PEs' values along i.
  bool PEVector = false;

  /// What the Design's build lifted of the access (systolic/LiftExpr.h),
  /// for the lowering steps, which read no IR:
  /// the element type it carries (a vector's for a Vector or PEVector
  /// channel) and that of one lane;
  DType ElementType, ScalarType;
  /// an input: the condition of the read (null: always) and, from memory,
  /// the buffer element it reads; an output: the statement (an index into
  /// the system's statements) whose store it is, -1 if none;
  ExprPtr Condition, Address;
  int Statement = -1;
  /// the access is in the body of the nest's innermost loop;
  bool InBody = false;
  /// the Load leaves (ExprKind::Load indices) that stand for this channel's
  /// value in the nest's expressions;
  llvm::SmallVector<unsigned, 2> Loads;
  /// a gather (systolic/GatherWindow.h): the window of elements the loader
  /// sends for each read, from which the PE picks one; ElementType is then
  /// the vector of the window's elements.
  std::optional<GatherWindow> Window;

  /// Whether \p I is the access this channel isolates (or one of its
  /// SameReads): in the PEs, its value is the channel's.
  bool accesses(const llvm::Instruction *I) const {
    return I == Access || llvm::is_contained(SameReads, I);
  }
};

/// The channels of loader(...) and drainer(...) of \p Path's system, in the
/// order of its inputs and statements, named after \p Design. None when
/// \p Isolate is false: the design then runs as one kernel that reads and
/// writes its buffers itself (an OpenCL device without channels).
llvm::SmallVector<ChannelPlan, 4> planChannels(const DataPath &Path,
                                               llvm::DominatorTree &DT,
                                               llvm::StringRef Design, bool Isolate);

/// The PE loops (indices into Sch.PELoops) that a channel to an access
/// under \p Guards runs over: those its exact guards do not pin.
llvm::SmallVector<unsigned, 4> channelDims(const SpaceTimeSchedule &Sch,
                                           llvm::ArrayRef<Guard> Guards);

/// How a channel of a time-vectorized array moves the lanes: whole vectors
/// (its Element becomes the vector), a pinned lane, or single lanes (also
/// for values that are vectors already).
void planLanes(ChannelPlan &P, const URESystem &S, const VectorPlan &V,
               llvm::ArrayRef<Guard> Guards);

} // namespace t2s

#endif // T2S_CHANNELPLAN_H
