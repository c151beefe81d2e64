// The convolution layer of tiled_conv.cpp (T2SP's high-performance form,
// IntelLabs/t2sp t2s/tests/performance/conv) with T2SP's outer tile loops
// as run-time sizes (docs/language.md, "Run-time sizes"): the batch n, the
// tiles co of output channels and the tiles x, y of the output run to counts
// the function receives, so one build runs any batch of images whose output
// is whole tiles. out[n][co][oy][ox] = sum over ci, ky, kx of
// in[n][ci][oy + ky][ox + kx] * w[co][ci][ky][kx]. The array (COOO x YYY
// PEs, CII lanes), the tiles it reuses, the input channels (CI * CII) and
// the kernel (KY x KX) stay constants. As in tiled_conv.cpp, one
// accumulator C carries each sum across ci, kx, ky and the lanes cii.
//
//   t2s-clang -O2 t2sp_conv.cpp -o t2sp_conv && ./t2sp_conv [N CO OY OX]
//
// N images, CO output channels (a multiple of COO * COOO = 6), an OY x OX
// output (OY a multiple of YY * YYY = 4, OX of XX * XXX = 4); the default
// 2 12 8 8 is two of each run-time tile. The input has 8 channels of
// (OY + 1) x (OX + 2) pixels. The URE arrays keep only what is live ("URE
// array storage"): pixels travel along cooo within one time step (A keeps
// one value per cooo), weights along yyy (B one per PE); C is read back
// across one ci (C[ci - 1][kx + KX - 1][ky + KY - 1]...), so it keeps a window of two
// ci and every loop inside ci in full, and no dimension for n, co, x or y.
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int COOO = 3, YYY = 2, CII = 4; // the array and its lanes
constexpr int XXX = 2, COO = 2, YY = 2, XX = 2;
constexpr int KY = 2, KX = 3, CI = 2;
constexpr int TCI = CI * CII;                                  // input channels
constexpr int TCO = COO * COOO, TOY = YY * YYY, TOX = XX * XXX; // one outer tile

#define TILE xx][yy][coo][xxx // C's subscripts for the loops between ky and cii

// in[N][TCI][IY][IX], w[CO][TCI][KY][KX], out[N][CO][OY][OX] with
// CO = COT * TCO, OY = YT * TOY, OX = XT * TOX, IY = OY + KY - 1, IX = OX + KX - 1.
void conv(const float *in, const float *w, float *out, int N, int COT, int XT, int YT) {
  static float A[COOO], B[YYY][COOO],
      C[2][KX][KY][XX][YY][COO][XXX][CII][YYY][COOO]; // URE arrays
  const int CO = COT * TCO, OY = YT * TOY, OX = XT * TOX;
  const int IY = OY + KY - 1, IX = OX + KX - 1;
  #pragma t2s ure
  #pragma t2s space_time(yyy, cooo)
  #pragma t2s loader(in, w)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(cii)
  #pragma t2s buffer(in, y)
  #pragma t2s buffer(w, y)
  for (int n = 0; n < N; ++n)             // the batch and the output's
    for (int co = 0; co < COT; ++co)      // tiles: run-time sizes
      for (int x = 0; x < XT; ++x)
        for (int y = 0; y < YT; ++y)
          for (int ci = 0; ci < CI; ++ci)
            for (int kx = 0; kx < KX; ++kx)
              for (int ky = 0; ky < KY; ++ky)
                for (int xx = 0; xx < XX; ++xx)
                  for (int yy = 0; yy < YY; ++yy)
                    for (int coo = 0; coo < COO; ++coo)
                      for (int xxx = 0; xxx < XXX; ++xxx)
                        for (int cii = 0; cii < CII; ++cii)
                          for (int yyy = 0; yyy < YYY; ++yyy)
                            for (int cooo = 0; cooo < COOO; ++cooo) {
                              int c = ci * CII + cii, o = (co * COO + coo) * COOO + cooo;
                              int oy = (y * YY + yy) * YYY + yyy;
                              int ox = (x * XX + xx) * XXX + xxx;
                              // Pixels flow along the output channels,
                              // weights along the output rows.
                              A[cooo] = cooo == 0
                                            ? in[((n * TCI + c) * IY + oy + ky) * IX + ox + kx]
                                            : A[cooo - 1];
                              B[yyy][cooo] = yyy == 0 ? w[((o * TCI + c) * KY + ky) * KX + kx]
                                                      : B[yyy - 1][cooo];
                              float prev =
                                  cii != 0  ? C[ci % 2][kx][ky][TILE][cii - 1][yyy][cooo]
                                  : ky != 0 ? C[ci % 2][kx][ky - 1][TILE][cii + CII - 1][yyy][cooo]
                                  : kx != 0 ? C[ci % 2][kx - 1][ky + KY - 1][TILE]
                                               [cii + CII - 1][yyy][cooo]
                                  : ci != 0 ? C[(ci - 1) % 2][kx + KX - 1][ky + KY - 1][TILE]
                                               [cii + CII - 1][yyy][cooo]
                                            : 0.f;
                              C[ci % 2][kx][ky][TILE][cii][yyy][cooo] =
                                  prev + A[cooo] * B[yyy][cooo];
                              if (ci == CI - 1 && kx == KX - 1 && ky == KY - 1 && cii == CII - 1)
                                out[((n * CO + o) * OY + oy) * OX + ox] =
                                    C[ci % 2][kx][ky][TILE][cii][yyy][cooo];
                            }
}

int main(int argc, char **argv) {
  int N = argc > 1 ? std::atoi(argv[1]) : 2;
  int CO = argc > 2 ? std::atoi(argv[2]) : 2 * TCO;
  int OY = argc > 3 ? std::atoi(argv[3]) : 2 * TOY;
  int OX = argc > 4 ? std::atoi(argv[4]) : 2 * TOX;
  if (N <= 0 || CO <= 0 || OY <= 0 || OX <= 0 || CO % TCO || OY % TOY || OX % TOX) {
    std::fprintf(stderr,
                 "usage: %s [N CO OY OX]: N at least 1, CO a multiple of %d, OY of %d, OX of %d\n",
                 argv[0], TCO, TOY, TOX);
    return 2;
  }
  const int IY = OY + KY - 1, IX = OX + KX - 1;
  const std::size_t outs = std::size_t(N) * CO * OY * OX;
  std::vector<float> in(std::size_t(N) * TCI * IY * IX), w(std::size_t(CO) * TCI * KY * KX),
      out(outs), want(outs);
  // Small integers keep every sum exact in float, whatever the order.
  for (int n = 0; n < N; ++n)
    for (int c = 0; c < TCI; ++c)
      for (int y = 0; y < IY; ++y)
        for (int x = 0; x < IX; ++x)
          in[((std::size_t(n) * TCI + c) * IY + y) * IX + x] =
              static_cast<float>((n * 2 + c * 7 + y * 5 + x * 3) % 11 - 5);
  for (int o = 0; o < CO; ++o)
    for (int c = 0; c < TCI; ++c)
      for (int y = 0; y < KY; ++y)
        for (int x = 0; x < KX; ++x)
          w[((std::size_t(o) * TCI + c) * KY + y) * KX + x] =
              static_cast<float>((o * 3 + c * 2 + y * 5 + x) % 7 - 3);

  conv(in.data(), w.data(), out.data(), N, CO / TCO, OX / TOX, OY / TOY);

  for (int n = 0; n < N; ++n)
    for (int o = 0; o < CO; ++o)
      for (int y = 0; y < OY; ++y)
        for (int x = 0; x < OX; ++x) {
          float s = 0.f;
          for (int c = 0; c < TCI; ++c)
            for (int ky = 0; ky < KY; ++ky)
              for (int kx = 0; kx < KX; ++kx)
                s += in[((std::size_t(n) * TCI + c) * IY + y + ky) * IX + x + kx] *
                     w[((std::size_t(o) * TCI + c) * KY + ky) * KX + kx];
          want[((std::size_t(n) * CO + o) * OY + y) * OX + x] = s;
        }

  double checksum = 0;
  for (std::size_t e = 0; e < outs; ++e)
    checksum += out[e] * static_cast<double>(1 + e % 13);
  std::printf("t2sp conv batch %d, %d -> %d channels, %dx%d output, %dx%d kernel: checksum %.1f\n",
              N, TCI, CO, OY, OX, KY, KX, checksum);
  std::size_t bad = t2s::countMismatches("out", out.data(), want.data(), outs);
  if (bad) {
    std::printf("t2sp conv: %zu of %zu values differ from the direct loops\n", bad, outs);
    return EXIT_FAILURE;
  }
  std::printf("t2sp conv: all %zu values equal the direct loops\n", outs);
  return EXIT_SUCCESS;
}
