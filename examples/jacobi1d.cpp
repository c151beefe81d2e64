// Jacobi-1D (PolyBench/C 4.2 jacobi-1d: a three-point average repeated over
// T time steps, the end points held fixed) as one URE over (t, i): each PE i
// keeps its point and reads its neighbours' values of the step before,
// S[t - 1][i - 1] (distance (1, 1)) and S[t - 1][i + 1] (distance (1, -1): a
// negative component in a lexicographically positive distance). PolyBench
// swaps two arrays; the URE names each step's values instead.
//
//   t2s-clang -O2 jacobi1d.cpp -o jacobi1d && ./jacobi1d
//
// The array: N PEs along i, T steps; a loader feeds the first step and a
// drainer takes the last. No skewing schedule fits this stencil: t1 = t +
// s*i moves (1, -1) by 1 - s and (1, 1) by 1 + s, and both must stay
// positive, so s = 0 (space-time/negative-components.cpp shows the error
// for s = 1); an upwind stencil, which reads only i + 1, takes t1 = t - i.
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int T = 12, N = 24;

void jacobi1d(const float in[N], float out[N]) {
  static float S[T][N]; // URE array: the values of each step
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      S[t][i] = t == 0 ? in[i]
              : (i == 0 || i == N - 1) ? S[t - 1][i]
              : 0.33333f * (S[t - 1][i - 1] + S[t - 1][i] + S[t - 1][i + 1]);
      if (t == T - 1)
        out[i] = S[t][i];
    }
}

int main() {
  static float in[N], out[N], a[N], b[N];
  for (int i = 0; i < N; ++i)
    in[i] = static_cast<float>(i + 2) / N;

  jacobi1d(in, out);

  // PolyBench's form: two arrays, the end points untouched.
  for (int i = 0; i < N; ++i)
    a[i] = in[i];
  for (int t = 1; t < T; ++t) {
    for (int i = 0; i < N; ++i)
      b[i] = (i == 0 || i == N - 1) ? a[i] : 0.33333f * (a[i - 1] + a[i] + a[i + 1]);
    for (int i = 0; i < N; ++i)
      a[i] = b[i];
  }

  double checksum = 0;
  for (int i = 0; i < N; ++i)
    checksum += out[i] * (1 + i % 7);
  std::printf("jacobi-1d %d steps x %d points checksum %.6f\n", T, N, checksum);
  std::size_t bad = t2s::countMismatches("out", out, a, N);
  if (bad) {
    std::printf("jacobi-1d: %zu of %d values differ from the two-array loop\n", bad, N);
    return EXIT_FAILURE;
  }
  std::printf("jacobi-1d: all %d values equal the two-array loop\n", N);
  return EXIT_SUCCESS;
}
