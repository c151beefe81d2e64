// T2SP's SGEMM on Arria 10 as T2SP writes it (IntelLabs/t2sp,
// t2s/tests/performance/gemm: III x JJJ = 10 x 8 PEs, KKK = 16 lanes, tiles
// II = JJ = KK = 32 kept by its feeders, run-time tile counts; 10K x 16K x
// 8K at 532 GFLOPS, 215 MHz): the reduction across kk and k tiles in one
// accumulator, buffer(a, k) and buffer(b, k). At that size the model must
// see what T2SP measured: the same 1,280 multiply-adds and 550.4 GFLOPS of
// peak as t2sp-gemm-a10.cpp, and with the reuse buffers about 70
// operations per byte off-chip, so the design is compute-bound (without
// them, 32 times the traffic and memory-bound). docs/estimates.md has the
// comparison. (The tiles make one run too long for a test; the reuse
// buffers are run by the t2sp_gemm and t2sp_conv examples.)
// RUN: %t2s-clang --report --device=arria10 --fmax=215 --size=I=32 --size=J=64 --size=K=16 %s | FileCheck %s
// RUN: %t2s-clang --report=json --device=arria10 --fmax=215 --size=I=32 --size=J=64 --size=K=16 %s | jq -c '.designs[0].estimate | [.dsp_blocks, .bound, .traffic.bytes_read, .traffic_without_reuse.bytes_read, .buffer_bits]' | FileCheck %s --check-prefix=JSON
// The same shape on a U250 at 300 MHz, through the HLS target's I/O modules
// (docs/hls.md): every kernel at II 1, the expected GFLOPS in percent of
// peak (at least 85).
// RUN: %t2s-clang --report=json --device=u250 --fmax=300 --size=I=32 --size=J=64 --size=K=16 -Wno-t2s-initiation-interval %s | jq -c '.designs[0].estimate | [.peak_gflops, (.expected_gflops / .peak_gflops * 1000 | round / 10), [.kernels[] | .ii]]' | FileCheck %s --check-prefix=U250
// U250: [768,{{100|9[0-9](\.[0-9])?|8[5-9](\.[0-9])?}},[1,1,1,1]]

// CHECK:      PEs: 80 (iii in [0, 10), jjj in [0, 8))
// CHECK:      reuse buffer of a at k: 2 halves of 1,024 t2s_float_x160 (1 bank), 10,485,760 bits; per tile of i, j, k it reads 1,024 steps (kk, ii) and sends 32,768: each value read is sent 32.00 times
// CHECK-NEXT: reuse buffer of b at k: 2 halves of 1,024 t2s_float_x128 (1 bank), 8,388,608 bits; per tile of i, j, k it reads 1,024 steps (kk, jj) and sends 32,768: each value read is sent 32.00 times
// CHECK-NEXT: the estimate's operations and traffic per run are at I = 32, J = 64, K = 16
// CHECK-NEXT: estimate on Arria 10 GX 1150 at 215 MHz: 1,280 DSP blocks of 1,518 (84.3%): 1,280 fp32 multiply-add
// CHECK-NEXT: on-chip memory: {{.*}} bits of shift registers, {{.*}} bits of channels, 18,874,368 bits of reuse buffers
// The kernels as T2SP builds them: the scatters and the gather move one
// transfer of every PE's value per step, the feeders send from their
// buffers every clock, and every kernel starts a step every clock
// (docs/estimates.md, "Initiation interval"). The run takes the array's
// steps and the feeders' extra tile: 550.4 GFLOPS, 3.5% above the 532
// T2SP measured (which also pays pipeline fill, drain and DRAM stalls).
// CHECK-NEXT: initiation interval (clocks per step): sgemm_load_a 1, sgemm_load_b 1, sgemm 1, sgemm_drain_c 1
// CHECK-NEXT: run: 1,073,774,592 clocks, 4.99 s at 215 MHz (the slowest kernel: sgemm_load_a, 1,073,774,592 steps of at most 1 clock)
// CHECK-NEXT: throughput: 2,560 floating-point operations per clock at one step per clock, peak 550.4 GFLOPS; expected 550.4 GFLOPS (over the 1,073,774,592 clocks of a run)
// CHECK-NEXT: cell updates: 1,374,389,534,720 points of the nest per run, 275.2 G per second
// CHECK-NEXT: off-chip traffic formula (bytes): reads a 655,360*I*J*K, b 524,288*I*J*K; writes c 327,680*I*J
// CHECK-NEXT: off-chip traffic per run: 39,325,794,304 bytes; reads a 21,474,836,480, b 17,179,869,184; writes c 671,088,640
// CHECK-NEXT: off-chip traffic formula without the reuse buffers (bytes): reads a 20,971,520*I*J*K, b 16,777,216*I*J*K; writes c 327,680*I*J
// CHECK-NEXT: off-chip traffic per run without the reuse buffers: 1,237,621,669,888 bytes; reads a 687,194,767,360, b 549,755,813,888 (31.47 times the traffic with them)
// CHECK-NEXT: roofline: 2,748,779,069,440 floating-point operations per run, 69.90 per byte off-chip; at 38.4 GB/s (Intel PAC with Arria 10 GX) compute-bound: 550.4 GFLOPS (the memory could feed 2684.1)
// JSON: [1280,"compute",38654705664,1236950581248,18874368]

constexpr int III = 10, JJJ = 8, KKK = 16; // T2SP's array and lanes (sizes.h)
constexpr int II = 32, JJ = 32, KK = 32;   // the tiles its feeders keep
constexpr int TM = II * III, TN = JJ * JJJ, TL = KK * KKK;

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
