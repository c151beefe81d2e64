// The GEMM of kernel-gemm.cpp vectorized along k: 'transpose' sends single
// values of a row of a (in the order the array consumes them: i, then the
// lanes k), the loader of aT concatenates each row into a K-lane vector for
// the PEs, and the array's results (the lane k = K - 1) go to 'scale' one by
// one (lane matching between scalar kernel nests and a vectorized array).
#include <t2s/compare.h>
#include <cstdio>
#include <cstdlib>
constexpr int I = 4, J = 3, K = 5;
void kgemm(const float a[I][K], const float b[K][J], float alpha, float c[I][J]) {
  static float aT[K][I], cc[I][J];
  static float A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s kernel(transpose)
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      aT[k][i] = a[i][k];
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  #pragma t2s loader(b)
  #pragma t2s vectorize(k)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = j == 0 ? aT[k][i] : A[k][j - 1][i];
        B[k][j][i] = i == 0 ? b[k][j] : B[k][j][i - 1];
        C[k][j][i] = (k == 0 ? 0.f : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == K - 1)
          cc[i][j] = C[k][j][i];
      }
  #pragma t2s kernel(scale)
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i)
      c[i][j] = alpha * cc[i][j];
}
int main() {
  static float a[I][K], b[K][J], c[I][J], want[I][J];
  for (int i = 0; i < I; ++i) for (int k = 0; k < K; ++k) a[i][k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k) for (int j = 0; j < J; ++j) b[k][j] = float((k * 5 + j * 2) % 9 - 4);
  kgemm(a, b, 2.f, c);
  for (int i = 0; i < I; ++i) for (int j = 0; j < J; ++j) { float s = 0; for (int k = 0; k < K; ++k) s += a[i][k] * b[k][j]; want[i][j] = 2.f * s; }
  double sum = 0; for (int i = 0; i < I; ++i) for (int j = 0; j < J; ++j) sum += c[i][j] * (1 + i + 5 * j);
  std::printf("kgemm: checksum %.1f\n", sum);
  std::size_t bad = t2s::countMismatches("c", &c[0][0], &want[0][0], I * J);
  std::printf("kgemm: %zu of %d values differ\n", bad, I * J);
  return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
