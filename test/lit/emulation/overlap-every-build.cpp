// Buffers that overlap where the kernels write are refused at run time by
// every build's stub, the same check (t2s::checkDisjoint, t2s/sizes.h):
// --emulate, --hls-sim and --opencl, each naming the design's line and the
// two buffers. The sequential reference reads what it wrote in place; the
// kernels, which take separate buffers, would read what was there. Buffers
// that do not overlap run and agree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %clangxx -O2 -DOVERLAP %s -o %t/ref-overlap
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -DOVERLAP %s -o %t/emulated-overlap 2>&1 | count 0
// RUN: %not %t/emulated-overlap 2>&1 | FileCheck %s
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -DOVERLAP %s -o %t/hls-overlap 2>&1 | count 0
// RUN: %not %t/hls-overlap 2>&1 | FileCheck %s
// RUN: %t2s-clang --opencl -O2 %s -o %t/device 2>&1 | count 0
// RUN: %t/device 2>/dev/null | diff %t/ref.out -
// RUN: %t2s-clang --opencl -O2 -DOVERLAP %s -o %t/device-overlap 2>&1 | count 0
// RUN: %not %t/device-overlap 2>&1 | FileCheck %s
// CHECK: overlap-every-build.cpp:[[#@LINE+7]]:13: error: 'shift' was called with the buffers 'in' and 'out' overlapping, but its kernels run concurrently and take separate buffers, writing 'out'; pass arrays that do not overlap
#include <cstdio>

constexpr int P = 4, K = 6;

void shift(const int in[P * K], int out[P * K]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + in[p * K + k];
      out[p * K + k] = S[p][k];
    }
}

int main() {
  static int Data[2 * P * K];
  for (int i = 0; i < 2 * P * K; ++i)
    Data[i] = i % 7;
#ifdef OVERLAP
  shift(Data, Data + 3); // out starts inside in
#else
  shift(Data, Data + P * K);
#endif
  int Sum = 0;
  for (int i = 0; i < 2 * P * K; ++i)
    Sum = Sum * 3 + Data[i];
  std::printf("%d\n", Sum);
}
