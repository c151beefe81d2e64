// Floats: the systolic build performs each PE's operations in the order the
// reference does (C accumulates along k), so without contraction the results
// are bit-identical for arbitrary values (printed in hex).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -ffp-contract=off %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 -ffp-contract=off %s -o %t/st && %t/st > %t/st.out
// RUN: %t2s-clang -O0 -ffp-contract=off -DSCHEDULE %s -o %t/s0 && %t/s0 > %t/s0.out
// RUN: diff %t/ref.out %t/st.out && diff %t/ref.out %t/s0.out
// RUN: FileCheck %s < %t/st.out
// CHECK: c[0][0] = 0x
#include <cstdio>

constexpr int I = 7, J = 5, K = 9;

void gemm(const float a[I][K], const float b[K][J], float c[I][J]) {
  static float A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s ure
#ifdef SCHEDULE
  #pragma t2s space_time(i, j) schedule(2, 1) check_time
#else
  #pragma t2s space_time(i, j)
#endif
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
  unsigned s = 12345;
  auto next = [&] { s = s * 1103515245u + 12345u; return float(s >> 8) / 16777216.f - 0.5f; };
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = next() * 3.1f;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = next() / 0.7f;
  gemm(a, b, c);
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      std::printf("c[%d][%d] = %a\n", i, j, c[i][j]);
}
