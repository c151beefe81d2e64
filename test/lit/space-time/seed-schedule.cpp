// The seed's worked example (space_time_transform.md, "Lowering"): A/B/C/c
// with (i, j, k) => (i, j, t1) => (i, t2, t1), t1 = 2i + 3j + k, t2 = 2i + j.
// With I = J = K = 10: t1 in [0, 55) (= 2I + 3J + K - 5), t2 in [0, 28)
// (= 2I + J - 2), flattened t = 28*t1 + t2, time distances A 58, B 85, C 28,
// registers srA[10][59], srB[10][86], srC[10][29].
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-space-time>' -disable-output %t.ll | FileCheck %s
// Other sizes follow the formulas: I = 4, J = 5, K = 6 gives t1 in [0, 24), t2 in [0, 11).
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -DI=4 -DJ=5 -DK=6 %s -o %t.small.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-space-time>' -disable-output %t.small.ll | FileCheck %s --check-prefix=SMALL

// CHECK:      step 1: space (j, i) schedule (3, 2): t1 = 3*j + 2*i + k in [0, 55)
// CHECK-NEXT: step 2: space (i) schedule (2): t2 = 2*i + j in [0, 28)
// CHECK-NEXT: PEs: 10 (i in [0, 10))
// CHECK-NEXT: time: t1 x55, t2 x28 = 1540 steps (flattened t = 28*t1 + t2)
// CHECK-NEXT: utilization: 1000 / (10 PEs x 1540 steps) = 6.5%
// The PEs idle 10/55 x 10/28 of the time: the two skews.
// CHECK-NEXT: PEs idle because t1 = 3*j + 2*i + k spans 55 steps for the 10 values of k; t2 = 2*i + j spans 28 steps for the 10 values of j
// CHECK-NEXT: read of A at distance (0, 0, 1): time distance 58, from PE offset (1)
// CHECK-NEXT: read of B at distance (0, 1, 0): time distance 85, from PE offset (0)
// CHECK:      read of C at distance (1, 0, 0): time distance 28, from PE offset (0)
// CHECK:      registers of A: 59 per PE (590 in all), minimized to a FIFO of depth [[A:[0-9]+]] per PE
// CHECK-NEXT: registers of B: 86 per PE (860 in all), minimized to a FIFO of depth 10 per PE
// CHECK-NEXT: registers of C: 29 per PE (290 in all), minimized to a FIFO of depth {{[0-9]+}} per PE
// SMALL:      t1 = 3*j + 2*i + k in [0, 24)
// SMALL-NEXT: t2 = 2*i + j in [0, 11)
// SMALL:      time: t1 x24, t2 x11 = 264 steps (flattened t = 11*t1 + t2)
// SMALL:      read of A at distance (0, 0, 1): time distance 24, from PE offset (1)
// SMALL-NEXT: read of B at distance (0, 1, 0): time distance 34, from PE offset (0)
// SMALL:      read of C at distance (1, 0, 0): time distance 11, from PE offset (0)

#ifndef I
#define I 10
#define J 10
#define K 10
#endif

void abc(const int a[J][K], const int b[I][K], int c[I][J]) {
  static int A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(i, j) schedule(2, 3)
  #pragma t2s space_time(i) schedule(2)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = i == 0 ? a[j][k] : A[k][j][i - 1];
        B[k][j][i] = j == 0 ? b[i][k] : B[k][j - 1][i];
        C[k][j][i] = k == 0 ? 0 : A[k][j][i] + B[k][j][i] + C[k - 1][j][i];
        if (k == K - 1) c[i][j] = C[k][j][i];
      }
}
