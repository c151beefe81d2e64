// Channels whose values in flight grow with a run-time size n. Their depth
// is hardware, so the kernels deadlock on the device at sizes that need more
// than it holds; the compiler finds the growth by replaying the kernels at
// the stand-in n = 4, at twice and at four times it, warns with the largest
// n the depth holds, and the host stub stops a larger run with that reason
// instead of deadlocking. --size=n=N builds the channels for n up to N.
//   pair: kernel 'produce' sends all of X, then all of Y; 'consume' takes
//     X[t] and Y[t] together, so n - 1 values of X wait (depth 16: n <= 17;
//     before, the run at n = 18 deadlocked without a word).
//   joint: the same producer feeds one array through two loaders, so the
//     kernels are replayed together; (n - 1) / 2 values wait in each of the
//     two channels of U (before, they got depth 1 and n = 5 deadlocked).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: run-time-depths.cpp:54:12: warning: channel 'pair_X' carries 'X' with n - 1 values in flight, which grow with the run-time sizes; its depth 16 holds them up to n = 17, and beyond the kernels deadlock on the device (the host stub stops such runs); build with --size=n=N, the largest sizes you run, to size the channel for them [-Wt2s-channel-depth]
// WARN: warning: channel 'joint_U' carries 'U' with (n - 1) / 2 values in flight, {{.*}} holds them up to n = 34,
// WARN: warning: channel 'joint_U_pe' carries 'U' with (n - 1) / 2 values in flight
// RUN: %t/ref 17 > %t/ref17.out && %t/emu 17 | diff %t/ref17.out -
// RUN: %t/ref 34 > %t/ref34.out && %t/emu 34 joint | diff %t/ref34.out -
// RUN: %not %t/emu 18 2>&1 | FileCheck %s --check-prefix=STOP
// STOP: t2s_run_pair: error: at n=18 the channel 'pair_X' must hold n - 1 = 17 values at once, but its depth is 16: the kernels would deadlock; build with --size=n=18 (t2s-clang sizes the channels for it), or run smaller sizes
// RUN: %not %t/emu 35 joint 2>&1 | FileCheck %s --check-prefix=STOP-JOINT
// STOP-JOINT: t2s_run_joint: error: at n=35 the channel 'joint_U' must hold (n - 1) / 2 = 17 values at once, but its depth is 16
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: depth of channel pair_X: 16 (grows with the run-time sizes: n - 1 (3 values in flight from produce to consume at the stand-in sizes, 7 at twice them); depth 16 holds them up to n = 17, and the host stub stops larger runs)
// REPORT-NEXT: depth of channel pair_Y: 1 (the most values in flight from produce to consume)
// REPORT: depth of channel joint_U: 16 (grows with the run-time sizes: (n - 1) / 2 (1 value in flight among feed, joint_load_U, joint_load_V and joint at the stand-in sizes, 3 at twice them); depth 16 holds them up to n = 34, and the host stub stops larger runs)
// REPORT-NEXT: depth of channel joint_V: 1 (the most values in flight among
// Built for n = 60: no warning, the depths it needs, and the run agrees.
// RUN: %t2s-clang --emulate -O2 --size=n=60 %s -o %t/emu60 2>&1 | FileCheck %s --check-prefix=SIZED --allow-empty
// SIZED-NOT: channel-depth
// RUN: %t/ref 60 > %t/ref60.out && %t/emu60 60 | diff %t/ref60.out -
// RUN: %t/emu60 60 joint | diff %t/ref60.out -
// RUN: %t2s-clang --emit-opencl --size=n=60 %s -o - 2>/dev/null | FileCheck %s --check-prefix=CL60
// CL60-DAG: T2S_CHANNEL(float, pair_X, 59);
// CL60-DAG: T2S_CHANNEL(float, joint_U, 29);
#include <cstdio>
#include <cstdlib>
#include <cstring>

float X[64], Y[64], Z[64], U[64], V[64];

void pair(const float *in, float *out, int n) {
  static float A[1];
  #pragma t2s kernel(produce)
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < n; ++t) {
      if (s == 0) X[t] = in[t];
      if (s == 1) Y[t] = in[t] * 2.f;
    }
  #pragma t2s kernel(consume)
  for (int t = 0; t < n; ++t)
    Z[t] = X[t] + Y[t];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < 1; ++p) {
      A[p] = Z[t];
      out[t] = A[p];
    }
}

void joint(const float *in, float *out, int n) {
  static float A[1];
  #pragma t2s kernel(feed)
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < n; ++t) {
      if (s == 0) U[t] = in[t];
      if (s == 1) V[t] = in[t] * 2.f;
    }
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < 1; ++p) {
      A[p] = U[t] + V[t];
      out[t] = A[p];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 8;
  float in[64], out[64];
  for (int i = 0; i < n; ++i)
    in[i] = float(i);
  if (argc > 2 && !std::strcmp(argv[2], "joint"))
    joint(in, out, n);
  else
    pair(in, out, n);
  for (int i = 0; i < n; ++i)
    std::printf("out[%d] = %g\n", i, out[i]);
}
