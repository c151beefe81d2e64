// Library math on float in a kernel is OpenCL's float overload; compiled as
// C++ it must be too: 'exp(x)' with a float x called the double ::exp and
// rounded (26 of these 64 values differed in the last bit from the
// reference). Printed exactly (%a): reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK-COUNT-64: 0x
#include <cmath>
#include <cstdio>

constexpr int N = 64;

void act(const float in[N], float out[N], int bias) {
  #pragma t2s kernel(act)
  for (int i = 0; i < N; ++i)
    out[i] = std::exp(in[i]) + std::tanh(in[i] * 0.3f) + std::log(in[i] + 9.f) +
             std::sin(in[i]) * std::pow(in[i] + 6.f, 0.7f) + bias;
}

int main() {
  float in[N], out[N];
  for (int i = 0; i < N; ++i)
    in[i] = (i - 31) * 0.173f;
  act(in, out, 3);
  for (int i = 0; i < N; ++i)
    std::printf("%a\n", out[i]);
}
