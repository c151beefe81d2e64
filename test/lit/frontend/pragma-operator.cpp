// '_Pragma("t2s ...")', written in place or coming from a macro that stands
// directly above the loop, works like '#pragma t2s': the directives reach the
// IR with the position of the macro's invocation, stack with '#pragma t2s'
// lines and other such macros, and the design computes what the reference
// computes, native and emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %t2s-clangxx -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native > %t/native.out && diff %t/ref.out %t/native.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu && %t/emu > %t/emu.out && diff %t/ref.out %t/emu.out
// RUN: %not %t2s-clangxx -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
#include <cstdio>

#define T2S(text) _Pragma(#text)
#define URE _Pragma("t2s ure")
#define SYSTOLIC(loop) _Pragma("t2s ure") T2S(t2s space_time(loop))

constexpr int N = 6, M = 5;

// Two macros, one above the other.
void rows(const int x[M][N], int out[M]) {
  static int S[M][N];
  URE
  T2S(t2s space_time(i))
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < N; ++i) {
      S[j][i] = (i == 0 ? 0 : S[j][i - 1]) + x[j][i];
      if (i == N - 1) out[j] = S[j][i];
    }
}
// CHECK-DAG: !{!"t2s.directive", !"ure", !"{{.*}}pragma-operator.cpp", i32 23, i32 3}
// CHECK-DAG: !{!"t2s.directive", !"space_time(i)", !"{{.*}}pragma-operator.cpp", i32 24, i32 3}

// One macro holding two pragmas, a '#pragma t2s' line and a comment between.
void cols(const int x[M][N], int out[N]) {
  static int S[N][M];
  SYSTOLIC(j) // the array
  #pragma t2s drainer(out)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      S[i][j] = (j == 0 ? 0 : S[i][j - 1]) + x[j][i];
      if (j == M - 1) out[i] = S[i][j];
    }
}
// CHECK-DAG: !{!"t2s.directive", !"ure", !"{{.*}}pragma-operator.cpp", i32 37, i32 3}
// CHECK-DAG: !{!"t2s.directive", !"space_time(j)", !"{{.*}}pragma-operator.cpp", i32 37, i32 3}
// CHECK-DAG: !{!"t2s.directive", !"drainer(out)", !"{{.*}}pragma-operator.cpp", i32 38, i32 15}

// The operator written in place, on the loop's line.
void scaled(const int x[M][N], int out[M][N]) {
  _Pragma("t2s kernel(scale)") for (int j = 0; j < M; ++j)
    for (int i = 0; i < N; ++i)
      out[j][i] = 3 * x[j][i];
}
// CHECK-DAG: !{!"t2s.directive", !"kernel(scale)", !"{{.*}}pragma-operator.cpp", i32 51, i32 3}

#ifdef BAD
void misplaced(int *a) {
  // BAD: pragma-operator.cpp:[[@LINE+1]]:3: error: '#pragma t2s ure' is not followed by a 'for' loop
  URE
  a[0] = 1;
  for (int i = 0; i < 4; ++i) a[i] = 0;
}
#endif

int main() {
  int x[M][N], rowSums[M] = {0}, colSums[N] = {0}, three[M][N];
  for (int j = 0; j < M; ++j)
    for (int i = 0; i < N; ++i) x[j][i] = 10 * j + i;
  rows(x, rowSums);
  cols(x, colSums);
  scaled(x, three);
  for (int j = 0; j < M; ++j) std::printf("%d ", rowSums[j]);
  for (int i = 0; i < N; ++i) std::printf("%d ", colSums[i]);
  std::printf("%d %d\n", three[0][1], three[M - 1][N - 1]);
}
