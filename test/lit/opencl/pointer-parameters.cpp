// A design function may have pointer parameters that no nest uses (here one
// used after the nest, one not at all): the emitted host stub passes them
// along as 'const void *' (before, --emit-opencl --host-stub and --emulate
// refused the design: "the parameter 'count', whose type has no C name").
// Reference, native and emulated builds print the same.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native > %t/native.out && diff %t/ref.out %t/native.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu && %t/emu > %t/emu.out && diff %t/ref.out %t/emu.out
// RUN: %t2s-clang --emit-opencl %s -o %t/design.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s < %t/host.cpp
// CHECK: extern "C" void t2s_run_sum(const float *in, float *out, const void *count, const void *unused) {
#include <cstdio>
constexpr int N = 8;

void sum(const float *in, float *out, int *count, double *unused) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s kernel(adder)
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1] + in[i];
    if (i == N - 1) out[0] = A[i];
  }
  *count = N;
}

int main() {
  float in[N], out[1] = {0};
  int count = 0;
  for (int i = 0; i < N; ++i) in[i] = 0.5f * i;
  sum(in, out, &count, nullptr);
  std::printf("%g %d\n", out[0], count);
}
