// vectorize(p) of a space loop: the PEs along p stay PEs, and each loader
// and drainer channel they use carries one vector of their values per step
// (seed gather.md, Code 3). Chained along p (Code 4): the vector passes from
// PE to PE, each merging its lane in (gather, up) or taking its lane out
// (scatter, down). A channel pinned to one PE along p stays scalar.
#include <cstdio>

constexpr int T = 5, R = 2, P = 4;

void design(const int x[T][R][P], const int w[T][R], const int u[T][P],
            int y[T][R][P], int z[R][P]) {
  static int S[T][R][P], A[T][R][P];
  #pragma t2s ure
  #pragma t2s space_time(r, p)
  #pragma t2s loader(x, w, u)
  #pragma t2s drainer(y, z)
  #pragma t2s vectorize(p)
  #pragma t2s scatter(u, p, down)
  #pragma t2s gather(z, p, up)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p) {
        A[t][r][p] = r == 0 ? u[t][p] : A[t][r - 1][p] + 1;
        S[t][r][p] = (p == 0 ? w[t][r] : S[t][r][p - 1]) + x[t][r][p] * A[t][r][p] +
                     (t == 0 ? 0 : S[t - 1][r][p]);
        if (t >= 1)
          y[t][r][p] = S[t][r][p];
        if (t == T - 1)
          z[r][p] = S[t][r][p] - A[t][r][p];
      }
}

int main() {
  static int x[T][R][P], w[T][R], u[T][P], y[T][R][P], z[R][P];
  for (int t = 0; t < T; ++t) {
    for (int r = 0; r < R; ++r) {
      w[t][r] = t - 2 * r;
      for (int p = 0; p < P; ++p)
        x[t][r][p] = (t * 3 + r * 5 + p) % 7 - 3;
    }
    for (int p = 0; p < P; ++p)
      u[t][p] = t * 4 + p;
  }
  design(x, w, u, y, z);
  for (int t = 1; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p)
        std::printf("y[%d][%d][%d] = %d\n", t, r, p, y[t][r][p]);
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      std::printf("z[%d][%d] = %d\n", r, p, z[r][p]);
  return 0;
}
