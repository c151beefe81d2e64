// The host stubs size each buffer by the elements the nest can touch: over
// the iterations that run each access (its guards, the nest's bounds), with
// isl, not over the loops' whole ranges. A read past the end of 'in' that a
// guard keeps from running ('t < 2 ? in[4 * t + p] : 1'), and a read that no
// iteration runs ('k >= 5' in a loop to 4), made the emulation stop legal
// programs with "called with the buffers 'in' and 'out' overlapping" (and
// the --opencl stub copy past the caller's arrays). Reference = emulated,
// with the input and output in one array.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s --check-prefix=HOST < %t/host.cpp
// HOST: {"in", in, 8 * sizeof(int), false}, {"out", out, 4 * sizeof(int), true}
// HOST: {"a", a, 0 * sizeof(int), false}, {"c", c, 4 * sizeof(int), true}
// RUN: FileCheck %s < %t/ref.out
// CHECK: 5 7 9 11
// CHECK-NEXT: 4 4 4 4
#include <cstdio>

constexpr int P = 4;

void guarded(const int in[8], int out[P]) {
  static int S[3][P];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int t = 0; t < 3; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (t == 0 ? 0 : S[t - 1][p]) + (t < 2 ? in[4 * t + p] : 1);
      if (t == 2) out[p] = S[t][p];
    }
}

void neverRead(const int a[4][4], int c[4]) {
  static int C[4][4];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int k = 0; k < 4; ++k)
    for (int p = 0; p < 4; ++p) {
      C[k][p] = (k == 0 ? 0 : C[k - 1][p]) + (k >= 5 ? a[k - 5][p] : 1);
      if (k == 3) c[p] = C[k][p];
    }
}

int main() {
  int buf[16];
  for (int i = 0; i < 16; ++i)
    buf[i] = i;
  guarded(buf, buf + 8);
  for (int i = 8; i < 12; ++i)
    printf("%d ", buf[i]);
  printf("\n");
  neverRead((const int(*)[4])buf, buf);
  for (int i = 0; i < 4; ++i)
    printf("%d ", buf[i]);
  printf("\n");
}
