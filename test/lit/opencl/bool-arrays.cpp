// A bool URE array and bool inputs widened to int as they are (the printer
// once cast them through 'ubool', which does not exist).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o %t/b.cl && FileCheck %s < %t/b.cl
// CHECK-NOT: ubool
// CHECK: ((int)((bool)(x[((long)i)] & 1)))
#include <cstdio>
void design(const bool x[4], int out[4]) {
  static bool S[3][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 4; ++i) {
      S[k][i] = k == 0 ? x[i] : (S[k - 1][i] + x[i] + 1) % 2 != 0;
      if (k == 2) out[i] = S[k][i] * 2 + x[i];
    }
}
int main() {
  bool x[4] = {true, false, true, true};
  int out[4];
  design(x, out);
  for (int i = 0; i < 4; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
