// Input of ../unsupported-shape.test (the time loop j is bounded by 7).
constexpr int N = 4;

void f(const int *in, int *out) {
  static int A[7][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(1)
  for (int j = 0; j < 7; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = j == 0 ? in[i] : A[j - 1][i] + 1;
      if (j == 6) out[i] = A[j][i];
    }
}
