// -Wt2s-buffer-reuse: buffer(a, t) whose tile the PEs read no value of
// twice. With RR = 1 the reads of a name every loop inside t that runs more
// than once (s), so the feeder reads in every step what it sends and the
// buffer saves nothing: a warning at the directive, in every mode, with the
// fix. With RR = 2 each value is sent twice: no warning. Both builds
// compute what the reference does.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %t2s-clang -O2 -DRR=1 %s -o %t/none 2>&1 | FileCheck %s
// CHECK: buffer-reuse.cpp:31:15: warning: 'buffer(a, t)' reuses nothing: the PEs read each value of 'a' in a tile of 't' once (the loader reads in all 8 steps of the tile; the loops inside 't' its reads name: s), so its 2048 bits of on-chip memory save no off-chip traffic; buffer at a loop with a loop of several iterations inside it that the reads do not name, or drop the directive [-Wt2s-buffer-reuse]
// CHECK: 1 warning generated.
// RUN: %t2s-clang -O2 -DRR=2 %s -o %t/twice 2>&1 | count 0
// RUN: %t2s-clang -O2 -DRR=1 -Wno-t2s-buffer-reuse %s -o %t/quiet 2>&1 | count 0
// RUN: %not %t2s-clang -O2 -DRR=1 -Werror=t2s-buffer-reuse %s -o %t/err 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: 'buffer(a, t)' reuses nothing
// RUN: %clangxx -O2 -DRR=1 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t/none | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -DRR=1 -Wno-t2s-buffer-reuse %s -o %t/emu && %t/emu | diff %t/ref.out -
// RUN: %clangxx -O2 -DRR=2 %s -o %t/ref2 && %t/ref2 > %t/ref2.out
// RUN: %t/twice | diff %t/ref2.out -
// RUN: %t2s-clang --emulate -O2 -DRR=2 %s -o %t/emu2 && %t/emu2 | diff %t/ref2.out -
#include <cstdio>

constexpr int T = 4, S = 8, P = 4;

void f(const float *a, float *c) {
  static float A[T][RR][S][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s drainer(c)
  #pragma t2s buffer(a, t)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < RR; ++r)
      for (int s = 0; s < S; ++s)
        for (int p = 0; p < P; ++p) {
          A[t][r][s][p] = a[(t * S + s) * P + p] * 2.f + float(r);
          if (r == RR - 1)
            c[(t * S + s) * P + p] = A[t][r][s][p];
        }
}

int main() {
  static float a[T * S * P], c[T * S * P];
  for (int i = 0; i < T * S * P; ++i)
    a[i] = float(i % 13);
  f(a, c);
  for (int i = 0; i < T * S * P; i += 7)
    std::printf("c[%d] = %g\n", i, c[i]);
}
