// An output guard kept in a bool local names the vectorized loop: 'bool last
// = j == 3 && (p >= 3 && !(k < 2)); if (last) out[...] = ...' under
// vectorize(p) with a drainer. clang emits the '&&' as branches that a phi
// joins, so 'p >= 3' is no operand of the guard: it decides which edge comes
// in. The lanes' classification now follows those branches (ure/Guards.h,
// dependsOnLoop), so the drainer writes lane by lane where the guard holds;
// before, it took the write for one of every lane and printed 'p', which the
// drainer does not have (found by the random campaign, seed 22059).
// Reference = native = emulated = HLS C simulation, with the guard inline
// and in the local.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -DINLINE %s -o %t/emu-inline 2>&1 | count 0
// RUN: %t/emu-inline | diff %t/ref.out -
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s
// CHECK: channels of out to its drainer: {{.*}}single lanes of p in order
#include <cstdio>

void lanes(const int x[8][8], int out[64]) {
  static int U[5][5][4];
  #pragma t2s ure
  #pragma t2s space_time(p, k)
  #pragma t2s space_time(k)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(p)
  for (int j = 1; j < 5; ++j)
    for (int p = 1; p < 5; ++p)
      for (int k = 0; k < 4; ++k) {
        U[j][p][k] = 2 * x[p][k + 2] + (j >= 3 && k >= 1 && p >= 3 ? 3 * U[j - 2][p - 2][k - 1] : 1);
#ifdef INLINE
        if (j == 3 && (p >= 3 && !(k < 2)))
          out[(p - 1) * 4 + k] = U[j][p][k];
#else
        bool last = j == 3 && (p >= 3 && !(k < 2));
        if (last)
          out[(p - 1) * 4 + k] = U[j][p][k];
#endif
      }
}

int main() {
  static int x[8][8], out[64];
  for (int a = 0; a < 8; ++a)
    for (int b = 0; b < 8; ++b)
      x[a][b] = a + 2 * b;
  lanes(x, out);
  for (int i = 0; i < 16; ++i)
    printf("%d ", out[i]);
  printf("\n");
}
