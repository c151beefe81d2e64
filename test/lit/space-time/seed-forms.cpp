// The forms of space_time in the seed's "Semantics" section, on its example
// A(i, j) = select(j == 0, 0, A(i, j - 1)) + x, B(i, j) = A(i, j) + 1 merged
// into A: valid schedule #1 (space i), #2 (every loop space: one time step),
// and case 2 of the second form (the transform applies to the two inner
// loops, an outer loop k is unaffected: t = 3*i + j). Each runs natively as a
// systolic array and prints what the reference prints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 -DFORM=1 %s -o %t/f1 && %t/f1 > %t/f1.out && diff %t/ref.out %t/f1.out
// RUN: %t2s-clang -O2 -DFORM=2 %s -o %t/f2 && %t/f2 > %t/f2.out && diff %t/ref.out %t/f2.out
// RUN: %t2s-clang -O0 -DFORM=3 %s -o %t/f3 && %t/f3 > %t/f3.out && diff %t/ref.out %t/f3.out
// RUN: %t2s-clang --report -DFORM=1 %s | FileCheck %s --check-prefix=F1
// RUN: %t2s-clang --report -DFORM=2 %s | FileCheck %s --check-prefix=F2
// RUN: %t2s-clang --report -DFORM=3 %s | FileCheck %s --check-prefix=F3
// F1: step 1: space (i) schedule (0): t1 = j in [0, 5)
// F1: PEs: 6 (i in [0, 6))
// F1: read of A at distance (1, 0): time distance 1, from PE offset (0)
// F2: step 1: space (j, i) schedule (0, 0): every loop is space: one time step
// F2: PEs: 30 (j in [0, 5), i in [0, 6))
// F2: read of A at distance (1, 0): time distance 0, from PE offset (1, 0)
// F2: registers of A: 1 per PE (30 in all)
// F3: step 1: space (i) schedule (3): t1 = 3*i + j in [0, 20)
// F3: time: k x3, t1 x20 = 60 steps (flattened t = 20*k + t1)
// F3: read of A at distance (0, 1, 0): time distance 1, from PE offset (0)
// F3: read of A at distance (1, 0, 0): time distance 20, from PE offset (0)
// CHECK-NOT: error
#include <cstdio>

constexpr int J = 5, I = 6, K = 3;

void seed2d(const int *x, int out[J][I]) {
  static int A[J][I], B[J][I];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
#if FORM == 1
  #pragma t2s space_time(i)
#elif FORM == 2
  #pragma t2s space_time(j, i)
#endif
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i)
      A[j][i] = (j == 0 ? 0 : A[j - 1][i]) + x[i + j];
  #pragma t2s ure
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      B[j][i] = A[j][i] + 1;
      out[j][i] = B[j][i];
    }
}

void seed3d(const int *x, int out[K][J][I]) {
  static int A[K][J][I];
  #pragma t2s ure
#if FORM == 3
  #pragma t2s space_time(i) schedule(3)
#endif
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = (j == 0 ? 0 : A[k][j - 1][i]) + (k == 0 ? 0 : A[k - 1][j][i]) + x[i + j];
        out[k][j][i] = A[k][j][i];
      }
}

int main() {
  int x[I + J], out2[J][I] = {}, out3[K][J][I] = {};
  for (int n = 0; n < I + J; ++n)
    x[n] = n * n % 7;
  seed2d(x, out2);
  seed3d(x, out3);
  long long h = 0;
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i)
      h = h * 31 + out2[j][i];
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i)
        h = h * 31 + out3[k][j][i];
  std::printf("%lld\n", h);
}
