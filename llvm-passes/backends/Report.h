//===- Report.h - The design report ---------------------------*- C++ -*-===//
//
// With -t2s-report=text|json|dot (clang: -mllvm, which t2s-clang --report and
// --emit-dot pass), prints the design report of every scheduled URE system of
// the module to stdout: PEs, time loops and steps, PE utilization, per URE
// array the time distances and the conservative and minimized shift-register
// / FIFO sizes (SpaceTimeSchedule.h), and the loader and drainer channels.
//
// One output per translation unit: text design after design; JSON one
// document {"schema_version": N, "designs": [...]} built with llvm::json;
// dot one digraph with a cluster per design. A module without any scheduled
// design says so on stderr (and prints an empty document or graph).
//
// A module pass: it runs between the function passes that check the designs
// and those that emit or rewrite them (Pipeline.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REPORT_H
#define T2S_REPORT_H

#include "Options.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>

namespace llvm {
class DominatorTree;
}

namespace t2s {

struct Design;
struct SpaceTimeSchedule;

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
  /// The loader (drainer) receives the values from (sends them to) another
  /// kernel nest through a stream, not memory.
  bool Stream = false;
  /// buffer(a, k): the loop whose iterations the loader's reuse buffer
  /// keeps, or "".
  std::string ReuseLoop;
};

/// The loader and drainer channels of nest \p Nest of \p D: those its
/// OpenCL kernels declare (none when it does not isolate loaders and drainers).
llvm::SmallVector<PEChannelSummary, 4> summarizePEChannels(const Design &D, unsigned Nest);

/// The version of the JSON report's layout; raised when a field changes
/// meaning or goes away (adding a field keeps it).
inline constexpr int ReportSchemaVersion = 1;

struct ReportPass : llvm::PassInfoMixin<ReportPass> {
  explicit ReportPass(ReportOptions Opts) : Opts(std::move(Opts)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  ReportOptions Opts;
};

} // namespace t2s

#endif // T2S_REPORT_H
