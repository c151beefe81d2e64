// merge_ures fuses separately written nests into the representative, in the
// given order; the result is the same URE model as the nest written merged
// (compare the two prefixes' lines), and the program computes the same values
// as the sequential reference.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.sep.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,verify,print<t2s-ure>' -disable-output %t.sep.ll | FileCheck %s --check-prefixes=MODEL,SEPARATE
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes -DMERGED %s -o %t.merged.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t.merged.ll | FileCheck %s --check-prefix=MODEL
//
// RUN: %clangxx -O2 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %t2s-clang -O0 %s -o %t.O0 && %t.O0 > %t.O0.out
// RUN: %t2s-clang -O2 %s -o %t.O2 && %t.O2 > %t.O2.out
// RUN: %t2s-clang -O2 -DMERGED %s -o %t.m && %t.m > %t.m.out
// RUN: diff %t.ref.out %t.O0.out && diff %t.ref.out %t.O2.out && diff %t.ref.out %t.m.out
// RUN: FileCheck %s --check-prefix=OUT < %t.O2.out
//
// The seed's A/B/C/c system (space_time_transform.md), nest order (k, j, i).
// MODEL:      loops: k in [0, 5), j in [0, 3), i in [0, 4)
// MODEL-NEXT: URE array A: i32[5][3][4], written by statement 0
// MODEL-NEXT: URE array B: i32[5][3][4], written by statement 1
// MODEL-NEXT: URE array C: i32[5][3][4], written by statement 2
// MODEL-NEXT: statement 0 at {{.*}}: URE A(k, j, i)
// MODEL-NEXT:   reads A at distance (0, 0, 1)
// MODEL:      statement 1 at {{.*}}: URE B(k, j, i)
// MODEL-NEXT:   reads B at distance (0, 1, 0)
// MODEL:      statement 2 at {{.*}}: URE C(k, j, i)
// MODEL-NEXT:   reads A at distance (0, 0, 0)
// MODEL-NEXT:   reads B at distance (0, 0, 0)
// MODEL-NEXT:   reads C at distance (1, 0, 0)
// MODEL:      statement 3 at {{.*}}: extended URE, output c[i][j]
// MODEL-NEXT:   when {{.*}} (k == 4)
// MODEL-NEXT:   reads C at distance (0, 0, 0)
// SEPARATE:   directive merge_ures(B, C)
// MODEL-NOT:  rejected
// OUT: abc checksum 24441607161266712
#include <cstdio>

constexpr int I = 4, J = 3, K = 5;

void abc(const int a[J][K], const int b[I][K], int c[I][J]) {
  static int A[K][J][I], B[K][J][I], C[K][J][I];
#ifndef MERGED
  #pragma t2s ure
  #pragma t2s merge_ures(B, C)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i)
        A[k][j][i] = i == 0 ? a[j][k] : A[k][j][i - 1];
  #pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i)
        B[k][j][i] = j == 0 ? b[i][k] : B[k][j - 1][i];
  #pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        C[k][j][i] = k == 0 ? 0 : A[k][j][i] + B[k][j][i] + C[k - 1][j][i];
        if (k == K - 1) c[i][j] = C[k][j][i];
      }
#else
  #pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = i == 0 ? a[j][k] : A[k][j][i - 1];
        B[k][j][i] = j == 0 ? b[i][k] : B[k][j - 1][i];
        C[k][j][i] = k == 0 ? 0 : A[k][j][i] + B[k][j][i] + C[k - 1][j][i];
        if (k == K - 1) c[i][j] = C[k][j][i];
      }
#endif
}

int main() {
  int a[J][K], b[I][K], c[I][J];
  for (int j = 0; j < J; ++j)
    for (int k = 0; k < K; ++k)
      a[j][k] = j * 7 + k;
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      b[i][k] = i * 3 - k;
  abc(a, b, c);
  long s = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      s = s * 31 + c[i][j];
  std::printf("abc checksum %ld\n", s);
}
