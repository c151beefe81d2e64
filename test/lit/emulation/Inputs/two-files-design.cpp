// The design of a program of two files (emulation/two-files.test): y = a * x
// on a line of I PEs, with a loader and a drainer.
constexpr int I = 8, J = 6;

void matvec(const int a[I][J], const int x[J], int y[I]) {
  static int X[J][I], Y[J][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(a)
  #pragma t2s drainer(y)
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      X[j][i] = i == 0 ? x[j] : X[j][i - 1];
      Y[j][i] = (j == 0 ? 0 : Y[j - 1][i]) + a[i][j] * X[j][i];
      if (j == J - 1)
        y[i] = Y[j][i];
    }
}
