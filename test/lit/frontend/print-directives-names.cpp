// print<t2s-directives> names each design by its demangled signature, as the
// report and the OpenCL comments do, not by its mangled symbol.
// RUN: %t2s-clangxx -O0 -S -emit-llvm %s -o - | %t2s-opt -passes='function(print<t2s-directives>)' -disable-output | FileCheck %s
// CHECK: t2s directives of 'scale(int const*, int*)':
// CHECK-NEXT: loop 'i' at
// CHECK-NEXT: #pragma t2s kernel(scale)  @ {{.*}}print-directives-names.cpp:[[#@LINE+5]]:15
// CHECK: t2s directives of 'ns::twice(float*)':
// CHECK-NOT: _Z

void scale(const int *in, int *out) {
  #pragma t2s kernel(scale)
  for (int i = 0; i < 8; ++i)
    out[i] = 3 * in[i];
}

namespace ns {
void twice(float *x) {
  for (int i = 0; i < 4; ++i)
    x[i] *= 2;
}
} // namespace ns
