// A FIR filter (1-D convolution) written as uniform recurrence equations, with
// the directive that turns each block of outputs into a row of NB PEs. Compiled
// with plain clang++ this file is the sequential reference; with t2s-clang it
// is the systolic design.
//
//   t2s-clang -O2 fir.cpp -o fir && ./fir
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int T = 9;       // taps
constexpr int NB = 16;     // outputs per block = PEs
constexpr int NBLK = 16;   // blocks
constexpr int N = NB * NBLK;
constexpr int NX = N + T - 1; // input samples

// y[b][n] = sum over t of h[t] * x[b*NB + n + T-1 - t]: output b*NB + n of the
// filter. PE n computes one output per block; the taps enter PE 0 and flow
// through the PEs, the samples move one PE further at each time step (t), and
// each partial sum stays in its PE.
void fir(const int h[T], const int x[NX], int y[NBLK][NB]) {
  static int H[NBLK][T][NB], X[NBLK][T][NB], Y[NBLK][T][NB]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(n)
  for (int b = 0; b < NBLK; ++b)
    for (int t = 0; t < T; ++t)
      for (int n = 0; n < NB; ++n) {
        H[b][t][n] = n == 0 ? h[t] : H[b][t][n - 1];
        X[b][t][n] = (t == 0 || n == 0) ? x[b * NB + n + T - 1 - t]
                                        : X[b][t - 1][n - 1];
        Y[b][t][n] = (t == 0 ? 0 : Y[b][t - 1][n]) + H[b][t][n] * X[b][t][n];
        if (t == T - 1)
          y[b][n] = Y[b][t][n];
      }
}

int main() {
  static int h[T], x[NX], y[NBLK][NB], want[NBLK][NB];
  for (int t = 0; t < T; ++t)
    h[t] = (t * 5 + 3) % 7 - 3;
  for (int m = 0; m < NX; ++m)
    x[m] = (m * 13 + 7) % 23 - 11;

  fir(h, x, y);

  // The filter as it is usually written: each output is the dot product of
  // the taps with the last T samples, newest sample first.
  for (int o = 0; o < N; ++o) {
    int s = 0;
    for (int t = 0; t < T; ++t)
      s += h[t] * x[o + T - 1 - t];
    want[o / NB][o % NB] = s;
  }

  long long checksum = 0;
  for (int o = 0; o < N; ++o)
    checksum += static_cast<long long>(y[o / NB][o % NB]) * (1 + o % 13);
  std::printf("fir %d taps x %d outputs checksum %lld\n", T, N, checksum);
  std::size_t bad = t2s::countMismatches("y", &y[0][0], &want[0][0], N);
  if (bad) {
    std::printf("fir: %zu of %d values differ from the direct convolution\n",
                bad, N);
    return EXIT_FAILURE;
  }
  std::printf("fir: all %d values equal the direct convolution\n", N);
  return EXIT_SUCCESS;
}
