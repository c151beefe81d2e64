// A buffer read at computed indices ('x[idx[i]]') has no extent the
// compiler can tell, so the check before the run (t2s::checkDisjoint) counts
// one element of it. Under --emulate and --hls-sim the stub measures what
// the kernels reach of it (t2s/reach.h; the HLS kernels mark those accesses,
// t2s/hls-sim/reach_marks.h) and checks again after the run: 'y' written at
// buf + 30 .. 37 overlaps the elements of 'x' read at buf + 20 .. 41, and the
// call stops with the error every build gives before a run (before, it ran
// and returned without a word). Buffers apart run and agree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -DOVERLAP %s -o %t/emu-overlap 2>&1 | count 0
// RUN: %not %t/emu-overlap 2>&1 | FileCheck %s
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -DOVERLAP %s -o %t/hls-overlap 2>&1 | count 0
// RUN: %not %t/hls-overlap 2>&1 | FileCheck %s
// CHECK: overlap-computed-index.cpp:[[#@LINE+33]]:15: error: 'pick' was called with the buffers 'x' and 'y' overlapping, but its kernels run concurrently and take separate buffers, writing 'y'; pass arrays that do not overlap
// The stub: the check before the run, the measure, the check after it.
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=STUB < %t/host.cpp
// STUB:      t2s::checkDisjoint({{.*}}, "pick", {{[{][{]}}"x", x, 1 * sizeof(float), false}, {"idx", idx, 8 * sizeof(int), false}, {"y", y, 8 * sizeof(float), true{{[}][}]}});
// STUB-NEXT: t2s::emu::reach::start(); // buffers read at computed indices
// STUB:      t2s::emu::reach::stop();
// STUB-NEXT: t2s::checkDisjoint({{.*}}, "pick", {t2s::emu::reach::use("x", x, false), {"idx", idx, 8 * sizeof(int), false}, {"y", y, 8 * sizeof(float), true{{[}][}]}});
// The HLS kernels mark the accesses to 'x' alone, which are the accesses
// themselves for Vitis (the file compiles without the mark's header); the
// C simulation's stub measures them, one call at a time.
// RUN: %t2s-clang --emit-hls %s -o %t/k-hls.cpp --host-stub=%t/host-hls.cpp 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=HLS < %t/k-hls.cpp
// RUN: %clangxx -fsyntax-only -I%t2s_include/t2s/hls-sim -Wno-unknown-pragmas %t/k-hls.cpp
// RUN: FileCheck %s --check-prefix=HLS-STUB < %t/host-hls.cpp
// HLS:      #ifndef T2S_HLS_REACH
// HLS-NEXT: #define T2S_HLS_REACH(Buffer, ...) (__VA_ARGS__)
// HLS-NOT:  T2S_HLS_REACH(idx
// HLS:      T2S_HLS_REACH(x, x[((long)idx[((long)i)])])
// HLS-NOT:  T2S_HLS_REACH(
// HLS-STUB:      which runs pick_top.
// HLS-STUB-NEXT: #ifdef T2S_HLS_SIM
// HLS-STUB:      std::lock_guard<std::mutex> t2s_measure(t2s::emu::reach::calls());
// HLS-STUB-NEXT: t2s::emu::reach::start();
// HLS-STUB-NEXT: pick_top(x, idx, y);
// HLS-STUB-NEXT: t2s::emu::reach::stop();
// HLS-STUB-NEXT: t2s::checkDisjoint({{.*}}, "pick", {t2s::emu::reach::use("x", x, false),
// HLS-STUB:      #else
// HLS-STUB-NOT:  reach::
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
