// The main file of a program of two files (emulation/two-files.test): no
// design of its own; prints the product of the other file's design.
#include <cstdio>

constexpr int I = 8, J = 6;
void matvec(const int a[I][J], const int x[J], int y[I]);

int main() {
  static int a[I][J], x[J], y[I];
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      a[i][j] = (i * 5 + j * 7 + 2) % 17 - 8;
  for (int j = 0; j < J; ++j)
    x[j] = (j * 9 + 4) % 13 - 6;
  matvec(a, x, y);
  for (int i = 0; i < I; ++i)
    std::printf("%d ", y[i]);
  std::printf("\n");
}
