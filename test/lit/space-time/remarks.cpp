// Remarks of the space-time step: -Rpass=t2s-space-time says what each URE
// system became, -Rpass-analysis=t2s-space-time gives each space_time's time
// variable and range, -Rpass-missed=t2s-space-time names a URE nest that
// stays sequential (and a value passed along PEs in one step); kernels none.
// RUN: %t2s-clang -O0 -c %s -o /dev/null -Rpass=t2s-space-time -Rpass-analysis=t2s-space-time -Rpass-missed=t2s-space-time 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: %t2s-clang -O0 -c %s -o /dev/null 2>&1 | count 0
// CHECK: remarks.cpp:[[#@LINE+15]]:3: remark: the URE system at [[#@LINE+12]]:15 is a systolic array of 3 PEs x 36 time steps, utilization 11.1%, 30 shift-register words [-Rpass=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+14]]:3: remark: space_time at [[#@LINE+12]]:15: t1 = 3*j + 2*i + k in [0, 9) [-Rpass-analysis=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+13]]:3: remark: space_time at [[#@LINE+12]]:15: t2 = 1*i + j in [0, 4) [-Rpass-analysis=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+23]]:3: remark: the URE system at [[#@LINE+22]]:15 has no space_time: it runs sequentially, as written; '#pragma t2s space_time(...)' makes it a systolic array [-Rpass-missed=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+38]]:3: remark: the URE system at [[#@LINE+36]]:15 is a systolic array of 4 x 5 PEs x 1 time steps, utilization 100.0%, 20 shift-register words [-Rpass=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+37]]:3: remark: the value of A read at [[#@LINE+39]]:31 passes through 5 PEs within one step: a chain of wires and of the operations on the way, with no register between the PEs; a schedule vector that moves it one PE per step (space_time(...) schedule(...)) makes the array systolic [-Rpass-analysis=t2s-space-time]
// CHECK: remarks.cpp:[[#@LINE+36]]:3: remark: space_time at [[#@LINE+35]]:15: every loop is space: one time step [-Rpass-analysis=t2s-space-time]

constexpr int K = 2, J = 2, I = 3;

void skewed(const int *x, int out[J][I]) {
  static int A[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(3, 2)
  #pragma t2s space_time(i) schedule(1)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = (k == 0 ? 0 : A[k - 1][j][i]) + (i == 0 ? 0 : A[k][j][i - 1]) + x[k + j + i];
        if (k == K - 1) out[j][i] = A[k][j][i];
      }
}

void sequential(const int *x, int *out) {
  static int S[8];
  #pragma t2s ure
  for (int i = 0; i < 8; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + x[i];
    out[i] = S[i];
  }
}

void scale(const int *in, int *out) {
  #pragma t2s kernel(scale)
  for (int i = 0; i < 8; ++i)
    out[i] = 3 * in[i];
}

void allSpace(const int x[4][5], int out[4][5]) {
  static int A[4][5];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 5; ++i) {
      A[j][i] = (i == 0 ? 0 : A[j][i - 1]) + x[j][i];
      out[j][i] = A[j][i];
    }
}
