// The accepting side of the rules: use before define at a positive distance
// (seed merge_ures.md), library math, indirect input reads, outputs under
// several conditions, a one-loop system, distances larger than one.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,print<t2s-ure>' -disable-output %t.ll | FileCheck %s
// RUN: %t2s-clang -O2 -c %s -o /dev/null
#include <cmath>

constexpr int N = 6;

// CHECK-LABEL: URE system in 'useBeforeDefine
// CHECK:      statement 0 at {{.*}}: URE F(j, i)
// CHECK-NEXT:   reads G at distance (1, 0)
// CHECK:      statement 1 at {{.*}}: URE G(j, i)
// CHECK-NEXT:   reads F at distance (0, 0)
// CHECK-NOT:  rejected
void useBeforeDefine(const float *in, float *out) {
  float F[N][N], G[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      F[j][i] = j == 0 ? in[i] : std::sqrt(G[j - 1][i]);
      G[j][i] = F[j][i] * 2.f;
      if (j == N - 1 && i == 0) out[0] = G[j][i];
    }
}

// CHECK-LABEL: URE system in 'indirect
// CHECK:      statement 0 at {{.*}}: URE S(i)
// CHECK-NEXT:   reads S at distance (3)
// CHECK-NEXT:   reads input in[?]
// CHECK:      statement 1 at {{.*}}: extended URE, output out[0]
// CHECK-NEXT:   when {{.*}} (i == 5)
// CHECK-NOT:  rejected
void indirect(const int *in, const int *idx, int *out) {
  int S[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    S[i] = (i < 3 ? 0 : S[i - 3]) + in[idx[i]];
    if (i == N - 1) out[0] = S[i];
  }
}

// CHECK-LABEL: URE system in 'twoGuards
// CHECK:      statement 1 at {{.*}}: extended URE, output out[i]
// CHECK-NEXT:   when {{.*}} (j == 5)
// CHECK-NEXT:   when {{.*}} (i != 2)
// CHECK-NOT:  rejected
void twoGuards(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = j == 0 ? in[i] : A[j - 1][i] + 1;
      if (j == N - 1)
        if (i != 2)
          out[i] = A[j][i];
    }
}
