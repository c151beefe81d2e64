// GEMM in the form of T2SP's high-performance design (IntelLabs/t2sp,
// t2s/tests/performance/gemm/gemm.cpp): nine loops, the reduction split
// into tiles k, kk and lanes kkk, and ONE accumulator Z that carries the
// sum across tiles. Where a tile of the reduction starts (kkk == 0), Z
// continues from the last lane of the previous tile: Z[..][kk - 1][..]
// [kkk + KKK - 1] (distance (0, 0, 0, 1, 0, 0, -(KKK - 1), 0, 0)), or at the
// start of a kk tile from the previous k tile. These reads have a negative
// component in a lexicographically positive distance (docs/language.md,
// "Distances"). T2SP writes the loops innermost first (kkk, jjj, iii, jj, ii,
// kk, k, j, i) and vectorizes kkk; here the vectorized loop is a time loop
// outside the space loops (iii, jjj), which is the same array: III x JJJ
// PEs, each reducing KKK lanes of a*b per step.
//
//   t2s-clang -O2 tiled_gemm.cpp -o tiled_gemm && ./tiled_gemm
//
// The PEs keep the lanes of Z for one step and its last lane for the II*JJ
// steps until the next reduction tile (the report's 'registers of Z, lane
// kkk = 7'); a flows along jjj and b along iii, each passed down a chain from
// one loader channel (scatter), and each column of PEs passes its results to
// PE iii = 0 (gather).
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int III = 4, JJJ = 4, KKK = 8; // the array and its lanes
constexpr int II = 2, JJ = 2, KK = 2;    // tiles the array reuses
constexpr int I = 2, J = 2, K = 2;       // outer tiles
constexpr int M = I * II * III, N = J * JJ * JJJ, L = K * KK * KKK;

// c = a * b
void gemm(const float a[M][L], const float b[L][N], float c[M][N]) {
  static float X[I][J][K][KK][II][JJ][KKK][III][JJJ], Y[I][J][K][KK][II][JJ][KKK][III][JJJ],
      Z[I][J][K][KK][II][JJ][KKK][III][JJJ]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(iii, jjj)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, iii, up)
  #pragma t2s scatter(b, jjj, up)
  #pragma t2s gather(c, iii, down)
  #pragma t2s vectorize(kkk)
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      for (int k = 0; k < K; ++k)
        for (int kk = 0; kk < KK; ++kk)
          for (int ii = 0; ii < II; ++ii)
            for (int jj = 0; jj < JJ; ++jj)
              for (int kkk = 0; kkk < KKK; ++kkk)
                for (int iii = 0; iii < III; ++iii)
                  for (int jjj = 0; jjj < JJJ; ++jjj) {
                    int row = (i * II + ii) * III + iii;
                    int col = (j * JJ + jj) * JJJ + jjj;
                    int dep = (k * KK + kk) * KKK + kkk;
                    X[i][j][k][kk][ii][jj][kkk][iii][jjj] =
                        jjj == 0 ? a[row][dep] : X[i][j][k][kk][ii][jj][kkk][iii][jjj - 1];
                    Y[i][j][k][kk][ii][jj][kkk][iii][jjj] =
                        iii == 0 ? b[dep][col] : Y[i][j][k][kk][ii][jj][kkk][iii - 1][jjj];
                    float prev =
                        kkk != 0 ? Z[i][j][k][kk][ii][jj][kkk - 1][iii][jjj]
                        : kk != 0 ? Z[i][j][k][kk - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                        : k != 0  ? Z[i][j][k - 1][kk + KK - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                                  : 0.f;
                    Z[i][j][k][kk][ii][jj][kkk][iii][jjj] =
                        prev + X[i][j][k][kk][ii][jj][kkk][iii][jjj] *
                                   Y[i][j][k][kk][ii][jj][kkk][iii][jjj];
                    if (k == K - 1 && kk == KK - 1 && kkk == KKK - 1)
                      c[row][col] = Z[i][j][k][kk][ii][jj][kkk][iii][jjj];
                  }
}

int main() {
  static float a[M][L], b[L][N], c[M][N], want[M][N];
  // Small integers keep every sum exact in float, whatever the order.
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < L; ++k)
      a[i][k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < L; ++k)
    for (int j = 0; j < N; ++j)
      b[k][j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);

  gemm(a, b, c);

  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.f;
      for (int k = 0; k < L; ++k)
        s += a[i][k] * b[k][j];
      want[i][j] = s;
    }

  double checksum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      checksum += c[i][j] * (1 + (i * N + j) % 13);
  std::printf("tiled gemm %dx%dx%d checksum %.1f\n", M, N, L, checksum);
  std::size_t bad = t2s::countMismatches("c", &c[0][0], &want[0][0], M * N);
  if (bad) {
    std::printf("tiled gemm: %zu of %d values differ from the triple loop\n", bad, M * N);
    return EXIT_FAILURE;
  }
  std::printf("tiled gemm: all %d values equal the triple loop\n", M * N);
  return EXIT_SUCCESS;
}
