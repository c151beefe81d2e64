// Under --emulate the kernels of a function's nests run together where the
// first nest was, so nothing may lie between the nests.
// RUN: %not %t2s-clang --emulate -O2 %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// The native build runs the nests as they are written.
// RUN: %t2s-clang -O2 %s -o %t.native && %t.native | FileCheck %s --check-prefix=NATIVE
// NATIVE: between
// NATIVE-NEXT: 9
#include <cstdio>

constexpr int N = 4;

void between(const int in[N], int out[N]) {
  static int mid[N];
  #pragma t2s kernel(writer)
  for (int i = 0; i < N; ++i)
    mid[i] = in[i] * 2;
  // CHECK: emulate-offload-errors.cpp:[[@LINE+1]]:3: error: cannot offload the kernels of 'between': their nests run together as one group of kernels, but code lies between two of them (before kernel 'reader' (line [[@LINE+2]])); move that code before the first nest or after the last [offload]
  std::puts("between");
  #pragma t2s kernel(reader)
  for (int i = 0; i < N; ++i)
    out[i] = mid[i] + 1;
}

int main() {
  int in[N] = {1, 2, 3, 4}, out[N];
  between(in, out);
  std::printf("%d\n", out[3]);
}
