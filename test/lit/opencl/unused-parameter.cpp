// A design with a pointer parameter none of its nests uses: its host stub
// passes it through as 'const void *' (the emulated build refused the design,
// "the parameter 'unused', whose type has no C name").
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o %t/u.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s < %t/host.cpp
// CHECK: extern "C" void t2s_run_design(const void *unused, const int *x, int *out) {
// CHECK: T2S_RUN_KERNEL(design, x, out)
#include <cstdio>
void design(const int unused[4], const int x[4], int out[4]) {
  static int S[3][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 4; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + x[i];
      if (k == 2) out[i] = S[k][i];
    }
}
int main() {
  int u[4] = {0}, x[4] = {1, 2, 3, 4}, out[4];
  design(u, x, out);
  for (int i = 0; i < 4; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
