// A convolution layer in the form of T2SP's high-performance design
// (IntelLabs/t2sp, t2s/tests/performance/conv/conv.cpp): out[co][oy][ox] =
// sum over ci, ky, kx of in[ci][oy + ky][ox + kx] * w[co][ci][ky][kx], on a
// COOO x YYY array of PEs (output channels x output rows) that reduces CII
// input channels as lanes per step. As in T2SP, one accumulator C carries
// the sum across the reduction loops ci, kx, ky and the lanes cii: where a
// lane run starts (cii == 0) it continues from the last lane of the previous
// ky (C[..][ky - 1][..][cii + CII - 1]), kx or ci - distances with negative
// components after a positive one (docs/language.md, "Distances"). T2SP
// writes the loops innermost first (cii, cooo, yyy, xxx, coo, yy, xx, ky, kx,
// ci, y, x, co, n); here the outer tiles y, x, co and the batch n are one
// each, and the vectorized cii is a time loop outside the space loops.
//
//   t2s-clang -O2 tiled_conv.cpp -o tiled_conv && ./tiled_conv
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int COOO = 3, YYY = 2, CII = 4; // the array and its lanes
constexpr int XXX = 2, COO = 2, YY = 2, XX = 2;
constexpr int KY = 2, KX = 3, CI = 2;
constexpr int OY = YY * YYY, OX = XX * XXX, TCI = CI * CII, TCO = COO * COOO;
constexpr int IY = OY + KY - 1, IX = OX + KX - 1;

#define P ci][kx][ky][xx][yy][coo][xxx][cii][yyy][cooo // the current point
using Values = float[CI][KX][KY][XX][YY][COO][XXX][CII][YYY][COOO];

void conv(const float in[TCI][IY][IX], const float w[TCO][TCI][KY][KX], float out[TCO][OY][OX]) {
  static Values A, B, C; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(yyy, cooo)
  #pragma t2s loader(in, w)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(cii)
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
                      int c = ci * CII + cii, o = coo * COOO + cooo;
                      int oy = yy * YYY + yyy, ox = xx * XXX + xxx;
                      // Pixels flow along the output channels, weights
                      // along the output rows.
                      A[P] = cooo == 0 ? in[c][oy + ky][ox + kx]
                                       : A[ci][kx][ky][xx][yy][coo][xxx][cii][yyy][cooo - 1];
                      B[P] = yyy == 0 ? w[o][c][ky][kx]
                                      : B[ci][kx][ky][xx][yy][coo][xxx][cii][yyy - 1][cooo];
                      float prev =
                          cii != 0 ? C[ci][kx][ky][xx][yy][coo][xxx][cii - 1][yyy][cooo]
                          : ky != 0 ? C[ci][kx][ky - 1][xx][yy][coo][xxx][cii + CII - 1][yyy][cooo]
                          : kx != 0 ? C[ci][kx - 1][ky + KY - 1][xx][yy][coo][xxx][cii + CII - 1][yyy][cooo]
                          : ci != 0 ? C[ci - 1][kx + KX - 1][ky + KY - 1][xx][yy][coo][xxx][cii + CII - 1][yyy][cooo]
                                    : 0.f;
                      C[P] = prev + A[P] * B[P];
                      if (ci == CI - 1 && kx == KX - 1 && ky == KY - 1 && cii == CII - 1)
                        out[o][oy][ox] = C[P];
                    }
}

int main() {
  static float in[TCI][IY][IX], w[TCO][TCI][KY][KX], out[TCO][OY][OX], want[TCO][OY][OX];
  // Small integers keep every sum exact in float, whatever the order.
  for (int c = 0; c < TCI; ++c)
    for (int y = 0; y < IY; ++y)
      for (int x = 0; x < IX; ++x)
        in[c][y][x] = static_cast<float>((c * 7 + y * 5 + x * 3) % 11 - 5);
  for (int o = 0; o < TCO; ++o)
    for (int c = 0; c < TCI; ++c)
      for (int y = 0; y < KY; ++y)
        for (int x = 0; x < KX; ++x)
          w[o][c][y][x] = static_cast<float>((o * 3 + c * 2 + y * 5 + x) % 7 - 3);

  conv(in, w, out);

  for (int o = 0; o < TCO; ++o)
    for (int y = 0; y < OY; ++y)
      for (int x = 0; x < OX; ++x) {
        float s = 0.f;
        for (int c = 0; c < TCI; ++c)
          for (int ky = 0; ky < KY; ++ky)
            for (int kx = 0; kx < KX; ++kx)
              s += in[c][y + ky][x + kx] * w[o][c][ky][kx];
        want[o][y][x] = s;
      }

  double checksum = 0;
  for (int o = 0; o < TCO; ++o)
    for (int y = 0; y < OY; ++y)
      for (int x = 0; x < OX; ++x)
        checksum += out[o][y][x] * (1 + (o * OY * OX + y * OX + x) % 13);
  std::printf("tiled conv %d -> %d channels, %dx%d output, %dx%d kernel: checksum %.1f\n", TCI,
              TCO, OY, OX, KY, KX, checksum);
  std::size_t bad = t2s::countMismatches("out", &out[0][0][0], &want[0][0][0], TCO * OY * OX);
  if (bad) {
    std::printf("tiled conv: %zu of %d values differ from the direct loops\n", bad, TCO * OY * OX);
    return EXIT_FAILURE;
  }
  std::printf("tiled conv: all %d values equal the direct loops\n", TCO * OY * OX);
  return EXIT_SUCCESS;
}
