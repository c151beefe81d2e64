// Operations the device table has no DSP price for (a float division, a
// square root) are listed under the DSP line with the units built, and
// are not in the DSP count: 4 PEs, each with a multiply and an add (one DSP
// block each: 8), a divide and a square root.
// RUN: %t2s-clang --report %s | FileCheck %s
// RUN: %t2s-clang --report=json %s | jq -c '.designs[0].estimate | [.dsp_blocks, .not_estimated]' | FileCheck %s --check-prefix=JSON
// CHECK:      estimate on Arria 10 GX 1150 at 250 MHz: 8 DSP blocks of 1,518 (0.5%): 4 fp32 add, 4 fp32 multiply
// CHECK-NEXT: not in the estimate (no DSP cost in the device table): 4 fp32 divide, 4 sqrt
// CHECK-NEXT: on-chip memory:
// JSON: [8,{"fp32 divide":4,"sqrt":4}]

#include <cmath>

constexpr int I = 4, K = 8;

void norms(const float a[I][K], const float b[I][K], float c[I]) {
  static float S[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0.f : S[k - 1][i]) + a[i][k] * a[i][k] / std::sqrt(b[i][k]);
      if (k == K - 1)
        c[i] = S[k][i];
    }
}
