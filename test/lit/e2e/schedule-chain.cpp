// A schedule vector with a read that stays within a step (issue #36, item
// 2): the PEs of a step run in nest order, so a read of a PE before this one
// along a loop the schedule gives coefficient 0 is a chain, as it is without
// a schedule. A GEMM with t = k + i: b flows down i one step per PE, a along
// j within the step (the PEs of a row pass it on in the same step); a
// matrix-vector product with an explicit schedule(0). Reference = native
// (-O0, -O2) = emulated = HLS C simulation, with loaders and drainers. A read
// of a PE after this one in the same step stays an error
// (space-time/schedule-errors.cpp, negative-components.cpp).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// CHECK: mm 3 5 -7 -12 15 13 -3 2 27 21 1 16
// CHECK-NEXT: mv 0 10 20 30
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// REPORT-LABEL: design mm(
// REPORT: step 1: space (i, j) schedule (1, 0): t1 = 1*i + k in [0, 7)
// REPORT: PEs: 12 (i in [0, 3), j in [0, 4))
// REPORT: time: t1 x7 = 7 steps (flattened t = t1)
// REPORT: read of A at distance (0, 0, 1): time distance 0, from PE offset (0, 1)
// REPORT: read of B at distance (0, 1, 0): time distance 1, from PE offset (1, 0)
// REPORT-LABEL: design mv(
// REPORT: step 1: space (i) schedule (0): t1 = j in [0, 4)
// REPORT: read of X at distance (0, 1): time distance 0, from PE offset (1)
#include <cstdio>

constexpr int I = 3, J = 4, K = 5;

void mm(const int a[I][K], const int b[K][J], int c[I][J]) {
  static int A[K][I][J], B[K][I][J], C[K][I][J];
#pragma t2s ure
#pragma t2s space_time(i, j) schedule(1, 0)
#pragma t2s loader(a, b)
#pragma t2s drainer(c)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      for (int j = 0; j < J; ++j) {
        A[k][i][j] = j == 0 ? a[i][k] : A[k][i][j - 1];
        B[k][i][j] = i == 0 ? b[k][j] : B[k][i - 1][j];
        C[k][i][j] = (k == 0 ? 0 : C[k - 1][i][j]) + A[k][i][j] * B[k][i][j];
        if (k == K - 1)
          c[i][j] = C[k][i][j];
      }
}

constexpr int N = 4;

void mv(const int a[N][N], const int x[N], int y[N]) {
  static int X[N][N], Y[N][N];
#pragma t2s ure
#pragma t2s space_time(i) schedule(0)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      X[j][i] = i == 0 ? x[j] : X[j][i - 1];
      Y[j][i] = (j == 0 ? 0 : Y[j - 1][i]) + a[i][j] * X[j][i];
      if (j == N - 1)
        y[i] = Y[j][i];
    }
}

int main() {
  int a[I][K], b[K][J], c[I][J];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = i * 2 + k - 3;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = (k * 3 + j) % 7 - 2;
  mm(a, b, c);
  std::printf("mm");
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      std::printf(" %d", c[i][j]);
  int m[N][N], x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i + 1;
    for (int j = 0; j < N; ++j)
      m[i][j] = i;
  }
  mv(m, x, y);
  std::printf("\nmv");
  for (int v : y)
    std::printf(" %d", v);
  std::printf("\n");
}
