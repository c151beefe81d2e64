// Runs the GEMM kernel that t2s-clang --emit-opencl wrote for
// examples/gemm.cpp, compiled as C++, and checks it against the triple loop.
#include <t2s/opencl_on_cpu.h>

#include KERNELS

#include <cstdio>

constexpr int I = 16, J = 12, K = 20;

int main() {
  static float a[I][K], b[K][J], c[I][J];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);
  t2s_kernels::gemm(&a[0][0], &b[0][0], &c[0][0]); // compiled as C++, the kernels live in t2s_kernels
  int bad = 0;
  double checksum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      float s = 0.f;
      for (int k = 0; k < K; ++k)
        s += a[i][k] * b[k][j];
      bad += c[i][j] != s;
      checksum += c[i][j] * (1 + (i * J + j) % 13);
    }
  std::printf("gemm %dx%dx%d checksum %.1f\n", I, J, K, checksum);
  std::printf("opencl gemm: %d of %d values differ\n", bad, I * J);
  return bad != 0;
}
