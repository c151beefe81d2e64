// AutoSA's large int16 GEMM on an Alveo U250 (UCLA-VAST/AutoSA,
// autosa_tests/large/mm_int16: unsigned short data, space_time[3],
// array_part[256,256,32], latency[16,16], simd[32]; docs/examples/
// mm_int16_large.rst reports 3.435 TOPS at 261 MHz with 8,192 DSPs): 16 x 16
// PEs, each a dot product of 32 lanes per clock, 8,192 multiply-adds. The
// same array written as autosa-mm-u250.cpp writes AutoSA's SGEMM: PEs iii x
// jjj, the reduction kkk vectorized by 32, the latency tiles ii x jj as time
// loops inside the k tile (one step of 32 values of k), so the accumulator
// is carried 256 steps. At 1,024^3 (--size=I=4 --size=J=4 --size=K=32).
//
// C promotes the unsigned short operands to int before it multiplies, but
// the multiplier Vitis builds is as wide as the operands: 16 bits (17 as
// signed numbers) by 16, one 27x18 multiplier of a DSP48E2 slice, as
// AutoSA's 8,192 DSPs for 8,192 multiply-adds show; the add is logic.
// RUN: %t2s-clang --report --device=u250 --fmax=261 --size=I=4 --size=J=4 --size=K=32 -Wno-t2s-initiation-interval %s | FileCheck %s
// CHECK:      PEs: 256 (iii in [0, 16), jjj in [0, 16))
// CHECK:      estimate on Alveo U250 (XCU250) at 261 MHz: 8,192 DSP48E2 slices of 12,288 (66.7%): 8,192 int16 multiply
// Each k tile of 32 values takes its 256 steps to fill (256 beats of a
// record per step), so each feeder's reader needs 64 bytes a clock, and a
// DDR4 bank sustains 50.0 at 261 MHz (a quarter of the 52.2 GB/s AMD
// measured a U250's memory to move): the loaders bound the run.
// CHECK:      initiation interval (clocks per step): mm16_load_a 2, mm16_load_b 2, mm16 1, mm16_drain_c 1
// CHECK-NEXT:   mm16_load_a: II 2: 64 bytes of 'a' per step (8388608 over 131328 steps), its memory bank moves 50.0 per clock
// CHECK:      throughput: 2,147,483,648 integer operations per run, 12801.7 per clock: 3341.2 GOPS
// AutoSA's DSPs, and the expected GOPS against its 3,435 in percent:
// within 10 %.
// RUN: %t2s-clang --report=json --device=u250 --fmax=261 --size=I=4 --size=J=4 --size=K=32 -Wno-t2s-initiation-interval %s | jq -c '.designs[0].estimate | [.dsp_blocks, ((.gops / 3435 - 1) * 1000 | round / 10)]' | FileCheck %s --check-prefix=AUTOSA
// AUTOSA: [8192,-{{[0-9](\.[0-9])?}}]
// The same products on Intel's devices: one of the two 18x19 multipliers of
// an Arria 10 DSP block each.
// RUN: %t2s-clang --report=json --device=arria10 --size=I=4 --size=J=4 --size=K=32 %s | jq -c '.designs[0].estimate | [.dsp_blocks, .ops]' | FileCheck %s --check-prefix=A10
// A10: [4096,[{"dsp_blocks":4096,"op":"int16 multiply","units":8192}]]

constexpr int III = 16, JJJ = 16, KKK = 32; // AutoSA's PEs and SIMD lanes
constexpr int II = 16, JJ = 16;             // its latency tiles
constexpr int TM = II * III, TN = JJ * JJJ, TL = KKK; // array_part 256, 256, 32

typedef unsigned short data_t;

void mm16(const data_t *a, const data_t *b, data_t *c, int I, int J, int K) {
  static data_t X[JJJ], Y[III][JJJ], Z[2][II][JJ][KKK][III][JJJ]; // URE arrays
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
        for (int ii = 0; ii < II; ++ii)
          for (int jj = 0; jj < JJ; ++jj)
            for (int kkk = 0; kkk < KKK; ++kkk)
              for (int iii = 0; iii < III; ++iii)
                for (int jjj = 0; jjj < JJJ; ++jjj) {
                  int row = (i * II + ii) * III + iii;
                  int col = (j * JJ + jj) * JJJ + jjj;
                  int dep = k * KKK + kkk;
                  X[jjj] = jjj == 0 ? a[row * L + dep] : X[jjj - 1];
                  Y[iii][jjj] = iii == 0 ? b[dep * N + col] : Y[iii - 1][jjj];
                  data_t prev = kkk != 0 ? Z[k % 2][ii][jj][kkk - 1][iii][jjj]
                                : k != 0 ? Z[(k - 1) % 2][ii][jj][kkk + KKK - 1][iii][jjj]
                                         : data_t(0);
                  Z[k % 2][ii][jj][kkk][iii][jjj] = prev + X[jjj] * Y[iii][jjj];
                  if (k == K - 1 && kkk == KKK - 1)
                    c[row * N + col] = Z[k % 2][ii][jj][kkk][iii][jjj];
                }
}
