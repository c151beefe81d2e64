// Several PEs along a gather that write one output element in one step:
// the sequential program keeps the last PE's value. The drainer of
// gather(c, p, down) writes the PEs of a step in ascending p, in one
// transfer (bundled: the drainer's loop over p counts up), through the
// chain (PE 0 sends its own value first, then those behind it in order:
// 'some', whose PEs write at their own steps), with a time loop
// vectorized, and along a vectorized space loop (one vector, its lanes
// written in order); the native build runs the PEs of a step in ascending
// p. So [last write] accepts them, and every build agrees with the
// reference (before, all were refused). 'up' sends the last PE's value
// first through a chain: still refused, proposing 'down'. An array read by
// a later kernel nest carries each value written, so such an element is
// refused there [channel].
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --opencl -Wno-t2s-no-channels -O2 %s -o %t/ocl 2>&1 | count 0
// RUN: %t/ocl | diff %t/ref.out -
// The drainers' order, as aoc reads it.
// RUN: %t2s-clang --emit-opencl=aoc -Wno-t2s-initiation-interval %s -o %t/k.cl 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL-LABEL: void gathered_drain_out(
// CL:         for (int p = 0; p < 4; p++)
// CL-NEXT:      out[((long)k)] = out_lanes[p];
// CL-LABEL: void some(
// CL:         for (int p = 3; p >= 0; p--) {
// CL-NEXT:      for (int t = p; t < 4; t++) {
// CL-LABEL: void some_drain_out(
// CL:         for (int p = 0; p < 4; p++) {
// CL-NEXT:      if ((p >= 1) && (p <= k)) out[((long)k)] = read_channel_intel(some_out);
// CL-LABEL: void space_drain_out(
// CL:         for (int p = 0; p < 4; p++)
// CL-NEXT:      out[((long)t)] = out_lanes[p];
// RUN: %not %t2s-clang -O2 -c -DUP %s -o %t/up.o 2>&1 | FileCheck %s --check-prefix=UP --implicit-check-not=error:
// RUN: %not %t2s-clang --emulate -O2 -DSTAGED %s -o %t/staged 2>&1 | FileCheck %s --check-prefix=STAGED --implicit-check-not=error:
#include <cstdio>

constexpr int K = 6, P = 4, T = 3;
#ifdef UP
#define DIRECTION up
#else
#define DIRECTION down
#endif
#define GATHER(Out) gather(Out, p, DIRECTION)

// UP: gather-one-element.cpp:[[#@LINE+10]]:14: error: more than one iteration writes an element of 'out': iterations (k = 0, p = 0) and (k = 0, p = 1) both write out[0]; the sequential program keeps the value of (k = 0, p = 1), which it runs last, but the systolic array runs it in the same time step (t1 = 0) as the other, and writes the two in an order of its own: {{.*}}, or write 'gather(out, p, down)': its drainer writes the values of the PEs along 'p' in one step in ascending 'p', and the last PE's value stays [last write]
void gathered(const int in[K][P], int out[K]) {
  static int S[K][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
#pragma t2s GATHER(out)
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      S[k][p] = (p == 0 ? 0 : S[k][p - 1]) + in[k][p];
      out[k] = S[k][p];
    }
}

// UP: gather-one-element.cpp:[[#@LINE+10]]:36: error: more than one iteration writes an element of 'out': iterations (k = 2, p = 1) and (k = 2, p = 2) both write out[2]; {{.*}}, or write 'gather(out, p, down)'{{.*}} [last write]
void some(const int in[K][P], int out[K]) {
  static int S[K][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
#pragma t2s GATHER(out)
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      S[k][p] = (p == 0 ? 0 : S[k][p - 1]) + in[k][p] * (p + 1);
      if (p >= 1 && p <= k) out[k] = S[k][p];
    }
}

// A grid of 3 x P PEs, gathered along p: each row writes its own element.
// UP: gather-one-element.cpp:[[#@LINE+11]]:19: error: more than one iteration writes an element of 'out': iterations (k = 0, q = 0, p = 0) and (k = 0, q = 0, p = 1) both write out[0][0]; {{.*}} [last write]
void grid(const int in[K][3][P], int out[K][3]) {
  static int S[K][3][P];
#pragma t2s ure
#pragma t2s space_time(q, p)
#pragma t2s drainer(out)
#pragma t2s GATHER(out)
  for (int k = 0; k < K; ++k)
    for (int q = 0; q < 3; ++q)
      for (int p = 0; p < P; ++p) {
        S[k][q][p] = (p == 0 ? q : S[k][q][p - 1]) + in[k][q][p];
        out[k][q] = S[k][q][p] * 2 + p;
      }
}

// UP: gather-one-element.cpp:[[#@LINE+12]]:19: error: more than one iteration writes an element of 'out': {{.*}} (the lanes of 'k' run in one step){{.*}} [last write]
void lanes(const float in[T][K][P], float out[T][K]) {
  static float S[T][K][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s vectorize(k)
#pragma t2s drainer(out)
#pragma t2s GATHER(out)
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < K; ++k)
      for (int p = 0; p < P; ++p) {
        S[t][k][p] = (p == 0 ? 0.5f : S[t][k][p - 1]) + in[t][k][p];
        out[t][k] = S[t][k][p] * (p + 1);
      }
}

// UP: gather-one-element.cpp:[[#@LINE+11]]:14: error: more than one iteration writes an element of 'out': iterations (t = 0, p = 0) and (t = 0, p = 1) both write out[0]; {{.*}} [last write]
void space(const float in[T][P], float out[T]) {
  static float S[T][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s vectorize(p)
#pragma t2s drainer(out)
#pragma t2s GATHER(out)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (t == 0 ? 0.5f : S[t - 1][p]) + in[t][p];
      out[t] = S[t][p] * (p + 1);
    }
}

#ifdef STAGED
static int mid[K];
void staged(const int in[K][P], int out[K]) {
  static int S[K][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(mid)
#pragma t2s gather(mid, p, down)
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      S[k][p] = (p == 0 ? 0 : S[k][p - 1]) + in[k][p];
      // STAGED: gather-one-element.cpp:[[#@LINE+1]]:14: error: 'mid' becomes a channel from the systolic array at line [[#@LINE-7]] to kernel 'after' (line [[#@LINE+3]]), but the writer sends mid[0] more than once (values #0 and #1): {{.*}} [channel]
      mid[k] = S[k][p];
    }
#pragma t2s kernel(after)
  for (int k = 0; k < K; ++k)
    out[k] = mid[k] + 1;
}
#endif

int main() {
  static int in[K][P], in3[K][3][P], out[K], out2[K], out3[K][3];
  static float inf[T][K][P], outf[T][K], ins[T][P], outs[T];
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      in[k][p] = k * 7 + p * 3 + 1;
      for (int q = 0; q < 3; ++q)
        in3[k][q][p] = k - q * p + 5;
    }
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      ins[t][p] = t + p * 0.5f;
      for (int k = 0; k < K; ++k)
        inf[t][k][p] = t * 1.5f + k - p * 0.25f;
    }
  gathered(in, out);
  some(in, out2);
  grid(in3, out3);
  lanes(inf, outf);
  space(ins, outs);
#ifdef STAGED
  staged(in, out);
#endif
  for (int k = 0; k < K; ++k)
    printf("%d %d %d %d %d\n", out[k], out2[k], out3[k][0], out3[k][1], out3[k][2]);
  for (int t = 0; t < T; ++t) {
    for (int k = 0; k < K; ++k)
      printf("%g ", outf[t][k]);
    printf("| %g\n", outs[t]);
  }
}
