// An output nest with fewer loops than the representative (the seed's
// 'B(j) = select(i == 20, A(i, j), 0)' form): the loop it lacks is fixed by
// the constant its read uses, which becomes a guard of the fused statement.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,verify,print<t2s-ure>' -disable-output %t.ll | FileCheck %s
// RUN: %clangxx -O2 %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %t2s-clang -O0 %s -o %t.O0 && %t.O0 > %t.O0.out
// RUN: %t2s-clang -O2 %s -o %t.O2 && %t.O2 > %t.O2.out
// RUN: diff %t.ref.out %t.O0.out && diff %t.ref.out %t.O2.out
// RUN: FileCheck %s --check-prefix=OUT < %t.O2.out
// CHECK:      loops: j in [0, 6), i in [0, 30)
// CHECK:      statement 0 at {{.*}}: URE A(j, i)
// CHECK-NEXT:   reads A at distance (0, 1)
// CHECK:      statement 1 at {{.*}}merge-ures-extended.cpp:[[@LINE+19]]:{{[0-9]+}}: extended URE, output out[j]
// CHECK-NEXT:   when {{.*}} (i == 20)
// CHECK-NEXT:   reads A at distance (0, 0)
// CHECK-NOT:  rejected
// OUT: out 0 210 420 630 840 1050
#include <cstdio>

constexpr int J = 6, I = 30;

void prefix(const int in[J], int out[J]) {
  int A[J][I];
  #pragma t2s ure
  #pragma t2s merge_ures(out)
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i)
      A[j][i] = i == 0 ? 0 : A[j][i - 1] + in[j] * i;
  // Only A(j, 20) is wanted.
  #pragma t2s ure
  for (int j = 0; j < J; ++j)
    out[j] = A[j][20];
}

int main() {
  int in[J], out[J];
  for (int j = 0; j < J; ++j)
    in[j] = j;
  prefix(in, out);
  std::printf("out");
  for (int j = 0; j < J; ++j)
    std::printf(" %d", out[j]);
  std::printf("\n");
}
