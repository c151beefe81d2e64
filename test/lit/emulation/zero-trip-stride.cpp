// A call that runs no iteration does nothing, whatever its other sizes: the
// sequential program reads nothing at 'x[i * s]' when n = 0, whatever s is.
// Every build's host stub returns before it checks that a stride is a size
// (at least 0) and sizes the buffers with it. Before, the stubs refused
// 'scale(x, y, 0, -1)' ("the parameter 's' is -1 ..."). A run that does
// iterate with a negative stride is still refused with that reason.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref 0 -1 > %t/ref.out && %t/ref 4 2 >> %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu 0 -1 > %t/emu.out && %t/emu 4 2 >> %t/emu.out && diff %t/ref.out %t/emu.out
// RUN: %not %t/emu 4 -1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: t2s_run_scale: error: the parameter 's' is -1, but the design indexes its buffers with it as a size; pass a value of at least 0
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 0 -1 > %t/hls.out && %t/hls 4 2 >> %t/hls.out && diff %t/ref.out %t/hls.out
// RUN: %t2s-clang --opencl -O2 %s -o %t/device 2>&1 | count 0
// RUN: %t/device 0 -1 > %t/device.out && %t/device 4 2 >> %t/device.out && diff %t/ref.out %t/device.out
// RUN: %t2s-clang --emit-hls %s -o %t/k.cpp --host-stub=%t/xrt.cpp 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=STUB < %t/xrt.cpp
// STUB:      if ((long long)(n) <= 0LL)
// STUB-NEXT:   return; // no iteration runs
// STUB-NEXT: t2s::checkSize("t2s_run_scale", "s", s);
#include <cstdio>
#include <cstdlib>

void scale(const float *x, float *y, int n, int s) {
  static float A[1];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < n; ++i)
    for (int p = 0; p < 1; ++p) {
      A[p] = x[i * s] * 2.f;
      y[i] = A[p];
    }
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), s = atoi(argv[2]);
  static float x[64], y[64];
  for (int i = 0; i < 64; ++i)
    x[i] = float(i);
  scale(x, y, n, s);
  double t = 0;
  for (int i = 0; i < 64; ++i)
    t += y[i];
  printf("%g\n", t);
}
