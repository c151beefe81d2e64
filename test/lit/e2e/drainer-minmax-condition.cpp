// A drainer's write condition that compares with std::max or std::min of a
// size known at run time ('k < std::max(m, 2)'): the condition is a test of
// the loop variables and the function's parameters (std::max of integers is
// llvm.smax, ure/StdMinMax.h), so the drainer knows when the PEs write, in
// every build; it was refused as "a computed value". Reference = native
// (-O0, -O2) = emulated = HLS C simulation, at sizes under and over the
// bound.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: m=1: 0 1 0 0 0 0 1 3 0 0 0 0 2 5 0 0 0 0 3 7 0 0 0 0
// CHECK-NEXT: m=4: 0 1 3 6 0 0 1 3 6 10 0 0 2 5 9 14 0 0 3 7 12 18 0 0
// CHECK-NEXT: min: 0 1 3 0 0 0 1 3 6 0 0 0 2 5 9 0 0 0 3 7 12 0 0 0
#include <algorithm>
#include <cstdio>

constexpr int P = 4, K = 6;

void upTo(const int x[P][K], int out[P][K], int m) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k];
      if (k < std::max(m, 2))
        out[p][k] = S[p][k];
    }
}

void below(const int x[P][K], int out[P][K], int m) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k];
      if (k < std::min(m, 3))
        out[p][k] = S[p][k];
    }
}

static void print(const char *Name, int out[P][K]) {
  std::printf("%s:", Name);
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      std::printf(" %d", out[p][k]);
  std::printf("\n");
}

int main() {
  int x[P][K];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      x[p][k] = p + k;
  for (int m : {1, 4}) {
    int out[P][K] = {};
    upTo(x, out, m);
    print(m == 1 ? "m=1" : "m=4", out);
  }
  int out[P][K] = {};
  below(x, out, 5);
  print("min", out);
}
