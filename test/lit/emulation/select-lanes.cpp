// A data-dependent '?:' (max-plus: C = max(C at k - 1, a + b)) in the
// vectorized lanes of k, with a loader and a drainer of the last lane:
// reference = native = emulated, bit for bit.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK-COUNT-16: 0x
#include <cstdio>

void mp(const float (*a)[8], const float (*b)[4], float (*c)[4]) {
  float A[8][4][4], B[8][4][4], C[8][4][4];
#pragma t2s ure
#pragma t2s space_time(j, i)
#pragma t2s vectorize(k)
#pragma t2s loader(a)
#pragma t2s drainer(c)
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i) {
        A[k][j][i] = j == 0 ? a[i][k] : A[k][j - 1][i];
        B[k][j][i] = i == 0 ? b[k][j] : B[k][j][i - 1];
        float s = A[k][j][i] + B[k][j][i];
        float prev = k == 0 ? -1e30f : C[k - 1][j][i];
        C[k][j][i] = s > prev ? s : prev;
        if (k == 7)
          c[i][j] = C[k][j][i];
      }
}

int main() {
  float a[4][8], b[8][4], c[4][4];
  for (int i = 0; i < 32; ++i) {
    a[i / 8][i % 8] = (i * 7 % 11) - 5.25f;
    b[i / 4][i % 4] = (i * 5 % 13) - 6.5f;
  }
  mp(a, b, c);
  for (int i = 0; i < 16; ++i)
    std::printf("%a\n", c[i / 4][i % 4]);
}
