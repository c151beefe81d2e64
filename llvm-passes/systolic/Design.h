//===- Design.h - A function's systolic designs, without IR -----*- C++ -*-===//
//
// What the back ends write for one function, decided once: its nests (a
// scheduled URE system or a kernel(name) nest) with their statements lifted
// into expressions, the kernels with their roles and stages, the channels
// between them with element types, extents and depths, the shift registers
// of each PE, and the buffers the kernels read and write. The OpenCL kernels
// and the design report read the same Design (systolic/DesignAnalysis.h
// builds it), so the channels the report counts are those the kernels
// declare. Nothing here refers to LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DESIGN_H
#define T2S_DESIGN_H

#include "expr/Expr.h"
#include "systolic/DesignOptions.h"
#include "systolic/PEBuffer.h"
#include "systolic/Stmt.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace t2s {

/// Depth of the channels to and from loaders, drainers and kernel nests
/// where no replay sizes them (systolic/ChannelDepths.h).
inline constexpr unsigned ChannelDepth = 16;

/// T2S_CHANNEL_ARRAY takes at most this many extents (t2s/array_dims.h).
inline constexpr size_t MaxChannelDims = 8;

/// How a channel of a vectorized nest carries the lanes (the vectorize step).
enum class LaneMode {
  None,     ///< no lanes: the nest is not vectorized, or the channel is a stream's
  Vector,   ///< vectors of every lane of the vectorized time loop
  Pinned,   ///< the one lane its accesses pin the loop to, a scalar
  Serial,   ///< single lanes, in order
  PEVector, ///< vectors of the PEs along a vectorized space loop
};

struct ChannelLanes {
  LaneMode Mode = LaneMode::None;
  std::string Loop;   ///< the vectorized loop
  int64_t Count = 0;  ///< the lanes of a vector (Vector, PEVector)
  int64_t Pinned = 0; ///< Pinned: the loop's value
};

/// The lanes as the dump and the report say them: "vectors of 20 lanes of
/// k", "the lane k = 19", "single lanes of k in order", "vectors of the 4
/// PEs along i"; "" for LaneMode::None.
std::string describeLanes(const ChannelLanes &L);

enum class KernelRole {
  Loader,     ///< reads one input and sends it to the PEs
  Systolic,   ///< the PEs
  Drainer,    ///< receives one output from the PEs and writes it
  KernelNest, ///< a kernel(name) nest, run as written
};

struct Design {
  /// One statement of a nest: the URE array it defines and the value it
  /// computes; an extended statement (the seeds' output URE) writes Value to
  /// Target (null: to a channel) under Guard (null: always).
  struct Statement {
    std::string Array;
    bool Extended = false;
    ExprPtr Value, Guard, Target;
    /// The URE reads of Value (UREValue leaves): array and distance vector.
    llvm::SmallVector<std::pair<std::string, llvm::SmallVector<int64_t, 4>>, 2> Reads;
    /// The iterations at which it runs (systolic/StatementRuns.h): Runs
    /// points of the loops its guards or bounds couple, times the extents
    /// of the loops RunsFree; none if they were not counted.
    std::optional<uint64_t> Runs;
    llvm::SmallVector<unsigned, 6> RunsFree;
  };

  /// Where something is in the source (Design::File).
  struct Place {
    unsigned Line = 0, Column = 0;
  };
  /// A scheduled URE system or a kernel(name) nest.
  struct Nest {
    std::string Name;
    bool Scheduled = false;
    /// "kernel 'name' (line N)" or "the systolic array at line N", for
    /// errors; where its outermost loop is.
    std::string Title;
    Place At;
    llvm::SmallVector<std::string, 6> Loops; ///< as the kernels name them
    /// Per loop, as the source has it: its name and range [Lower, Upper).
    struct SourceLoop {
      std::string Name;
      int64_t Lower = 0, Upper = 0;
      /// A run-time loop: its upper bound over the parameters ([Lower,
      /// Upper) is then the stand-in range); null otherwise.
      ExprPtr RunTimeUpper;
    };
    llvm::SmallVector<SourceLoop, 6> SourceLoops;
    /// Where t2s-space-loops-inward moved the space loops inward: the loops
    /// in the order the source writes them, "(i, k)"; else empty.
    std::string WrittenOrder;
    llvm::SmallVector<unsigned, 4> PELoops;  ///< indices into Loops
    llvm::SmallVector<Statement, 4> Statements;
    /// kernel(name) of the source ("" if none: a scheduled nest is then
    /// named after its function).
    std::string KernelName;
    /// A scheduled nest: its PEs and time steps, and the share of PE-steps
    /// that compute (none if it has no PE-steps).
    int64_t PEs = 1, Steps = 1;
    std::optional<double> Utilization;
    /// Loops with affine bounds: PEs counts the box, ActivePEs those that
    /// run an iteration, Steps and Utilization the nest's iterations.
    bool AffineBounds = false;
    int64_t ActivePEs = 1;
    /// The points of its domain, as Statement::Runs counts them.
    std::optional<uint64_t> Points;
    llvm::SmallVector<unsigned, 6> PointsFree;
    /// A value a PE reads from a neighbour's register: the URE array and
    /// the offset of that PE along each PE loop (not all zero).
    struct Flow {
      std::string Array;
      llvm::SmallVector<int64_t, 4> PEDistance;
      /// Read in the step it is written: the PEs it passes through within
      /// one step (SpaceTimeSchedule::sameStepChainPEs); 0 otherwise.
      int64_t SameStepPEs = 0;
    };
    llvm::SmallVector<Flow, 4> Flows;
  };

  /// buffer(a, k): a loader that keeps what one iteration of k sends in a
  /// double-buffered on-chip memory (systolic/lowering/BufferLoaders.cpp).
  struct ReuseBuffer {
    std::string Loop;                             ///< k
    llvm::SmallVector<std::string, 4> TileLoops;  ///< outside k, and k
    llvm::SmallVector<std::string, 4> KeptLoops;  ///< inside k, that the values name
    /// Per tile: the steps that read off-chip memory, and all steps (each
    /// sends to the PEs).
    int64_t ReadSteps = 0, SendSteps = 0;
    /// How often each value read goes out to its PE: once per iteration of
    /// the loops inside k it does not name (SendSteps / ReadSteps, but under
    /// a schedule, whose steps are not the loops' iterations).
    int64_t SendsPerValue = 1;
    struct Memory {
      std::string Name;
      DType Element;
      llvm::SmallVector<int64_t, 6> Dims; ///< [2 halves][kept loops][PEs, lanes]
      int64_t Banks = 1;
      /// The loops around its channel write (PEs, lanes) that index it, each
      /// from its first value.
      llvm::SmallVector<std::pair<std::string, int64_t>, 4> Around;
      int64_t words() const;
      /// Its bits: the words times each word's (a bool takes a byte).
      int64_t bits() const;
    };
    /// The tile loops' ranges [From, Bound), and the first value of each
    /// kept loop (the memories index them from there).
    llvm::SmallVector<std::pair<ExprPtr, ExprPtr>, 4> TileRanges;
    llvm::SmallVector<int64_t, 4> KeptFrom;
    std::string Tile; ///< the feeder's tile counter
    std::string Step; ///< its step counter, within the tile
    /// The number of tiles: the product of the tile loops' extents.
    ExprPtr tileCount() const;
    /// The value of tile loop \p I in the tile numbered \p Number, the
    /// innermost loop fastest: Number / (the extents inside I) % I's extent
    /// (no remainder for the outermost) + I's start. The feeder's
    /// statements compute each tile loop so (BufferLoaders.cpp).
    ExprPtr tileValue(unsigned I, const ExprPtr &Number) const;
    /// The number of the tile the feeder sends while it reads tile Tile:
    /// Tile - 1.
    ExprPtr sentTile() const;
    llvm::SmallVector<Memory, 2> Memories;
    /// The loader's statements without the buffer (the traffic without
    /// reuse), and the same without the loops inside k that are not kept:
    /// the off-chip reads of the feeder, loop for loop (the traffic count
    /// runs these rather than the feeder's flat steps, which it could not
    /// multiply out).
    Stmts Unbuffered, Reads;
  };

  struct Kernel {
    std::string Name;
    KernelRole Role = KernelRole::Systolic;
    unsigned Nest = 0;
    std::string Buffer; ///< a loader's or drainer's input or output
    /// Kernels of one stage run together; the stages one after the other.
    unsigned Stage = 0;
    /// The function's parameters the kernel reads or writes, in order.
    llvm::SmallVector<unsigned, 4> Params;
    /// What it runs (the unroll step lays it out).
    Stmts Body;
    /// A loader with a reuse buffer (the buffer step).
    std::optional<ReuseBuffer> Reuse;
    /// The HLS target's PE rows as processes (hls/SplitArray.h): the kernel
    /// is a template over its row, run as this many processes; 0 for a
    /// kernel that runs as one.
    int64_t RowProcesses = 0;
    /// A systolic array without parameters runs by itself, forever (Intel's
    /// autorun), between its loaders and drainers.
    bool autorun() const { return Role == KernelRole::Systolic && Params.empty(); }
  };

  /// A parameter of the design's function.
  struct Param {
    std::string Name;
    bool Pointer = false;
    DType Type; ///< a scalar's type (a pointer's elements: Buffers)
    /// A size the bound of a run-time loop is computed from: the value the
    /// analyses count with (ure/RunTimeSizes.h).
    std::optional<int64_t> StandIn;
    /// A run-time size's value the kernels are built for (-t2s-size=,
    /// t2s-clang --size=), where given.
    std::optional<int64_t> Given;
  };

  /// How many values a channel must hold when that grows with the
  /// run-time sizes (systolic/ChannelDepths.h): (Constant + the sum of
  /// Coefficient x size) / Denominator, rounded up.
  struct DepthLaw {
    int64_t Constant = 0, Denominator = 1;
    llvm::SmallVector<std::pair<unsigned, int64_t>, 2> Terms; ///< parameter, coefficient

    /// The values needed at \p Sizes (indexed by parameter; a missing one
    /// counts as 0).
    int64_t at(llvm::ArrayRef<std::optional<int64_t>> Sizes) const;
    /// "n - 1", "2 * n + m", "(n - 1) / 2" (C's division) over the
    /// parameters' names.
    std::string text(const Design &D) const;
    /// With one term of positive coefficient: the largest size for which
    /// the law needs at most \p Depth values.
    std::optional<int64_t> largestSize(uint64_t Depth) const;
    /// Which sizes \p Depth values hold: "up to n = 17", or "while n + m is
    /// at most 16".
    std::string heldBy(const Design &D, uint64_t Depth) const;
  };

  enum class ChannelKind {
    Stream,  ///< between two kernel nests (or their loader or drainer)
    Loader,  ///< from a loader to the PEs
    Drainer, ///< from the PEs to a drainer
    Chain,   ///< between neighbouring PEs of a gather or a scatter
  };

  /// A channel, or an array of channels over PE loops.
  struct Channel {
    ChannelKind Kind = ChannelKind::Loader;
    std::string Name;
    std::string Array; ///< what it carries: an input, output or URE array
    unsigned Nest = 0; ///< the nest it serves; a stream's reader
    unsigned Writer = 0; ///< a stream's writer
    DType Element;
    uint64_t Depth = 0;
    /// How Depth was chosen (systolic/ChannelDepths.h): "the most values in
    /// flight from K to L", or why the fixed depth stayed.
    std::string DepthNote;
    /// The values in flight grow with the run-time sizes: Grows; by
    /// Growth where that is linear in them (the host stubs check it).
    bool Grows = false;
    std::optional<DepthLaw> Growth;
    /// Whether -t2s-size= gave the sizes Growth names (Depth holds them).
    bool SizedForGiven = false;
    /// A growth that is not linear, replayed at the sizes -t2s-size= gives:
    /// the sizes it varies with and the value given for each (Depth holds
    /// what they need; the host stubs stop runs beyond them).
    llvm::SmallVector<std::pair<unsigned, int64_t>, 2> SizedUpTo;
    llvm::SmallVector<int64_t, 4> Extents;    ///< of the array of channels
    llvm::SmallVector<std::string, 4> Along;  ///< the PE loops of Extents
    uint64_t Used = 0;     ///< channels that carry values
    uint64_t OnePerPE = 0; ///< loader or drainer: without scatter, gather, vectorize
    uint64_t Values = 0;   ///< stream: values sent in all (known after unroll)
    /// A stream: the element of Array each write sends (read receives), over
    /// the loop variables of the writer's (reader's) nest, as its kernels
    /// name them; and where the write (read) is in the source.
    llvm::SmallVector<ExprPtr, 4> SentElement, ReceivedElement;
    Place SentAt, ReceivedAt;
    /// scatter or gather: the loop, its direction.
    std::string ChainLoop;
    /// A chain: the PE loops it does not span (not Along, not ChainLoop)
    /// with the values at which its PEs access: the chain runs in those
    /// rows alone (a scatter read at 'i == 0'). Empty where unknown: in
    /// every row.
    llvm::SmallVector<std::pair<std::string, llvm::SmallVector<int64_t, 4>>, 2> ChainAt;
    bool Gather = false, Down = false;
    /// A chain whose PEs all access at the same steps moves the values of
    /// its Bundle PEs along ChainLoop in one transfer per step (Element is
    /// then the vector of their values, PE after PE, each with its lanes),
    /// as T2SP's feeders do; 0 for a chain of channels between the PEs.
    int64_t Bundle = 0;
    /// vectorize: how the channel carries the lanes.
    ChannelLanes Lanes;
    /// A loader's channel of a gather (systolic/GatherWindow.h): each
    /// transfer is a window of this many elements (Element is their
    /// vector), from which the PE picks the one its index names; 0 for
    /// other channels.
    int64_t Window = 0;
    /// A loader's (drainer's) channel whose kernel receives the values from
    /// (sends them to) another kernel nest: that stream.
    std::string Stream;
  };

  /// The shift register of a URE array in each PE.
  struct Register {
    std::string Array;
    unsigned Nest = 0;
    DType Element;
    int64_t Words = 0;                      ///< per PE (and lane)
    llvm::SmallVector<int64_t, 4> PEExtents;
    int64_t Lanes = 0;                      ///< vectorize: lanes plus padding
    /// vectorize: the value of the vectorized loop whose lane alone this
    /// register keeps, for the reads of older steps that want only that
    /// lane (T2SP's accumulator across tiles reads lane KKK - 1); -1 for the
    /// array's register of all lanes.
    int64_t Lane = -1;
    std::string LaneLoop; ///< the vectorized loop, where Lane >= 0
    /// The URE reads (statement, read) this one-lane (or Round) register
    /// serves; the array's other reads read its register of all lanes (its
    /// buffer).
    llvm::SmallVector<std::pair<unsigned, unsigned>, 2> Reads;
    /// The schedule's smaller alternative ("Minimizing FIFO size"), which
    /// the kernels do not use: words shifted every ShiftEvery steps, or (0)
    /// a FIFO; not Minimized when the PE's domain was too large to scan.
    /// It describes the steps without vectorize, so a vectorized register
    /// has none.
    bool Minimized = false;
    int64_t MinimizedWords = 0, ShiftEvery = 0;
    /// Not a shift register but a buffer per PE indexed by the nest's time
    /// loops (systolic/PEBuffer.h; loops index Nest::Loops): Words long,
    /// never shifted. Empty for a shift register.
    llvm::SmallVector<PEBufferDim, 3> Buffer;
    /// The shift register of a buffered array for its reads within a round
    /// (RegisterPlan::RoundWords; they are Reads): Words long, shifted every
    /// step. The array's buffer serves its other reads.
    bool Round = false;

    /// Words in all the PEs (and lanes).
    int64_t totalWords() const;
  };

  /// A pointer parameter the kernels access.
  struct Buffer {
    unsigned ArgNo = 0;
    std::string Name;
    unsigned Nest = 0;
    DType Element;
    bool Read = false, Written = false;
    std::optional<uint64_t> Extent; ///< elements touched, if known
    /// Without Extent: the elements touched as an expression of the
    /// parameters (run-time sizes); Sizes: the integer parameters it takes
    /// to be at least 0.
    ExprPtr RunTimeExtent;
    llvm::SmallVector<unsigned, 2> Sizes;
    /// Whether the nest writes every element of [0, Extent) (Buffers.h).
    bool Whole = false;
  };

  std::string Function; ///< as the source spells it, with its parameter types
  std::string Name;     ///< the function's design name (systolic/DesignNames.h)
  std::string Stub;     ///< the host stub that runs the kernels
  /// Where the first nest is: file, line, column.
  std::string File;
  unsigned Line = 0, Column = 0;
  /// Whether an FPGA target may move a feeder's input and a drainer's
  /// output through layouts the host makes and reads (hls/SerialFeeds.h,
  /// hls/SerialDrains.h; DesignOptions::HostLayouts).
  bool HostLayouts = true;
  /// How the HLS target prints its arrays (DesignOptions::Split).
  HLSSplit Split = HLSSplit::Auto;
  llvm::SmallVector<Param, 4> Params; ///< by argument number
  /// Whether the kernels' Params are known (the last step finds them).
  bool KernelParamsKnown = false;
  llvm::SmallVector<Nest, 2> Nests;
  llvm::SmallVector<Kernel, 4> Kernels;
  llvm::SmallVector<Channel, 8> Channels;
  llvm::SmallVector<Register, 4> Registers;
  llvm::SmallVector<Buffer, 4> Buffers;

  /// The element type of pointer parameter \p ArgNo, from the first nest
  /// that accesses it; none if no nest does.
  std::optional<DType> elementOf(unsigned ArgNo) const;
  /// Whether a nest writes the buffer \p ArgNo.
  bool writes(unsigned ArgNo) const;
  /// Whether the buffer \p ArgNo is output only: no nest reads it, and a
  /// nest writes every element of extent() (so the host need not send it).
  bool writesOnlyWhole(unsigned ArgNo) const;
  /// The most elements any nest touches of \p ArgNo; none if unknown.
  std::optional<uint64_t> extent(unsigned ArgNo) const;

  /// Each parameter's stand-in, by argument number (none for the others).
  llvm::SmallVector<std::optional<int64_t>, 4> standIns() const;
  /// Whether a loop of some nest runs up to a run-time size.
  bool hasRunTimeSizes() const;
  /// The parameters some kernel takes, in the function's order.
  llvm::SmallVector<unsigned, 4> kernelParams() const;

  /// Without extent(): the most elements any nest touches of \p ArgNo as
  /// an expression of the parameters, and the parameters it takes to be
  /// sizes; null if unknown.
  ExprPtr runTimeExtent(unsigned ArgNo, llvm::SmallVectorImpl<unsigned> *Sizes = nullptr) const;

  /// The channels of one nest, of one kind.
  llvm::SmallVector<const Channel *, 4> channels(unsigned Nest, ChannelKind Kind) const;

  /// A readable dump (print<t2s-design>, -t2s-dump-design).
  void print(llvm::raw_ostream &OS) const;
};

} // namespace t2s

#endif // T2S_DESIGN_H
