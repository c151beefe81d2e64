//===- DesignSummary.h - The report's view of a nest's channels -*- C++ -*-===//
//
// What the design report and the picture say about the channels between a
// systolic array and its loaders and drainers: per loaded input or drained
// output, how many channels, over which PE loops, their chains, lanes,
// depths and reuse buffer. Read from the Design alone.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DESIGNSUMMARY_H
#define T2S_DESIGNSUMMARY_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace t2s {

struct Design;

/// The channels that carry one loaded input to the PEs, or one drained output
/// from them (the design report's view of loader(...), drainer(...), scatter
/// and gather).
struct PEChannelSummary {
  std::string Array;
  bool Output = false;
  uint64_t Channels = 0;      // between the PEs and the loader (drainer)
  uint64_t OnePerPE = 0;      // what that would be without the chain
  std::string Along;          // "j, i": the PE loops the channels run over
  uint64_t Declared = 0;      // the channels of the array the kernels declare
  std::string Chain;          // "gather along i (down)", or ""
  std::string Lanes;          // vectorize: "vectors of 4 lanes of k", or ""
  uint64_t ChainChannels = 0; // between neighbouring PEs of the chains
  std::string Element;        // what one channel carries: "float", "float4"
  uint64_t Depth = 0;         // of each channel to the loader (drainer)
  uint64_t ChainDepth = 0;    // of each channel between PEs of the chain
  /// A bundled chain: the PEs whose values one transfer carries (then no
  /// channel runs between the PEs); 0 otherwise.
  int64_t Bundle = 0;
  /// The loader (drainer) receives the values from (sends them to) another
  /// kernel nest through a stream, not memory.
  bool Stream = false;
  /// A gather's loader: the elements of each transfer the PE picks from; 0
  /// otherwise.
  int64_t Window = 0;
  /// buffer(a, k): the loop whose iterations the loader's reuse buffer
  /// keeps, or "".
  std::string ReuseLoop;
};

/// The loader and drainer channels of nest \p Nest of \p D: those its
/// OpenCL kernels declare (none when it does not isolate loaders and drainers).
llvm::SmallVector<PEChannelSummary, 4> summarizePEChannels(const Design &D, unsigned Nest);

} // namespace t2s

#endif // T2S_DESIGNSUMMARY_H
