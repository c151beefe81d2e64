// An element of a channel read twice in one statement is one read of the
// channel: 'y[n] > 0 ? y[n] : 0' in a kernel nest (the first read decides the
// condition, so it was no input of the model and the second read seemed to
// depend on a computed value), and 'y[k][i] * y[k][i]' in a systolic array.
// Reference = native (-O0, -O2) = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O0 %s -o %t/emulated0 && %t/emulated0 | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// RESULT: relu: 0 0 0 0 1 2 3 4
// RESULT: squares: 17 14 20 14 17 15
// CHECK:      void consume(T2S_GLOBAL int *T2S_RESTRICT out) {
// CHECK-NEXT:   for (int n = 0; n < 8; n++) {
// CHECK-NEXT:     int y_in = T2S_READ(relu_y);
// CHECK-NEXT:     out[((long)n)] = ((y_in > 0) ? y_in : 0);
// CHECK:            int y_in = T2S_READ(squares_y_pe[i]);
// CHECK-NEXT:       sr_S[0][i] = (((k == 0) ? 0 : sr_S[1][i]) + (y_in * y_in));
#include <cstdio>

constexpr int N = 8, K = 4, I = 6;

void relu(const int x[N], int out[N]) {
  static int y[N];
  #pragma t2s kernel(produce)
  for (int n = 0; n < N; ++n)
    y[n] = x[n] - 3;
  #pragma t2s kernel(consume)
  for (int n = 0; n < N; ++n)
    out[n] = y[n] > 0 ? y[n] : 0;
}

void squares(const int x[K][I], int out[I]) {
  static int y[K][I], S[K][I];
  #pragma t2s kernel(shift)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      y[k][i] = x[k][i] - 3;
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + y[k][i] * y[k][i];
      if (k == K - 1)
        out[i] = S[k][i];
    }
}

int main() {
  int x[N], out[N], xs[K][I];
  for (int n = 0; n < N; ++n)
    x[n] = n;
  relu(x, out);
  std::printf("relu:");
  for (int n = 0; n < N; ++n)
    std::printf(" %d", out[n]);
  std::printf("\n");
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      xs[k][i] = (k * 5 + i * 3) % 7;
  squares(xs, out);
  std::printf("squares:");
  for (int i = 0; i < I; ++i)
    std::printf(" %d", out[i]);
  std::printf("\n");
}
