// Space loops whose lower bound is not 0 (issue: the native build indexed its
// shift registers by loop value instead of PE index and printed wrong values
// with no diagnostic). A PE-local recurrence under a time loop (plain) and
// values flowing between PEs along two space loops that start at 2 and 3
// under a time loop that starts at 1 (flow), each with the default schedule,
// a schedule vector, loader/drainer, gather (+ vectorize of the space loop),
// vectorize of the time loop, a double projection and every loop space.
// Native (-O0, -O2) and emulated builds print what the reference prints.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 -DFORM=1 %s -o %t/n01 && %t/n01 > %t/n01.out && diff %t/ref.out %t/n01.out
// RUN: %t2s-clang -O2 -DFORM=1 %s -o %t/n21 && %t/n21 > %t/n21.out && diff %t/ref.out %t/n21.out
// RUN: %t2s-clang --emulate -O2 -DFORM=1 %s -o %t/e1 && %t/e1 > %t/e1.out && diff %t/ref.out %t/e1.out
// RUN: %t2s-clang -O0 -DFORM=2 %s -o %t/n02 && %t/n02 > %t/n02.out && diff %t/ref.out %t/n02.out
// RUN: %t2s-clang -O2 -DFORM=2 %s -o %t/n22 && %t/n22 > %t/n22.out && diff %t/ref.out %t/n22.out
// RUN: %t2s-clang --emulate -O2 -DFORM=2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang -O0 -DFORM=3 %s -o %t/n03 && %t/n03 > %t/n03.out && diff %t/ref.out %t/n03.out
// RUN: %t2s-clang -O2 -DFORM=3 %s -o %t/n23 && %t/n23 > %t/n23.out && diff %t/ref.out %t/n23.out
// RUN: %t2s-clang --emulate -O2 -DFORM=3 %s -o %t/e3 && %t/e3 > %t/e3.out && diff %t/ref.out %t/e3.out
// RUN: %t2s-clang -O0 -DFORM=4 %s -o %t/n04 && %t/n04 > %t/n04.out && diff %t/ref.out %t/n04.out
// RUN: %t2s-clang -O2 -DFORM=4 %s -o %t/n24 && %t/n24 > %t/n24.out && diff %t/ref.out %t/n24.out
// RUN: %t2s-clang --emulate -O2 -DFORM=4 %s -o %t/e4 && %t/e4 > %t/e4.out && diff %t/ref.out %t/e4.out
// RUN: %t2s-clang -O0 -DFORM=5 %s -o %t/n05 && %t/n05 > %t/n05.out && diff %t/ref.out %t/n05.out
// RUN: %t2s-clang -O2 -DFORM=5 %s -o %t/n25 && %t/n25 > %t/n25.out && diff %t/ref.out %t/n25.out
// RUN: %t2s-clang --emulate -O2 -DFORM=5 %s -o %t/e5 && %t/e5 > %t/e5.out && diff %t/ref.out %t/e5.out
// RUN: %t2s-clang --report -DFORM=3 %s | FileCheck %s --check-prefix=REPORT
// RUN: %t2s-clang --emit-dot -DFORM=1 %s | FileCheck %s --check-prefix=DOT
// REPORT: PEs: 5 (i in [1, 6))
// REPORT: channels of out to its drainer: 5 (one per i)
// REPORT: PEs: 3 (i in [3, 6))
// The picture names each PE by the loop values it runs.
// DOT: d0_u0_pe_0_0 [label="PE(i=1)"];
// DOT: d0_u0_pe_0_4 [label="PE(i=5)"];
// DOT: d1_u0_pe_0_0 [label="PE(j=2, i=3)"];
// DOT: d1_u0_pe_2_2 [label="PE(j=4, i=5)"];
#include <cstdio>
constexpr int K = 3, N = 6, M = 5;

// Every PE-distance 0 read, a time loop.
void plain(const int x[K][N], int out[N]) {
  static int S[K][N];
  #pragma t2s ure
#if FORM == 1
  #pragma t2s space_time(i)
#elif FORM == 2
  #pragma t2s space_time(i) schedule(2)
#elif FORM == 3
  #pragma t2s space_time(i)
  #pragma t2s drainer(out)
#elif FORM == 4
  #pragma t2s space_time(i)
  #pragma t2s drainer(out)
  #pragma t2s gather(out, i, down)
  #pragma t2s vectorize(i)
#elif FORM == 5
  #pragma t2s space_time(i)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(k)
#endif
  for (int k = 0; k < K; ++k)
    for (int i = 1; i < N; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + x[k][i];
      if (k == K - 1) out[i] = S[k][i];
    }
}

// Values flow between PEs along j and i, both starting above 0.
void flow(const int x[K][M][N], int out[M][N]) {
  static int A[K][M][N], C[K][M][N];
  #pragma t2s ure
#if FORM == 1
  #pragma t2s space_time(j, i)
#elif FORM == 2
  #pragma t2s space_time(j, i) schedule(1, 2)
#elif FORM == 3
  #pragma t2s space_time(j, i) schedule(2, 1)
  #pragma t2s space_time(i) schedule(3)
#elif FORM == 4
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  #pragma t2s gather(out, i, up)
#elif FORM == 5
  #pragma t2s space_time(k, j, i)
#endif
  for (int k = 1; k < K; ++k)
    for (int j = 2; j < M; ++j)
      for (int i = 3; i < N; ++i) {
        A[k][j][i] = i == 3 ? x[k][j][i] : A[k][j][i - 1] + 1;
        C[k][j][i] = (j == 2 ? 0 : C[k][j - 1][i]) + (k == 1 ? 0 : C[k - 1][j][i]) + A[k][j][i];
        if (k == K - 1) out[j][i] = C[k][j][i];
      }
}

int main() {
  int x[K][N], x3[K][M][N];
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      x[k][i] = 10 * i + k;
      for (int j = 0; j < M; ++j) x3[k][j][i] = 100 * j + 10 * i + k;
    }
  int out[N] = {0}, out2[M][N] = {{0}};
  plain(x, out);
  flow(x3, out2);
  for (int i = 0; i < N; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
  for (int j = 0; j < M; ++j) {
    for (int i = 0; i < N; ++i) std::printf("%d ", out2[j][i]);
    std::printf("\n");
  }
}
