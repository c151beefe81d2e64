// The GEMM of tiled_gemm.cpp (T2SP's high-performance form, IntelLabs/t2sp
// t2s/tests/performance/gemm) with the outer tile counts I, J and K as
// run-time sizes (docs/language.md, "Run-time sizes"): one build runs any
// M x N x L product whose sides are whole tiles. The array (III x JJJ PEs,
// KKK lanes) and the tiles it reuses (II, JJ, KK) stay constants: they are
// the hardware; i, j and k only repeat its work. As in tiled_gemm.cpp, one
// accumulator Z carries each sum across the reduction tiles kk and k.
//
//   t2s-clang -O2 t2sp_gemm.cpp -o t2sp_gemm && ./t2sp_gemm [M N L]
//
// M and N are multiples of II * III = JJ * JJJ = 8 and L of KK * KKK = 16;
// the default 16 16 32 is two tiles of each. The URE arrays keep only what
// is live ("URE array storage"): a and b travel within one time step, so X
// keeps one value per jjj and Y one per PE; Z is read back across
// one k tile (Z[k - 1][kk + KK - 1]...), so it keeps a window of two k
// tiles and every loop inside k in full. None keeps a dimension for i, j
// or k whole, which no declared size could hold.
//
// As T2SP's feeders do, the loaders keep a tile of a and of b on chip
// (buffer(a, k), buffer(b, k)): the values one iteration of k sends to the
// PEs are read from off-chip memory once, into one half of a double buffer,
// while the other half sends the previous tile. a does not depend on jj, so
// each value read is sent JJ times; b is sent II times (the report's 'reuse
// buffer' lines and the traffic without the buffers).
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int III = 4, JJJ = 4, KKK = 8; // the array and its lanes
constexpr int II = 2, JJ = 2, KK = 2;    // tiles the array reuses
constexpr int TM = II * III, TN = JJ * JJJ, TL = KK * KKK; // one outer tile

// c[M][N] = a[M][L] * b[L][N] with M = I * TM, N = J * TN, L = K * TL.
void gemm(const float *a, const float *b, float *c, int I, int J, int K) {
  static float X[JJJ], Y[III][JJJ], Z[2][KK][II][JJ][KKK][III][JJJ]; // URE arrays
  const int N = J * TN, L = K * TL;
  #pragma t2s ure
  #pragma t2s space_time(iii, jjj)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, iii, up)
  #pragma t2s scatter(b, jjj, up)
  #pragma t2s gather(c, iii, down)
  #pragma t2s vectorize(kkk)
  #pragma t2s buffer(a, k)
  #pragma t2s buffer(b, k)
  for (int i = 0; i < I; ++i)             // tiles of c and of the
    for (int j = 0; j < J; ++j)           // reduction: run-time sizes
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
                    X[jjj] = jjj == 0 ? a[row * L + dep] : X[jjj - 1];
                    Y[iii][jjj] = iii == 0 ? b[dep * N + col] : Y[iii - 1][jjj];
                    float prev =
                        kkk != 0 ? Z[k % 2][kk][ii][jj][kkk - 1][iii][jjj]
                        : kk != 0 ? Z[k % 2][kk - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                        : k != 0  ? Z[(k - 1) % 2][kk + KK - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                                  : 0.f;
                    Z[k % 2][kk][ii][jj][kkk][iii][jjj] = prev + X[jjj] * Y[iii][jjj];
                    if (k == K - 1 && kk == KK - 1 && kkk == KKK - 1)
                      c[row * N + col] = Z[k % 2][kk][ii][jj][kkk][iii][jjj];
                  }
}

int main(int argc, char **argv) {
  int M = argc > 1 ? std::atoi(argv[1]) : 2 * TM;
  int N = argc > 2 ? std::atoi(argv[2]) : 2 * TN;
  int L = argc > 3 ? std::atoi(argv[3]) : 2 * TL;
  if (M <= 0 || N <= 0 || L <= 0 || M % TM || N % TN || L % TL) {
    std::fprintf(stderr, "usage: %s [M N L]: M a multiple of %d, N of %d, L of %d\n", argv[0], TM,
                 TN, TL);
    return 2;
  }
  std::vector<float> a(std::size_t(M) * L), b(std::size_t(L) * N), c(std::size_t(M) * N),
      want(std::size_t(M) * N);
  // Small integers keep every sum exact in float, whatever the order.
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < L; ++k)
      a[std::size_t(i) * L + k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < L; ++k)
    for (int j = 0; j < N; ++j)
      b[std::size_t(k) * N + j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);

  gemm(a.data(), b.data(), c.data(), M / TM, N / TN, L / TL);

  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.f;
      for (int k = 0; k < L; ++k)
        s += a[std::size_t(i) * L + k] * b[std::size_t(k) * N + j];
      want[std::size_t(i) * N + j] = s;
    }

  double checksum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      checksum += c[std::size_t(i) * N + j] * (1 + (i * N + j) % 13);
  std::printf("t2sp gemm %dx%dx%d checksum %.1f\n", M, N, L, checksum);
  std::size_t bad = t2s::countMismatches("c", c.data(), want.data(), c.size());
  if (bad) {
    std::printf("t2sp gemm: %zu of %d values differ from the triple loop\n", bad, M * N);
    return EXIT_FAILURE;
  }
  std::printf("t2sp gemm: all %d values equal the triple loop\n", M * N);
  return EXIT_SUCCESS;
}
