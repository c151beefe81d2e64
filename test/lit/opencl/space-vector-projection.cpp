// A double projection down to one space loop that is vectorized: every pass
// that moves one vector for the PEs along kk (receive x, send each output)
// recovers the time loop 'p' outside any PE loop, so each needs a block of its
// own (three 'int p' in one scope did not compile: found by the differential
// campaign, seed 200129). Reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// CHECK:      // Receive x as one vector for the PEs along kk.
// CHECK-NEXT: {
// CHECK-NEXT:   int p = t1 - 3 * q;
// CHECK:      // Send out as one vector from the PEs along kk.
// CHECK-NEXT: {
// CHECK-NEXT:   int p = t1 - 3 * q;
// CHECK:      // Send out as one vector from the PEs along kk.
// CHECK-NEXT: {
// CHECK-NEXT:   int p = t1 - 3 * q;
#include <cstdio>

void proj(const int x[3][5][5], const int w[3][3], int *out) {
  static int U0[3][3][5], U1[3][3][5];
  #pragma t2s ure
  #pragma t2s space_time(q, kk) schedule(3, 0) check_time
  #pragma t2s space_time(kk) check_time
  #pragma t2s loader(x)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(kk)
  for (int p = 0; p < 3; p++)
    for (int q = 0; q < 3; q++)
      for (int kk = 0; kk < 5; kk++) {
        U0[p][q][kk] = w[p][q] + (kk >= 1 && p >= 1 ? U1[p - 1][q][kk - 1] : 2);
        U1[p][q][kk] = 3 * x[q][p + 2][kk] + 4;
        if (p == 2) out[q * 5 + kk] = U0[p][q][kk];
        if (p == 2) out[15 + q * 5 + kk] = U1[p][q][kk];
      }
}

int main() {
  static int x[3][5][5], w[3][3], out[30];
  for (int a = 0; a < 75; ++a)
    (&x[0][0][0])[a] = a * 7 % 23 - 11;
  for (int a = 0; a < 9; ++a)
    (&w[0][0])[a] = a * 5 % 19 - 6;
  proj(x, w, out);
  for (int a = 0; a < 30; ++a)
    std::printf("%d ", out[a]);
  std::printf("\n");
}
