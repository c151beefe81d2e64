// Inputs indexed by values the PEs compute, read through a loader (issue
// #36, item 4): the loader streams the window of elements the index may
// pick and the PE picks one (systolic/GatherWindow.h). The index splits
// into what the loader computes from the loop variables and the part
// computed in the array, whose values LLVM's ConstantRange bounds through
// the statements that compute it; the window must stay within the extent
// the parameter is declared with. Three forms:
//  * AutoSA's 2:4 block-sparse PE: x[g * 4 + off], off = (mask >> 2e) & 3:
//    a window of 4, x[g * 4] .. x[g * 4 + 3];
//  * a table streamed whole: b[idx[i][k] & 7] over the 8 elements of b,
//    its index an input that a loader streams too;
//  * a pick below zero: w[j + 1 + d], d = (sel & 3) - 1 in [-1, 2]:
//    w[j] .. w[j + 3];
//  * AutoSA's block-sparse GEMM on a 2-D array (B written B[J][K], as
//    AutoSA's test has it): PE (j, i) picks B[j][g * 4 + off], a window
//    that names the PE loop j, read once for the PEs along i.
// Each runs as the reference, native at -O0 and -O2, emulated and in HLS C
// simulation; the kernels, the report's channels and traffic, the JSON and
// the dump are pinned, and the clocked emulation meets the model.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RESULT: sparse 55 -15 -14 16
// RESULT-NEXT: whole 224 272 272 352
// RESULT-NEXT: shifted 12 28 28 124
// RESULT-NEXT: spmm 55 -38 51 -15 -2 -41 -14 -38 16 16 -17 -24
// RUN: %t2s-clang -O0 -Wno-t2s-initiation-interval %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 -Wno-t2s-initiation-interval %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -Wno-t2s-initiation-interval %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -Wno-t2s-initiation-interval %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: %python %t2s_src/scripts/clocked-vs-model.py --t2s-clang %t2s-clang --program %t/emulated %s | FileCheck %s --check-prefix=CLOCK
// CLOCK: worst difference: {{[0-9]}}.{{[0-9]}}% (tolerance 10%)
//
// The loaders read each window, the PEs pick from it. A window no PE loop
// names (x's, b's) is read once per step and sent to every PE; w's starts
// at each PE's own element.
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL: float x_lanes[4]; // the elements this step's reads may pick, for every PE
// CL-NEXT: x_lanes[0] = x[((long)(g * 4)) + 0];
// CL-NEXT: x_lanes[1] = x[((long)(g * 4)) + 1];
// CL-NEXT: x_lanes[2] = x[((long)(g * 4)) + 2];
// CL-NEXT: x_lanes[3] = x[((long)(g * 4)) + 3];
// CL-NEXT: // What each PE reads, when it reads it.
// CL-NEXT: #pragma unroll
// CL-NEXT: for (int i = 0; i < 4; i++) {
// CL-NEXT: T2S_WRITE(sparse_x[i], ((float4){x_lanes[0], x_lanes[1], x_lanes[2], x_lanes[3]}));
// CL: float x_in[4];
// CL-NEXT: { float4 x_in_vec = T2S_READ(sparse_x[i]); x_in[0] = x_in_vec.s0; x_in[1] = x_in_vec.s1; x_in[2] = x_in_vec.s2; x_in[3] = x_in_vec.s3; }
// CL: sr_S[0][i] = (val_in * x_in[((long)sr_OFF[0][i])] +
// CL: b_lanes[7] = b[7];
// CL: T2S_WRITE(whole_b[i], ((float8){b_lanes[0], b_lanes[1], b_lanes[2], b_lanes[3], b_lanes[4], b_lanes[5], b_lanes[6], b_lanes[7]}));
// CL: sr_S[0][i] = (a_in * b_in[((long)(idx_in & 7))] +
// CL: float w_lanes[4]; // the elements this read may pick
// CL-NEXT: w_lanes[0] = w[((long)(j + 1)) - 1];
// CL: w_lanes[3] = w[((long)(j + 1)) + 2];
// CL: sr_S[0][j] = (w_in[(((long)sr_D[0][j]) + 1)] *
// CL-LABEL: void spmm_load_B(
// CL: for (int j = 0; j < 3; j++) {
// CL-NEXT: float B_lanes[4]; // the elements the reads of the PEs inside may pick
// CL-NEXT: B_lanes[0] = B[((long)j) * 16 + ((long)(g * 4)) + 0];
// CL: #pragma unroll
// CL-NEXT: for (int i = 0; i < 4; i++) {
// CL-NEXT: T2S_WRITE(spmm_B[j][i], ((float4){B_lanes[0], B_lanes[1], B_lanes[2], B_lanes[3]}));
// RUN: %t2s-clang --emit-hls -Wno-t2s-initiation-interval %s -o %t/k.cpp
// RUN: FileCheck %s --check-prefix=HLS < %t/k.cpp
// HLS: x_lanes[3] = x[((long)(g * 4)) + 3];
// HLS: sparse_x[i].write(t2s_float_x4{{[{][{]}}x_lanes[0], x_lanes[1], x_lanes[2], x_lanes[3]{{[}][}]}});
//
// The report: the windows, what reading them costs off-chip (x: 8 steps
// of 4 floats; w: 12 reads of 4 floats), and the JSON.
// RUN: %t2s-clang --report -Wno-t2s-initiation-interval %s -o %t/report.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.txt
// REPORT: channels of x from its loader: 4 (one per i) carrying windows of 4 elements, from which each read picks one
// REPORT: off-chip traffic per run: 304 bytes; reads val 128, mask 32, x 128; writes y 16
// REPORT: channels of b from its loader: 4 (one per i) carrying windows of 8 elements, from which each read picks one
// REPORT: off-chip traffic per run: 528 bytes; reads a 128, idx 128, b 256; writes out 16
// REPORT: channels of w from its loader: 4 (one per j) carrying windows of 4 elements, from which each read picks one
// REPORT: off-chip traffic per run: 256 bytes; reads sel 48, w 192; writes out 16
// REPORT: PEs: 12 (j in [0, 3), i in [0, 4))
// REPORT: channels of B from its loader: 12 (one per j, i) carrying windows of 4 elements, from which each read picks one
// REPORT: off-chip traffic per run: 912 bytes; reads aval 384, aidx 96, B 384; writes C 48
// RUN: %t2s-clang --report=json -Wno-t2s-initiation-interval %s -o %t/report.json
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print([c['window'] for x in d['designs'] for c in x['channels']])" %t/report.json | FileCheck %s --check-prefix=JSON
// JSON: [None, None, 4, None, None, 8, None, 4, None, None, 4, None]
// RUN: %t2s-clang -c -mllvm -t2s-dump-design-after=isolate -Wno-t2s-initiation-interval %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// DUMP: channel sparse_x: loader of x, f32x4, depth 16 [4 i], 4 used (4 one per PE), windows of 4 elements a PE picks from
// DUMP: channel whole_b: loader of b, f32x8, depth 16 [4 i], 4 used (4 one per PE), windows of 8 elements a PE picks from
// DUMP: channel shifted_w: loader of w, f32x4, depth 16 [4 j], 4 used (4 one per PE), windows of 4 elements a PE picks from
#include <cstdio>

constexpr int I = 4, G = 4, E = 2;

void sparse(const float val[I][G][E], const unsigned char mask[I][G], const float x[G * 4],
            float y[I]) {
  static unsigned char M[G][E][I];
  static int OFF[G][E][I];
  static float S[G][E][I];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(val, mask, x)
#pragma t2s drainer(y)
  for (int g = 0; g < G; ++g)
    for (int e = 0; e < E; ++e)
      for (int i = 0; i < I; ++i) {
        M[g][e][i] = mask[i][g];
        OFF[g][e][i] = (M[g][e][i] >> (2 * e)) & 3;
        S[g][e][i] = (e != 0   ? S[g][e - 1][i]
                      : g != 0 ? S[g - 1][e + E - 1][i]
                               : 0.f) +
                     val[i][g][e] * x[g * 4 + OFF[g][e][i]];
        if (g == G - 1 && e == E - 1)
          y[i] = S[g][e][i];
      }
}

constexpr int N = 4, K = 8;

void whole(const float a[N][K], const int idx[N][K], const float b[K], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(a, idx, b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[idx[i][k] & (K - 1)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

constexpr int J = 4, T = 3;

void shifted(const int sel[T][J], const float w[J + 3], float out[J]) {
  static int D[T][J];
  static float S[T][J];
#pragma t2s ure
#pragma t2s space_time(j)
#pragma t2s loader(w)
  for (int t = 0; t < T; ++t)
    for (int j = 0; j < J; ++j) {
      D[t][j] = (sel[t][j] & 3) - 1;
      S[t][j] = (t == 0 ? 0.f : S[t - 1][j]) + w[j + 1 + D[t][j]] * float(t + 1);
      if (t == T - 1)
        out[j] = S[t][j];
    }
}

constexpr int SI = 4, SJ = 3, SK = G * 4;

// C[i][j]: the two kept values of each group of four of row i of A times
// the elements of row j of B their offsets name.
void spmm(const float aval[SI][G][E], const unsigned char aidx[SI][G], const float B[SJ][SK],
          float C[SI][SJ]) {
  static int O[G][E][SJ][SI];
  static float P[G][E][SJ][SI];
#pragma t2s ure
#pragma t2s space_time(j, i)
#pragma t2s loader(aval, aidx, B)
#pragma t2s drainer(C)
  for (int g = 0; g < G; ++g)
    for (int e = 0; e < E; ++e)
      for (int j = 0; j < SJ; ++j)
        for (int i = 0; i < SI; ++i) {
          O[g][e][j][i] = (aidx[i][g] >> (2 * e)) & 3;
          P[g][e][j][i] = (e != 0   ? P[g][e - 1][j][i]
                           : g != 0 ? P[g - 1][e + E - 1][j][i]
                                    : 0.f) +
                          aval[i][g][e] * B[j][g * 4 + O[g][e][j][i]];
          if (g == G - 1 && e == E - 1)
            C[i][j] = P[g][e][j][i];
        }
}

int main() {
  float val[I][G][E], x[G * 4], y[I];
  unsigned char mask[I][G];
  for (int i = 0; i < I; ++i)
    for (int g = 0; g < G; ++g) {
      int first = (i + g) % 3, second = first + 1 + (i * g) % (3 - first);
      mask[i][g] = (unsigned char)(first | second << 2);
      for (int e = 0; e < E; ++e)
        val[i][g][e] = float((i * 5 + g * 3 + e * 7) % 9 - 4);
    }
  for (int n = 0; n < G * 4; ++n)
    x[n] = float((n * 11) % 13 - 6);
  sparse(val, mask, x, y);
  std::printf("sparse");
  for (float v : y)
    std::printf(" %g", v);
  float a[N][K], b[K], out[N];
  int idx[N][K];
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) {
      a[i][k] = float(i + k);
      idx[i][k] = (i * 3 + k) * 5 - 7;
    }
  for (int k = 0; k < K; ++k)
    b[k] = float(k * 2);
  whole(a, idx, b, out);
  std::printf("\nwhole");
  for (float v : out)
    std::printf(" %g", v);
  int sel[T][J];
  float w[J + 3], o[J];
  for (int t = 0; t < T; ++t)
    for (int j = 0; j < J; ++j)
      sel[t][j] = t * 7 + j * 3;
  for (int n = 0; n < J + 3; ++n)
    w[n] = float(n * n - 3);
  shifted(sel, w, o);
  std::printf("\nshifted");
  for (float v : o)
    std::printf(" %g", v);
  float aval[SI][G][E], B[SJ][SK], C[SI][SJ];
  unsigned char aidx[SI][G];
  for (int i = 0; i < SI; ++i)
    for (int g = 0; g < G; ++g) {
      int first = (i + g) % 3, second = first + 1 + (i * g) % (3 - first);
      aidx[i][g] = (unsigned char)(first | second << 2);
      for (int e = 0; e < E; ++e)
        aval[i][g][e] = float((i * 5 + g * 3 + e * 7) % 9 - 4);
    }
  for (int j = 0; j < SJ; ++j)
    for (int k = 0; k < SK; ++k)
      B[j][k] = float((j * 7 + k * 11) % 13 - 6);
  spmm(aval, aidx, B, C);
  std::printf("\nspmm");
  for (int i = 0; i < SI; ++i)
    for (int j = 0; j < SJ; ++j)
      std::printf(" %g", C[i][j]);
  std::printf("\n");
}
