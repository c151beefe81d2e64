// Loop bounds affine in outer loop variables: the URE model keeps each
// bound and the box of the loop's values over the nest's iterations
// (ure/IterationDomain.h), whatever spelling the bound has: '<', '<=',
// '!=', the bound on the left, a lower bound that is a sum of loops, a
// constant loop whose last values run no iteration (its box shrinks).
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t.ll | FileCheck %s

constexpr int N = 6;

// CHECK-LABEL: URE system in 'triangle
// CHECK-NEXT: loops: k in [0, 6), j in [k, 6) within [0, 6)
void triangle(const float *in, float *out) {
  static float A[N][N];
  #pragma t2s ure
  for (int k = 0; k < N; ++k)
    for (int j = k; j < N; ++j) {
      A[k][j] = j == k ? in[k] : A[k][j - 1];
      out[j] = A[k][j];
    }
}

// CHECK-LABEL: URE system in 'spellings
// CHECK-NEXT: loops: t in [0, 3), s in [t, t + 4) within [0, 6), r in [0, s + 1) within [0, 6), q in [s + r, 2*s + r + 1) within [0, 16)
void spellings(const int *in, int *out) {
  static int A[3][6][6][16];
  #pragma t2s ure
  for (int t = 0; t < 3; ++t)
    for (int s = t; s != t + 4; ++s)
      for (int r = 0; r <= s; ++r)
        for (int q = s + r; 2 * s + r + 1 > q; ++q) {
          A[t][s][r][q] = in[q] + t;
          out[q] = A[t][s][r][q];
        }
}

// CHECK-LABEL: URE system in 'emptyRows
// CHECK-NEXT: loops: i in [0, 4), j in [i + 2, 6) within [2, 6)
void emptyRows(const float *in, float *out) {
  static float A[4][6];
  #pragma t2s ure
  for (int i = 0; i < N; ++i)
    for (int j = i + 2; j < N; ++j) {
      A[i][j] = in[j] * 2.0f;
      out[j] = A[i][j];
    }
}
