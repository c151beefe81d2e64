// LU decomposition without pivoting (Doolittle: A = L * U, L with a unit
// diagonal) in the form of T2SP's triangular systolic array (IntelLabs/t2sp
// t2s/tests/correctness/LU): a triangle of PEs (k, j) with j >= k, written
// with the loop bound the algorithm has, 'for (int j = k; j < N; ++j)'.
// The columns of A stream through the array in time (loop i); PE (k, j)
// applies elimination step k to row j:
//
//   P  the value of a[j][i] before step k (from PE (k - 1, j), or A itself);
//   U  row k of the step, passed down the column of PEs (distance (0, 0, 1));
//   L  the multiplier a[j][k] / a[k][k], found in column i = k and kept for
//      the later columns (distance (1, 0, 0));
//   V  the value after the step, passed to PE (k + 1, j) (distance (0, 1, 0));
//   Z  the result for row j: U's row on the diagonal PE, the multipliers
//      passed along k from the PEs that found them.
//
// Only the N diagonal PEs (j == k) write the result, out[j][i]: U where
// i >= j, L where i < j. As in T2SP, the result is gathered along k: PE
// (j, j) passes its value down the PEs (k < j, j) to PE (0, j), so the
// drainer reads one channel per j. The array spans the box k, j in [0, N):
// N * N PEs, of which N * (N + 1) / 2 ever run; the report counts the
// iterations that run, not the box.
//
//   t2s-clang -O2 lu.cpp -o lu && ./lu
//   t2s-clang --report lu.cpp
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int N = 6;

void lu(const float a[N][N], float out[N][N]) {
  static float P[N][N][N], U[N][N][N], L[N][N][N], V[N][N][N], Z[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(k, j)
  #pragma t2s loader(a)
  #pragma t2s drainer(out)
  #pragma t2s gather(out, k, down)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int j = k; j < N; ++j) {
        P[i][k][j] = k == 0 ? a[j][i] : V[i][k - 1][j];
        U[i][k][j] = j == k ? P[i][k][j] : U[i][k][j - 1];
        L[i][k][j] = (j == k || i < k) ? 0.0f
                     : i == k          ? P[i][k][j] / U[i][k][j - 1]
                                       : L[i - 1][k][j];
        V[i][k][j] = (j == k || i < k) ? 0.0f : P[i][k][j] - L[i][k][j] * U[i][k][j - 1];
        Z[i][k][j] = i >= k ? (j == k ? U[i][k][j] : i == k ? L[i][k][j] : 0.0f)
                            : k > 0 ? Z[i][k - 1][j] : 0.0f;
        if (j == k)
          out[j][i] = Z[i][k][j];
      }
}

int main() {
  static float a[N][N], out[N][N], want[N][N];
  // Diagonally dominant, so that no pivoting is needed.
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      a[r][c] = r == c ? 4.0f * N : static_cast<float>((r * 7 + c * 3) % 5) - 2.0f;

  lu(a, out);

  // The textbook loop (right-looking Doolittle), in the same order of
  // operations: the multipliers below the diagonal, U on and above it.
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      want[r][c] = a[r][c];
  for (int k = 0; k < N; ++k)
    for (int r = k + 1; r < N; ++r) {
      float l = want[r][k] / want[k][k];
      for (int c = k + 1; c < N; ++c)
        want[r][c] = want[r][c] - l * want[k][c];
      want[r][k] = l;
    }

  double checksum = 0;
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < N; ++c)
      checksum += out[r][c] * (1 + (r * N + c) % 7);
  std::printf("lu %d x %d checksum %.6f\n", N, N, checksum);
  std::size_t bad = t2s::countMismatches("out", &out[0][0], &want[0][0], N * N);
  if (bad) {
    std::printf("lu: %zu of %d values differ from the textbook loop\n", bad, N * N);
    return EXIT_FAILURE;
  }
  std::printf("lu: all %d values equal the textbook loop\n", N * N);
  return EXIT_SUCCESS;
}
