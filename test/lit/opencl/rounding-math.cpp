// Rounding, sign and bit-count functions in URE values: floorf, ceilf,
// truncf, roundf, rintf (and std::rint), copysignf (and std::copysign) and
// __builtin_popcount, which clang writes as LLVM intrinsics, print as
// OpenCL's floor, ceil, trunc, round, rint, copysign and popcount (they were
// refused in OpenCL and emulation as calls the printer did not know), and
// reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// CHECK-DAG: floor(
// CHECK-DAG: ceil(
// CHECK-DAG: trunc(
// CHECK-DAG: round(
// CHECK-DAG: rint(
// CHECK-DAG: copysign(
// CHECK-DAG: popcount(
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RESULT: -120 28
#include <cmath>
#include <cstdio>
void f(const float in[8], const int bits[8], float out[8], int count[8]) {
  static float S[8];
  static int B[8];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < 8; ++i) {
    S[i] = floorf(in[i]) + 2 * ceilf(in[i]) + 4 * truncf(in[i]) + 8 * roundf(in[i]) +
           16 * rintf(in[i]) + 32 * copysignf(1.f, in[i]) + std::rint(in[i]) + std::copysign(2.f, -in[i]);
    B[i] = __builtin_popcount(bits[i]) + (i == 0 ? 0 : B[i - 1]);
    out[i] = S[i];
    count[i] = B[i];
  }
}
int main() {
  float in[8], out[8]; int bits[8], count[8];
  for (int i = 0; i < 8; ++i) { in[i] = i * 0.75f - 2.6f; bits[i] = i * 37 - 100; }
  f(in, bits, out, count);
  for (int i = 0; i < 8; ++i) printf("%g %d\n", out[i], count[i]);
}
