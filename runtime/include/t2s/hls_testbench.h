//===- t2s/hls_testbench.h - The checks of a C/RTL testbench -----*- C++ -*-===//
//
// The testbench t2s-clang --xrt writes beside a program (prog-tb.cpp), for
// vitis_hls' C simulation and C/RTL co-simulation (vitis_hls -f
// prog-hls.tcl -tclargs ... csim | cosim), includes the program's sources
// (its functions are the references) and the host stubs with
// T2S_HLS_TESTBENCH defined: each design's stub file adds a check that runs
// the design's function and its top on the same inputs and counts the
// values that differ; run() runs them all and says how each went. Its exit
// code is what vitis_hls reads: 0 when every check passed.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_TESTBENCH_H
#define T2S_HLS_TESTBENCH_H

#include <cstdio>
#include <utility>
#include <vector>

namespace t2s {
namespace testbench {

using Check = int (*)(); ///< the written buffers that differ (0: it passed)

inline std::vector<std::pair<const char *, Check>> &checks() {
  static std::vector<std::pair<const char *, Check>> All;
  return All;
}

/// Adds the check of design \p Name (at static initialization).
inline bool add(const char *Name, Check C) {
  checks().push_back({Name, C});
  return true;
}

/// Runs every check: 0 when all passed, 1 otherwise.
inline int run() {
  int Failed = 0;
  for (const auto &[Name, C] : checks())
    if (C() != 0) {
      std::printf("t2s testbench: %s: FAILED\n", Name);
      ++Failed;
    }
  std::printf("t2s testbench: %zu designs checked, %d failed\n", checks().size(), Failed);
  return Failed == 0 ? 0 : 1;
}

} // namespace testbench
} // namespace t2s

#endif // T2S_HLS_TESTBENCH_H
