// A systolic array that reads nothing from the program and writes nothing
// to it (no parameter, loader, drainer or stream) would run forever as an
// autorun kernel (--emulate) or hls::task (--hls-sim), waiting on channels
// it never touches: every build that runs or writes kernels refuses it at
// the nest, with the reason and the fix; the native build runs the nest.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang --emulate -O2 %s -o %t/e 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang --hls-sim -O2 %s -o %t/h 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang --emit-opencl %s -o %t/k.cl 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang --emit-hls %s -o %t/k.cpp 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | FileCheck %s --check-prefix=OUT
// OUT: 1
#include <cstdio>

constexpr int P = 4, K = 3;

void f(int out[P]) {
  static int S[P][K];
// CHECK: unconnected-array.cpp:[[#@LINE+1]]:13: error: the systolic array of this nest reads nothing from the program and writes nothing to it (no parameter, loader, drainer or stream): {{.*}}; write the nest's results to a parameter of the function (an array or pointer), or remove the nest [offload]
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      S[p][k] = (k == 0 ? p : S[p][k - 1] + 1);
  out[0] = 1;
}

int main() {
  int out[P] = {0};
  f(out);
  std::printf("%d\n", out[0]);
}
