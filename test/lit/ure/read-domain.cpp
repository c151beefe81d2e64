// A URE read runs only where it names an iteration of its nest: where a
// read's path is surely taken and it names a point outside a loop's range,
// the sequential program reads outside the URE array (or another element of
// it) and the array has no such value. Each is an error at the read, with
// the first such iteration and a fix ([initial value]). A read that only may
// run there (its condition tests computed values) is not refused.
// RUN: %not %t2s-clang -O2 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int K = 4, J = 5, T = 3, N = 6;

// k - 1 at k == 0: the initial-value analysis accepts the statement (the
// select's other arm starts it), but that arm is taken at j == 0 only.
void beforeTheStart(const int a[K], const int b[J], int out[K][J]) {
  static int A[K][J];
  #pragma t2s ure
  #pragma t2s space_time(j)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j) {
      // CHECK-DAG: read-domain.cpp:[[@LINE+1]]:54: error: the read A[k - 1][j] runs at k = 0, j = 1, where it names k - 1 = -1, outside loop 'k' ([0, 4)): no iteration computes that value; give the URE its value there without the read, e.g. 'k < 1 ? <value> : A[k - 1][j]' [initial value]
      A[k][j] = j == 0 ? a[k] : A[k][j - 1] + b[j] * A[k - 1][j];
      out[k][j] = A[k][j];
    }
}

// A stencil's right neighbour without the guard at the right end.
void pastTheEnd(const float in[N], float out[N]) {
  static float S[T][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: read-domain.cpp:[[@LINE+1]]:75: error: the read S[t - 1][i + 1] runs at t = 1, i = 5, where it names i + 1 = 6, outside loop 'i' ([0, 6)): no iteration computes that value; give the URE its value there without the read, e.g. 'i >= 5 ? <value> : S[t - 1][i + 1]' [initial value]
      S[t][i] = t == 0 ? in[i] : i == 0 ? S[t - 1][i] : S[t - 1][i - 1] + S[t - 1][i + 1];
      if (t == T - 1)
        out[i] = S[t][i];
    }
}

// Accepted: at i == N - 1 the read of i + 1 runs only if in[i] > 0, which
// the compiler cannot know (the caller's data must keep it from running).
void mayRun(const float in[N], float out[N]) {
  static float S[T][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      S[t][i] = t == 0 ? in[i] : (i < N - 1 || in[i] > 0.f) ? S[t - 1][i + 1] : 0.f;
      if (t == T - 1)
        out[i] = S[t][i];
    }
}
