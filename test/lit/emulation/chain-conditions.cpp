// A scatter and a gather whose accesses test the chain's loop (on loop
// variables only): PE i reads 'in' only at i == 0 and PE j writes 'out' only
// at j > 0 in the last step. Each PE passes on one value for each PE behind
// it that accesses at this step; the loader and the drainer visit the same
// PEs. reference = native = emulated. (The read at i == 0 needs no chain:
// one PE per j reads; the gather's chains use the links from PE 3 down to
// PE 1, the farthest that writes.)
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// CHECK-COUNT-4: row
// REPORT: channels of in from its loader: 4 (one per j)
// REPORT: channels of out to its drainer: 4 (one per i), 12 without the gather along j (up); 8 between neighbouring PEs
#include <cstdio>

constexpr int N = 4;

void chains(const int *in, int *out) {
  static int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  #pragma t2s scatter(in, i, down)
  #pragma t2s gather(out, j, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (i == 0 ? in[j] * (k + 1) : A[k][j][i - 1] * 3 + i) + k;
        if (k == N - 1 && j > 0)
          out[j * N + i] = A[k][j][i];
      }
}

int main() {
  int in[N], out[N * N] = {0};
  for (int x = 0; x < N; ++x)
    in[x] = x * 5 - 7;
  chains(in, out);
  for (int j = 0; j < N; ++j)
    std::printf("row %d: %d %d %d %d\n", j, out[j * N], out[j * N + 1], out[j * N + 2],
                out[j * N + 3]);
}
