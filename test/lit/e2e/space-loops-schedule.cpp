// A space loop around time loops under a schedule (issue #36, items 1 and
// 2), the form of H. T. Kung and L. Song's arrays: PE r (a tap) adds its
// product to the partial sum PE r - 1 made for the same output at the next
// column, Y[r - 1][c + 1]. With r moved inside c that read would reach a
// later iteration, so without a schedule the nest is refused
// (space-time/space-loops-errors.cpp); the schedule t = 2*r + c runs it one
// step later, and the loops move. The reference runs them as written, the
// distances are checked in that order, and the outputs' last writes against
// it. Reference = native (-O0, -O2) = emulated = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 -Rpass=t2s-space-time %s -o %t/native 2> %t/remarks
// RUN: %t/native | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// CHECK: conv -9 6 3.5 -6.5 6 -9 6 3.5 -6.5
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'r' encloses 'c', so the loops (r, c) run as (c, r) under the schedule, which keeps every read forward in time or in a chain and every output element's last write last [-Rpass=t2s-space-time]
// REMARK: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 4 PEs x 18 time steps, utilization 66.7%
// REPORT: step 1: space (r) schedule (2): t1 = 2*r + c in [0, 18)
// REPORT: PEs: 4 (r in [0, 4))
// REPORT: utilization: 48 / (4 PEs x 18 steps) = 66.7%
// REPORT: read of Y at distance (-1, 1): time distance 1, from PE offset (1)
// REPORT: estimate on Arria 10 GX 1150 at 250 MHz: 4 DSP blocks of 1,518 (0.3%): 4 fp32 multiply-add
#include <cstdio>

constexpr int R = 4, C = 12, X = C + 2 * R;

// y[c] = sum over taps r of w[r] * x[c + R - 1 + r]: the partial sum of
// y[c] starts at PE 0 in column c + R - 1 and moves one column back per PE;
// the outputs whose chain lies in the nest are c <= C - R.
void conv(const float w[R], const float x[X], float y[C]) {
  static float Y[R][C];
#pragma t2s ure
#pragma t2s space_time(r) schedule(2)
#pragma t2s loader(x)
#pragma t2s drainer(y)
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      Y[r][c] = (r == 0 || c == C - 1 ? 0.f : Y[r - 1][c + 1]) + w[r] * x[c + 2 * r];
      if (r == R - 1 && c <= C - R)
        y[c] = Y[r][c];
    }
}

int main() {
  float w[R] = {1, -2, 3, 0.5f}, x[X], y[C] = {};
  for (int n = 0; n < X; ++n)
    x[n] = float((n * 7) % 5 - 2);
  conv(w, x, y);
  std::printf("conv");
  for (int c = 0; c <= C - R; ++c)
    std::printf(" %g", y[c]);
  std::printf("\n");
}
