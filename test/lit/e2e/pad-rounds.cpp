// pad_rounds(i, N) (docs/language.md, "Padded rounds"): the array's kernel
// runs each round of i, its values of the triangle's loop, in at least N
// steps, idle steps first where a round is shorter, so that what the PE
// buffers keep across rounds is read and overwritten at least N steps
// apart, and tells the FPGA compiler so (#pragma ivdep safelen). Five forms:
// a read one round back; one two rounds back and one column on (a window of
// 3); a read across the round beside one within it; the triangle inside a
// loop that runs to a size known at run time; a loaded input, whose loader
// runs the nest's steps while the array idles in the padding. Reference =
// native (-O0, -O2, unpadded) = emulated (padded) = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// CHECK: across 130 136 142 148
// CHECK-NEXT: farther 51 55.5 60 64.5
// CHECK-NEXT: within 159 168.75 178.5 188.25
// CHECK-NEXT: runtime1 {{.*}}
// CHECK-NEXT: runtime3 {{.*}}
// CHECK-NEXT: loaded 130 136 142 148
//
// The schedule: the padded steps (rounds of 6, 5, ..., 1 steps padded to
// 6: 36), and how far apart the buffers' accesses
// stay: the fewest steps a read across rounds waits, or a word waits after
// its last read before it is overwritten. In 'farther' (rounds padded to 3)
// the reads wait 5 steps or more, but the word (2, 5) that round 4 reads at
// (4, 4) is overwritten by (5, 5) four steps later: 4.
// RUN: %t2s-clangxx -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/s.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-space-time>' -disable-output %t/s.ll 2>&1 | FileCheck %s --check-prefix=SCHED
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}pad-rounds.cpp:{{[0-9]+}}:15
// SCHED: time: i x6, t1 x6 = 21 steps
// SCHED-NEXT: pad_rounds: the kernels run each round of i (its values of k) in at least 6 steps, 36 in all, so that the buffers' accesses across rounds are at least 6 steps apart
// SCHED: read of S at distance (1, 0, 0): waits 6 steps in a PE buffer
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}pad-rounds.cpp:{{[0-9]+}}:15
// SCHED: pad_rounds: the kernels run each round of i (its values of k) in at least 3 steps, 24 in all, so that the buffers' accesses across rounds are at least 4 steps apart
// SCHED: read of T at distance (2, -1, 0): waits 5 to 8 steps in a PE buffer
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}pad-rounds.cpp:{{[0-9]+}}:15
// SCHED: pad_rounds: the kernels run each round of i (its values of k) in at least 5 steps, 31 in all, so that the buffers' accesses across rounds are at least 5 steps apart
// SCHED: read of R at distance (0, 2, 0): time distance 2 within a round of i
// SCHED-LABEL: space-time schedule of the URE system at {{.*}}pad-rounds.cpp:{{[0-9]+}}:15
// SCHED: time: h x4 (n at run time), i x6, t1 x6 = 84 steps
// SCHED-NEXT: pad_rounds: the kernels run each round of i (its values of k) in at least 4 steps, 108 in all
//
// The kernel: the counters of the round and of its column before the loop
// of steps, the arrays the FPGA compiler may take as 6 steps apart, a step
// that runs where the column is one of the round's, and the counters moved
// at its end.
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s --check-prefix=CL
// CL-LABEL: void across(
// CL: int i = 0;
// CL-NEXT: int k = ((6 - 6) < i) ? (6 - 6) : i;
// CL-NEXT: #if defined(INTELFPGA_CL) || defined(ALTERA_CL)
// CL-NEXT: #pragma ivdep safelen(6) array(sr_S)
// CL-NEXT: #endif
// CL-NEXT: for (int step = 0; step < 36; step++) {
// CL: if (k >= i) {
// CL: k = (k + 1);
// CL-NEXT: if (k == 6) {
// CL-NEXT: i = (i + 1);
// CL-NEXT: k = (((6 - 6) < i) ? (6 - 6) : i);
// CL-LABEL: void within(
// CL: #pragma ivdep safelen(5) array(sr_R)
// CL-LABEL: void runTime(
// CL: for (int h = 0; h < n; h++) {
// CL-NEXT: int i = 0;
// CL: for (int step = 0; step < 27; step++) {
// The loader sends at the nest's steps, without padding:
// CL-LABEL: void loaded_load_in(
// CL: for (int i = 0; i < 6; i++) {
// CL-NEXT: for (int k = i; k < 6; k++) {
// The Vitis HLS loop of steps states the same distance:
// RUN: %t2s-clang --emit-hls %s -o - | FileCheck %s --check-prefix=HLS
// HLS-LABEL: void across(
// HLS: #pragma HLS PIPELINE II=1
// HLS-NEXT: #pragma HLS DEPENDENCE variable=sr_S type=inter direction=RAW distance=6 dependent=true
// HLS-NEXT: #pragma HLS DEPENDENCE variable=sr_S type=inter direction=WAR distance=6 dependent=true
//
// The report counts the padded steps; the adds of 'across' (6 clocks on an
// Arria 10) fit in the 6 steps between a word's write and its read, so a
// step starts every clock. Rounds padded to 3 in 'farther' keep T's words
// only 4 steps apart, and the warning says how far to pad. The clocked
// emulation runs the padded steps as the model says.
// RUN: %t2s-clang --report %s 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: pad-rounds.cpp:[[@LINE+39]]:20: warning: kernel 'farther' starts a step every 2 clocks on Arria 10 GX 1150, not every clock: the value of T carried 4 steps through 1 floating-point operation of 6 clocks (6 clocks) (the padded rounds keep the buffer's accesses only 4 steps apart; pad each round of 'i' to more steps: '#pragma t2s pad_rounds(i, 6)' in place of '#pragma t2s pad_rounds(i, 3)') [-Wt2s-initiation-interval]
// REPORT: design across(
// REPORT: pad_rounds: the kernels run each round of i (its values of k) in at least 6 steps, 36 in all
// REPORT: initiation interval (clocks per step): across 1
// REPORT-NEXT: run: 36 clocks
// RUN: %python %t2s_src/scripts/clocked-vs-model.py --t2s-clang %t2s-clang --program %t/emulated %s | FileCheck %s --check-prefix=CLOCKED
// CLOCKED: run 1 (across, stage 1): emulated 36 cycles (across), model 36 (across, II 1): 1.000
// CLOCKED-NEXT: run 2 (farther, stage 1): emulated 48 cycles (farther), model 48 (farther, II 2): 1.000
// CLOCKED-NEXT: run 3 (within, stage 1): emulated 93 cycles (within), model 93 (within, II 3): 1.000
// CLOCKED-NEXT: run 4 (runTime, stage 1, n=1): emulated 54 cycles (runTime), model 54 (runTime, II 2): 1.000
// CLOCKED-NEXT: run 5 (runTime, stage 1, n=3): emulated 162 cycles (runTime), model 162 (runTime, II 2): 1.000
// CLOCKED-NEXT: run 6 (loaded, stage 1): emulated 55 cycles (loaded), model 54 (loaded, II 2): 1.019
#include <cstdio>

constexpr int N = 6, P = 4;

void across(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 6)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// T at (i, k) reads (i - 2, k + 1): two rounds back, one column on.
void farther(const float (*in)[P], float (*out)[P]) {
  static float T[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 3)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        T[i][k][p] = (i < 2 || k == N - 1) ? in[k][p] : T[i - 2][k + 1][p] * 0.5f + 1.0f;
        if (k == i)
          out[i][p] = T[i][k][p];
      }
}

// R at (i, k) reads the round before and two columns back in its round.
void within(const float (*in)[P], float (*out)[P]) {
  static float R[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 5)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        R[i][k][p] = (i == 0 || k < i + 2) ? in[k][p] : R[i - 1][k][p] + R[i][k - 2][p] * 0.5f;
        if (k == N - 1)
          out[i][p] = R[i][k][p];
      }
}

// The triangle inside a loop that runs to a size known at run time.
void runTime(const float (*in)[P], float (*out)[P], int n) {
  static float W[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 4)
  for (int h = 0; h < n; ++h)
    for (int i = 0; i < N; ++i)
      for (int k = i; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          W[h % 2][i][k][p] = (i == 0 || k == i) ? in[k][p] + float(h)
                                                 : W[h % 2][i - 1][k][p] * 0.5f + float(i);
          if (k == N - 1)
            out[i][p] = W[h % 2][i][k][p];
        }
}

// A loader streams the input to the PEs at the nest's steps.
void loaded(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 4)
  #pragma t2s loader(in)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

int main() {
  static float in[N][P], out[N][P];
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < P; ++p)
      in[k][p] = float(k * P + p);
  auto print = [&](const char *Name, int Rows) {
    std::printf("%s", Name);
    for (int p = 0; p < P; ++p) {
      float Sum = 0;
      for (int i = 0; i < Rows; ++i)
        Sum += out[i][p];
      std::printf(" %g", Sum);
    }
    std::printf("\n");
  };
  across(in, out);
  print("across", N);
  farther(in, out);
  print("farther", N);
  within(in, out);
  print("within", N);
  for (int n = 1; n <= 3; n += 2) {
    runTime(in, out, n);
    print(n == 1 ? "runtime1" : "runtime3", N);
  }
  loaded(in, out);
  print("loaded", N);
}
