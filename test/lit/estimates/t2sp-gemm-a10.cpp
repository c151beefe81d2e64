// The estimates against T2SP's published SGEMM on Arria 10 (IntelLabs/t2sp,
// t2s/tests/performance/gemm: III x JJJ = 10 x 8 PEs, each reducing KKK = 16
// lanes of a*b per step; 1,304 of 1,518 DSP blocks, 532 GFLOPS at 215 MHz
// with 95 % DSP efficiency). The same array shape here: space loops jjj and
// iii, the reduction kkk (a time loop) vectorized, the tiles of C as time
// loops (t2sp-gemm-a10-reuse.cpp writes T2SP's own nest, with the reduction
// across k tiles). The model must say 1,280 multiply-adds, one DSP
// block each, and at 215 MHz a peak of 1,280 x 2 x 215 MHz = 550.4 GFLOPS,
// within 10 % of 532 / 0.95 = 560 GFLOPS (docs/estimates.md).
// RUN: %t2s-clang --report --device=arria10 --fmax=215 %s | FileCheck %s
// RUN: %t2s-clang --report=json --device=arria10 --fmax=215 %s | FileCheck %s --check-prefix=JSON
// The same array on the other families, at the default 250 MHz.
// RUN: %t2s-clang --report --device=stratix10 %s | FileCheck %s --check-prefix=S10
// RUN: %t2s-clang --report --device=agilex7 %s | FileCheck %s --check-prefix=AGX
// The sequential reference, the native systolic build and the emulated
// kernels agree.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -

// CHECK:      PEs: 80 (jjj in [0, 8), iii in [0, 10))
// CHECK:      estimate on Arria 10 GX 1150 at 215 MHz: 1,280 DSP blocks of 1,518 (84.3%): 1,280 fp32 multiply-add
// CHECK-NEXT: on-chip memory: {{.*}} bits of shift registers, {{.*}} bits of channels ({{[0-9]+}} of 2,713 M20K blocks if none were in logic)
// Without scatter or gather each PE has its own channels: the array starts a
// step every clock; the loaders and the drainer wait for the board's memory.
// CHECK-NEXT: initiation interval (clocks per step): sgemm_load_a 4, sgemm_load_b 3, sgemm 1, sgemm_drain_c 2
// The loader of a moves 2,560 bytes over its 4 steps, 640 per step against
// the board's 178 per clock: its run takes 2,560 / 178.6 = 15 clocks.
// CHECK-NEXT: sgemm_load_a: II 4: 640 bytes off-chip per step (2560 over 4 steps), the board moves 178 per clock
// CHECK-NEXT: sgemm_load_b: II 3: 512 bytes off-chip per step (2048 over 4 steps), the board moves 178 per clock
// CHECK-NEXT: sgemm_drain_c: II 2: 320 bytes off-chip per step (1280 over 4 steps), the board moves 178 per clock
// CHECK-NEXT: run: 15 clocks, 0.07 us at 215 MHz (the slowest kernel: sgemm_load_a, 4 steps of at most 4 clocks)
// CHECK-NEXT: throughput: 2,560 floating-point operations per clock at one step per clock, peak 550.4 GFLOPS; expected 146.8 GFLOPS (over the 15 clocks of a run)
// CHECK-NEXT: cell updates: 5,120 points of the nest per run, 73.4 G per second
// Without reuse buffers, the loaders read a once per column tile (JJ = 2)
// and b once per row tile (II = 2): at these small sizes the array waits
// for memory (T2SP's feeders keep tiles on chip; not yet here).
// CHECK-NEXT: off-chip traffic per run: 5,888 bytes; reads a 2,560, b 2,048; writes c 1,280
// CHECK-NEXT: roofline: 10,240 floating-point operations per run, 1.74 per byte off-chip; at 38.4 GB/s (Intel PAC with Arria 10 GX) memory-bound: 66.8 GFLOPS (the array could do 146.8)
// JSON:      "estimate": {
// JSON:        "channel_bits":
// JSON:        "device": "arria10",
// JSON:        "dsp_blocks": 1280,
// JSON:        "dsp_blocks_available": 1518,
// JSON:        "flops_per_clock": 2560,
// JSON:        "fmax_mhz": 215,
// JSON:        "ops": [
// JSON-NEXT:     {
// JSON-NEXT:       "dsp_blocks": 1280,
// JSON-NEXT:       "op": "fp32 multiply-add",
// JSON-NEXT:       "units": 1280
// JSON:        "peak_gflops": {{550\.(4|39+[0-9]*)}}
// S10:        estimate on Stratix 10 GX 2800 at 250 MHz: 1,280 DSP blocks of 5,760 (22.2%)
// S10:        peak 640.0 GFLOPS
// AGX:        estimate on Agilex 7 AGF 014 at 250 MHz: 1,280 DSP blocks of 4,510 (28.4%)

#include <cstdio>

constexpr int JJ = 2, II = 2, JJJ = 8, III = 10, KKK = 16;
constexpr int M = II * III, N = JJ * JJJ;

void sgemm(const float a[M][KKK], const float b[KKK][N], float c[M][N]) {
  static float A[JJ][II][KKK][JJJ][III], B[JJ][II][KKK][JJJ][III], C[JJ][II][KKK][JJJ][III];
  #pragma t2s ure
  #pragma t2s space_time(jjj, iii)
  #pragma t2s loader(a)
  #pragma t2s loader(b)
  #pragma t2s drainer(c)
  #pragma t2s vectorize(kkk)
  for (int jj = 0; jj < JJ; ++jj)
    for (int ii = 0; ii < II; ++ii)
      for (int kkk = 0; kkk < KKK; ++kkk)
        for (int jjj = 0; jjj < JJJ; ++jjj)
          for (int iii = 0; iii < III; ++iii) {
            A[jj][ii][kkk][jjj][iii] = jjj == 0 ? a[ii * III + iii][kkk]
                                                : A[jj][ii][kkk][jjj - 1][iii];
            B[jj][ii][kkk][jjj][iii] = iii == 0 ? b[kkk][jj * JJJ + jjj]
                                                : B[jj][ii][kkk][jjj][iii - 1];
            C[jj][ii][kkk][jjj][iii] = (kkk == 0 ? 0.f : C[jj][ii][kkk - 1][jjj][iii]) +
                                       A[jj][ii][kkk][jjj][iii] * B[jj][ii][kkk][jjj][iii];
            if (kkk == KKK - 1)
              c[ii * III + iii][jj * JJJ + jjj] = C[jj][ii][kkk][jjj][iii];
          }
}

int main() {
  static float a[M][KKK], b[KKK][N], c[M][N];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < KKK; ++k)
      a[i][k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < KKK; ++k)
    for (int j = 0; j < N; ++j)
      b[k][j] = float((k * 5 + j * 2) % 9 - 4);
  sgemm(a, b, c);
  double Sum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j)
      Sum += c[i][j] * (1 + i + 3 * j);
  std::printf("sgemm checksum %.1f\n", Sum);
}
