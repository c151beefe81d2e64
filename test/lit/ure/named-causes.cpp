// Constructs that were reported by a symptom now get the real cause and the
// rule: a 'throw' (was "'break', 'return' or 'goto'"), a call that does not
// return, a struct copy (was "the call to 'llvm.memcpy.p0.p0.i64' may have
// side effects"), a volatile URE array (was accepted silently).
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang -O2 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <cstdlib>

constexpr int N = 8;

void throws(const float in[N], float out[1]) {
  float A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: named-causes.cpp:[[@LINE+1]]:20: error: a 'throw' leaves loop 'i' before its last iteration; every iteration of a URE nest runs, so it may not throw or end the program: check the inputs before the nest [no early exit]
    if (in[i] < 0) throw 1;
    A[i] = i == 0 ? in[0] : A[i - 1] + in[i];
    if (i == N - 1) out[0] = A[i];
  }
}

void aborts(const float in[N], float out[1]) {
  float A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: named-causes.cpp:[[@LINE+1]]:20: error: the call to 'abort', which does not return, leaves loop 'i' before its last iteration; every iteration of a URE nest runs, so it may not throw or end the program: check the inputs before the nest [no early exit]
    if (in[i] < 0) std::abort();
    A[i] = i == 0 ? in[0] : A[i - 1] + in[i];
    if (i == N - 1) out[0] = A[i];
  }
}

struct Point { float x, y, z; };

void copiesStructs(const Point in[N], Point out[1]) {
  Point A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: named-causes.cpp:[[@LINE+1]]:10: error: this copies a whole value of struct 'Point'; a URE nest reads and writes scalars (numbers): keep one array per field or element, e.g. 'float Ax[N], Ay[N];' for a struct with fields x and y [array access]
    A[i] = i == 0 ? in[0] : A[i - 1];
    // CHECK-DAG: named-causes.cpp:[[@LINE+1]]:28: error: this copies a whole value of struct 'Point'; a URE nest
    if (i == N - 1) out[0] = A[i];
  }
}

void volatileArray(const float in[N][N], float out[N]) {
  volatile float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: named-causes.cpp:[[@LINE+1]]:15: error: the URE array 'A' is volatile, but URE arrays become registers of the PEs and their accesses are reordered with the iterations; remove 'volatile' from 'A' [not volatile]
      A[j][i] = i == 0 ? in[j][0] : A[j][i - 1] + in[j][i];
      if (i == N - 1) out[j] = A[j][i];
    }
}
