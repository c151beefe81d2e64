// A buffer read at computed indices ('x[idx[i]]') has no extent the
// compiler can tell, so the check before the run (t2s::checkDisjoint) counts
// one element of it. Under --emulate the stub measures what the kernels
// reach of it (t2s/reach.h) and checks again after the run: 'y' written at
// buf + 30 .. 37 overlaps the elements of 'x' read at buf + 20 .. 41, and the
// call stops with the error every build gives before a run (before, it ran
// and returned without a word). Buffers apart run and agree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -DOVERLAP %s -o %t/emu-overlap 2>&1 | count 0
// RUN: %not %t/emu-overlap 2>&1 | FileCheck %s
// CHECK: overlap-computed-index.cpp:[[#@LINE+12]]:15: error: 'pick' was called with the buffers 'x' and 'y' overlapping, but its kernels run concurrently and take separate buffers, writing 'y'; pass arrays that do not overlap
// The stub: the check before the run, the measure, the check after it.
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=STUB < %t/host.cpp
// STUB:      t2s::checkDisjoint({{.*}}, "pick", {{[{][{]}}"x", x, 1 * sizeof(float), false}, {"idx", idx, 8 * sizeof(int), false}, {"y", y, 8 * sizeof(float), true{{[}][}]}});
// STUB-NEXT: t2s::emu::reach::start(); // buffers read at computed indices
// STUB:      t2s::emu::reach::stop();
// STUB-NEXT: t2s::checkDisjoint({{.*}}, "pick", {t2s::emu::reach::use("x", x, false), {"idx", idx, 8 * sizeof(int), false}, {"y", y, 8 * sizeof(float), true{{[}][}]}});
#include <cstdio>

void pick(const float *x, const int idx[8], float *y) {
  static float A[1];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < 8; ++i)
    for (int p = 0; p < 1; ++p) {
      A[p] = x[idx[i]] * 2.f;
      y[i] = A[p];
    }
}

int main() {
  static float buf[64];
  static int idx[8];
  for (int i = 0; i < 64; ++i)
    buf[i] = float(i);
  for (int i = 0; i < 8; ++i)
    idx[i] = 20 + 3 * i;
#ifdef OVERLAP
  pick(buf, idx, buf + 30);
#else
  pick(buf, idx, buf + 50);
#endif
  double s = 0;
  for (int i = 0; i < 64; ++i)
    s += buf[i];
  printf("%g\n", s);
}
