// Matrix-vector product written as uniform recurrence equations, with the
// directive that turns the rows into a line of I PEs. Compiled with plain
// clang++ this file is the sequential reference; with t2s-clang it is the
// systolic design.
//
//   t2s-clang -O2 matvec.cpp -o matvec && ./matvec
#include <t2s/compare.h>

#include <cstdio>
#include <cstdlib>

constexpr int I = 32, J = 24;

// y = a * x, computed by I PEs: x[j] enters PE 0 at time j and flows along i,
// PE i keeps the partial sum of row i and adds a[i][j] * x[j] at each step.
void matvec(const int a[I][J], const int x[J], int y[I]) {
  static int X[J][I], Y[J][I]; // URE arrays
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      X[j][i] = i == 0 ? x[j] : X[j][i - 1];
      Y[j][i] = (j == 0 ? 0 : Y[j - 1][i]) + a[i][j] * X[j][i];
      if (j == J - 1)
        y[i] = Y[j][i];
    }
}

int main() {
  static int a[I][J], x[J], y[I], want[I];
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      a[i][j] = (i * 5 + j * 7 + 2) % 17 - 8;
  for (int j = 0; j < J; ++j)
    x[j] = (j * 9 + 4) % 13 - 6;

  matvec(a, x, y);

  for (int i = 0; i < I; ++i) {
    int s = 0;
    for (int j = 0; j < J; ++j)
      s += a[i][j] * x[j];
    want[i] = s;
  }

  long long checksum = 0;
  for (int i = 0; i < I; ++i)
    checksum += static_cast<long long>(y[i]) * (1 + i % 13);
  std::printf("matvec %dx%d checksum %lld\n", I, J, checksum);
  std::size_t bad = t2s::countMismatches("y", y, want, I);
  if (bad) {
    std::printf("matvec: %zu of %d values differ from the row dot products\n",
                bad, I);
    return EXIT_FAILURE;
  }
  std::printf("matvec: all %d values equal the row dot products\n", I);
  return EXIT_SUCCESS;
}
