// The program's own helper functions in a nest ('min3', a helper that calls
// a helper, a lambda): inlined into the nest's loops before the URE model
// reads it (ure/InlineHelpers.h), so the kernels compute their expressions
// in every build. A helper that writes a global keeps its call, refused as
// a call with side effects; one with a loop is refused where the kernels
// are written, with why. Reference = native (-O0, -O2) = emulated = HLS C
// simulation = the OpenCL device.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang --emit-opencl -DERRORS %s -o %t/e.cl 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O0 %s -o %t/emulated0 2>&1 | count 0
// RUN: %t/emulated0 | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --opencl -O2 %s -o %t/device 2>&1 | count 0
// RUN: %t/device 2>/dev/null | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: -12 -12 -12 -12 -12 0 -6 -6 -6 -6 7 3 -1 -8 -8 -4 -12 -12 -12 -12
#include <cstdio>

constexpr int P = 4, K = 5;

static int min3(int a, int b, int c) {
  int m = a < b ? a : b;
  return m < c ? m : c;
}
static int twice(int a) { return min3(a, 2 * a, 100) + 1; }

#ifdef ERRORS
int Count;
static int counted(int a) {
  ++Count;
  return a + 1;
}
static int looped(int a) {
  int s = 0;
  for (int i = 0; i < a; ++i)
    s += i;
  return s;
}

void sideEffect(const int x[P][K], int out[P][K]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      // ERR: helper-functions.cpp:[[#@LINE+1]]:17: error: the call to 'counted(int)' may have side effects, which a URE body does not support; compute the value with expressions or pure functions [no side effects]
      S[p][k] = counted(x[p][k]);
      out[p][k] = S[p][k];
    }
}

void withLoop(const int x[P][K], int out[P][K]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      // ERR: helper-functions.cpp:[[#@LINE+1]]:{{[0-9]+}}: error: cannot write this design as OpenCL: it uses a call to 'looped', a function whose body has a loop or is too large to be inlined into the kernels (a helper without loops is: ure/InlineHelpers.h); {{.*}} [opencl]
      S[p][k] = x[p][k] + looped(k);
      out[p][k] = S[p][k];
    }
}
#endif

void f(const int x[P][K], int out[P][K]) {
  static int S[P][K];
  auto clampHigh = [](int v) { return v > 40 ? 40 : v; };
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = min3(k == 0 ? clampHigh(50) : S[p][k - 1], x[p][k], twice(x[p][k]) - 3);
      out[p][k] = S[p][k];
    }
}

int main() {
  int x[P][K], out[P][K];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      x[p][k] = (p * 7 + k * 13) % 17 - 5;
  f(x, out);
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      std::printf("%d ", out[p][k]);
  std::printf("\n");
}
