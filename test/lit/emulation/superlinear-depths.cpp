// Channels whose values in flight grow faster than linearly with the
// run-time sizes: 'produce' sends all n * n values of X before the first of
// Y, so n * n - 1 values of X wait (a quadratic law); 'emit' does the same
// over n x m (a bilinear one). No linear law fits the replays, so the
// compiler cannot say which sizes the depth holds: it warns and names the
// sizes to build for. --size= replays the kernels at the sizes it gives
// (before, it did not: the channels kept the depth of twice the stand-ins
// and the runs deadlocked, detected, even at the sizes they were built for),
// and the host stub of every build stops a run at larger sizes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: superlinear-depths.cpp:[[@LINE+39]]:12: warning: channel 'square_X' carries 'X' with values in flight that grow with the run-time sizes, not linearly (3 values in flight from produce to consume at the stand-in sizes, 15 at twice them); depth 16 may not hold them at the sizes you run, and then the kernels deadlock on the device: build with --size=n=N, the largest sizes you run, and the compiler replays the kernels at them [-Wt2s-channel-depth]
// WARN: warning: channel 'rect_P' carries 'P' with values in flight that grow with the run-time sizes, not linearly ({{.*}}); depth 63 may not hold them {{.*}}: build with --size=n=N_n,m=N_m, the largest sizes you run
// RUN: %t/ref 12 6 > %t/ref.out
// RUN: %not %t/emu 12 6 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: t2s emulation: deadlock
// RUN: %t2s-clang --emulate -O2 --size=n=12,m=6 %s -o %t/emu12 2>&1 | FileCheck %s --check-prefix=SIZED --allow-empty
// SIZED-NOT: channel-depth
// RUN: %t/emu12 12 6 | diff %t/ref.out -
// RUN: %t/ref 5 3 > %t/ref5.out && %t/emu12 5 3 | diff %t/ref5.out -
// RUN: %not %t/emu12 13 6 2>&1 | FileCheck %s --check-prefix=STOP
// STOP: t2s_run_square: error: at n=13 the channel 'square_X' may need more values at once than its depth 143, which is what n = 12 (the sizes it was built for) needs: its values in flight grow faster than linearly with the sizes, and the kernels would deadlock; build with --size=n=13 (t2s-clang replays the kernels at them), or run smaller sizes
// RUN: %not %t/emu12 12 7 2>&1 | FileCheck %s --check-prefix=STOP-RECT
// STOP-RECT: t2s_run_rect: error: at n=12,m=7 the channel 'rect_P' may need more values at once than its depth 71, which is what n = 12, m = 6 (the sizes it was built for) needs
// The C simulation of the HLS C++ is sized and checked the same way.
// RUN: %t2s-clang --hls-sim -O2 --size=n=12,m=6 %s -o %t/hls12 2>/dev/null
// RUN: %t/hls12 12 6 | diff %t/ref.out -
// RUN: %not %t/hls12 13 6 2>&1 | FileCheck %s --check-prefix=STOP
// RUN: %t2s-clang --report --size=n=12,m=6 %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: depth of channel square_X: 143 (grows with the run-time sizes, not linearly (3 values in flight from produce to consume at the stand-in sizes, 15 at twice them); replayed at the sizes --size= gives (n = 12): depth 143, and the host stub stops larger runs)
// REPORT: depth of channel rect_P: 71 ({{.*}}replayed at the sizes --size= gives (n = 12, m = 6): depth 71, and the host stub stops larger runs)
// RUN: %t2s-clang --emit-opencl --size=n=12,m=6 %s -o - 2>/dev/null | FileCheck %s --check-prefix=CL
// CL-DAG: T2S_CHANNEL(float, square_X, 143);
// CL-DAG: T2S_CHANNEL(float, rect_P, 71);
#include <cstdio>
#include <cstdlib>

float X[4096], Y[4096], Z[4096];
float P[4096], Q[4096], R[4096];

void square(const float *in, float *out, int n) {
  static float A[1];
  #pragma t2s kernel(produce)
  for (int s = 0; s < 2; ++s)
    for (int t = 0; t < n * n; ++t) {
      if (s == 0) X[t] = in[t];
      if (s == 1) Y[t] = in[t] * 2.f;
    }
  #pragma t2s kernel(consume)
  for (int t = 0; t < n * n; ++t)
    Z[t] = X[t] + Y[t];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n * n; ++t)
    for (int p = 0; p < 1; ++p) {
      A[p] = Z[t];
      out[t] = A[p];
    }
}

void rect(const float *in, float *out, int n, int m) {
  static float A[1];
  #pragma t2s kernel(emit)
  for (int s = 0; s < 2; ++s)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < m; ++j) {
        if (s == 0) P[i * 64 + j] = in[i * 64 + j];
        if (s == 1) Q[i * 64 + j] = in[i * 64 + j] * 3.f;
      }
  #pragma t2s kernel(take)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      R[i * 64 + j] = P[i * 64 + j] - Q[i * 64 + j];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j)
      for (int p = 0; p < 1; ++p) {
        A[p] = R[i * 64 + j];
        out[i * 64 + j] = A[p];
      }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8;
  int m = argc > 2 ? atoi(argv[2]) : n;
  static float in[4096], out[4096], out2[4096];
  for (int i = 0; i < 4096; ++i) in[i] = float(i % 97) * 0.5f;
  square(in, out, n);
  rect(in, out2, n, m);
  double s = 0, s2 = 0;
  for (int i = 0; i < n * n; ++i) s += out[i];
  for (int i = 0; i < n; ++i) for (int j = 0; j < m; ++j) s2 += out2[i * 64 + j];
  printf("%g %g\n", s, s2);
}
