// QR decomposition by modified Gram-Schmidt, A = Q * R, in the form of
// T2SP's QRD (IntelLabs/t2sp t2s/tests/correctness/qrd and
// performance/qrd): the rows k of the matrix are the PEs, and the time runs
// over the triangle of rounds i and columns j >= i ('for (int j = i; ...)').
// Round i normalizes column i - 1 and takes its projection off every later
// column. The normalization is delayed by one round: in round i, PE k holds
//
//   A   element k of column j after round i (column j - 1 of a in round 0);
//   Ai  element k of the round's pivot column (column i + 1 of the round),
//       passed along j;
//   X   the dot product of the pivot column and column j, summed along the
//       PEs within a step (a chain): PE M - 1 holds the whole sum;
//   Xi  the pivot column's own dot product, passed along j;
//   Xk, Xik  those two sums of the previous round, read by PE 0 from PE
//       M - 1 and passed along the PEs.
//
// The previous round's values (A[i - 1][j][k], X[i - 1][j][k + M - 1], ...)
// are read back across an iteration of i, inside which j runs N + 1 - i
// steps: a number that shrinks with i. Each PE keeps such an array in a
// buffer indexed by j, not in a shift register (docs/language.md, "Reads
// across a triangle"), so the array runs the triangle's steps (28), not the
// rectangle's (49).
//
// Unpadded, each step would wait for the last on a device: at the
// triangle's tip a round is one step long, so the sums read there were
// written one step before, through the previous round's divide and the
// chains of multiply-adds (60 clocks on an Arria 10), and the FPGA compiler
// cannot tell which buffer word a step reads. 'pad_rounds(i, 60)' does what
// T2SP's triangular_loop_optimize(i, j, 64) does: the array's kernel runs
// each round in at least 60 steps (idle steps first), so a buffer word is
// read 60 steps or more after its write, and tells the compiler so (ivdep
// safelen). A step then starts every clock: 7 rounds of 60 steps, 420
// clocks, against 28 steps of 60 clocks (1,680) unpadded. At T2SP's size
// (128 columns, rounds of 64) a fifth of the steps idle: 10,401 for 8,385.
//
//   t2s-clang -O2 qrd.cpp -o qrd && ./qrd
//   t2s-clang --report qrd.cpp
#include <t2s/compare.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr int M = 8; // rows: one PE each
constexpr int N = 6; // columns

void qrd(const float a[M][N], float q[M][N], float r[N][N]) {
  static float A[N + 1][N + 1][M], Ai[N + 1][N + 1][M], X[N + 1][N + 1][M],
      Xi[N + 1][N + 1][M], Xk[N + 1][N + 1][M], Xik[N + 1][N + 1][M]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(k)
  #pragma t2s pad_rounds(i, 60)
  for (int i = 0; i <= N; ++i)
    for (int j = i; j <= N; ++j)
      for (int k = 0; k < M; ++k) {
        Xk[i][j][k] = i == 0 ? 0.f : k == 0 ? X[i - 1][j][k + M - 1] : Xk[i][j][k - 1];
        Xik[i][j][k] = i == 0 ? 0.f : k == 0 ? Xi[i - 1][j][k + M - 1] : Xik[i][j][k - 1];
        A[i][j][k] = j == i   ? 0.f
                     : i == 0 ? a[k][j - 1]
                              : A[i - 1][j][k] - Xk[i][j][k] / Xik[i][j][k] * Ai[i - 1][j][k];
        Ai[i][j][k] = j == i ? 0.f : j == i + 1 ? A[i][j][k] : Ai[i][j - 1][k];
        X[i][j][k] = j == i ? 0.f : (k == 0 ? 0.f : X[i][j][k - 1]) + Ai[i][j][k] * A[i][j][k];
        Xi[i][j][k] = j == i ? 0.f : j == i + 1 ? X[i][j][k] : Xi[i][j - 1][k];
        if (i > 0 && j == i)
          q[k][i - 1] = A[i - 1][j][k] / std::sqrt(Xk[i][j][k]);
        if (i > 0 && k == M - 1)
          r[i - 1][j - 1] = j == i ? std::sqrt(Xk[i][j][k]) : Xk[i][j][k] / std::sqrt(Xik[i][j][k]);
      }
}

int main() {
  static float a[M][N], q[M][N], r[N][N];
  for (int k = 0; k < M; ++k)
    for (int j = 0; j < N; ++j)
      a[k][j] = float((k * 5 + j * 3) % 7) + (k == j ? 4.f : 0.f);

  qrd(a, q, r);

  double checksum = 0;
  for (int k = 0; k < M; ++k)
    for (int j = 0; j < N; ++j)
      checksum += q[k][j] * (1 + (k * N + j) % 5);
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j)
      checksum += r[i][j] * (1 + (i * N + j) % 3);
  std::printf("qrd %d x %d checksum %.6f\n", M, N, checksum);

  // Q * R gives A back, and Q's columns are orthonormal, within float
  // rounding.
  static float qr[M][N], want[M][N], qtq[N][N], eye[N][N];
  for (int k = 0; k < M; ++k)
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int i = 0; i <= j; ++i)
        s += double(q[k][i]) * r[i][j];
      qr[k][j] = float(s);
      want[k][j] = a[k][j];
    }
  for (int x = 0; x < N; ++x)
    for (int y = 0; y < N; ++y) {
      double s = 0;
      for (int k = 0; k < M; ++k)
        s += double(q[k][x]) * q[k][y];
      qtq[x][y] = float(s);
      eye[x][y] = x == y ? 1.f : 0.f;
    }
  std::size_t bad = t2s::countMismatches("q * r", &qr[0][0], &want[0][0], M * N, 1e-4) +
                    t2s::countMismatches("q' * q", &qtq[0][0], &eye[0][0], N * N, 1e-4);
  if (bad) {
    std::printf("qrd: %zu values are off\n", bad);
    return EXIT_FAILURE;
  }
  std::printf("qrd: q * r = a and q' * q = 1 within 1e-4\n");
  return EXIT_SUCCESS;
}
