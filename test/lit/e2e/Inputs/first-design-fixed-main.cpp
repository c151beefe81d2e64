// The main of docs/first-design.md's design with its II fixed (the test
// extracts the design into fixed.cpp, beside which this is compiled).
#include <cstdio>

#include "fixed.cpp"

int main() {
  float w[K], x[R][N][K], y[R][N];
  for (int k = 0; k < K; ++k)
    w[k] = k + 1;
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < N; ++i)
      for (int k = 0; k < K; ++k)
        x[r][i][k] = r * N + i - k;
  dots(w, x, y);
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < N; ++i)
      std::printf("y[%d][%d] = %g\n", r, i, y[r][i]);
}
