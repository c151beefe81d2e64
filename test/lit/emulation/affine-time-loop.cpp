// A time loop with an affine lower bound (k from i): each row i runs the
// steps k = i .. N - 1 only; the reads go back one k (distance (0, 1, 0)).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s --check-prefix=CL
// CHECK-COUNT-6: row
// REPORT: PEs: 4 (p in [0, 4))
// REPORT-NEXT: time: i x6, t1 x6 = 21 steps
// REPORT-NEXT: utilization: 84 / (4 PEs x 21 steps) = 100.0% (the nest's iterations, not its box)
// CL: for (int i = 0; i < 6; i++)
// CL: for (int k = i; k < 6; k++)
#include <cstdio>

constexpr int N = 6, P = 4;

void tri(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s loader(in)
#pragma t2s drainer(out)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = k == i ? in[i][p] : S[i][k - 1][p] * 0.5f + float(k * p);
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

int main() {
  static float in[N][P], out[N][P];
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < P; ++p)
      in[i][p] = float(i * 10 + p);
  tri(in, out);
  for (int i = 0; i < N; ++i)
    std::printf("row %d: %a %a %a %a\n", i, out[i][0], out[i][1], out[i][2], out[i][3]);
}
