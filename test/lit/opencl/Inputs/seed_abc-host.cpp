// Runs the kernel written for examples/seed_abc.cpp (the seed's double
// projection) as C++ and checks c[i][j] = sum over k >= 1 of a[j][k] + b[i][k].
#include <t2s/opencl_on_cpu.h>

#include KERNELS

#include <cstdio>

constexpr int I = 10, J = 10, K = 10;

int main() {
  static int a[J][K], b[I][K], c[I][J];
  for (int j = 0; j < J; ++j)
    for (int k = 0; k < K; ++k)
      a[j][k] = (j * 3 + k * 7) % 13 - 6;
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      b[i][k] = (i * 5 + k * 2) % 11 - 5;
  t2s_kernels::seed_abc(&a[0][0], &b[0][0], &c[0][0]); // compiled as C++, the kernels live in t2s_kernels
  int bad = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      int want = 0;
      for (int k = 1; k < K; ++k)
        want += a[j][k] + b[i][k];
      bad += c[i][j] != want;
    }
  std::printf("opencl seed_abc: %d of %d values differ\n", bad, I * J);
  return bad != 0;
}
