// MTTKRP (matricized tensor times Khatri-Rao product) written as uniform
// recurrence equations, with the directive that turns (i, j) into an I x J
// systolic array. Compiled with plain clang++ this file is the sequential
// reference; with t2s-clang it is the systolic design.
//
//   t2s-clang -O2 mttkrp.cpp -o mttkrp && ./mttkrp
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int I = 12, J = 10, K = 8, L = 6;

// d[i][j] = sum over k, l of a[i][k][l] * b[k][j] * c[l][j], computed as
// sum over k of b[k][j] * (sum over l of a[i][k][l] * c[l][j]) by an I x J
// array of PEs: a flows along j, b and c along i, V sums over l in time and
// D adds b times the finished V once per k.
void mttkrp(const float a[I][K][L], const float b[K][J], const float c[L][J],
            float d[I][J]) {
  static float A[K][L][J][I], B[K][L][J][I], C[K][L][J][I]; // URE arrays
  static float V[K][L][J][I], D[K][L][J][I];
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  for (int k = 0; k < K; ++k)
    for (int l = 0; l < L; ++l)
      for (int j = 0; j < J; ++j)
        for (int i = 0; i < I; ++i) {
          A[k][l][j][i] = j == 0 ? a[i][k][l] : A[k][l][j - 1][i];
          B[k][l][j][i] = i == 0 ? b[k][j] : B[k][l][j][i - 1];
          C[k][l][j][i] = i == 0 ? c[l][j] : C[k][l][j][i - 1];
          V[k][l][j][i] = (l == 0 ? 0.f : V[k][l - 1][j][i]) +
                          A[k][l][j][i] * C[k][l][j][i];
          D[k][l][j][i] = (k == 0 ? 0.f : D[k - 1][l][j][i]) +
                          (l == L - 1 ? B[k][l][j][i] * V[k][l][j][i] : 0.f);
          if (k == K - 1 && l == L - 1)
            d[i][j] = D[k][l][j][i];
        }
}

int main() {
  static float a[I][K][L], b[K][J], c[L][J], d[I][J], want[I][J];
  // Small integers keep every sum exact in float, whatever the order.
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      for (int l = 0; l < L; ++l)
        a[i][k][l] = static_cast<float>((i * 3 + k * 5 + l * 7) % 9 - 4);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = static_cast<float>((k * 2 + j * 3 + 1) % 7 - 3);
  for (int l = 0; l < L; ++l)
    for (int j = 0; j < J; ++j)
      c[l][j] = static_cast<float>((l * 4 + j + 2) % 5 - 2);

  mttkrp(a, b, c, d);

  // The definition, term by term.
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      float s = 0.f;
      for (int k = 0; k < K; ++k)
        for (int l = 0; l < L; ++l)
          s += a[i][k][l] * b[k][j] * c[l][j];
      want[i][j] = s;
    }

  double checksum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      checksum += d[i][j] * (1 + (i * J + j) % 13);
  std::printf("mttkrp %dx%dx%dx%d checksum %.1f\n", I, J, K, L, checksum);
  std::size_t bad = t2s::countMismatches("d", &d[0][0], &want[0][0], I * J);
  if (bad) {
    std::printf("mttkrp: %zu of %d values differ from the quadruple loop\n",
                bad, I * J);
    return EXIT_FAILURE;
  }
  std::printf("mttkrp: all %d values equal the quadruple loop\n", I * J);
  return EXIT_SUCCESS;
}
