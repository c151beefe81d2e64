// vectorize(i) of a space loop that starts at 2: the PEs' copies of the
// loaded and drained vectors are indexed by PE (i - 2), but the OpenCL
// printer indexed them by the loop value i, past their end (wrong values
// under emulation, and -Warray-bounds).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2> %t/emulated.err && %t/emulated | diff %t/ref.out -
// RUN: test ! -s %t/emulated.err
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s
// CHECK: x_in_pe[0] = x_vec.s0; x_in_pe[1] = x_vec.s1; x_in_pe[2] = x_vec.s2;
// CHECK: T2S_WRITE(design_out, ((int3){out_out[0], out_out[1], out_out[2]}));
#include <cstdio>
void design(const int x[3][8], int out[8]) {
  static int S[3][8];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(x)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(i)
  for (int k = 0; k < 3; ++k)
    for (int i = 2; i < 5; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i] * 3) + x[k][i];
      if (k == 2) out[i] = S[k][i];
    }
}
int main() {
  int x[3][8], out[8] = {0};
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 8; ++i) x[k][i] = 10 * k + i;
  design(x, out);
  for (int i = 0; i < 8; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
