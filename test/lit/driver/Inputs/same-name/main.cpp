#include <cstdio>

void first(const float (*A)[4], float *y);
void second(const float (*A)[4], float *y);

int main() {
  float A[4][4], y[4], z[4];
  for (int i = 0; i < 16; ++i)
    A[i / 4][i % 4] = float(i);
  first(A, y);
  second(A, z);
  std::printf("%g %g %g %g\n", y[0], y[3], z[0], z[3]);
}
