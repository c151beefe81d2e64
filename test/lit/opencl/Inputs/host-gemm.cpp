// Runs the GEMM design on an OpenCL device (PoCL on the CPU here) through the
// host stub t2s-clang wrote, and checks it against the triple loop.
// Usage: host-gemm gemm.cl
#include "t2s/host.h"

#include <cstdio>

void t2s_run_gemm(t2s::host::Device &D, t2s::host::Program &P, const float *a,
                  const float *b, float *c);

constexpr int I = 16, J = 12, K = 20;

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: host-gemm gemm.cl\n");
    return 2;
  }
  static float a[I][K], b[K][J], c[I][J];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);
  try {
    t2s::host::Device D;
    t2s::host::Program P(D, Argv[1], "-cl-std=CL1.2");
    t2s_run_gemm(D, P, &a[0][0], &b[0][0], &c[0][0]);
  } catch (const t2s::host::Error &E) {
    std::fprintf(stderr, "host-gemm: %s\n", E.what());
    return 2;
  }
  int bad = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      float s = 0.f;
      for (int k = 0; k < K; ++k)
        s += a[i][k] * b[k][j];
      bad += c[i][j] != s;
    }
  std::printf("opencl device gemm: %d of %d values differ\n", bad, I * J);
  return bad != 0;
}
