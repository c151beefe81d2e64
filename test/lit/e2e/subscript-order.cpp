// URE arrays written at the loop variables in another order than the nest's
// (issue #36, item 5): the auto-regressive filter of T2SP's programming guide
// writes Phi[i][t] in a t-outer nest. Every read names the loops in the order
// of the write; windows and left-out dimensions combine with it. Reference =
// native (-O0, -O2) = emulated = HLS C simulation; the model's distances are
// per loop, whatever the order of the subscripts.
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
// CHECK: fir 0.5 2 4 6 8 10 12 14 16 18 20 22
// CHECK-NEXT: gemm 64 45 61 56 64 52 54 70 49 44 67 69
// RUN: %t2s-clangxx -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/so.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/so.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: URE system in 'fir
// MODEL: URE array Phi: float[4][12], written by statement 0, stored as Phi[i][t]
// MODEL: URE array X: float[4][2], written by statement 1, stored as X[i][t % 2]
// MODEL: reads Phi at distance (1, 0)
// MODEL: reads X at distance (1, 1)
// MODEL: reads S at distance (0, 1)
// MODEL-LABEL: URE system in 'gemm
// MODEL: URE array A: i32[5][3][4], written by statement 0{{$}}
// MODEL: URE array B: i32[4][5], written by statement 1, stored as B[j][k]
// MODEL: URE array C: i32[4][3][2], written by statement 2, stored as C[j][i][k % 2]
// MODEL: reads C at distance (1, 0, 0)
#include <cstdio>

constexpr int T = 12, P = 4;

// y[t] = sum_i a[i] * x[t - i], PEs along i; the programming guide's
// spelling: Phi[i][t] (the taps travel in time), X[i][t % 2] (the samples
// move one PE per step), S[i][t] (the sum along the PEs, within a step).
void fir(const float x[T], const float a[P], float y[T]) {
  static float Phi[P][T], X[P][2], S[P][T];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < P; ++i) {
      Phi[i][t] = t == 0 ? a[i] : Phi[i][t - 1];
      X[i][t % 2] = i == 0 ? x[t] : (t == 0 ? 0.f : X[i - 1][(t - 1) % 2]);
      S[i][t] = (i == 0 ? 0.f : S[i - 1][t]) + Phi[i][t] * X[i][t % 2];
      if (i == P - 1)
        y[t] = S[i][t];
    }
}

constexpr int N = 3, M = 4, K = 5;

// c = a * b with each URE array written in its own order: C[j][i][k % 2]
// (the sums of two k), A[k][i][j], B[j][k] (i left out).
void gemm(const int a[N][K], const int b[K][M], int c[N][M]) {
  static int A[K][N][M], B[M][K], C[M][N][2];
#pragma t2s ure
#pragma t2s space_time(i, j)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < M; ++j) {
        A[k][i][j] = j == 0 ? a[i][k] : A[k][i][j - 1];
        B[j][k] = b[k][j];
        C[j][i][k % 2] = (k == 0 ? 0 : C[j][i][(k - 1) % 2]) + A[k][i][j] * B[j][k];
        if (k == K - 1)
          c[i][j] = C[j][i][k % 2];
      }
}

int main() {
  float x[T], a[P] = {0.5f, 1, 0.5f, 0}, y[T];
  for (int t = 0; t < T; ++t)
    x[t] = float(t + 1);
  fir(x, a, y);
  std::printf("fir");
  for (float v : y)
    std::printf(" %g", v);
  int ai[N][K], bi[K][M], ci[N][M];
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k)
      ai[i][k] = (i * 7 + k * 3) % 5 + 1;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < M; ++j)
      bi[k][j] = (k * 5 + j * 2) % 7 + 1;
  gemm(ai, bi, ci);
  std::printf("\ngemm");
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j)
      std::printf(" %d", ci[i][j]);
  std::printf("\n");
}
