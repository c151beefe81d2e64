// Symmetric matrix-vector product, y = alpha * A * x + beta * y, written the
// way T2SP's SYMV maps it: the space loop i (a row of each tile, one PE per
// row) is the outermost loop, around the columns k and the tiles of rows ii
// (time). The compiler moves i inside the time loops, since every read and
// the output allow it (-Rpass=t2s-space-time says so). Only the lower
// triangle of A is read: element (r, k) above the diagonal is a[k][r].
// Compiled with plain clang++ this file is the sequential reference; with
// t2s-clang it is the systolic design.
//
//   t2s-clang -O2 symv.cpp -o symv && ./symv
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int I = 16, T = 8, N = I * T; // PEs, tiles of rows, columns

// PE i keeps the sums of rows r = ii * I + i, one per tile ii: the tiles
// run inside the column loop, so a row's sum comes back every T steps, as
// many as a floating-point add takes (T2SP's tiles do the same). x[k]
// enters PE 0 at column k and flows down the PEs. The reference keeps what
// its own loop order needs: x for two rows (X[i % 2]), the sums for the
// last column (Z[k % 2]).
void symv(const float a[N][N], const float x[N], const float yin[N], float alpha,
          float beta, float y[N]) {
  static float X[2][N][T], Z[2][T]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(a, x, yin)
  #pragma t2s drainer(y)
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < N; ++k)
      for (int ii = 0; ii < T; ++ii) {
        int r = ii * I + i;
        X[i % 2][k][ii] = i == 0 ? x[k] : X[(i - 1) % 2][k][ii];
        Z[k % 2][ii] = (k == 0 ? 0.f : Z[(k - 1) % 2][ii]) +
                       (k <= r ? a[r][k] : a[k][r]) * X[i % 2][k][ii];
        if (k == N - 1)
          y[r] = alpha * Z[k % 2][ii] + beta * yin[r];
      }
}

int main() {
  static float a[N][N], x[N], yin[N], y[N], want[N];
  for (int r = 0; r < N; ++r)
    for (int k = 0; k < N; ++k)
      a[r][k] = k <= r ? float((r * 5 + k * 3) % 11 - 5) : -99.f; // upper: unused
  for (int k = 0; k < N; ++k) {
    x[k] = float((k * 7 + 2) % 9 - 4);
    yin[k] = float(k % 5 - 2);
  }
  const float alpha = 1.5f, beta = -0.5f;

  symv(a, x, yin, alpha, beta, y);

  for (int r = 0; r < N; ++r) {
    float s = 0;
    for (int k = 0; k < N; ++k)
      s += (k <= r ? a[r][k] : a[k][r]) * x[k];
    want[r] = alpha * s + beta * yin[r];
  }

  double checksum = 0;
  for (int r = 0; r < N; ++r)
    checksum += double(y[r]) * (1 + r % 13);
  std::printf("symv %dx%d on %d PEs checksum %.1f\n", N, N, I, checksum);
  std::size_t bad = t2s::countMismatches("y", y, want, N);
  if (bad) {
    std::printf("symv: %zu of %d values differ from alpha * A * x + beta * y\n", bad, N);
    return EXIT_FAILURE;
  }
  std::printf("symv: all %d values equal alpha * A * x + beta * y\n", N);
  return EXIT_SUCCESS;
}
