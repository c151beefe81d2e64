// What streaming a gather's window costs (systolic/GatherWindow.h,
// docs/estimates.md): each of 16 PEs picks b[k + (idx & 31)], so its loader
// reads a window of 32 floats per PE and step, 2,048 bytes, which the Arria
// 10 board moves in 14 clocks (153.6 bytes per clock): the loader, not the
// array, sets the pace, and the clocked emulation takes the same 854 clocks.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 -Wno-t2s-initiation-interval %s -o %t/emulated
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --report -Wno-t2s-initiation-interval %s -o - | FileCheck %s
// CHECK: channels of b from its loader: 16 (one per i) carrying windows of 32 elements, from which each read picks one
// CHECK: initiation interval (clocks per step): wide_load_a 1, wide_load_b 14, wide_load_idx 1, wide 6
// CHECK-NEXT: wide_load_b: II 14: 2048 bytes off-chip per step (131072 over 64 steps), the board moves 153 per clock
// CHECK: run: 854 clocks, 3.42 us at 250 MHz (the slowest kernel: wide_load_b, 64 steps of at most 14 clocks)
// CHECK: off-chip traffic per run: 139,328 bytes; reads a 4,096, idx 4,096, b 131,072; writes out 64
// RUN: %python %t2s_src/scripts/clocked-vs-model.py --t2s-clang %t2s-clang --program %t/emulated %s | FileCheck %s --check-prefix=CLOCK
// CLOCK: run 1 (wide, stage 1): emulated 854 cycles (wide_load_b), model 854 (wide_load_b, II 14): 1.000
#include <cstdio>
constexpr int N = 16, K = 64;
void wide(const float a[N][K], const int idx[N][K], const float b[K * 2], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(a, idx, b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[k + (idx[i][k] & 31)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}
int main() {
  static float a[N][K], b[K * 2], out[N];
  static int idx[N][K];
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) { a[i][k] = float((i + k) % 5); idx[i][k] = i * 7 + k * 3; }
  for (int k = 0; k < 2 * K; ++k) b[k] = float(k % 9);
  wide(a, idx, b, out);
  for (float v : out) std::printf(" %g", v);
  std::printf("\n");
}
