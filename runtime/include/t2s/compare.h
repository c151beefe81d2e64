//===- t2s/compare.h - Checking a design against its reference --*- C++ -*-===//
//
// Header-only helpers the examples and tests use to compare the output of a
// systolic build with the sequential reference: exact for integers, within a
// stated relative tolerance for floats. They print the first mismatches.
//
// Any NaN equals any NaN, whatever its sign: IEEE 754 (2019, 6.3) leaves
// the sign of a NaN made by an invalid operation unspecified, and it does
// differ between builds: x86 makes 0/0 the NaN with the sign set (-nan),
// while clang folds a 0/0 it can see at compile time to +nan, so a
// reference whose inputs are constants prints 'nan' where the kernels,
// which compute it at run time, print '-nan' (docs/emulation.md).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_COMPARE_H
#define T2S_COMPARE_H

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <type_traits>

namespace t2s {

/// Compares Count elements of Got against Want. Integers must be equal; floats
/// must satisfy |got - want| <= RelTol * max(1, |want|), or both be NaN. Prints at most
/// MaxReports mismatches to stderr under Name and returns the mismatch count.
template <typename T>
std::size_t countMismatches(const char *Name, const T *Got, const T *Want,
                            std::size_t Count, double RelTol = 0.0,
                            std::size_t MaxReports = 5) {
  std::size_t Bad = 0;
  for (std::size_t I = 0; I < Count; ++I) {
    bool Equal;
    if constexpr (std::is_floating_point_v<T>) {
      double G = Got[I], W = Want[I];
      double Scale = std::fabs(W) > 1.0 ? std::fabs(W) : 1.0;
      Equal = (G == W) || std::fabs(G - W) <= RelTol * Scale ||
              (std::isnan(G) && std::isnan(W));
    } else {
      Equal = Got[I] == Want[I];
    }
    if (Equal)
      continue;
    if (Bad < MaxReports)
      std::fprintf(stderr, "%s[%zu]: got %.9g, want %.9g\n", Name, I,
                   static_cast<double>(Got[I]), static_cast<double>(Want[I]));
    ++Bad;
  }
  return Bad;
}

} // namespace t2s

#endif // T2S_COMPARE_H
