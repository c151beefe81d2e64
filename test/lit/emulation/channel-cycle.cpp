// A kernel nest that feeds one array through two loaders, writing all of X
// before any of Y while the array reads X and Y together: its values reach
// the array along two paths, so the replay of one pair of kernels cannot
// size their channels (sized pair by pair, every channel got depth 1 and the
// emulation deadlocked). They keep the fixed depth, the report says why,
// and the run ends with the reference's result.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu && %t/emu | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: out[7] = 21
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// REPORT: depth of channel grow_X: 16 (fixed: produce and grow_load_X also exchange values through other kernels, which the replay of one pair does not see)
// REPORT: depth of channel grow_Y_pe: 16 (fixed: grow_load_Y and grow also exchange values through other kernels, which the replay of one pair does not see)
#include <cstdio>

constexpr int T = 8;
float X[T], Y[T];

void grow(const float *in, float *out) {
  static float A[1];
  #pragma t2s kernel(produce)
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < T; ++t) {
      if (s == 0) X[t] = in[t];
      if (s == 1) Y[t] = in[t] * 2.f;
    }
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < 1; ++p) {
      A[p] = X[t] + Y[t];
      out[t] = A[p];
    }
}

int main() {
  float in[T], out[T];
  for (int i = 0; i < T; ++i)
    in[i] = float(i);
  grow(in, out);
  for (int i = 0; i < T; ++i)
    std::printf("out[%d] = %g\n", i, out[i]);
}
