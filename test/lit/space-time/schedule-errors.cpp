// A schedule vector must move every dependence forward in time; a later
// space_time turns exactly one space loop into time.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-space-time>' -disable-output %t.ll | FileCheck %s

constexpr int N = 4;

// A read within a step from a PE that runs later in the step (i + 1).
// CHECK-DAG: rejected at {{.*}}schedule-errors.cpp:[[@LINE+7]]:{{[0-9]+}}: the schedule gives this read of 'A' (distance (1, -1)) the time distance 0 (t1 = 1*i + j changes by 1*(-1) + 1 = 0); with a schedule vector a read stays within a step only from a PE that runs before this one in nest order (a chain), and this one runs after: change the schedule
void zeroTimeDistance(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(1)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = j == 0 || i == N - 1 ? in[j] : A[j - 1][i + 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

// CHECK-DAG: rejected at {{.*}}schedule-errors.cpp:[[@LINE+7]]:{{[0-9]+}}: the schedule gives this read of 'A' (distance (0, 1)) the time distance -1 (t1 = -1*i + j changes by -1*1 + 0 = -1); with a schedule vector every dependence must move forward in time (T.d > 0), or stay within a step along a chain of PEs: change the schedule
void backwards(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(-1)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

// CHECK-DAG: rejected at {{.*}}schedule-errors.cpp:[[@LINE+5]]:15: this space_time drops 2 space loops (j, i); each later space_time turns exactly one space loop of the previous one into time: split it into several space_time lines
void dropsTwo(const int *in, int *out) {
  int A[N][N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(i, j, h) schedule(1, 1, 1)
  #pragma t2s space_time(h) schedule(1)
  for (int k = 0; k < N; ++k)
    for (int h = 0; h < N; ++h)
      for (int j = 0; j < N; ++j)
        for (int i = 0; i < N; ++i) {
          A[k][h][j][i] = k == 0 ? in[i] : A[k - 1][h][j][i];
          if (k == N - 1) out[i] = A[k][h][j][i];
        }
}
