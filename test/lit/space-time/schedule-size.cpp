// What a schedule cannot represent is refused at its source line (rule
// 'schedule size'): a time variable beyond the 32-bit 'int' the kernels and
// the native array count in, a loop beyond it, shift registers beyond 2 GiB.
// Legal designs whose schedule stretches the run or the registers far
// beyond the work get warnings with the numbers, in groups the user can
// silence or make errors (-Wno-t2s-..., -Werror=t2s-...), and the report
// says why the PEs idle.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang -O0 -c -DERRORS %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %not %t2s-clang --emit-opencl -DERRORS %s -o %t/e.cl 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %t2s-clang -O0 -c %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %t2s-clang -O0 -c -Wno-t2s-utilization %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=NOUTIL --implicit-check-not=t2s-utilization
// RUN: %t2s-clang -O0 -c -Wno-t2s-utilization -Wno-t2s-register-size %s -o %t/w.o 2>&1 | count 0
// RUN: %t2s-clang -O0 -c -w %s -o %t/w.o 2>&1 | count 0
// RUN: %not %t2s-clang -O0 -c -Werror=t2s-register-size %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %not %t2s-clang -O0 -c -Werror %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=WERRORALL
// RUN: %not %t2s-clang -O0 -c -Wt2s-registers %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// With plain clang and the plugins, the same through -mllvm -t2s-warn.
// RUN: %t2s-clangxx -O0 -c -mllvm -t2s-warn=no-t2s-utilization,no-t2s-register-size %s -o %t/w.o 2>&1 | count 0
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// The emulated build warns once, not once per step of its build.
// RUN: %t2s-clang --emulate -O0 %s -o %t/emu 2>&1 | FileCheck %s --check-prefix=ONCE
// ONCE-COUNT-2: warning:
// ONCE-NOT: warning:

// WARN: schedule-size.cpp:[[#@LINE+25]]:15: warning: this design runs 201003 time steps, but each of its 6 PEs works in 3 of them (utilization 0.0015%): t1 = 1000*j + 100000*i + k spans 201003 steps for the 3 values of k; smaller schedule coefficients shorten the run [-Wt2s-utilization]
// WARN: schedule-size.cpp:[[#@LINE+29]]:36: warning: the shift registers of 'A' hold 100001 words in each of the 6 PEs (600006 in all): this read at distance (0, 0, 1) waits 100000 time steps under the schedule; smaller schedule coefficients shorten the wait [-Wt2s-register-size]
// WARN: 2 warnings generated.
// NOUTIL: warning: the shift registers of 'A'
// NOUTIL: 1 warning generated.
// WERROR: warning: this design runs 201003 time steps
// WERROR: error: the shift registers of 'A' {{.*}} [-Wt2s-register-size]
// WERRORALL: error: this design runs 201003 time steps
// WERRORALL: error: the shift registers of 'A'
// UNKNOWN: t2s-clang: error: unknown warning option '-Wt2s-registers'; T2S's warnings are -Wt2s-utilization, -Wt2s-register-size
// REPORT: utilization: 18 / (6 PEs x 201003 steps) = 0.0015%
// REPORT-NEXT: PEs idle because t1 = 1000*j + 100000*i + k spans 201003 steps for the 3 values of k
// REPORT: registers of A: 100001 per PE (600006 in all)
// A healthy design says nothing about idling.
// REPORT: design healthy
// REPORT: utilization: 24 / (4 PEs x 6 steps) = 100.0%
// REPORT-NOT: idle
// REPORT: registers of A

constexpr int K = 3, J = 2, I = 3;

#ifndef ERRORS
void stretched(const int *x, int out[J][I]) {
  static int A[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(1000, 100000)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = (k == 0 ? 0 : A[k - 1][j][i]) +
                     (i == 0 ? 0 : A[k][j][i - 1]) + x[k + j + i];
        if (k == K - 1) out[j][i] = A[k][j][i];
      }
}

void healthy(const int x[10][4], int out[1][4]) {
  static int A[6][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < 6; ++k)
    for (int i = 0; i < 4; ++i) {
      A[k][i] = (k == 0 ? 0 : A[k - 1][i]) + x[k][i];
      if (k == 5) out[0][i] = A[k][i];
    }
}

int main() {
  int x[10][4] = {{0}}, out[1][4];
  healthy(x, out);
  return out[0][0];
}
#else
// ERR: schedule-size.cpp:[[#@LINE+4]]:15: error: this schedule gives the time variable t1 = 2147483647*j + 2147483647*i + k values in [0, 6442450943], beyond the 32-bit 'int' the systolic array counts time steps in ([-2147483648, 2147483647]); use smaller schedule coefficients [schedule size]
void tooLate(const int *x, int out[J][I]) {
  static int A[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(2147483647, 2147483647)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = (k == 0 ? 0 : A[k - 1][j][i]) + x[k + j + i];
        if (k == K - 1) out[j][i] = A[k][j][i];
      }
}

// ERR: schedule-size.cpp:[[#@LINE+4]]:15: error: this schedule gives the time variable t1 = -2147483647*i + k values in [-4294967294, 2], beyond
void tooEarly(const int *x, int *out) {
  static int A[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(-2147483647)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      A[k][i] = (k == 0 ? 0 : A[k - 1][i]) + x[k + i];
      if (k == K - 1) out[i] = A[k][i];
    }
}

// ERR: schedule-size.cpp:[[#@LINE+5]]:3: error: loop 'k' runs over [0, 3000000000), beyond the 32-bit 'int' range the systolic array counts its loops and time steps in ([-2147483648, 2147483647]); split the loop into a tile loop and a loop within the tile [constant bounds]
void longLoop(const int *x, long *out) {
  static long A[3][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (long k = 0; k < 3000000000L; ++k)
    for (int i = 0; i < 4; ++i) {
      A[k][i] = (k == 0 ? 0 : A[k - 1][i]) + x[i];
      if (k == 2999999999L) out[i] = A[k][i];
    }
}

// ERR: schedule-size.cpp:[[#@LINE+3]]:15: error: the shift registers of 'A' would hold 268435457 words in each of 3 PEs, more than the 1 GiB a design's registers may take (its longest read waits 268435456 time steps); use smaller schedule coefficients or fewer PEs [schedule size]
void hugeRegisters(const int *x, int *out) {
  static int A[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(268435456)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      A[k][i] = (i == 0 ? 0 : A[k][i - 1]) + x[k + i];
      if (i == I - 1) out[k] = A[k][i];
    }
}
#endif
