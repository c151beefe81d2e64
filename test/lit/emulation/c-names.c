// Names that are valid in the source but not in the printed OpenCL or in C++
// (the emulation compiles the kernels as C++): C names a function-local static
// array 'pre.S' (printed as 'int sr_pre.S[1][8];'), and a C design may call
// its function, arrays and loop variables 'local', 'global', 'new', 'half'
// and 'kernel'. They print as identifiers of both languages; the kernels
// type-check as OpenCL C, and reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -x c -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang -x c --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang -x c --emit-opencl %s -o %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// RESULT: pre: -5 -7 -6 -2 5 15 28 44
// RESULT: local: -5 -12 -18 -20 -15 0 28 72
// CHECK:      void pre(__global const int *restrict in, __global int *restrict out) {
// CHECK-NEXT:   int sr_S[1][8];
// CHECK:      void local_(__global const int *restrict global_, __global int *restrict new_) {
// CHECK-NEXT:   int sr_half_[1][8];
// CHECK:        for (int kernel_ = 0; kernel_ < 8; kernel_++) {
#include <stdio.h>

#define N 8

void pre(const int in[N], int out[N]) {
  static int S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i];
    out[i] = S[i];
  }
}

void local(const int global[N], int new[N]) {
  static int half[N];
  #pragma t2s ure
  #pragma t2s space_time(kernel)
  for (int kernel = 0; kernel < N; ++kernel) {
    half[kernel] = (kernel == 0 ? 0 : half[kernel - 1]) + global[kernel];
    new[kernel] = half[kernel];
  }
}

static void print(const char *Label, const int *V) {
  printf("%s", Label);
  for (int i = 0; i < N; ++i)
    printf(" %d", V[i]);
  printf("\n");
}

int main(void) {
  int in[N], out[N], more[N];
  for (int i = 0; i < N; ++i)
    in[i] = i * 3 - 5;
  pre(in, out);
  print("pre:", out);
  local(out, more);
  print("local:", more);
  return 0;
}
