// What streaming a gather's window costs (systolic/GatherWindow.h,
// docs/estimates.md). In 'wide' each of 16 PEs picks from its own window,
// b[i * 2 + k + (idx & 31)]: the loader reads 32 floats per PE and step,
// 2,048 bytes, which the Arria 10 board moves in 14 clocks (153.6 bytes per
// clock), so the loader, not the array, sets the pace. In 'shared' every PE
// picks from b[k + (idx & 31)]: the loader reads the window once per step
// and sends it to each PE, 128 bytes a step, and the array's recurrence
// sets the pace. The clocked emulation takes the model's clocks.
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
// CHECK: channels of b from its loader: 16 (one per i) carrying windows of 32 elements, from which each read picks one
// CHECK: initiation interval (clocks per step): shared_load_a 1, shared_load_b 1, shared_load_idx 1, shared 6
// CHECK: run: 384 clocks, 1.54 us at 250 MHz (the slowest kernel: shared, 64 steps of at most 6 clocks)
// CHECK: off-chip traffic per run: 16,448 bytes; reads a 4,096, idx 4,096, b 8,192; writes out 64
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL-LABEL: void shared_load_b(
// CL: float b_lanes[32]; // the elements this step's reads may pick, for every PE
// CL-NEXT: b_lanes[0] = b[((long)k) + 0];
// CL: b_lanes[31] = b[((long)k) + 31];
// CL-NEXT: // What each PE reads, when it reads it.
// CL-NEXT: #pragma unroll
// CL-NEXT: for (int i = 0; i < 16; i++) {
// CL-NEXT: T2S_WRITE(shared_b[i], ((t2s_float_x32){{[{][{]}}b_lanes[0],
// RUN: %python %t2s_src/scripts/clocked-vs-model.py --t2s-clang %t2s-clang --program %t/emulated %s | FileCheck %s --check-prefix=CLOCK
// CLOCK: run 1 (wide, stage 1): emulated 854 cycles (wide_load_b), model 854 (wide_load_b, II 14): 1.000
// CLOCK: run 2 (shared, stage 1): emulated {{38[4-6]}} cycles (shared), model 384 (shared, II 6): 1.00{{[0-9]}}
#include <cstdio>
constexpr int N = 16, K = 64;
// Each PE's window starts at its own element: 16 windows a step.
void wide(const float a[N][K], const int idx[N][K], const float b[K * 2], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(a, idx, b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[i * 2 + k + (idx[i][k] & 31)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}
// One window a step, which every PE picks from: read once, sent to each.
void shared(const float a[N][K], const int idx[N][K], const float b[K * 2], float out[N]) {
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
  shared(a, idx, b, out);
  for (float v : out) std::printf(" %g", v);
  std::printf("\n");
}
