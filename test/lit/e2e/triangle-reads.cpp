// Reads back across an iteration of a time loop inside which a time loop
// with affine bounds runs (issue #36, item 3): the read waits a number of
// steps that shrinks with the outer loop, so each PE keeps the array in a
// buffer indexed by the time loops (systolic/PEBuffer.h) instead of a shift
// register, and the array runs the triangle's steps. Three forms: distance
// 1 along i; distance 2 along i and -1 along the triangle's loop (a window
// of 3 and a padded dimension); a read across the outer loop of three time
// loops; the same across a loop with a run-time bound; a read across the
// round beside one within it, two steps back, which the kernels serve from
// a shift register of 3 words; a triangle whose last round runs a step in
// which no PE has an iteration (the step counts, though the box leaves its
// point out). Reference = native (-O0, -O2) = emulated = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// CHECK: across 130 136 142 148
// CHECK-NEXT: farther 51 55.5 60 64.5
// CHECK-NEXT: three 360 400 440 480
// CHECK-NEXT: runtime1 {{.*}}
// CHECK-NEXT: runtime4 {{.*}}
// CHECK-NEXT: within 159 168.75 178.5 188.25
// CHECK-NEXT: idle 0 0 0 32 34 22 0
//
// The schedule's view: the steps are the triangle's, the buffers' shapes,
// and how long each read waits.
// RUN: %t2s-clangxx -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/s.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-space-time>' -disable-output %t/s.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: time: i x6, t1 x6 = 21 steps
// SCHED: read of S at distance (1, 0, 0): waits 1 to 5 steps in a PE buffer, from PE offset (0)
// SCHED: registers of S: 12 per PE (48 in all), a buffer indexed by (i mod 2, k of 6)
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: read of T at distance (2, -1, 0): waits 4 to 8 steps in a PE buffer, from PE offset (0)
// SCHED: registers of T: 21 per PE (84 in all), a buffer indexed by (i mod 3, k of 7)
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: time: h x3, i x4, t1 x4 = 30 steps
// SCHED: read of U at distance (1, 0, 0, 0): waits 10 steps in a PE buffer, from PE offset (0)
// SCHED: registers of U: 32 per PE (128 in all), a buffer indexed by (h mod 2, i of 4, k of 4)
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: time: h x4 (n at run time), i x6, t1 x6 = 84 steps
// SCHED: read of W at distance (1, 0, 0, 0): waits 21 steps in a PE buffer
// SCHED: registers of W: 72 per PE (288 in all), a buffer indexed by (h mod 2, i of 6, k of 6)
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: read of R at distance (0, 2, 0): time distance 2 within a round of i, from PE offset (0)
// SCHED-NEXT: read of R at distance (1, 0, 0): waits 1 to 5 steps in a PE buffer, from PE offset (0)
// SCHED: registers of R: 16 per PE (64 in all), a buffer indexed by (i mod 2, k + 2 of 8), and 3 words shifted each step per PE for the reads within a round of i
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}triangle-reads.cpp:{{[0-9]+}}:15
// SCHED: time: t x4, t1 x6 = 16 steps
// SCHED: read of Z at distance (1, 0, 1): waits 3 steps in a PE buffer, from PE offset (1)
// SCHED: read of Z at distance (2, 0, 0): waits 6 steps in a PE buffer, from PE offset (0)
//
// The kernel: the read within the round names word 2 of R's round
// register, the read across the round R's buffer, which the PE reads once
// before its statements; the statement writes the round register, whose
// word 0 the buffer takes. Under Vitis HLS each PE's buffer is a block RAM.
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s --check-prefix=CL
// CL-LABEL: void within(
// CL: float sr_R[16][4];
// CL-NEXT: float sr_R_round[3][4];
// CL: sr_R_round[slot][p] = sr_R_round[slot - 1][p];
// CL: float sr_R_w0 = sr_R[((((i + 1) % 2) * 8) + k + 2)][p];
// CL: sr_R_round[0][p] = {{.*}}sr_R_round[2][p] * 0.5f + sr_R_w0
// CL-NEXT: sr_R[((((i + 2) % 2) * 8) + k + 2)][p] = sr_R_round[0][p];
// RUN: %t2s-clang --emit-hls %s -o - | FileCheck %s --check-prefix=HLS
// HLS-LABEL: void within(
// HLS: float sr_R[16][4];
// HLS-NEXT: #pragma HLS ARRAY_PARTITION variable=sr_R complete dim=2
// HLS-NEXT: #pragma HLS BIND_STORAGE variable=sr_R type=ram_2p impl=bram
// HLS-NEXT: float sr_R_round[3][4];
// HLS-NEXT: #pragma HLS ARRAY_PARTITION variable=sr_R_round complete dim=0
#include <cstdio>

constexpr int N = 6, P = 4;

void across(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// T at (i, k) reads (i - 2, k + 1): two rounds back, one column on.
void farther(const float (*in)[P], float (*out)[P]) {
  static float T[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        T[i][k][p] = (i < 2 || k == N - 1) ? in[k][p] : T[i - 2][k + 1][p] * 0.5f + 1.0f;
        if (k == i)
          out[i][p] = T[i][k][p];
      }
}

// Three time loops: h outside, the triangle (i, k) inside it.
void three(const float (*in)[P], float (*out)[P]) {
  static float U[3][4][4][P], V[3][4][4][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int h = 0; h < 3; ++h)
    for (int i = 0; i < 4; ++i)
      for (int k = i; k < 4; ++k)
        for (int p = 0; p < P; ++p) {
          U[h][i][k][p] = h == 0 ? in[k][p] + float(i) : U[h - 1][i][k][p] * 2.0f;
          V[h][i][k][p] = (k == i ? 0.0f : V[h][i][k - 1][p]) + U[h][i][k][p];
          if (h == 2 && k == 3)
            out[i][p] = V[h][i][k][p];
        }
}

// The loop a read crosses may run to a size known only at run time: the
// buffer keeps a window of it.
void runTime(const float (*in)[P], float (*out)[P], int n) {
  static float W[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int h = 0; h < n; ++h)
    for (int i = 0; i < N; ++i)
      for (int k = i; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          W[h % 2][i][k][p] = h == 0 ? in[k][p] : W[(h - 1) % 2][i][k][p] * 0.5f + float(i);
          if (k == N - 1)
            out[i][p] = W[h % 2][i][k][p];
        }
}

// R at (i, k) reads the round before and two columns back in its round.
void within(const float (*in)[P], float (*out)[P]) {
  static float R[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        R[i][k][p] = (i == 0 || k < i + 2) ? in[k][p] : R[i - 1][k][p] + R[i][k - 2][p] * 0.5f;
        if (k == N - 1)
          out[i][p] = R[i][k][p];
      }
}

// t's rounds are a in [t, t + 4), but a = 6 (t = 3) has no b in [a, 6):
// the kernel runs that step with every PE idle, and the waits count it.
void idle(const float (*in)[P], float *out) {
  static float Z[4][7][6];
  #pragma t2s ure
  #pragma t2s space_time(b)
  for (int t = 0; t < 4; ++t)
    for (int a = t; a < t + 4; ++a)
      for (int b = a; b < 6; ++b) {
        Z[t][a][b] = in[a % N][b % P] +
                     (t >= 1 && a >= t - 1 && a < t + 3 && b >= a + 1 ? Z[t - 1][a][b - 1] : 1.0f) +
                     (t >= 2 && a < t + 2 ? Z[t - 2][a][b] : 0.0f);
        if (t == 3)
          out[b] = Z[t][a][b];
      }
}

int main() {
  static float in[N][P], out[N][P];
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < P; ++p)
      in[k][p] = float(k * P + p);
  auto print = [&](const char *Name, int Rows) {
    std::printf("%s", Name);
    for (int p = 0; p < P; ++p) {
      float Sum = 0;
      for (int i = 0; i < Rows; ++i)
        Sum += out[i][p];
      std::printf(" %g", Sum);
    }
    std::printf("\n");
  };
  across(in, out);
  print("across", N);
  farther(in, out);
  print("farther", N);
  three(in, out);
  print("three", 4);
  for (int n = 1; n <= 4; n += 3) {
    runTime(in, out, n);
    print(n == 1 ? "runtime1" : "runtime4", N);
  }
  within(in, out);
  print("within", N);
  static float last[7];
  idle(in, last);
  std::printf("idle");
  for (float V : last)
    std::printf(" %g", V);
  std::printf("\n");
}
