// A kernel nest that feeds one array through two loaders, writing all of X
// before any of Y while the array reads X and Y together: its values reach
// the array along two paths, so the replay of one pair of kernels cannot
// size their channels (sized pair by pair, every channel got depth 1 and the
// emulation deadlocked; with the fixed depth 16 it deadlocked once more than
// about 32 values were in flight). The four kernels are replayed together:
// the X path holds the lead of X over Y (T - 1 values: 3 + 3 and one in
// the loader for T = 8; 19 + 19 for T = 40), Y needs one, and the runs end
// with the reference's result.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu && %t/emu | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: out[7] = 21
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// REPORT: depth of channel grow_X: 3 (the most values in flight among produce, grow_load_X, grow_load_Y and grow, replayed together: values pass between them along more than one path)
// REPORT-NEXT: depth of channel grow_Y: 1 (the most values in flight among
// REPORT-NEXT: depth of channel grow_X_pe: 3 (the most values in flight among
// REPORT-NEXT: depth of channel grow_Y_pe: 1 (the most values in flight among
// RUN: %clangxx -O2 -DT_SIZE=40 %s -o %t/ref40 && %t/ref40 > %t/ref40.out
// RUN: %t2s-clang --emulate -O2 -DT_SIZE=40 %s -o %t/emu40 && %t/emu40 | diff %t/ref40.out -
// RUN: FileCheck %s --check-prefix=LONG < %t/ref40.out
// LONG: out[39] = 117
// RUN: %t2s-clang --report -DT_SIZE=40 %s | FileCheck %s --check-prefix=REPORT40
// REPORT40: depth of channel grow_X: 19 (the most values in flight among
// REPORT40: depth of channel grow_X_pe: 19 (the most values in flight among
#include <cstdio>

#ifndef T_SIZE
#define T_SIZE 8
#endif
constexpr int T = T_SIZE;
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
