// GEMM in T2SP's tiled form at a realistic size, timed and measured by
// bench/systolic/run.sh: an 8 x 8 array of PEs (jjj, iii), each reducing
// KKK = 16 lanes of a * b per step (vectorize), over tiles (i, j) of C and
// tiles k of the reduction, whose sums continue across k tiles (the read of
// lane kkk + KKK - 1 of tile k - 1). The tile counts are run-time sizes
// (docs/language.md, 'Run-time sizes'): one build runs any M x N x K with M
// and N multiples of 8 and K a multiple of 16, given on the command line
// ('gemm-tiled 1024 512 256'; default 1024 cubed, or -DSIZE=n). The URE
// arrays keep only what is live ('URE array storage'): a and b travel
// within one step, so A and B keep one value per PE; the sums keep two
// tiles of k. The reference thus needs 64 KiB for its URE arrays instead of
// 12 GiB at 1024 cubed.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#ifndef SIZE
#define SIZE 1024
#endif
constexpr int JJJ = 8, III = 8, KKK = 16;

// c[M][N] = a[M][K] * b[K][N] with M = IT * III, N = JT * JJJ, K = KT * KKK.
void gemm(const float *a, const float *b, float *c, int IT, int JT, int KT) {
  static float A[JJJ][III], B[III], C[2][KKK][JJJ][III];
  const int N = JT * JJJ, K = KT * KKK;
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
              A[jjj][iii] = jjj == 0 ? a[(i * III + iii) * K + k * KKK + kkk] : A[jjj - 1][iii];
              B[iii] = iii == 0 ? b[(k * KKK + kkk) * N + j * JJJ + jjj] : B[iii - 1];
              float prev = kkk != 0 ? C[k % 2][kkk - 1][jjj][iii]
                         : k != 0   ? C[(k - 1) % 2][kkk + KKK - 1][jjj][iii]
                                    : 0.f;
              C[k % 2][kkk][jjj][iii] = prev + A[jjj][iii] * B[iii];
              if (k == KT - 1 && kkk == KKK - 1)
                c[(i * III + iii) * N + j * JJJ + jjj] = C[k % 2][kkk][jjj][iii];
            }
}

int main(int argc, char **argv) {
  int M = argc > 1 ? std::atoi(argv[1]) : SIZE;
  int N = argc > 2 ? std::atoi(argv[2]) : M;
  int K = argc > 3 ? std::atoi(argv[3]) : M;
  if (M <= 0 || N <= 0 || K <= 0 || M % III || N % JJJ || K % KKK) {
    std::fprintf(stderr, "usage: %s [M [N [K]]]: M and N multiples of %d, K of %d\n", argv[0],
                 III, KKK);
    return 2;
  }
  std::vector<float> a(size_t(M) * K), b(size_t(K) * N), c(size_t(M) * N);
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      a[size_t(i) * K + k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      b[size_t(k) * N + j] = float((k * 5 + j * 2) % 9 - 4);
  auto start = std::chrono::steady_clock::now();
  gemm(a.data(), b.data(), c.data(), M / III, N / JJJ, K / KKK);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double sum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      sum += c[size_t(i) * N + j] * ((i + 2 * j) % 7);
  std::printf("gemm %dx%dx%d checksum %.1f seconds %.4f\n", M, N, K, sum, s);
}
