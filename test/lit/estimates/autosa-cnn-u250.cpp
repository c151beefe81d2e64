// AutoSA's large CNN layer on an Alveo U250 (UCLA-VAST/AutoSA,
// autosa_tests/large/cnn: cout[r][c][o] += cin[r + p][c + q][i] *
// w[o][p][q][i] with O = I = 512, R = C = 56, a 3 x 3 window;
// space_time[4], array_part[64,56,14,64], latency[4,4,7], simd[1,1,8];
// docs/examples/cnn_large.rst reports 932.7 GFLOPS at 265 MHz with 8,960
// DSPs, routed with AutoBridge): 14 x 16 PEs over r and o, each a dot
// product of 8 lanes of i per clock, 1,792 multiply-adds. Written as
// autosa-mm-u250.cpp writes AutoSA's SGEMM: cin travels along o2, w along
// r2, the reduction over (i, p, q) carried across the latency tiles o1 x r1
// x c1 = 16 x 4 x 14 steps, so the fp32 add never holds the array back;
// buffer(cin, i0) and buffer(w, i0) keep an i tile of 64 on chip. At
// AutoSA's size (--size=O0=2 --size=C0=4 --size=I0=8):
// - the array is AutoSA's: 8,960 DSP48E2 slices, 949.8 GFLOPS of peak at
//   265 MHz, 1.8 % above AutoSA's measured 932.7;
// - the o tile is 256 where AutoSA's is 64 (o1 = 16, not 4). AutoSA's
//   cin buffer holds a tile's footprint, so the 3 x 3 window's overlap is
//   read once; a T2S reuse buffer keeps the steps whose values differ (i1,
//   p, q, r1, c1: 4,032 records of 7 beats per i0 tile) and reuses them
//   across o1 only. With o1 = 4 the records would need 28,224 beats in an
//   i0 tile's 16,128 steps (II 2); with o1 = 16 they take 28,224 of its
//   64,512 steps, and the reuse buffers' 38.3 Mbit still fit the block RAM
//   (1,606 of 2,688 BRAM36 in all);
// - the I/O kernels (docs/estimates.md, "Checked against AutoSA's SGEMM on
//   a U250"): the readers move a beat a clock, the feeders send a step a
//   clock, the drainer sends its records to a writer: every kernel at II 1,
//   935.1 GFLOPS expected, 0.3 % above AutoSA's measured 932.7.
// RUN: %t2s-clang --report --device=u250 --fmax=265 --size=O0=2 --size=C0=4 --size=I0=8 %s | FileCheck %s
// No kernel warns of its initiation interval:
// RUN: %t2s-clang --report --device=u250 --fmax=265 --size=O0=2 --size=C0=4 --size=I0=8 %s 2>&1 >/dev/null | count 0
// CHECK:      PEs: 224 (r2 in [0, 14), o2 in [0, 16))
// CHECK:      reuse buffer of cin at i0: 2 halves of 4,032 t2s_float_x112 (1 bank), 28,901,376 bits; per tile of o0, c0, i0 it reads 4,032 steps (i1, p, q, r1, c1) and sends 64,512: each value read is sent 16.00 times
// CHECK:      estimate on Alveo U250 (XCU250) at 265 MHz: 8,960 DSP48E2 slices of 12,288 (72.9%): 1,792 fp32 multiply-add
// CHECK:      I/O module cnn_read_cin: cin as the host lays it out, 4,032 records of 7 beats per tile, a beat per step in 28,224 of cnn_load_cin's 64,512 steps
// CHECK:      on-chip memory: {{.*}} (1,606 of 2,688 BRAM36 blocks if none were in logic;
// CHECK:      initiation interval (clocks per step): cnn_load_cin 1, cnn_load_w 1, cnn 1, cnn_drain_cout 1
// CHECK:      throughput: 3,584 floating-point operations per clock at one step per clock, peak 949.8 GFLOPS; expected 935.1 GFLOPS
// The peak and the expected figure against 932.7 GFLOPS, in percent: within 10 %.
// RUN: %t2s-clang --report=json --device=u250 --fmax=265 --size=O0=2 --size=C0=4 --size=I0=8 %s | jq -c '.designs[0].estimate | [.dsp_blocks, ((.peak_gflops / 932.7 - 1) * 1000 | round / 10), ((.expected_gflops / 932.7 - 1) * 1000 | round / 10)]' | FileCheck %s --check-prefix=JSON
// JSON: [8960,1.8,0.3]
// The same array at AutoSA's o tile (o1 = 4) without reuse buffers: each
// loader reads its step's 448 and 512 bytes itself from a DDR4 bank that
// sustains 49.3 bytes a clock at 265 MHz.
// RUN: sed -e 's/O1 = 16,/O1 = 4,/' -e '/pragma t2s buffer/d' %s > %t.o4.cpp
// RUN: %t2s-clang --report --device=u250 --fmax=265 --size=O0=8 --size=C0=4 --size=I0=8 -Wno-t2s-initiation-interval %t.o4.cpp | FileCheck %s --check-prefix=O4
// O4: initiation interval (clocks per step): cnn_load_cin 10, cnn_load_w 11, cnn 1, cnn_drain_cout 1
// O4: expected 86.3 GFLOPS

constexpr int R2 = 14, O2 = 16, II = 8;        // AutoSA's PEs (r x o) and SIMD lanes (i)
constexpr int O1 = 16, R1 = 4, C1 = 14;        // latency tiles (AutoSA's o1 is 4)
constexpr int I1 = 8, KS = 3;                  // the rest of an i tile of 64; the 3 x 3 window
constexpr int TO = O1 * O2, TR = R1 * R2, TC = C1, TI = I1 * II; // 256, 56, 14, 64 (AutoSA's array_part: 64, ...)

void cnn(const float *cin, const float *w, float *cout, int O0, int C0, int I0) {
  static float X[O2], Y[R2][O2], Z[2][I1][KS][KS][O1][R1][C1][II][R2][O2]; // URE arrays
  const int O = O0 * TO, C = C0 * TC, I = I0 * TI, W = C + KS - 1;
  #pragma t2s ure
  #pragma t2s space_time(r2, o2)
  #pragma t2s loader(cin, w)
  #pragma t2s drainer(cout)
  #pragma t2s buffer(cin, i0)
  #pragma t2s buffer(w, i0)
  #pragma t2s scatter(cin, r2, up)
  #pragma t2s scatter(w, o2, up)
  #pragma t2s gather(cout, r2, down)
  #pragma t2s vectorize(ii)
  for (int o0 = 0; o0 < O0; ++o0)
    for (int c0 = 0; c0 < C0; ++c0)
      for (int i0 = 0; i0 < I0; ++i0)
        for (int i1 = 0; i1 < I1; ++i1)
          for (int p = 0; p < KS; ++p)
            for (int q = 0; q < KS; ++q)
              for (int o1 = 0; o1 < O1; ++o1)
                for (int r1 = 0; r1 < R1; ++r1)
                  for (int c1 = 0; c1 < C1; ++c1)
                    for (int ii = 0; ii < II; ++ii)
                      for (int r2 = 0; r2 < R2; ++r2)
                        for (int o2 = 0; o2 < O2; ++o2) {
                          int o = (o0 * O1 + o1) * O2 + o2;
                          int r = r1 * R2 + r2;
                          int c = c0 * C1 + c1;
                          int i = (i0 * I1 + i1) * II + ii;
                          X[o2] = o2 == 0 ? cin[((r + p) * W + c + q) * I + i] : X[o2 - 1];
                          Y[r2][o2] = r2 == 0 ? w[((o * KS + p) * KS + q) * I + i] : Y[r2 - 1][o2];
                          float prev =
                              ii != 0 ? Z[i0 % 2][i1][p][q][o1][r1][c1][ii - 1][r2][o2]
                              : q != 0 ? Z[i0 % 2][i1][p][q - 1][o1][r1][c1][ii + II - 1][r2][o2]
                              : p != 0 ? Z[i0 % 2][i1][p - 1][q + KS - 1][o1][r1][c1][ii + II - 1][r2][o2]
                              : i1 != 0 ? Z[i0 % 2][i1 - 1][p + KS - 1][q + KS - 1][o1][r1][c1][ii + II - 1][r2][o2]
                              : i0 != 0 ? Z[(i0 - 1) % 2][i1 + I1 - 1][p + KS - 1][q + KS - 1][o1][r1][c1][ii + II - 1][r2][o2]
                                        : 0.f;
                          Z[i0 % 2][i1][p][q][o1][r1][c1][ii][r2][o2] = prev + X[o2] * Y[r2][o2];
                          if (i0 == I0 - 1 && i1 == I1 - 1 && p == KS - 1 && q == KS - 1 && ii == II - 1)
                            cout[(r * C + c) * O + o] = Z[i0 % 2][i1][p][q][o1][r1][c1][ii][r2][o2];
                        }
}
