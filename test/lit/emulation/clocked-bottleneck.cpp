// The clocked emulation finds a deliberate bottleneck where the static model
// does: one channel of 32-lane vectors feeding an array of 129 PEs (a
// transfer of 129 x 32 lanes is over MaxWideLanes, so the scatter passes the
// values from PE to PE through a chain of channels, serially in every step).
// Both give the loader II 129 (129 values per step through one channel) and
// the array II 8386 (its chain loop), and the same run to within a few
// clocks. With 128 PEs the scatter is one transfer per step and the array
// takes a step per clock; the loader's off-chip bytes set the pace in both.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s --check-prefix=MODEL
// MODEL:      initiation interval (clocks per step): f_load_a 129, f 8386, f_drain_c 4
// MODEL-NEXT:   f_load_a: II 129: 129 values per step written to channel f_a, one per clock
// MODEL-NEXT:   f: II 8386: each step runs 1 loop that is not unrolled, to completion, one after another: 8385 clocks in the scatter of a along p
// MODEL:      run: 134,176 clocks
// RUN: env T2S_EMU_CLOCK=1 %t/emulated 2>&1 >/dev/null | FileCheck %s --check-prefix=CLOCKED
// CLOCKED:      t2s clocked emulation, run 1 (f, stage 1) on Arria 10 GX 1150 at 250 MHz, 153.6 bytes per clock off-chip:
// CLOCKED-NEXT:   kernel 'f_load_a': 125904 cycles, 16 steps, 7869.00 cycles per step; stalled 123840 cycles on channels, 0 on off-chip memory (264192 bytes)
// CLOCKED-NEXT:   kernel 'f' (autorun): 134176 cycles, 16 steps, 8386.00 cycles per step; stalled 0 cycles on channels, 0 on off-chip memory (0 bytes)
// CLOCKED-NEXT:   kernel 'f_drain_c': 134180 cycles, 16 steps, 8386.25 cycles per step; stalled 134161 cycles on channels, 0 on off-chip memory (8256 bytes)
// CLOCKED-NEXT:   channel 'f_a': 2064 values; its reader waited 0 cycles for a value, its writer 123840 cycles for room
// CLOCKED:        run: 134180 cycles, 0.00053672 s at 250 MHz; all runs so far: 134180 cycles
// RUN: %python %t2s_src/scripts/clocked-vs-model.py --t2s-clang %t2s-clang --program %t/emulated %s | FileCheck %s --check-prefix=COMPARE
// COMPARE: run 1 (f, stage 1): emulated 134180 cycles (f_drain_c), model 134176 (f, II 8386): 1.000
//
// 128 PEs: one transfer per step; the loader reads 16,384 bytes per step.
// RUN: %t2s-clang --emulate -O2 -DPES=128 %s -o %t/wide && %t2s-clang -O2 -DPES=128 %s -o %t/wide-native
// RUN: %t/wide > %t/wide.out && %t/wide-native | diff %t/wide.out -
// RUN: %t2s-clang --report -DPES=128 %s 2>/dev/null | FileCheck %s --check-prefix=WIDE-MODEL
// WIDE-MODEL: initiation interval (clocks per step): f_load_a 107, f 1, f_drain_c 4
// WIDE-MODEL: run: 1,707 clocks
// RUN: env T2S_EMU_CLOCK=1 %t/wide 2>&1 >/dev/null | FileCheck %s --check-prefix=WIDE
// WIDE: kernel 'f_load_a': 1707 cycles, 16 steps, 106.69 cycles per step; stalled 0 cycles on channels, 1436 on off-chip memory (262144 bytes)
// WIDE: run: 1707 cycles
//
// The board and clock of the count: --device= and --fmax= at the build.
// RUN: %t2s-clang --emulate -O2 -DPES=128 --device=stratix10 --fmax=400 %s -o %t/s10
// RUN: env T2S_EMU_CLOCK=1 %t/s10 2>&1 >/dev/null | FileCheck %s --check-prefix=S10
// S10: t2s clocked emulation, run 1 (f, stage 1) on Stratix 10 GX 2800 at 400 MHz, 192.0 bytes per clock off-chip:
// S10: kernel 'f_load_a': 1366 cycles
// Without T2S_EMU_CLOCK (or with 0) nothing is counted or printed.
// RUN: env T2S_EMU_CLOCK=0 %t/wide 2>&1 >/dev/null | count 0
#include <cstdio>
#ifndef PES
#define PES 129
#endif
constexpr int T = 16, P = PES, K = 32;
void f(const float a[T][P][K], float c[T][P]) {
  static float A[T][K][P], C[T][K][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, p, up)
  #pragma t2s vectorize(k)
  for (int t = 0; t < T; ++t)
    for (int k = 0; k < K; ++k)
      for (int p = 0; p < P; ++p) {
        A[t][k][p] = a[t][p][k];
        C[t][k][p] = (k == 0 ? 0.f : C[t][k - 1][p]) + A[t][k][p];
        if (k == K - 1)
          c[t][p] = C[t][k][p];
      }
}
static float a[T][P][K], c[T][P];
int main() {
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p)
      for (int k = 0; k < K; ++k)
        a[t][p][k] = float((t + 2 * p + 3 * k) % 7);
  f(a, c);
  double Sum = 0;
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p)
      Sum += c[t][p] * (1 + (t + p) % 3);
  std::printf("sum %.1f\n", Sum);
}
