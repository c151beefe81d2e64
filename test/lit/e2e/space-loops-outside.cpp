// Space loops that enclose time loops (issue #36, item 1): T2SP's SYMV maps
// its outer loop to space. t2s-space-loops-inward moves the space loops
// inside the time loops when every read still reaches an earlier iteration
// and every output element keeps its last write, and says so under
// -Rpass=t2s-space-time. Reference = native (-O0, -O2) = emulated = HLS C
// simulation, for a space loop outermost (symv), one between two time loops
// with a run-time bound (band) and two space loops around a time loop
// (outer); symv_small keeps the storage its written order allows, which the
// storage rule checks in that order, not the moved one. The opt-level check
// of the pass: the model after it runs the loops moved, the reads' distances
// follow, and the written order is kept on the nest.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 -Rpass=t2s-space-time %s -o %t/native 2> %t/remarks
// RUN: %t/native | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/s.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/s.ll | FileCheck %s --check-prefix=BEFORE
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-space-loops-inward,print<t2s-ure>' -disable-output %t/s.ll | FileCheck %s --check-prefix=AFTER
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-space-loops-inward' -S %t/s.ll | FileCheck %s --check-prefix=IR
// BEFORE-LABEL: URE system in 'symv(
// BEFORE-NEXT: loops: i in [0, 8), k in [0, 8)
// BEFORE-NOT: written as
// BEFORE: reads X at distance (1, 0)
// BEFORE: reads Z at distance (0, 1)
// AFTER-LABEL: URE system in 'symv(
// AFTER-NEXT: loops: k in [0, 8), i in [0, 8)
// AFTER-NEXT: written as: i, k (the space loops moved inward)
// AFTER: reads X at distance (0, 1)
// AFTER: reads Z at distance (1, 0)
// AFTER-LABEL: URE system in 'band(
// AFTER-NEXT: loops: r in [0, 2), q in [0, n), at run time (counted as [0, 4)), p in [0, 3)
// AFTER-NEXT: written as: r, p, q
// AFTER-LABEL: URE system in 'outer(
// AFTER-NEXT: loops: k in [0, 5), i in [0, 3), j in [0, 4)
// AFTER-NEXT: written as: i, j, k
// AFTER-LABEL: URE system in 'symv_small(
// AFTER-NEXT: loops: k in [0, 8), i in [0, 8)
// AFTER-NEXT: written as: i, k
// AFTER: URE array Z: float[2], written by statement 1, stored as Z[k % 2]
// The band's levels: r tests 2, the middle level now tests the run-time n,
// the innermost 3; the metadata names follow.
// IR-LABEL: define {{.*}}@_Z4bandPKiS0_iPi(
// IR: icmp slt i32 %{{.*}}, 2
// IR: icmp slt i32 %{{.*}}, %2
// IR: icmp slt i32 %{{.*}}, 3
// IR-DAG: !{!"t2s.loop.name", !"q"}
// IR-DAG: !{!"t2s.written.order", !"r", !"p", !"q"}
// CHECK: symv 128.5 164.5 148.5 144.5 126.5 138.5 174.5 148.5
// CHECK-NEXT: symv_small 128.5 164.5 148.5 144.5 126.5 138.5 174.5 148.5
// CHECK-NEXT: band 0 0 12 8 0 18 16 0 24 24 0 30
// CHECK-NEXT: outer 4 8 12 16 8 16 24 32 12 24 36 48
// CHECK-NEXT: fed 10 30 50 70
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: space_time at {{[0-9]+}}:13: the space loop 'i' encloses 'k', so the loops (i, k) run as (k, i): every read still reaches an earlier iteration and every output element keeps its last write [-Rpass=t2s-space-time]
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 8 PEs x 8 time steps, utilization 100.0%
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: space_time at {{[0-9]+}}:13: the space loop 'p' encloses 'q', so the loops (r, p, q) run as (r, q, p):
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 3 PEs x 8 time steps
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: space_time at {{[0-9]+}}:13: the space loop 'i' encloses 'k', so the loops (i, j, k) run as (k, i, j):
// REMARK: space-loops-outside.cpp:{{[0-9]+}}:3: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 3 x 4 PEs x 5 time steps, utilization 100.0%
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'i' encloses 'k', so the loops (i, k) run as (k, i)
// REMARK: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 8 PEs x 8 time steps, utilization 100.0%, 24 shift-register words
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'i' encloses 'k', so the loops (i, k) run as (k, i)
#include <cstdio>

constexpr int N = 8;

// y = alpha * A * x + beta * y for a symmetric A of which only the lower
// triangle is read: a PE per row i, x flowing down the PEs, the row's sum
// along k in time.
void symv(const float a[N][N], const float x[N], const float yin[N], float alpha,
          float beta, float y[N]) {
  static float X[N][N], Z[N][N];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k) {
      X[i][k] = i == 0 ? x[k] : X[i - 1][k];
      Z[i][k] = (k == 0 ? 0.f : Z[i][k - 1]) + (k <= i ? a[i][k] : a[k][i]) * X[i][k];
      if (k == N - 1)
        y[i] = alpha * Z[i][k] + beta * yin[i];
    }
}

// Three taps per round r over a signal of n samples; the PE loop p sits
// between the round loop and the sample loop, whose bound n the caller
// passes. Each PE keeps its tap in time (a window of two samples).
constexpr int R = 2, P = 3, Q = 16;
void band(const int *x, const int *w, int n, int *y) {
  static int V[R][P][2];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      for (int q = 0; q < n; ++q) {
        V[r][p][q % 2] = q == 0 ? w[p] + r : V[r][p][(q - 1) % 2];
        if (r == R - 1)
          y[q * P + p] = V[r][p][q % 2] * x[q + p];
      }
}

// Outer products summed over k: two space loops i, j around the time loop k.
constexpr int I = 3, J = 4, K = 5;
void outer(const int u[K][I], const int v[K][J], int c[I][J]) {
  static int U[I][J][K], W[I][J][K], C[I][J][K];
#pragma t2s ure
#pragma t2s space_time(i, j)
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      for (int k = 0; k < K; ++k) {
        U[i][j][k] = j == 0 ? u[k][i] : U[i][j - 1][k];
        W[i][j][k] = i == 0 ? v[k][j] : W[i - 1][j][k];
        C[i][j][k] = (k == 0 ? 0 : C[i][j][k - 1]) + U[i][j][k] * W[i][j][k];
        if (k == K - 1)
          c[i][j] = C[i][j][k];
      }
}

// The same SYMV with the reference's storage cut to what the written order
// keeps live: the sum of row i needs only the last k (Z[k % 2], i left
// out, since i runs outside k as written), x one value per row. With the
// loops moved, the array's shift registers are the same as symv's.
void symv_small(const float a[N][N], const float x[N], const float yin[N], float alpha,
                float beta, float y[N]) {
  static float X[N][N], Z[2];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k) {
      X[i][k] = i == 0 ? x[k] : X[i - 1][k];
      Z[k % 2] = (k == 0 ? 0.f : Z[(k - 1) % 2]) + (k <= i ? a[i][k] : a[k][i]) * X[i][k];
      if (k == N - 1)
        y[i] = alpha * Z[k % 2] + beta * yin[i];
    }
}

// A kernel nest feeds the moved array through a channel: it sends in the
// order the array runs, (k, i) (space-loops-errors.cpp has the error when it
// sends in the written order).
constexpr int F = 4, G = 5;
void fed(const int a[F][G], int out[F]) {
  static int X[F][G], S[F][G];
#pragma t2s kernel(feed)
  for (int k = 0; k < G; ++k)
    for (int i = 0; i < F; ++i)
      X[i][k] = a[i][k] * 2;
#pragma t2s ure
#pragma t2s space_time(i)
  for (int i = 0; i < F; ++i)
    for (int k = 0; k < G; ++k) {
      S[i][k] = (k == 0 ? 0 : S[i][k - 1]) + X[i][k];
      if (k == G - 1)
        out[i] = S[i][k];
    }
}

int main() {
  float a[N][N], x[N], yin[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = float(i + 1);
    yin[i] = 1;
    for (int k = 0; k < N; ++k)
      a[i][k] = float((i * 3 + k) % 5);
  }
  symv(a, x, yin, 2.f, 0.5f, y);
  std::printf("symv");
  for (float v : y)
    std::printf(" %g", v);
  symv_small(a, x, yin, 2.f, 0.5f, y);
  std::printf("\nsymv_small");
  for (float v : y)
    std::printf(" %g", v);
  int xs[Q + P], ws[P] = {3, -1, 2}, ys[Q * P] = {};
  for (int q = 0; q < Q + P; ++q)
    xs[q] = 2 * q;
  band(xs, ws, 4, ys);
  std::printf("\nband");
  for (int q = 0; q < 4 * P; ++q)
    std::printf(" %d", ys[q]);
  int u[K][I], v[K][J], c[I][J];
  for (int k = 0; k < K; ++k) {
    for (int i = 0; i < I; ++i)
      u[k][i] = i + 1;
    for (int j = 0; j < J; ++j)
      v[k][j] = 2 * (j + 1) * (k % 2);
  }
  outer(u, v, c);
  std::printf("\nouter");
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      std::printf(" %d", c[i][j]);
  int fa[F][G], fo[F];
  for (int i = 0; i < F; ++i)
    for (int k = 0; k < G; ++k)
      fa[i][k] = i * k + 1;
  fed(fa, fo);
  std::printf("\nfed");
  for (int v : fo)
    std::printf(" %d", v);
  std::printf("\n");
}
