// Space loops around time loops without a schedule, where a read keeps them
// from moving inward (issue #36, item 1): the nest runs as written, PE
// after PE, under the schedule vector the compiler chooses. It keeps every
// read forward in time, with the fewest reads that stay in their step (a
// chain of PEs) and then the fewest time steps
// (systolic/SpaceLoopsInward.h). Three forms:
//   conv:    Kung and Song's taps, Y[r - 1][c + 1]: schedule(2), one step
//            per read, as space-loops-schedule.cpp gives it by hand;
//   chained: two space loops, where X[r][c - 1][e + 1] (e may not be
//            skewed up) and X[r][c][e - 1] (e must be) leave only a chain
//            along e: schedule(2, 0);
//   rounds:  a time loop t outside the space loop, read back across, which
//            the schedule leaves alone.
// Reference = native (-O0, -O2) = emulated = HLS C simulation; the remarks
// and the report say which schedule runs and why.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 -Rpass=t2s-space-time %s -o %t/native 2> %t/remarks
// RUN: %t/native | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=REMARK < %t/remarks
// RUN: %t2s-clang --emulate -O2 -Wno-t2s-initiation-interval %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -Wno-t2s-initiation-interval %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report -Wno-t2s-initiation-interval %s | FileCheck %s --check-prefix=REPORT
// CHECK: conv -9 6 3.5 -6.5 6 -9 6 3.5 -6.5
// CHECK: chained 54 values, sum -2303
// CHECK: rounds 7.5 -2.5 5 -1 1.5 10.5 -3.5 7 0 2.25
//
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'r' encloses 'c' and cannot move inward as it stands: the read of 'Y' at line {{[0-9]+}} reaches iteration (r - 1, c + 1), which runs earlier with the loops (r, c) but later with the space loops inside, (c, r), where it reads (c + 1, r - 1); so the nest runs as written, PE after PE, under 'space_time(r) schedule(2)', the schedule with the fewest time steps that runs every read at least one step after its write, and the loops (r, c) run as (c, r) [-Rpass=t2s-space-time]
// REMARK: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 4 PEs x 18 time steps, utilization 66.7%
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'r' encloses 'c' and cannot move inward as it stands: the read of 'Z' at line {{[0-9]+}} reaches iteration (r - 1, c + 1, e), {{.*}}; so the nest runs as written, PE after PE, under 'space_time(r, e) schedule(2, 0)', the schedule with the fewest reads within a step (a chain of PEs) and then the fewest time steps, and the loops (r, c, e) run as (c, r, e)
// REMARK: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 3 x 3 PEs x 10 time steps, utilization 60.0%
// REMARK: remark: space_time at {{[0-9]+}}:13: the space loop 'r' encloses 'c' and cannot move inward as it stands: the read of 'V' at line {{[0-9]+}} reaches iteration (t, r - 1, c + 2), {{.*}} under 'space_time(r) schedule(3)', the schedule with the fewest time steps that runs every read at least one step after its write, and the loops (t, r, c) run as (t, c, r)
// REMARK: remark: the URE system at {{[0-9]+}}:13 is a systolic array of 3 PEs x 30 time steps, utilization 60.0%
//
// REPORT-LABEL: design conv(
// REPORT: step 1: space (r) schedule (2), chosen by the compiler: t1 = 2*r + c in [0, 18)
// REPORT: utilization: 48 / (4 PEs x 18 steps) = 66.7%
// REPORT: read of Y at distance (-1, 1): time distance 1, from PE offset (1)
// REPORT-LABEL: design chained(
// REPORT: step 1: space (r, e) schedule (2, 0), chosen by the compiler: t1 = 2*r + c in [0, 10)
// REPORT: read of Z at distance (0, 0, 1): time distance 0, from PE offset (0, 1)
// REPORT: read of Z at distance (1, 0, -1): time distance 1, from PE offset (0, -1)
// REPORT: read of Z at distance (-1, 1, 0): time distance 1, from PE offset (1, 0)
// REPORT-LABEL: design rounds(
// REPORT: step 1: space (r) schedule (3), chosen by the compiler: t1 = 3*r + c in [0, 15)
// REPORT: time: t x2, t1 x15 = 30 steps
// REPORT: read of V at distance (1, 0, 0): time distance 15, from PE offset (0)
// REPORT: read of V at distance (0, -2, 1): time distance 1, from PE offset (1)
#include <cstdio>

constexpr int R = 4, C = 12, X = C + 2 * R;

// Kung and Song's taps: the partial sum of y[c] moves one column back per PE.
void conv(const float w[R], const float x[X], float y[C]) {
  static float Y[R][C];
#pragma t2s ure
#pragma t2s space_time(r)
#pragma t2s loader(x)
#pragma t2s drainer(y)
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < C; ++c) {
      Y[r][c] = (r == 0 || c == C - 1 ? 0.f : Y[r - 1][c + 1]) + w[r] * x[c + 2 * r];
      if (r == R - 1 && c <= C - R)
        y[c] = Y[r][c];
    }
}

constexpr int P = 3, Q = 6, E = 3;

void chained(const int in[P][Q][E], int out[P][Q][E]) {
  static int Z[P][Q][E];
#pragma t2s ure
#pragma t2s space_time(r, e)
  for (int r = 0; r < P; ++r)
    for (int c = 0; c < Q; ++c)
      for (int e = 0; e < E; ++e) {
        Z[r][c][e] = (in[r][c][e] + (e > 0 ? Z[r][c][e - 1] : 0) +
                      (c > 0 && e < E - 1 ? Z[r][c - 1][e + 1] : 0) +
                      (r > 0 && c < Q - 1 ? 2 * Z[r - 1][c + 1][e] : 0)) % 97;
        out[r][c][e] = Z[r][c][e];
      }
}

constexpr int T = 2, RR = 3, CC = 9;

// Rounds t of a three-tap filter; each round starts from the last one's
// outputs. The read across t waits a whole round, which no skew changes.
void rounds(const float w[RR], const float x[CC + 2 * RR], float y[T][CC]) {
  static float V[T][RR][CC];
#pragma t2s ure
#pragma t2s space_time(r)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < RR; ++r)
      for (int c = 0; c < CC; ++c) {
        V[t][r][c] = (r == 0 || c >= CC - 2 ? (t == 0 ? 0.f : 0.5f * V[t - 1][r][c])
                                            : V[t][r - 1][c + 2]) +
                     w[r] * x[c + 2 * r];
        if (r == RR - 1)
          y[t][c] = V[t][r][c];
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

  static int in[P][Q][E], out[P][Q][E];
  int Sum = 0;
  for (int r = 0; r < P; ++r)
    for (int c = 0; c < Q; ++c)
      for (int e = 0; e < E; ++e)
        in[r][c][e] = (r * 7 + c * 3 + e) % 5 - 2;
  chained(in, out);
  for (int r = 0; r < P; ++r)
    for (int c = 0; c < Q; ++c)
      for (int e = 0; e < E; ++e)
        Sum += out[r][c][e];
  std::printf("chained %d values, sum %d\n", P * Q * E, Sum);

  float rw[RR] = {2, -1, 1.5f}, rx[CC + 2 * RR], ry[T][CC] = {};
  for (int n = 0; n < CC + 2 * RR; ++n)
    rx[n] = float((n * 5) % 7 - 3);
  rounds(rw, rx, ry);
  std::printf("rounds");
  for (int t = 0; t < T; ++t)
    for (int c = 0; c < CC; c += 2)
      std::printf(" %g", ry[t][c]);
  std::printf("\n");
}
