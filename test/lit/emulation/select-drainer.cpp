// A data-dependent '?:' in a statement's value (PairHMM's transition: the
// probability depends on whether the read's base equals the haplotype's,
// both URE values) in front of an output guarded by the loop variables alone,
// with a drainer and a loader. The two arms meet again before 'if (j == 7)',
// so the select decides the value written, not whether the write happens:
// the drainer knows when the PEs write (before, this was refused as a write
// "under a condition that depends on a computed value", naming the select).
// Printed exactly (%a): reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL: void fwd_drain_out(
// RUN: FileCheck %s < %t/ref.out
// CHECK-COUNT-8: 0x
#include <cstdio>

void fwd(const int *read, const int *hap, const float *pm, float *out) {
  float M[8][8];
  int R[8][8], Hp[8][8];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(read)
#pragma t2s drainer(out)
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i) {
      R[j][i] = j == 0 ? read[i] : R[j - 1][i];
      Hp[j][i] = i == 0 ? hap[j] : Hp[j][i - 1];
      M[j][i] = (i == 0 || j == 0) ? 1.0f
                                   : (R[j][i] == Hp[j][i] ? pm[0] : pm[1]) * M[j - 1][i - 1] +
                                         0.5f * M[j - 1][i];
      if (j == 7)
        out[i] = M[j][i];
    }
}

int main() {
  int r[8] = {1, 2, 3, 4, 1, 2, 3, 4}, h[8] = {1, 1, 3, 3, 4, 4, 2, 2};
  float pm[2] = {0.9f, 0.1f}, o[8];
  fwd(r, h, pm, o);
  for (float x : o)
    std::printf("%a\n", x);
}
