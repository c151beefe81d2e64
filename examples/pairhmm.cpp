// PairHMM's forward algorithm in the form of T2SP's design (IntelLabs/t2sp,
// t2s/tests/performance/pairhmm/pairhmm.cpp): for each pair of a read (R,
// with per-position quality-derived probabilities) and a haplotype (H), the
// match, insertion and deletion probabilities M, I and D over the (i, j)
// grid, summed along the read's last row. The grid is tiled: an II x JJ
// array of PEs (ii, jj) sweeps the OI x OJ tiles (oi, oj), and for each tile
// it runs every read-haplotype pair (h, r) before moving on, as T2SP does.
// Crossing a tile boundary reads the last row (column) of the previous tile:
// M[oj][oi - 1][h][r][jj - 1][ii + II - 1] has distance (0, 1, 0, 0, 1,
// -(II - 1)), a negative component in a lexicographically positive distance.
// The transition probabilities depend on the data: Alpha = R == H ? the
// match probability : the gap probability (a select on URE values). Loader
// kernels feed the haplotypes to the PEs at ii == 0 and the reads' data at
// jj == 0; a drainer writes the likelihoods.
//
//   t2s-clang -O2 pairhmm.cpp -o pairhmm && ./pairhmm
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int II = 3, JJ = 4;     // the array
constexpr int OI = 2, OJ = 2;     // tiles of the grid
constexpr int RR = 3, HH = 2;     // reads and haplotypes
constexpr int MLEN = OI * II, NLEN = OJ * JJ;

// The haplotypes' bases per position (j); the reads' bases and probabilities
// per position (i); out[h][r] is the pair's likelihood.
#define P oj][oi][h][r][jj][ii // the current point, in nest order

// URE arrays over the loops.
using Bases = unsigned char[OJ][OI][HH][RR][JJ][II];
using Values = float[OJ][OI][HH][RR][JJ][II];

void pairhmm(const unsigned char hap[HH][NLEN], const unsigned char rb[RR][MLEN],
             const float am[RR][MLEN], const float ag[RR][MLEN], const float bm[RR][MLEN],
             const float bg[RR][MLEN], const float dl[RR][MLEN], const float zt[RR][MLEN],
             const float et[RR][MLEN], float out[HH][RR]) {
  static Bases Hap, Read;
  static Values AM, AG, BM, BG, Dl, Zt, Et, Alpha, Beta, M, I, D, Sum;
  #pragma t2s ure
  #pragma t2s space_time(jj, ii)
  #pragma t2s loader(hap, rb, am, ag, bm, bg, dl, zt, et)
  #pragma t2s drainer(out)
  for (int oj = 0; oj < OJ; ++oj)
    for (int oi = 0; oi < OI; ++oi)
      for (int h = 0; h < HH; ++h)
        for (int r = 0; r < RR; ++r)
          for (int jj = 0; jj < JJ; ++jj)
            for (int ii = 0; ii < II; ++ii) {
              int i = oi * II + ii, j = oj * JJ + jj;
              // The haplotype flows along ii, the read's data along jj.
              Hap[P] = ii == 0 ? hap[h][j] : Hap[oj][oi][h][r][jj][ii - 1];
              Read[P] = jj == 0 ? rb[r][i] : Read[oj][oi][h][r][jj - 1][ii];
              AM[P] = jj == 0 ? am[r][i] : AM[oj][oi][h][r][jj - 1][ii];
              AG[P] = jj == 0 ? ag[r][i] : AG[oj][oi][h][r][jj - 1][ii];
              BM[P] = jj == 0 ? bm[r][i] : BM[oj][oi][h][r][jj - 1][ii];
              BG[P] = jj == 0 ? bg[r][i] : BG[oj][oi][h][r][jj - 1][ii];
              Dl[P] = jj == 0 ? dl[r][i] : Dl[oj][oi][h][r][jj - 1][ii];
              Zt[P] = jj == 0 ? zt[r][i] : Zt[oj][oi][h][r][jj - 1][ii];
              Et[P] = jj == 0 ? et[r][i] : Et[oj][oi][h][r][jj - 1][ii];
              Alpha[P] = Read[P] == Hap[P] ? AM[P] : AG[P];
              Beta[P] = Read[P] == Hap[P] ? BM[P] : BG[P];
              bool i0 = ii == 0 && oi == 0, j0 = jj == 0 && oj == 0;
              // The diagonal, left and upper neighbours, across tiles where
              // ii == 0 (jj == 0) reads the previous tile's last row (column).
              M[P] = i0 || j0 ? 0.f
                     : ii == 0 ? (jj == 0 ? Alpha[P] * M[oj - 1][oi - 1][h][r][jj + JJ - 1][ii + II - 1] +
                                                Beta[P] * (I[oj - 1][oi - 1][h][r][jj + JJ - 1][ii + II - 1] +
                                                           D[oj - 1][oi - 1][h][r][jj + JJ - 1][ii + II - 1])
                                          : Alpha[P] * M[oj][oi - 1][h][r][jj - 1][ii + II - 1] +
                                                Beta[P] * (I[oj][oi - 1][h][r][jj - 1][ii + II - 1] +
                                                           D[oj][oi - 1][h][r][jj - 1][ii + II - 1]))
                     : (jj == 0 ? Alpha[P] * M[oj - 1][oi][h][r][jj + JJ - 1][ii - 1] +
                                      Beta[P] * (I[oj - 1][oi][h][r][jj + JJ - 1][ii - 1] +
                                                 D[oj - 1][oi][h][r][jj + JJ - 1][ii - 1])
                                : Alpha[P] * M[oj][oi][h][r][jj - 1][ii - 1] +
                                      Beta[P] * (I[oj][oi][h][r][jj - 1][ii - 1] +
                                                 D[oj][oi][h][r][jj - 1][ii - 1]));
              I[P] = i0 || j0 ? 0.f
                     : ii == 0 ? Dl[P] * M[oj][oi - 1][h][r][jj][ii + II - 1] +
                                     Et[P] * I[oj][oi - 1][h][r][jj][ii + II - 1]
                               : Dl[P] * M[oj][oi][h][r][jj][ii - 1] + Et[P] * I[oj][oi][h][r][jj][ii - 1];
              D[P] = i0 ? 1.f / (NLEN - 1)
                     : j0 ? 0.f
                     : jj == 0 ? Zt[P] * M[oj - 1][oi][h][r][jj + JJ - 1][ii] +
                                     Et[P] * D[oj - 1][oi][h][r][jj + JJ - 1][ii]
                               : Zt[P] * M[oj][oi][h][r][jj - 1][ii] + Et[P] * D[oj][oi][h][r][jj - 1][ii];
              // Along the read's last row: the sum over j of M + I.
              Sum[P] = ii == II - 1 && oi == OI - 1
                           ? (j0 ? 0.f
                              : jj == 0 ? Sum[oj - 1][oi][h][r][jj + JJ - 1][ii]
                                        : Sum[oj][oi][h][r][jj - 1][ii]) + M[P] + I[P]
                           : 0.f;
              if (ii == II - 1 && oi == OI - 1 && jj == JJ - 1 && oj == OJ - 1)
                out[h][r] = Sum[P];
            }
}

int main() {
  static unsigned char hap[HH][NLEN], rb[RR][MLEN];
  static float am[RR][MLEN], ag[RR][MLEN], bm[RR][MLEN], bg[RR][MLEN], dl[RR][MLEN],
      zt[RR][MLEN], et[RR][MLEN], out[HH][RR], want[HH][RR];
  const char *acgt = "ACGT";
  for (int h = 0; h < HH; ++h)
    for (int j = 0; j < NLEN; ++j)
      hap[h][j] = acgt[(h * 5 + j * 3 + j / 3) % 4];
  for (int r = 0; r < RR; ++r)
    for (int i = 0; i < MLEN; ++i) {
      rb[r][i] = acgt[(r * 7 + i * 3 + i / 2) % 4];
      float q = 0.001f * float(1 + (r * 13 + i * 5) % 29); // error probability
      float a = 0.9f - 0.01f * float((r + i) % 5);
      am[r][i] = (1.f - q) * a;
      ag[r][i] = q / 3 * a;
      bm[r][i] = (1.f - q) * 0.9f;
      bg[r][i] = q / 3 * 0.9f;
      dl[r][i] = 0.01f * float(1 + (r + 2 * i) % 4);
      zt[r][i] = 0.01f * float(1 + (2 * r + i) % 3);
      et[r][i] = 0.1f;
    }

  pairhmm(hap, rb, am, ag, bm, bg, dl, zt, et, out);

  // The forward algorithm as written without tiles (T2SP's check), with the
  // same order of operations.
  static float M[MLEN][NLEN], I[MLEN][NLEN], D[MLEN][NLEN];
  for (int h = 0; h < HH; ++h)
    for (int r = 0; r < RR; ++r) {
      float sum = 0.f;
      for (int j = 0; j < NLEN; ++j)
        for (int i = 0; i < MLEN; ++i) {
          if (i == 0 || j == 0) {
            M[i][j] = 0.f;
            I[i][j] = 0.f;
            D[i][j] = i == 0 ? 1.f / (NLEN - 1) : 0.f;
          } else {
            bool match = rb[r][i] == hap[h][j];
            float alpha = match ? am[r][i] : ag[r][i], beta = match ? bm[r][i] : bg[r][i];
            M[i][j] = alpha * M[i - 1][j - 1] + beta * (I[i - 1][j - 1] + D[i - 1][j - 1]);
            I[i][j] = dl[r][i] * M[i - 1][j] + et[r][i] * I[i - 1][j];
            D[i][j] = zt[r][i] * M[i][j - 1] + et[r][i] * D[i][j - 1];
          }
          if (i == MLEN - 1)
            sum = (j == 0 ? 0.f : sum) + M[i][j] + I[i][j];
        }
      want[h][r] = sum;
    }

  double checksum = 0;
  for (int h = 0; h < HH; ++h)
    for (int r = 0; r < RR; ++r)
      checksum += double(out[h][r]) * (1 + h * RR + r);
  std::printf("pairhmm %d reads x %d haplotypes, %d x %d grid: checksum %.9g\n", RR, HH, MLEN,
              NLEN, checksum);
  std::size_t bad = t2s::countMismatches("out", &out[0][0], &want[0][0], HH * RR);
  if (bad) {
    std::printf("pairhmm: %zu of %d values differ from the untiled loop\n", bad, HH * RR);
    return EXIT_FAILURE;
  }
  std::printf("pairhmm: all %d values equal the untiled loop\n", HH * RR);
  return EXIT_SUCCESS;
}
