//===- DesignOptions.h - What a caller asks of a Design's build -*- C++ -*-===//
//
// The choices the build of a Design (systolic/DesignAnalysis.h) takes from
// its caller: whether loaders and drainers get kernels of their own, whether
// the stubs will run on an OpenCL device without channels, which steps to
// dump, and how far to replay kernels when sizing channels. The plugin
// boundary (Options.h) reads them from the command line; tests and other
// tools set them directly.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DESIGNOPTIONS_H
#define T2S_DESIGNOPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace t2s {

/// The steps that build a Design, in order (systolic/lowering/Lowering.h).
enum class DesignStep { Kernels, Isolate, Vectorize, ScatterGather, Unroll, Buffer };

/// The step's name in -t2s-dump-design-after.
inline llvm::StringRef stepName(DesignStep S) {
  switch (S) {
  case DesignStep::Kernels: return "kernels";
  case DesignStep::Isolate: return "isolate";
  case DesignStep::Vectorize: return "vectorize";
  case DesignStep::ScatterGather: return "scatter-gather";
  case DesignStep::Unroll: return "unroll";
  case DesignStep::Buffer: return "buffer";
  }
  return "?";
}

/// How the HLS target prints a systolic array (hls/SplitArray.h): one
/// process per PE row where the array's DSPs need more than one die of the
/// card and its rows can split (Auto), per row or an error (Rows), one
/// process (None), or per row wherever the rows can split (Any: what the
/// random campaign checks, on arrays of any size).
enum class HLSSplit { Auto, Rows, None, Any };

struct DesignOptions {
  /// Honour loader(...) and drainer(...) (-t2s-isolate, default true);
  /// false: one kernel per design that reads and writes its buffers itself,
  /// for a target without channels (OpenCL devices without Intel's
  /// extension; a GPU's would be one too).
  bool Isolate = true;
  /// The stubs will run on an OpenCL device without channels
  /// (-t2s-opencl-device, t2s-clang --opencl); what they cannot run there is
  /// an error.
  bool ForDevice = false;
  /// Print the Design after each listed step (-t2s-dump-design-after=).
  std::vector<DesignStep> DumpAfter;
  /// The accesses of a pair of kernels replayed to size their channels
  /// (-t2s-channel-replay=N, systolic/ChannelDepths.h).
  uint64_t ChannelReplay = uint64_t(1) << 16;
  /// Run-time sizes the design is built for (-t2s-size=NAME=VALUE,...,
  /// t2s-clang --size=): a channel whose depth grows with the sizes holds
  /// what they need (the report's estimates also count at them).
  std::vector<std::pair<std::string, int64_t>> Sizes;
  /// Whether the HLS target's feeders and drainers move their buffers
  /// through layouts the host makes and reads, 512-bit beats in address
  /// order (-t2s-hls-host-layouts, default true; t2s-clang --hls-io=); false:
  /// they access the buffers themselves.
  bool HostLayouts = true;
  /// Whether the HLS target prints an array's PE rows as processes of their
  /// own (-t2s-hls-split=, t2s-clang --hls-split=; hls/SplitArray.h).
  HLSSplit Split = HLSSplit::Auto;

  /// Whether designs get loader and drainer kernels and their channels.
  bool isolates() const { return Isolate && !ForDevice; }
};

} // namespace t2s

#endif // T2S_DESIGNOPTIONS_H
