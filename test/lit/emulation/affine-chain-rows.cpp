// Chains along a loop with constant bounds in a nest whose other space loop
// has affine bounds (a in [t, t + 2)): at each step a whole row of PEs along
// b is in the nest or out of it, and a row out of it must not pass values
// (found by gen_affine.py: the scatter's rows outside the nest waited for
// values the loader never sent, the gather's passed values no PE wrote).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK-COUNT-3: t
#include <cstdio>

constexpr int T = 3, A = 4, B = 3;

void rows(const int in[T][A][B], int out[T][A][B]) {
  static int X[T][A][B];
  #pragma t2s ure
  #pragma t2s space_time(a, b)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  #pragma t2s scatter(in, b, up)
  #pragma t2s gather(out, b, down)
  for (int t = 0; t < T; ++t)
    for (int a = t; a < t + 2; ++a)
      for (int b = 0; b < B; ++b) {
        X[t][a][b] = in[t][a][b] * 2 + (t > 0 && a > t - 1 && b + 1 < B ? X[t - 1][a - 1][b + 1] : 1);
        out[t][a][b] = X[t][a][b];
      }
}

int main() {
  static int in[T][A][B], out[T][A][B];
  for (int t = 0; t < T; ++t)
    for (int a = 0; a < A; ++a)
      for (int b = 0; b < B; ++b)
        in[t][a][b] = t * 100 + a * 10 + b;
  rows(in, out);
  for (int t = 0; t < T; ++t) {
    std::printf("t %d:", t);
    for (int a = 0; a < A; ++a)
      for (int b = 0; b < B; ++b)
        std::printf(" %d", out[t][a][b]);
    std::printf("\n");
  }
}
