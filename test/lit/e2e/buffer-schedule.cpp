// Reuse buffers under a schedule vector (issue #36, item 2): the PEs run
// skewed (t1 = 2*r + c) and each recovers c from the time; a buffered
// loader reads each tile without the skew, one value per PE and value of
// the recovered loops it names, and sends it at the steps the PEs read it
// (systolic/lowering/BufferLoaders.cpp). Two of Kung and Song's tap arrays:
//   taps:   w buffered at t, sent 12 times (every c of the tile); the
//           schedule is the author's;
//   banks:  x buffered at t (a word per c and PE, reused by the J filters
//           of the bank, loop j) and w at j; no schedule written, the
//           compiler chooses schedule(2).
// Reference = native (-O0, -O2) = emulated = HLS C simulation, and the
// report's reuse and traffic pinned.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// RUN: %t2s-clang --report=json %s | FileCheck %s --check-prefix=JSON
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CHECK: taps 0: -9 6 3.5 -6.5 6 -9 6 3.5 -6.5
//
// REPORT-LABEL: design taps(
// REPORT: step 1: space (r) schedule (2): t1 = 2*r + c in [0, 18)
// REPORT: reuse buffer of w at t: 2 halves of 4 float (4 banks), 256 bits; per tile of t it reads 1 steps and sends 18: each value read is sent 12.00 times
// REPORT: off-chip traffic per run: 732 bytes; reads w 48, x 576; writes y 108
// REPORT: off-chip traffic per run without the reuse buffers: 1,260 bytes; reads w 576, x 576 (1.72 times the traffic with them)
// REPORT-LABEL: design banks(
// REPORT: step 1: space (r) schedule (2), chosen by the compiler: t1 = 2*r + c in [0, 18)
// REPORT: reuse buffer of w at j: 2 halves of 4 float (4 banks), 256 bits; per tile of t, j it reads 1 steps and sends 18: each value read is sent 12.00 times
// REPORT: reuse buffer of x at t: 2 halves of 48 float (4 banks), 3,072 bits; per tile of t it reads 12 steps (c) and sends 54: each value read is sent 3.00 times
// REPORT: off-chip traffic per run: 1,044 bytes; reads w 144, x 576; writes y 324
// REPORT: off-chip traffic per run without the reuse buffers: 3,780 bytes; reads w 1,728, x 1,728 (3.62 times the traffic with them)
//
// JSON: "kept_loops": [],
// JSON: "sends_per_value": 12,
// JSON: "kept_loops": [{{$}}
// JSON-NEXT: "c"
// JSON-NEXT: ],
// JSON-NEXT: "kernel": "banks_load_x",
// JSON: "sends_per_value": 3,
//
// CL: The reuse buffer (buffer(x, t))
// CL: int c = t1 - 2 * r;
#include <cstdio>

constexpr int T = 3, R = 4, C = 12, X = C + 2 * R;

void taps(const float w[T][R], const float x[T][X], float y[T][C]) {
  static float Y[T][R][C];
#pragma t2s ure
#pragma t2s space_time(r) schedule(2)
#pragma t2s loader(w, x)
#pragma t2s buffer(w, t)
#pragma t2s drainer(y)
  for (int t = 0; t < T; ++t)
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c) {
        Y[t][r][c] = (r == 0 || c == C - 1 ? 0.f : Y[t][r - 1][c + 1]) + w[t][r] * x[t][c + 2 * r];
        if (r == R - 1 && c <= C - R)
          y[t][c] = Y[t][r][c];
      }
}

constexpr int J = 3;

// A bank of J filters over each input row t.
void banks(const float w[J][R], const float x[T][X], float y[T][J][C]) {
  static float Y[T][J][R][C];
#pragma t2s ure
#pragma t2s space_time(r)
#pragma t2s loader(w, x)
#pragma t2s buffer(x, t)
#pragma t2s buffer(w, j)
  for (int t = 0; t < T; ++t)
    for (int j = 0; j < J; ++j)
      for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
          Y[t][j][r][c] =
              (r == 0 || c == C - 1 ? 0.f : Y[t][j][r - 1][c + 1]) + w[j][r] * x[t][c + 2 * r];
          if (r == R - 1 && c <= C - R)
            y[t][j][c] = Y[t][j][r][c];
        }
}

int main() {
  static float w[T][R], x[T][X], y[T][C], bw[J][R], by[T][J][C];
  for (int t = 0; t < T; ++t) {
    for (int r = 0; r < R; ++r)
      w[t][r] = t == 0 ? float(r == 0 ? 1 : r == 1 ? -2 : r == 2 ? 3 : 0.5f)
                       : float((t * 3 + r * 5) % 7 - 3);
    for (int n = 0; n < X; ++n)
      x[t][n] = t == 0 ? float((n * 7) % 5 - 2) : float((n * 3 + t) % 5 - 2);
  }
  for (int j = 0; j < J; ++j)
    for (int r = 0; r < R; ++r)
      bw[j][r] = float((j * 5 + r * 3) % 7 - 3) * 0.5f;
  taps(w, x, y);
  banks(bw, x, by);
  for (int t = 0; t < T; ++t) {
    std::printf("taps %d:", t);
    for (int c = 0; c <= C - R; ++c)
      std::printf(" %g", y[t][c]);
    std::printf("\n");
  }
  for (int t = 0; t < T; ++t)
    for (int j = 0; j < J; ++j) {
      std::printf("banks %d %d:", t, j);
      for (int c = 0; c <= C - R; ++c)
        std::printf(" %g", by[t][j][c]);
      std::printf("\n");
    }
}
