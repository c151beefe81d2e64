// A 2-D convolution written as uniform recurrence equations, with the
// directive that turns the kernel columns x output columns into an S x COLS
// systolic array. Compiled with plain clang++ this file is the sequential
// reference; with t2s-clang it is the systolic design.
//
//   t2s-clang -O2 conv2d.cpp -o conv2d && ./conv2d
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int ROWS = 12, COLS = 16; // output
constexpr int R = 3, S = 4;         // kernel
constexpr int IROWS = ROWS + R - 1, ICOLS = COLS + S - 1; // input

// out[y][x] = sum over r, s of w[r][s] * in[y + R-1 - r][x + S-1 - s] (a
// "valid" convolution). PE (s, x) multiplies by kernel column s for output
// column x: the weights flow along x, the input pixels move diagonally
// (one kernel column and one output column further), ROW sums a kernel row
// across the PEs of column x, and ACC adds up the R row sums in time (r).
void conv2d(const int in[IROWS][ICOLS], const int w[R][S],
            int out[ROWS][COLS]) {
  static int W[ROWS][R][S][COLS], IN[ROWS][R][S][COLS]; // URE arrays
  static int ROW[ROWS][R][S][COLS], ACC[ROWS][R][S][COLS];
  #pragma t2s ure
  #pragma t2s space_time(s, x)
  for (int y = 0; y < ROWS; ++y)
    for (int r = 0; r < R; ++r)
      for (int s = 0; s < S; ++s)
        for (int x = 0; x < COLS; ++x) {
          W[y][r][s][x] = x == 0 ? w[r][s] : W[y][r][s][x - 1];
          IN[y][r][s][x] = (s == 0 || x == 0)
                               ? in[y + R - 1 - r][x + S - 1 - s]
                               : IN[y][r][s - 1][x - 1];
          ROW[y][r][s][x] = (s == 0 ? 0 : ROW[y][r][s - 1][x]) +
                            W[y][r][s][x] * IN[y][r][s][x];
          ACC[y][r][s][x] = (r == 0 ? 0 : ACC[y][r - 1][s][x]) +
                            (s == S - 1 ? ROW[y][r][s][x] : 0);
          if (r == R - 1 && s == S - 1)
            out[y][x] = ACC[y][r][s][x];
        }
}

int main() {
  static int in[IROWS][ICOLS], w[R][S], out[ROWS][COLS], want[ROWS][COLS];
  for (int p = 0; p < IROWS; ++p)
    for (int q = 0; q < ICOLS; ++q)
      in[p][q] = (p * 7 + q * 11 + 3) % 19 - 9;
  for (int r = 0; r < R; ++r)
    for (int s = 0; s < S; ++s)
      w[r][s] = (r * 4 + s * 3 + 1) % 7 - 3;

  conv2d(in, w, out);

  // The convolution as usually written: flip the kernel and slide it over
  // the input.
  for (int y = 0; y < ROWS; ++y)
    for (int x = 0; x < COLS; ++x) {
      int sum = 0;
      for (int r = 0; r < R; ++r)
        for (int s = 0; s < S; ++s)
          sum += w[R - 1 - r][S - 1 - s] * in[y + r][x + s];
      want[y][x] = sum;
    }

  long long checksum = 0;
  for (int y = 0; y < ROWS; ++y)
    for (int x = 0; x < COLS; ++x)
      checksum += static_cast<long long>(out[y][x]) * (1 + (y * COLS + x) % 13);
  std::printf("conv2d %dx%d output, %dx%d kernel checksum %lld\n", ROWS, COLS,
              R, S, checksum);
  std::size_t bad =
      t2s::countMismatches("out", &out[0][0], &want[0][0], ROWS * COLS);
  if (bad) {
    std::printf("conv2d: %zu of %d values differ from the direct convolution\n",
                bad, ROWS * COLS);
    return EXIT_FAILURE;
  }
  std::printf("conv2d: all %d values equal the direct convolution\n",
              ROWS * COLS);
  return EXIT_SUCCESS;
}
