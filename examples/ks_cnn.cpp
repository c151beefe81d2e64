// A convolution layer on a weight-stationary systolic array in the form of
// H. T. Kung and L. Song's CNN arrays: a row of PEs per (input channel, tap)
// pair rr, a column per output channel p, 9 x 2 = 18 PEs. Each PE keeps its
// weight; a pixel enters row rr and passes along the row within the step
// (a chain: the schedule gives p the coefficient 0); the partial sums move
// down the rows, one step per row (t = rr + q). The row loop rr is written
// outermost, around the pixel loop q, as the authors draw the array: the
// compiler moves it inside q under the schedule. Compiled with plain
// clang++ this file is the sequential reference; with t2s-clang it is the
// systolic design.
//
//   t2s-clang -O2 ks_cnn.cpp -o ks_cnn && ./ks_cnn
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int C = 3, K = 3, R = C * K, P = 2, Q = 16, X = Q + K - 1;

// y[p][q] = sum over channels c and taps k of w[p][c][k] * in[c][q + k].
void ks_cnn(const float w[P][C][K], const float in[C][X], float y[P][Q]) {
  static float W[2][Q][P], PX[R][Q][P], V[2][Q][P]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(rr, p) schedule(1, 0)
  #pragma t2s loader(w, in)
  #pragma t2s drainer(y)
  for (int rr = 0; rr < R; ++rr)
    for (int q = 0; q < Q; ++q)
      for (int p = 0; p < P; ++p) {
        int c = rr / K, k = rr % K;
        W[rr % 2][q][p] = q == 0 ? w[p][c][k] : W[rr % 2][q - 1][p];
        PX[rr][q][p] = p == 0 ? in[c][q + k] : PX[rr][q][p - 1];
        V[rr % 2][q][p] = (rr == 0 ? 0.f : V[(rr - 1) % 2][q][p]) + W[rr % 2][q][p] * PX[rr][q][p];
        if (rr == R - 1)
          y[p][q] = V[rr % 2][q][p];
      }
}

int main() {
  static float w[P][C][K], in[C][X], y[P][Q], want[P][Q];
  for (int p = 0; p < P; ++p)
    for (int c = 0; c < C; ++c)
      for (int k = 0; k < K; ++k)
        w[p][c][k] = float((p * 7 + c * 3 + k * 5) % 7 - 3);
  for (int c = 0; c < C; ++c)
    for (int x = 0; x < X; ++x)
      in[c][x] = float((c * 11 + x * 4) % 9 - 4);

  ks_cnn(w, in, y);

  for (int p = 0; p < P; ++p)
    for (int q = 0; q < Q; ++q) {
      float s = 0;
      for (int c = 0; c < C; ++c)
        for (int k = 0; k < K; ++k)
          s += w[p][c][k] * in[c][q + k];
      want[p][q] = s;
    }

  double checksum = 0;
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < Q; ++q)
      checksum += double(y[p][q]) * (1 + (p * Q + q) % 13);
  std::printf("ks_cnn %d channels x %d taps -> %d channels, %d pixels, on %d PEs checksum %.1f\n",
              C, K, P, Q, R * P, checksum);
  std::size_t bad = t2s::countMismatches("y", &y[0][0], &want[0][0], P * Q);
  if (bad) {
    std::printf("ks_cnn: %zu of %d values differ from the convolution\n", bad, P * Q);
    return EXIT_FAILURE;
  }
  std::printf("ks_cnn: all %d values equal the convolution\n", P * Q);
  return EXIT_SUCCESS;
}
