// Reads with a negative component in a lexicographically positive distance,
// through the space-time transform: a stencil reading PE i + 1 one step back
// (no schedule), an upwind stencil under the skew schedule t1 = t - i (the
// read of i + 1 waits two steps), and a read of PE (i - 1, j + 1) within
// the same step (the PEs of a step run in nest order). Each with loaders and
// drainers (and, vectorized, a read of lane k + 3 of PE i + 1 a step back);
// the sequential reference, the native systolic build and the
// emulated OpenCL print the same bits. The schedule t1 = t + i would give
// A[t - 1][i + 1] the time distance 0: an error at that read.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --report %s | FileCheck %s
// RUN: %not %t2s-clang -O2 -c -DSKEW=1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
#include <cstdio>

#ifndef SKEW
#define SKEW -1
#endif

constexpr int T = 6, N = 10, I = 5, J = 6, K = 4;

// CHECK-LABEL: design jacobi
// CHECK:       read of A at distance (1, 1): time distance 1, from PE offset (1)
// CHECK:       read of A at distance (1, -1): time distance 1, from PE offset (-1)
// CHECK:       registers of A: 2 per PE
void jacobi(const float in[N], float out[N]) {
  static float A[T][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      A[t][i] = t == 0 ? in[i]
              : (i == 0 || i == N - 1) ? A[t - 1][i]
              : (A[t - 1][i - 1] + A[t - 1][i] + A[t - 1][i + 1]) * 0.3f;
      if (t == T - 1)
        out[i] = A[t][i];
    }
}

// CHECK-LABEL: design upwind
// CHECK:       step 1: space (i) schedule (-1): t1 = -1*i + t in [-9, 6)
// CHECK:       read of A at distance (1, 0): time distance 1, from PE offset (0)
// CHECK:       read of A at distance (1, -1): time distance 2, from PE offset (-1)
// CHECK:       registers of A: 3 per PE
void upwind(const float in[N], float out[N]) {
  static float A[T][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(SKEW)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      // ERR: negative-components.cpp:[[@LINE+1]]:90: error: the schedule gives this read of 'A' (distance (1, -1)) the time distance 0 (t1 = 1*i + t changes by 1*(-1) + 1 = 0); with a schedule vector a read stays within a step only from a PE that runs before this one in nest order (a chain), and this one runs after: change the schedule [space loops]
      A[t][i] = t == 0 ? in[i] : i == N - 1 ? A[t - 1][i] : 0.5f * A[t - 1][i] + 0.25f * A[t - 1][i + 1];
      if (t == T - 1)
        out[i] = A[t][i];
    }
}

// CHECK-LABEL: design diagonal
// CHECK:       read of D at distance (0, 1, -1): time distance 0, from PE offset (1, -1)
void diagonal(const int in[T][I][J], int out[T][I][J]) {
  static int D[T][I][J];
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < I; ++i)
      for (int j = 0; j < J; ++j) {
        D[t][i][j] = (i == 0 || j == J - 1) ? in[t][i][j] : D[t][i - 1][j + 1] * 3 + in[t][i][j];
        out[t][i][j] = D[t][i][j];
      }
}

// Lane k + 3 of PE i + 1, one step back (t - 1), when k == 0: with
// vectorize(k) a register of that lane alone keeps it for the step.
// CHECK-LABEL: design lanes
// CHECK:       read of L at distance (1, -3, -1): time distance 1, from PE offset (-1)
// CHECK:       registers of L: 1 per PE and lane, 4 lanes
// CHECK-NEXT:  registers of L, lane k = 3 for older steps: 2 per PE
void lanes(const int in[T][K], int out[T][K][N]) {
  static int L[T][K][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(k)
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < K; ++k)
      for (int i = 0; i < N; ++i) {
        L[t][k][i] = (t == 0 || k != 0 || i == N - 1) ? in[t][k] + i : L[t - 1][k + 3][i + 1] * 2 + 1;
        out[t][k][i] = L[t][k][i];
      }
}

int main() {
  float in[N], a[N], b[N];
  for (int i = 0; i < N; ++i)
    in[i] = float((i * 7) % 5) + 0.1f * float(i);
  jacobi(in, a);
  upwind(in, b);
  for (int i = 0; i < N; ++i)
    std::printf("%d %a %a\n", i, a[i], b[i]);
  static int din[T][I][J], dout[T][I][J];
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < I; ++i)
      for (int j = 0; j < J; ++j)
        din[t][i][j] = (t * 5 + i * 3 + j) % 7;
  diagonal(din, dout);
  long sum = 0;
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < I; ++i)
      for (int j = 0; j < J; ++j)
        sum = sum * 31 + dout[t][i][j];
  std::printf("diagonal %ld\n", sum);
  static int lin[T][K], lout[T][K][N];
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < K; ++k)
      lin[t][k] = t * 3 + k;
  lanes(lin, lout);
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < K; ++k)
      for (int i = 0; i < N; ++i)
        std::printf("%d ", lout[t][k][i]);
  std::printf("\n");
}
