// t2s-clang --opencl copies each buffer to the device, sized by the largest
// index the nests use; a buffer indexed by a computed value has no such size
// unless its parameter is declared as an array of constant extent. Without
// one, that is an error in the design's file (it was an #error inside the
// temporary design-host.cpp), while --emulate, which needs no sizes, runs the
// design as the reference does. With one ('const int table[64]'), the
// device build copies the 64 elements and runs on PoCL.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang --opencl -O2 %s -o %t/device 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RESULT: lookup: 0 10 40 90 160 250 360 490
// RESULT-NEXT: declared: 0 10 40 90 160 250 360 490
// RUN: %clangxx -O2 -DDECLARED_ONLY %s -o %t/ref-declared && %t/ref-declared > %t/ref-declared.out
// RUN: %t2s-clang --opencl -O2 -DDECLARED_ONLY %s -o %t/device-declared
// RUN: %t/device-declared 2>/dev/null | diff %t/ref-declared.out -
// RUN: %t2s-clang --emit-opencl -DDECLARED_ONLY %s -o %t/d.cl --host-stub=%t/d-host.cpp
// RUN: FileCheck %s --check-prefix=STUB < %t/d-host.cpp
// STUB: Buffer<int> table_buffer(D, 64,
#include <cstdio>

constexpr int N = 8;

#ifndef DECLARED_ONLY
void lookup(const int *table, const int idx[N], int out[N]) {
  // CHECK: device-refusals.cpp:[[@LINE+1]]:15: error: cannot write this design as OpenCL: it uses the buffer 'table', whose size cannot be told from its indices (they are not affine in the loop variables; index it with loop variables, or declare the parameter as an array of constant extent, 'T table[N]', to run the design on an OpenCL device); {{.*}} [opencl]
  #pragma t2s kernel(lookup)
  for (int i = 0; i < N; ++i)
    out[i] = table[idx[i]] * 10;
}
#endif

void declared(const int table[64], const int idx[N], int out[N]) {
  #pragma t2s kernel(declared)
  for (int i = 0; i < N; ++i)
    out[i] = table[idx[i]] * 10;
}

int main() {
  int table[64], idx[N], out[N];
  for (int i = 0; i < 64; ++i)
    table[i] = i;
  for (int i = 0; i < N; ++i)
    idx[i] = i * i;
#ifndef DECLARED_ONLY
  lookup(table, idx, out);
  std::printf("lookup:");
  for (int i = 0; i < N; ++i)
    std::printf(" %d", out[i]);
  std::printf("\n");
#endif
  declared(table, idx, out);
  std::printf("declared:");
  for (int i = 0; i < N; ++i)
    std::printf(" %d", out[i]);
  std::printf("\n");
}

// Kernel nests that pass values through channels cannot run on a device
// without channels: refused at the nest when the program is built (it failed
// at run time inside PoCL with 't2s/channels.h' not found), while --emulate
// runs them.
// RUN: %not %t2s-clang --opencl -O2 %S/Inputs/kernel-gemm.cpp -o %t/kernels 2>&1 | FileCheck %s --check-prefix=STREAM --implicit-check-not=error:
// STREAM: kernel-gemm.cpp:13:15: error: this nest passes 'aT' to another kernel nest through a channel, and OpenCL devices without Intel's channel extension (PoCL here) have no channels [opencl]; run the kernels under 't2s-clang --emulate', or build the FPGA image from 't2s-clang --emit-opencl' with Intel's aoc
// RUN: test ! -e %t/kernels
