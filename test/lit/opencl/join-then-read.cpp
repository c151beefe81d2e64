// A loaded read that follows the join of 'a && b && c ? u : v' runs at every
// iteration, but the OpenCL printer spelled its condition as the paths into
// the join, '((a && b && !c) || (a && !b)) || !a || (a && b && c)', a 'true'
// that names the vectorized loop k outside its lanes (the emulated build did
// not compile). A block that no branch decides besides its dominating edges
// now takes the condition of its immediate dominator.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s
// The read of x is unconditional: one vector of both lanes per step.
// CHECK: T2S_CHANNEL_ARRAY(int2, design_x, 1, 4);
// CHECK-NOT: if ({{.*}}k >= 1{{.*}}) {
// CHECK: T2S_WRITE(design_x[i], ((int2){x_lanes[0], x_lanes[1]}));
#include <cstdio>
void design(const int x[2][4], int out[4]) {
  static int S[2][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(x)
  #pragma t2s vectorize(k)
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 4; ++i) {
      S[k][i] = (i >= 1 && k >= 1 && i >= 2 ? S[k - 1][i - 1] : 2) + x[k][i];
      if (k == 1) out[i] = S[k][i];
    }
}
int main() {
  int x[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}}, out[4];
  design(x, out);
  for (int i = 0; i < 4; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
