// A 'ure' nest whose innermost loop has no statements computes nothing. As
// a design it was an autorun array with nothing to wait on: under --emulate
// it never stopped, and the next call of the function failed at run time
// with "t2s::emu::run: another run is in progress". It is an error at the
// pragma in every mode, with the rule and the fix.
// RUN: %not %t2s-clang -O2 %s -o %t 2>&1 | FileCheck %s
// RUN: %not %t2s-clang --emulate -O2 %s -o %t 2>&1 | FileCheck %s
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s
// CHECK: empty-nest.cpp:[[@LINE+5]]:15: error: the nest's innermost loop has no statements, so it computes nothing; write the statements that define its arrays and outputs in the innermost loop, or remove the '#pragma t2s' lines above it [perfect nest]
#include <cstdio>

void f(const float *in, float *out) {
  static float A[4];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < 4; ++t)
    for (int p = 0; p < 4; ++p) {
    }
  out[0] = in[0];
}

int main() {
  float in[1] = {2}, out[1] = {0};
  f(in, out);
  f(in, out);
  std::printf("%g\n", out[0]);
}
