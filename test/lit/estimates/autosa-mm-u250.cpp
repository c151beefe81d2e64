// AutoSA's large SGEMM on an Alveo U250 (UCLA-VAST/AutoSA,
// autosa_tests/large/mm: space_time[3], array_part[260,256,512],
// latency[20,16], simd[8]): a 13 x 16 array of PEs, each a dot product of 8
// lanes per clock, 1,664 multiply-adds; 998.4 GFLOPS of peak at 300 MHz,
// 938.7 GFLOPS reported. The same array written here as T2SP writes its
// GEMM (t2sp-gemm-a10-reuse.cpp): PEs iii x jjj = 13 x 16, the reduction
// kkk vectorized by 8, AutoSA's latency tiles ii x jj = 20 x 16 as time
// loops inside the k tile (kk = 512 / 8 = 64 steps), so the accumulator is
// carried 320 steps and the fp32 add's 4 clocks never hold the array back;
// buffer(a, k) and buffer(b, k) keep AutoSA's 260 x 512 and 512 x 256 tiles
// on chip. At 4,160 x 4,096 x 4,096 (--size=I=16 --size=J=16 --size=K=8)
// (docs/estimates.md, "Checked against AutoSA's SGEMM on a U250"):
// - the array runs a step per clock (II 1) with the DSPs AutoSA's takes:
//   998.4 GFLOPS of peak, 6.4 % above AutoSA's 938.7 measured;
// - the I/O kernels are AutoSA's I/O modules (docs/hls.md, "I/O modules"):
//   the feeders take a 64-byte beat of the host's layout per step (a's
//   1,280 records of 7 beats, b's 1,024 of 8, within a tile's 20,480
//   steps), their readers and the drainer's writer move a beat a clock,
//   the drainer sends a record per writing step: every kernel at II 1,
//   997.9 GFLOPS expected, 6.3 % above AutoSA's measured 938.7.
// - with --hls-io=direct, each step's words read or written in its own
//   iteration (416, 512 and 832 bytes) from a DDR4 bank that sustains 43.5
//   bytes a clock at 300 MHz (a quarter of what AMD measured a U250's
//   memory to move): II 10, 12 and 20, 49.9 GFLOPS expected.
// RUN: %t2s-clang --report --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s | FileCheck %s
// No kernel warns of its initiation interval:
// RUN: %t2s-clang --report --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 %s 2>&1 >/dev/null | count 0
// Without the I/O modules, where a loader keeps its reuse buffer already,
// the port warning says so rather than proposing one.
// RUN: %t2s-clang --report --hls-io=direct --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// WARN: warning: kernel 'sgemm_load_a' starts a step every {{[0-9]+}} clocks on Alveo U250 (XCU250), not every clock: {{.*}} its loader keeps 'a' in a reuse buffer already (buffer(a, k)), which sends each value read {{[0-9]+}} times: send each more often with longer loops inside 'k' that its values do not name (larger tiles), or reuse them among neighbouring PEs, or read fewer of its values per step) [-Wt2s-initiation-interval]
// The Vitis HLS C++ partitions no array into more than Vitis' 4,096 parts:
// the delay line is 208 memories, not 66,768 registers: 16 in each of the
// 13 row processes (docs/hls.md, "PE rows as processes"), or 208 in the
// one process of --hls-split=none.
// RUN: %t2s-clang --emit-hls --device=u250 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s -o %t.hls.cpp
// RUN: %python %S/../hls/Inputs/partitions.py %t.hls.cpp | FileCheck %s --check-prefix=PARTS
// PARTS: sr_Z_kkk7: 16 parts{{$}}
// RUN: grep -c 'sgemm_row<[0-9]*>(' %t.hls.cpp | FileCheck %s --check-prefix=ROWS
// ROWS: 13
// RUN: %t2s-clang --emit-hls --hls-split=none --device=u250 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s -o %t.one.cpp
// RUN: %python %S/../hls/Inputs/partitions.py %t.one.cpp | FileCheck %s --check-prefix=PARTS-ONE
// PARTS-ONE: sr_Z_kkk7: 208 parts{{$}}
// RUN: %t2s-clang --report --hls-split=none --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s | FileCheck %s --check-prefix=ONE
// RUN: %t2s-clang --report=json --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 %s | jq -c '.designs[0].estimate | [.slrs_spanned, .hls_row_processes, .hls_bits_between_rows]' | FileCheck %s --check-prefix=ROWS-JSON
// ROWS-JSON: [3,13,14080]
// RUN: %t2s-clang --report=json --hls-split=none --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 %s | jq -c '.designs[0].estimate | [.slrs_spanned, .hls_row_processes]' | FileCheck %s --check-prefix=ONE-JSON
// ONE-JSON: [3,0]
// ONE: SLRs: 8,320 DSP48E2 slices need at least 3 of the part's 4 dies (SLRs, 3,072 each); the array is one pipelined process whose PE chains cross between them, which the tools do not route at 300 MHz unless its PEs are split into processes and floorplanned (docs/estimates.md, "SLRs")
// RUN: %t2s-clang --report=json --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 %s | jq -c '.designs[0].estimate | [.dsp_blocks, .bound, ((.peak_gflops / 938.7 - 1) * 1000 | round / 10), ((.expected_gflops / 938.7 - 1) * 1000 | round / 10)]' | FileCheck %s --check-prefix=JSON

// CHECK:      PEs: 208 (iii in [0, 13), jjj in [0, 16))
// AutoSA's 320 accumulators per PE (latency 20 x 16): the last lane's
// shift register, 320 words for the steps of the k tile and 1 for this one.
// CHECK:      registers of Z, lane kkk = 7 for older steps: 321 per PE (66768 in all)
// CHECK:      estimate on Alveo U250 (XCU250) at 300 MHz: 8,320 DSP48E2 slices of 12,288 (67.7%): 1,664 fp32 multiply-add
// The array is 13 processes, one per PE row, across 3 of the U250's 4
// dies; between two rows, each step, a's bundle (104 floats), c's bundles
// (16 x 13) and the row's sr_Y (16 x 8):
// CHECK-NEXT: SLRs: 8,320 DSP48E2 slices need at least 3 of the part's 4 dies (SLRs, 3,072 each); the HLS array is 13 processes, one per PE row, with 14,080 bits of streams between neighbouring rows, for the floorplanner to place die by die (docs/estimates.md, "SLRs")
// The I/O modules, and the host's layouts at the sizes (a's tiles once per
// tile of j: 16 times a's 68 MB, padded to 7 beats of its 6.5):
// CHECK-NEXT: I/O module sgemm_read_a: a as the host lays it out, 1,280 records of 7 beats per tile, a beat per step in 8,960 of sgemm_load_a's 20,480 steps; the layout 1,174,405,120 bytes
// CHECK-NEXT: I/O module sgemm_read_b: b as the host lays it out, 1,024 records of 8 beats per tile, a beat per step in 8,192 of sgemm_load_b's 20,480 steps; the layout 1,073,741,824 bytes
// CHECK-NEXT: I/O module sgemm_write_c: sgemm_drain_c's records of 208 float, 13 beats each, a stream of 320; 81,920 records, 68,157,440 bytes
// The accumulators' delay line (320 steps) is a circular buffer in a block
// RAM per PE, half a BRAM36 each (backends/hls/CircularDelayLines.h).
// The I/O modules' streams (a's and b's 64 beats, c's 320 records of 208
// floats) and registers (the beats of a record so far, c's 208 slots) are
// on chip too:
// CHECK-NEXT: on-chip memory: 179,712 bits of shift registers, 2,420,736 bits of channels, {{.*}} bits of reuse buffers, 2,129,920 bits of delay lines (circular buffers, a block RAM per PE and lane: 208 halves of BRAM36 blocks) (700 of 2,688 BRAM36 blocks if none were in logic; {{.*}})
// CHECK-NEXT: initiation interval (clocks per step): sgemm_load_a 1, sgemm_load_b 1, sgemm 1, sgemm_drain_c 1
// The feeders' steps, 2,048 tiles and the last one sent:
// CHECK-NEXT: run: 41,963,520 clocks, 139.88 ms at 300 MHz (the slowest kernel: sgemm_load_a, 41,963,520 steps of at most 1 clock)
// CHECK-NEXT: throughput: 3,328 floating-point operations per clock at one step per clock, peak 998.4 GFLOPS; expected 997.9 GFLOPS (over the 41,963,520 clocks of a run)
// CHECK:      roofline: {{.*}} 62.53 per byte off-chip; at 76.8 GB/s (AMD Alveo U250, 4 x DDR4-2400) compute-bound: 997.9 GFLOPS (the memory could feed 4802.1)
// Over the run a's reader moves its layout, padding and all (1,280 records
// of 416 bytes in 7 beats, 448): at a clock where a bank moves 27.8 bytes
// that decides (the values alone, 1,090,519,040 bytes, would not).
// RUN: %t2s-clang --report --device=u250 --fmax=470 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s | FileCheck %s --check-prefix=PADDED
// PADDED: sgemm_load_a: II 2: 28 bytes of 'a' per step (1174405120 over 41963520 steps), its memory bank moves 27.8 per clock
// The I/O kernels accessing their buffers themselves:
// RUN: %t2s-clang --report --hls-io=direct --device=u250 --fmax=300 --size=I=16 --size=J=16 --size=K=8 -Wno-t2s-initiation-interval %s | FileCheck %s --check-prefix=DIRECT
// DIRECT:      initiation interval (clocks per step): sgemm_load_a 10, sgemm_load_b 12, sgemm 1, sgemm_drain_c 20
// DIRECT-NEXT:   sgemm_load_a: II 10: 416 bytes of 'a' per step, its memory bank moves 43.5 per clock
// DIRECT-NEXT:   sgemm_load_b: II 12: 512 bytes of 'b' per step, its memory bank moves 43.5 per clock
// DIRECT-NEXT:   sgemm_drain_c: II 20: 832 bytes of 'c' per step, its memory bank moves 43.5 per clock
// DIRECT:      throughput: {{.*}} expected 49.9 GFLOPS
// The expected figure against AutoSA's 938.7, in percent (JSON, last):
// at least 90 % of it, within 10 % above it.
// The peak against 938.7 GFLOPS, in percent: one digit before the point is
// within 10 %.
// JSON: [8320,"compute",{{[0-9](\.[0-9])?}},{{[0-9](\.[0-9])?}}]

constexpr int III = 13, JJJ = 16, KKK = 8; // AutoSA's PEs and SIMD lanes
constexpr int II = 20, JJ = 16, KK = 64;   // its latency tiles; 512 / 8 steps of k
constexpr int TM = II * III, TN = JJ * JJJ, TL = KK * KKK; // array_part 260, 256, 512

void sgemm(const float *a, const float *b, float *c, int I, int J, int K) {
  static float X[JJJ], Y[III][JJJ], Z[2][KK][II][JJ][KKK][III][JJJ]; // URE arrays
  const int N = J * TN, L = K * TL;
  #pragma t2s ure
  #pragma t2s space_time(iii, jjj)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, iii, up)
  #pragma t2s scatter(b, jjj, up)
  #pragma t2s gather(c, iii, down)
  #pragma t2s vectorize(kkk)
  #pragma t2s buffer(a, k)
  #pragma t2s buffer(b, k)
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      for (int k = 0; k < K; ++k)
        for (int kk = 0; kk < KK; ++kk)
          for (int ii = 0; ii < II; ++ii)
            for (int jj = 0; jj < JJ; ++jj)
              for (int kkk = 0; kkk < KKK; ++kkk)
                for (int iii = 0; iii < III; ++iii)
                  for (int jjj = 0; jjj < JJJ; ++jjj) {
                    int row = (i * II + ii) * III + iii;
                    int col = (j * JJ + jj) * JJJ + jjj;
                    int dep = (k * KK + kk) * KKK + kkk;
                    X[jjj] = jjj == 0 ? a[row * L + dep] : X[jjj - 1];
                    Y[iii][jjj] = iii == 0 ? b[dep * N + col] : Y[iii - 1][jjj];
                    float prev =
                        kkk != 0 ? Z[k % 2][kk][ii][jj][kkk - 1][iii][jjj]
                        : kk != 0 ? Z[k % 2][kk - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                        : k != 0  ? Z[(k - 1) % 2][kk + KK - 1][ii][jj][kkk + KKK - 1][iii][jjj]
                                  : 0.f;
                    Z[k % 2][kk][ii][jj][kkk][iii][jjj] = prev + X[jjj] * Y[iii][jjj];
                    if (k == K - 1 && kk == KK - 1 && kkk == KKK - 1)
                      c[row * N + col] = Z[k % 2][kk][ii][jj][kkk][iii][jjj];
                  }
}
