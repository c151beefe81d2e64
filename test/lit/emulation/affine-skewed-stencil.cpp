// Jacobi-1D written on skewed loops (i' = i + t runs from t to t + N - 1):
// the space loop's bounds name the time loop, so PE i' runs only the steps
// t with i' - N < t <= i', and every read looks back one step at PEs i',
// i' - 1 and i' - 2 (distances (1, 0), (1, 1), (1, 2)). The array spans the
// box i' in [0, T + N - 1); each PE of it runs an iteration.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s --check-prefix=CL
// CHECK: skewed jacobi: all 10 values equal the two-array loop
// REPORT: PEs: 14 (s in [0, 14))
// REPORT-NEXT: time: t1 x5 = 5 steps
// REPORT-NEXT: utilization: 50 / (14 PEs x 5 steps) = 71.4% (the nest's iterations, not its box)
// REPORT: channels of in from its loader: 10 (one per s that reads it, of 14 in the array)
// REPORT: channels of out to its drainer: 10 (one per s that writes it, of 14 in the array)
// CL: if ((s >= t) && (s < (t + 10))) {
// RUN: %t2s-clang --emit-dot %s -o %t/s.dot && FileCheck %s --check-prefix=DOT < %t/s.dot
// DOT: 10 channels of float, depth 1\n(one per s that reads it)
// DOT: 10 channels of float, depth 1\n(one per s that writes it)
#include <cstdio>

constexpr int T = 5, N = 10;

void skewed(const float in[N], float out[N]) {
  static float S[T][T + N];
#pragma t2s ure
#pragma t2s space_time(s)
#pragma t2s loader(in)
#pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int s = t; s < t + N; ++s) {
      S[t][s] = t == 0 ? in[s]
              : (s - t == 0 || s - t == N - 1) ? S[t - 1][s - 1]
              : 0.25f * S[t - 1][s - 2] + 0.5f * S[t - 1][s - 1] + 0.25f * S[t - 1][s];
      if (t == T - 1)
        out[s - t] = S[t][s];
    }
}

int main() {
  float in[N], out[N], a[N], b[N];
  for (int i = 0; i < N; ++i)
    a[i] = in[i] = float(i * i % 7) - 1.5f;
  skewed(in, out);
  for (int t = 1; t < T; ++t) {
    for (int i = 0; i < N; ++i)
      b[i] = (i == 0 || i == N - 1) ? a[i] : 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
    for (int i = 0; i < N; ++i)
      a[i] = b[i];
  }
  int bad = 0;
  for (int i = 0; i < N; ++i) {
    std::printf("%d %a\n", i, out[i]);
    bad += out[i] != a[i];
  }
  if (bad)
    std::printf("skewed jacobi: %d values differ\n", bad);
  else
    std::printf("skewed jacobi: all %d values equal the two-array loop\n", N);
  return bad != 0;
}
