// std::min, std::max and std::clamp in URE values and run-time bounds (every
// DP, ReLU or clamp design uses them). They take their arguments by
// reference, so clang spilled them to temporaries and the nest was refused,
// blaming a local ("the output '' is read inside the URE nest", "[extended
// UREs last]") or the bound ("not a compile-time constant"). Now: a
// Smith-Waterman score (int, std::max of three), a ReLU and a clamp of
// floats, an unsigned and a short min, a bound 't < std::min(n, 6)'; the
// OpenCL type-checks and reference = native (-O0, -O2) = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL-DAG: max(
// CL-DAG: min(
// RUN: FileCheck %s < %t/ref.out
// CHECK: score 0 3 6 6 6 6 5 7
// CHECK-NEXT: relu 0 1 0 0.5 0.75 0.75 0.5 0
// CHECK-NEXT: small 0 0 0 4 65533 65534
// CHECK-NEXT: bounded 27 27 24 24
#include <algorithm>
#include <cstdio>

constexpr int N = 8;

// Smith-Waterman along the antidiagonal: H[i][j] = max(0, diagonal + s,
// up - 1, left - 1), PEs along j.
void score(const int a[N], const int b[N], int out[N]) {
  static int H[N][N], A[N][N], B[N][N];
#pragma t2s ure
#pragma t2s space_time(j)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      A[i][j] = j == 0 ? a[i] : A[i][j - 1];
      B[i][j] = i == 0 ? b[j] : B[i - 1][j];
      int diag = (i == 0 || j == 0) ? 0 : H[i - 1][j - 1];
      int up = i == 0 ? 0 : H[i - 1][j];
      int left = j == 0 ? 0 : H[i][j - 1];
      int s = A[i][j] == B[i][j] ? 2 : -1;
      H[i][j] = std::max(std::max(0, diag + s), std::max(up - 1, left - 1));
      if (i == N - 1) out[j] = H[i][j];
    }
}

void relu(const float x[N][N], float out[N]) {
  static float S[N][N];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < N; ++p) {
      S[k][p] = std::clamp(std::max((k == 0 ? 0.0f : S[k - 1][p]) + x[k][p], 0.0f), 0.0f, 2.0f);
      if (k == N - 1) out[p] = S[k][p];
    }
}

void small(const unsigned u[4], const short s[4], unsigned uo[4], short so[2]) {
  static unsigned U[4][4];
  static short V[4][2];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int k = 0; k < 4; ++k)
    for (int p = 0; p < 4; ++p) {
      U[k][p] = k == 0 ? u[p] : std::min(U[k - 1][p], u[(k + p) % 4] + 1u);
      if (k == 3) uo[p] = U[k][p];
    }
#pragma t2s ure
#pragma t2s space_time(p)
  for (int k = 0; k < 4; ++k)
    for (int p = 0; p < 2; ++p) {
      V[k][p] = k == 0 ? s[p] : std::min<short>(V[k - 1][p], s[k]);
      if (k == 3) so[p] = V[k][p];
    }
}

void bounded(int n, const int *in, int *out) {
  static int S[2][4];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int t = 0; t < std::min(n, 6); ++t)
    for (int p = 0; p < 4; ++p) {
      int v = std::max(in[t * 4 + p], 3);
      S[t % 2][p] = std::clamp((t == 0 ? 0 : S[(t - 1) % 2][p]) + v, 0, 100);
      if (t == std::min(n, 6) - 1) out[p] = S[t % 2][p];
    }
}

int main() {
  int a[N] = {1, 2, 3, 1, 2, 3, 1, 2}, b[N] = {3, 1, 2, 2, 1, 3, 3, 1}, h[N];
  score(a, b, h);
  printf("score");
  for (int v : h) printf(" %d", v);
  float x[N][N], r[N];
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < N; ++p)
      x[k][p] = float((k * 3 + p * 5) % 7) * 0.25f - 0.75f + (p == 7 ? -2.0f : 0.0f);
  relu(x, r);
  printf("\nrelu");
  for (float v : r) printf(" %g", v);
  unsigned u[4] = {7, 3, 9, 0xffffffffu}, uo[4];
  short s[4] = {-3, 4, 8, -2}, so[2];
  small(u, s, uo, so);
  printf("\nsmall %u %u %u %u %u %u", uo[0], uo[1], uo[2], uo[3],
         (unsigned short)so[0], (unsigned short)so[1]);
  int in[64], out[4];
  for (int i = 0; i < 64; ++i) in[i] = (i * 37) % 11 - 2;
  bounded(9, in, out);
  printf("\nbounded %d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
