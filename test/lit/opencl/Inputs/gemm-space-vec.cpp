// GEMM written as uniform recurrence equations (UREs), with the directives that
// turn it into an I x J systolic array. Compiled with plain clang++ this file is
// the sequential reference; with t2s-clang it is the systolic design.
//
//   t2s-clang -O2 gemm.cpp -o gemm && ./gemm
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int I = 16, J = 12, K = 20;

// c = a * b, computed by an I x J array of PEs: a flows along j, b along i,
// partial sums stay in place and advance in time (k). Loader kernels read a
// and b from memory and feed the array's edge PEs through channels; a drainer
// kernel writes c, so the array itself touches no memory. The edge PEs pass
// a and b along a chain (scatter), and each column of PEs passes its results
// to PE i = 0 (gather): each loader feeds one channel, and the drainer reads
// one channel per column instead of one per PE. vectorize(k) makes the
// loaders send whole rows of a and columns of b as K-lane vectors; each PE
// runs its K multiply-adds in one time step (in order: C reads C[k - 1]).
//
// (test/lit/opencl: the same GEMM with vectorize(i), the space loop: the 16
// PEs of a column share one vector of a per step and one vector of c, passed
// along the column by scatter and gather, gather.md Code 4.)
void gemm(const float a[I][K], const float b[K][J], float c[I][J]) {
  static float A[K][J][I], B[K][J][I], C[K][J][I]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, i, up)
  #pragma t2s scatter(b, j, up)
  #pragma t2s gather(c, i, down)
  #pragma t2s vectorize(i)
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
  static float a[I][K], b[K][J], c[I][J], want[I][J];
  // Small integers keep every sum exact in float, whatever the order.
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = static_cast<float>((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = static_cast<float>((k * 5 + j * 2) % 9 - 4);

  gemm(a, b, c);

  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      float s = 0.f;
      for (int k = 0; k < K; ++k)
        s += a[i][k] * b[k][j];
      want[i][j] = s;
    }

  double checksum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      checksum += c[i][j] * (1 + (i * J + j) % 13);
  std::printf("gemm %dx%dx%d checksum %.1f\n", I, J, K, checksum);
  std::size_t bad = t2s::countMismatches("c", &c[0][0], &want[0][0], I * J);
  if (bad) {
    std::printf("gemm: %zu of %d values differ from the triple loop\n", bad, I * J);
    return EXIT_FAILURE;
  }
  std::printf("gemm: all %d values equal the triple loop\n", I * J);
  return EXIT_SUCCESS;
}
