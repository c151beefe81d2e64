// Chains of PEs (gather and scatter), both directions, along the inner and
// the outer space loop; the second design has a schedule (the PEs check their
// time step) and chains along the loop whose coefficient is 0.
#include <cstdio>

constexpr int T = 6, R = 3, P = 4;

void design(const int x[T][R][P], const int w[T][P], const int b[T][R],
            int y[T][R][P], int z[R][P]) {
  static int S[T][R][P], Z[T][R][P];
  #pragma t2s ure
  #pragma t2s space_time(r, p)
  #pragma t2s loader(x, w, b)
  #pragma t2s drainer(y, z)
  #pragma t2s scatter(x, r, down)
  #pragma t2s scatter(w, p, up)
  #pragma t2s gather(y, p, up)
  #pragma t2s gather(z, r, down)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p) {
        S[t][r][p] = p == 0 ? b[t][r] : S[t][r][p - 1] + 1;
        int wv = 1;
        if (r == 0)
          wv = w[t][p];
        Z[t][r][p] = (t == 0 ? 0 : Z[t - 1][r][p]) + x[t][r][p] * wv + S[t][r][p];
        if (t >= 4)
          y[t][r][p] = Z[t][r][p];
        if (t == T - 1)
          z[r][p] = Z[t][r][p] - S[t][r][p];
      }
}

void skewed(const int u[T][P], int v[T][R][P]) {
  static int A[T][R][P];
  #pragma t2s ure
  #pragma t2s space_time(r, p) schedule(1, 0)
  #pragma t2s loader(u)
  #pragma t2s drainer(v)
  #pragma t2s scatter(u, p, down)
  #pragma t2s gather(v, p, down)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p) {
        A[t][r][p] = r == 0 ? u[t][p] : A[t][r - 1][p] * 2 + p;
        v[t][r][p] = A[t][r][p];
      }
}

int main() {
  static int x[T][R][P], w[T][P], b[T][R], y[T][R][P], z[R][P], u[T][P], v[T][R][P];
  for (int t = 0; t < T; ++t) {
    for (int r = 0; r < R; ++r) {
      b[t][r] = 3 * t - r;
      for (int p = 0; p < P; ++p)
        x[t][r][p] = (t * 7 + r * 5 + p * 3) % 11 - 5;
    }
    for (int p = 0; p < P; ++p) {
      w[t][p] = (t + 2 * p) % 5 - 2;
      u[t][p] = t * 10 + p;
    }
  }
  design(x, w, b, y, z);
  skewed(u, v);
  for (int t = 4; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p)
        std::printf("y[%d][%d][%d] = %d\n", t, r, p, y[t][r][p]);
  for (int r = 0; r < R; ++r)
    for (int p = 0; p < P; ++p)
      std::printf("z[%d][%d] = %d\n", r, p, z[r][p]);
  long sum = 0;
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int p = 0; p < P; ++p)
        sum = sum * 31 % 1000003 + v[t][r][p];
  std::printf("v checksum %ld\n", sum);
  return 0;
}
