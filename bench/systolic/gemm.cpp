// GEMM as UREs at a realistic size, timed: the same file is built as the
// sequential reference (plain clang++-19) and as the native systolic array
// (t2s-clang) by bench/systolic/run.sh, which prints the ratio, and its
// OpenCL kernels (loaders, array, drainer) are run under emulation.
#include <chrono>
#include <cstdio>

#ifndef N
#define N 256
#endif
constexpr int I = N, J = N, K = N;

void gemm(const float a[I][K], const float b[K][J], float c[I][J]) {
  static float A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = j == 0 ? a[i][k] : A[k][j - 1][i];
        B[k][j][i] = i == 0 ? b[k][j] : B[k][j][i - 1];
        C[k][j][i] = (k == 0 ? 0.f : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == K - 1)
          c[i][j] = C[k][j][i];
      }
}

int main() {
  static float a[I][K], b[K][J], c[I][J];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = float((k * 5 + j * 2) % 9 - 4);
  auto start = std::chrono::steady_clock::now();
  gemm(a, b, c);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  double sum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      sum += c[i][j] * ((i + 2 * j) % 7);
  std::printf("gemm %dx%dx%d checksum %.1f seconds %.4f\n", I, J, K, sum, s);
}
