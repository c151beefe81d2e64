// _Float16 is OpenCL's half, with cl_khr_fp16 enabled where the device has
// it (a device without it gets an #error naming the design), and emulates as
// C++'s _Float16 (t2s/vector_types.h). The emitter printed nothing for it
// ("a type without a C name"). Reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s < %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: %not %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -Xclang -cl-ext=-cl_khr_fp16 -I%t2s_include %t/k.cl 2>&1 | FileCheck %s --check-prefix=NOFP16
// RUN: %clangxx -std=c++17 -fsyntax-only -I%t2s_include %t/host.cpp
// RESULT: hdot: 1.0625 0.03125 0.375 0.03125 0.03125 0.375
// CHECK:      #ifdef __OPENCL_C_VERSION__
// CHECK-NEXT: #ifdef cl_khr_fp16
// CHECK-NEXT: #pragma OPENCL EXTENSION cl_khr_fp16 : enable
// CHECK:      void hdot(__global const half *restrict a, __global const half *restrict b, __global half *restrict out) {
// CHECK-NEXT:   half sr_S[2][6];
// CHECK:          sr_S[0][i] = {{.*}}((half)0.25f){{.*}};
// NOFP16: error: "hdot computes with half (_Float16); the device lacks cl_khr_fp16"
#include <cstdio>

constexpr int K = 4, I = 6;

void hdot(const _Float16 a[K][I], const _Float16 b[K], _Float16 out[I]) {
  static _Float16 S[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? (_Float16)0.25f : S[k - 1][i]) + a[k][i] * b[k];
      if (k == K - 1)
        out[i] = S[k][i];
    }
}

int main() {
  _Float16 a[K][I], b[K], out[I];
  for (int k = 0; k < K; ++k) {
    b[k] = (_Float16)(0.5f * k - 0.75f);
    for (int i = 0; i < I; ++i)
      a[k][i] = (_Float16)((k * 7 + i * 3) % 11 * 0.125f);
  }
  hdot(a, b, out);
  std::printf("hdot:");
  for (int i = 0; i < I; ++i)
    std::printf(" %g", (double)out[i]);
  std::printf("\n");
}
