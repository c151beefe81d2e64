// 2-D convolution as UREs at a realistic size, timed (see gemm.cpp).
#include <chrono>
#include <cstdio>

constexpr int Y = 128, X = 128, R = 5, S = 5;

void conv2d(const int in[Y + R - 1][X + S - 1], const int w[R][S], int out[Y][X]) {
  static int W[Y][R][S][X], IN[Y][R][S][X], ROW[Y][R][S][X], ACC[Y][R][S][X];
  #pragma t2s ure
  #pragma t2s space_time(s, x)
  for (int y = 0; y < Y; ++y)
    for (int r = 0; r < R; ++r)
      for (int s = 0; s < S; ++s)
        for (int x = 0; x < X; ++x) {
          W[y][r][s][x] = x == 0 ? w[r][s] : W[y][r][s][x - 1];
          IN[y][r][s][x] = (s == 0 || x == 0) ? in[y + R - 1 - r][x + S - 1 - s]
                                              : IN[y][r][s - 1][x - 1];
          ROW[y][r][s][x] = (s == 0 ? 0 : ROW[y][r][s - 1][x]) + W[y][r][s][x] * IN[y][r][s][x];
          ACC[y][r][s][x] = (r == 0 ? 0 : ACC[y][r - 1][s][x]) + (s == S - 1 ? ROW[y][r][s][x] : 0);
          if (r == R - 1 && s == S - 1)
            out[y][x] = ACC[y][r][s][x];
        }
}

int main() {
  static int in[Y + R - 1][X + S - 1], w[R][S], out[Y][X];
  for (int y = 0; y < Y + R - 1; ++y)
    for (int x = 0; x < X + S - 1; ++x)
      in[y][x] = (y * 13 + x * 7) % 19 - 9;
  for (int r = 0; r < R; ++r)
    for (int s = 0; s < S; ++s)
      w[r][s] = (r * 3 + s) % 5 - 2;
  auto start = std::chrono::steady_clock::now();
  conv2d(in, w, out);
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long long sum = 0;
  for (int y = 0; y < Y; ++y)
    for (int x = 0; x < X; ++x)
      sum = sum * 31 + out[y][x];
  std::printf("conv2d %dx%d kernel %dx%d checksum %lld seconds %.4f\n", Y, X, R, S, sum, sec);
}
