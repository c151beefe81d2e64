// The space-time transform seed's example (A, B, C and the output c), written
// as uniform recurrence equations with the seed's double projection
//   (i, j, k) => (i, j, t1) => (i, t2, t1),  t1 = 2i + 3j + k,  t2 = 2i + j.
// Compiled with plain clang++ this file is the sequential reference; with
// t2s-clang it is the systolic design.
//
//   t2s-clang -O2 seed_abc.cpp -o seed_abc && ./seed_abc
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int I = 10, J = 10, K = 10;

// The seed's recurrences with the same distances, A (1,0,0) along i,
// B (0,1,0) along j, C (0,0,1) along k (in (i, j, k) order), but A and B
// start from inputs at their boundary instead of 0 so that the result is not
// all zeros: c[i][j] = sum over k = 1 .. K-1 of (a[j][k] + b[i][k]).
void seed_abc(const int a[J][K], const int b[I][K], int c[I][J]) {
  static int A[K][J][I], B[K][J][I], C[K][J][I]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(i, j) schedule(2, 3)
  #pragma t2s space_time(i) schedule(2)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = i == 0 ? a[j][k] : A[k][j][i - 1];
        B[k][j][i] = j == 0 ? b[i][k] : B[k][j - 1][i];
        C[k][j][i] =
            k == 0 ? 0 : A[k][j][i] + B[k][j][i] + C[k - 1][j][i];
        if (k == K - 1)
          c[i][j] = C[k][j][i];
      }
}

int main() {
  static int a[J][K], b[I][K], c[I][J], want[I][J];
  for (int j = 0; j < J; ++j)
    for (int k = 0; k < K; ++k)
      a[j][k] = (j * 7 + k * 3 + 1) % 11 - 5;
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      b[i][k] = (i * 5 + k * 4 + 2) % 13 - 6;

  seed_abc(a, b, c);

  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      int s = 0;
      for (int k = 1; k < K; ++k)
        s += a[j][k] + b[i][k];
      want[i][j] = s;
    }

  long long checksum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      checksum += static_cast<long long>(c[i][j]) * (1 + (i * J + j) % 13);
  std::printf("seed_abc %dx%dx%d checksum %lld\n", I, J, K, checksum);
  std::size_t bad = t2s::countMismatches("c", &c[0][0], &want[0][0], I * J);
  if (bad) {
    std::printf("seed_abc: %zu of %d values differ from the direct sum\n", bad,
                I * J);
    return EXIT_FAILURE;
  }
  std::printf("seed_abc: all %d values equal the direct sum\n", I * J);
  return EXIT_SUCCESS;
}
