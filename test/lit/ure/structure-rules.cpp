// What a URE nest may contain: a perfect nest of counted loops with constant
// bounds, no early exit, no call with side effects (library math is fine).
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang -O2 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <cmath>

constexpr int N = 8;
void log(int);

void nonConstantBound(const float *in, float *out, int n) {
  float A[N];
  #pragma t2s ure
  // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:3: error: the bound of loop 'i' is not a compile-time constant, nor computed before the nest from the function's integer parameters; make the bound a constexpr value, or a parameter ('i < N', 'N / 16') [constant bounds]
  for (int i = 0; i < int(in[n]); ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    if (i == N - 1) out[0] = A[i];
  }
}

void stepTwo(const float *in, float *out) {
  float A[N];
  #pragma t2s ure
  // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:3: error: loop 'i' must count up by one from a constant (or from an affine expression of outer loops): 'for (int i = 0; i < N; ++i)' [constant bounds]
  for (int i = 0; i < N; i += 2) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    if (i == N - 1) out[0] = A[i];
  }
}

void sideEffects(const float *in, float *out) {
  float A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? std::sqrt(in[0]) : A[i - 1];
    // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:5: error: the call to 'log(int)' may have side effects, which a URE body does not support; compute the value with expressions or pure functions [no side effects]
    log(i);
    if (i == N - 1) out[0] = A[i];
  }
}

void earlyExit(const float *in, float *out) {
  float A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    if (in[i] < 0)
      // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:7: error: 'break', 'return' or 'goto' out of loop 'i' is not supported; every iteration of a URE nest runs [no early exit]
      break;
    if (i == N - 1) out[0] = A[i];
  }
}

void notPerfect(const float *in, float *out) {
  float A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j) {
    // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:12: error: this statement sits between loop 'j' and loop 'i'; a URE nest is a perfect nest: move it into the innermost loop 'i' or out of the nest [perfect nest]
    out[j] = 0;
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  }
}

void twoInnerLoops(const float *in, float *out) {
  float A[N][N], B[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j) {
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
    // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:5: error: loop 'j' holds 2 loops; a URE nest is a perfect nest: one loop directly inside the other, statements in the innermost loop (write separate nests and merge them with merge_ures) [perfect nest]
    for (int i = 0; i < N; ++i)
      B[j][i] = i == 0 ? in[j] : B[j][i - 1];
  }
}

struct Point { float x, y; };
void structField(const float *in, float *out) {
  Point P[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: structure-rules.cpp:[[@LINE+1]]:12: error: this store does not index an array (struct fields and pointer arithmetic are not supported in a URE nest); write to an array element 'X[k][j][i]' [array access]
    P[i].x = in[i];
    if (i == N - 1) out[0] = P[i].x;
  }
}
