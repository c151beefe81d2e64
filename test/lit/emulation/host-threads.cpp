// A design called from several host threads at once: under --emulate the
// calls take turns (the design's channels and the run's scheduler are one
// per program), each with its own buffers and run-time size, and every
// result equals the reference; natively and under --hls-sim they run side
// by side. Never an abort.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -pthread %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 -pthread %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -pthread %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -pthread %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: thread 0: 15 51 87
// CHECK: thread 7: {{[0-9]+}} {{[0-9]+}} {{[0-9]+}}
#include <cstdio>
#include <thread>
#include <vector>

constexpr int P = 3, K = 64;

void rowsum(const int x[P][K], int out[P], int n) {
  int S[P][2]; // each call its own (a static would be shared by the threads)
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < n; ++k) {
      S[p][k % 2] = (k == 0 ? 0 : S[p][(k - 1) % 2]) + x[p][k];
      if (k == n - 1)
        out[p] = S[p][k % 2];
    }
}

int main() {
  constexpr int Threads = 8;
  static int x[Threads][P][K], out[Threads][P];
  for (int t = 0; t < Threads; ++t)
    for (int p = 0; p < P; ++p)
      for (int k = 0; k < K; ++k)
        x[t][p][k] = p * 6 + k + t;
  std::vector<std::thread> Pool;
  for (int t = 0; t < Threads; ++t)
    Pool.emplace_back([t] {
      for (int Round = 0; Round < 20; ++Round)
        rowsum(x[t], out[t], 6 + t * 7);
    });
  for (std::thread &T : Pool)
    T.join();
  for (int t = 0; t < Threads; ++t)
    std::printf("thread %d: %d %d %d\n", t, out[t][0], out[t][1], out[t][2]);
}
