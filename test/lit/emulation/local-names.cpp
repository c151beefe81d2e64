// Parameters named like the variables kernels declare themselves (the
// received channel value 'y_in', the shift registers 'sr_S') were
// redeclared inside the temporary design.cl ('redefinition of sr_S'); they
// print with a trailing '_'. Reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// RESULT: 97 98 99 100 101 102 103 104 7 13 19 25 31 37 43 49
// CHECK: void consume(int y_in_, T2S_GLOBAL int *T2S_RESTRICT out) {
// CHECK: void pe(__global const int *restrict in, int sr_S_, __global int *restrict out) {
#include <cstdio>
constexpr int N = 8;
void relu(const int x[N], int y_in, int out[N]) {
  static int y[N];
  #pragma t2s kernel(produce)
  for (int n = 0; n < N; ++n)
    y[n] = x[n] - 3;
  #pragma t2s kernel(consume)
  for (int n = 0; n < N; ++n)
    out[n] = y[n] + y_in;
}
void pe(const int in[4][N], int sr_S, int out[N]) {
  static int S[4][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N; ++i) {
      S[k][i] = (k == 0 ? sr_S : S[k - 1][i]) + in[k][i];
      if (k == 3) out[i] = S[k][i];
    }
}
int main() {
  int x[N], out[N], in[4][N];
  for (int i = 0; i < N; ++i) { x[i] = i; for (int k = 0; k < 4; ++k) in[k][i] = k * i; }
  relu(x, 100, out);
  for (int i = 0; i < N; ++i) std::printf("%d ", out[i]);
  pe(in, 7, out);
  for (int i = 0; i < N; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
