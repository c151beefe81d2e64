// A design whose loaders cover the shapes the channel planner handles: an
// input read by every PE (a channel per PE), an input read twice at different
// places (two channels), an input read only by the first PE of each row
// (pinned: a channel per row), a scalar parameter (so the array is a regular
// kernel, not autorun), and a drained output.
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int T = 6, R = 3, P = 4;

void design(const int w[R][P], const int x[T + 1][R], const int b[T][R],
            int scale, int y[T][R][P]) {
  static int S[T][R][P], Z[T][R][P];
  #pragma t2s ure
  #pragma t2s space_time(r, p)
  #pragma t2s loader(w, x, b)
  #pragma t2s drainer(y)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p) {
        S[t][r][p] = p == 0 ? b[t][r] : S[t][r][p - 1] + 1;
        Z[t][r][p] = (t == 0 ? 0 : Z[t - 1][r][p]) +
                     scale * w[r][p] * (x[t][r] - x[t + 1][r]) + S[t][r][p];
        if (t >= T - 2)
          y[t][r][p] = Z[t][r][p];
      }
}

int main() {
  static int w[R][P], x[T + 1][R], b[T][R], y[T][R][P], want[T][R][P];
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      w[r][p] = (r * 5 + p * 3) % 7 - 3;
  for (int t = 0; t <= T; ++t)
    for (int r = 0; r < R; ++r)
      x[t][r] = (t * t + 3 * r) % 11 - 5;
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      b[t][r] = t - r;
  design(w, x, b, 3, y);
  for (int t = T - 2; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p) {
        int z = 0;
        for (int u = 0; u <= t; ++u)
          z += 3 * w[r][p] * (x[u][r] - x[u + 1][r]) + b[u][r] + p;
        want[t][r][p] = z;
      }
  long sum = 0;
  for (int t = T - 2; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p)
        sum += y[t][r][p] * (1 + p + 7 * r);
  std::printf("loaders: checksum %ld\n", sum);
  std::size_t bad = t2s::countMismatches("y", &y[T - 2][0][0], &want[T - 2][0][0], 2 * R * P);
  std::printf("loaders: %zu of %d values differ\n", bad, 2 * R * P);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
