// GEMM in T2SP's tiled form at a realistic size (1024 x 1024 x 1024 by
// default; -DSIZE=n for n x n x n, n a multiple of 16), timed and measured
// by bench/systolic/run.sh: an 8 x 8 array of PEs (jjj, iii), each reducing
// KKK = 16 lanes of a * b per step (vectorize), over tiles (i, j) of C and
// tiles k of the reduction, whose sums continue across k tiles (the read of
// lane kkk + KKK - 1 of tile k - 1). The URE arrays keep only what is live
// (docs/language.md, 'URE array storage'): a and b travel within one step,
// so A and B keep one value per PE; the sums keep two tiles of k. The
// reference thus needs 64 KiB for its URE arrays instead of 12 GiB.
#include <chrono>
#include <cstdio>

#ifndef SIZE
#define SIZE 1024
#endif
constexpr int JJJ = 8, III = 8, KKK = 16;
constexpr int M = SIZE, N = SIZE, K = SIZE;
constexpr int IT = M / III, JT = N / JJJ, KT = K / KKK;
static_assert(SIZE % 16 == 0, "SIZE must be a multiple of 16");

void gemm(const float a[M][K], const float b[K][N], float c[M][N]) {
  static float A[JJJ][III], B[III], C[2][KKK][JJJ][III];
  #pragma t2s ure
  #pragma t2s space_time(jjj, iii)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  #pragma t2s vectorize(kkk)
  for (int i = 0; i < IT; ++i)
    for (int j = 0; j < JT; ++j)
      for (int k = 0; k < KT; ++k)
        for (int kkk = 0; kkk < KKK; ++kkk)
          for (int jjj = 0; jjj < JJJ; ++jjj)
            for (int iii = 0; iii < III; ++iii) {
              A[jjj][iii] = jjj == 0 ? a[i * III + iii][k * KKK + kkk] : A[jjj - 1][iii];
              B[iii] = iii == 0 ? b[k * KKK + kkk][j * JJJ + jjj] : B[iii - 1];
              float prev = kkk != 0 ? C[k % 2][kkk - 1][jjj][iii]
                         : k != 0   ? C[(k - 1) % 2][kkk + KKK - 1][jjj][iii]
                                    : 0.f;
              C[k % 2][kkk][jjj][iii] = prev + A[jjj][iii] * B[iii];
              if (k == KT - 1 && kkk == KKK - 1)
                c[i * III + iii][j * JJJ + jjj] = C[k % 2][kkk][jjj][iii];
            }
}

int main() {
  static float a[M][K], b[K][N], c[M][N];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      b[k][j] = float((k * 5 + j * 2) % 9 - 4);
  auto start = std::chrono::steady_clock::now();
  gemm(a, b, c);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double sum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      sum += c[i][j] * ((i + 2 * j) % 7);
  std::printf("gemm %dx%dx%d checksum %.1f seconds %.4f\n", M, N, K, sum, s);
}
