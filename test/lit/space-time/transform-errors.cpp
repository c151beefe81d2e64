// What the native space-time transform cannot rewrite is an error at the
// directive, never wrong code.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

// A later space_time must drop the outermost space loop of the previous one.
void innerDropped(const int *in, int *out) {
  static int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(1, 1)
  // CHECK-DAG: transform-errors.cpp:[[@LINE+1]]:15: error: this space_time turns 'i' into time, but it is not the outermost space loop of the previous space_time; the space-time transform supports dropping the outermost one: reorder the loops
  #pragma t2s space_time(j) schedule(1)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = k == 0 ? in[i] : A[k - 1][j][i] + 1;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

// 'N > j' is read as 'j < N'.
void swappedBound(const int *in, int *out) {
  static int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(1)
  for (int j = 0; N > j; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = j == 0 ? in[i] : A[j - 1][i] + 1;
      if (j == N - 1) out[i] = A[j][i];
    }
}
