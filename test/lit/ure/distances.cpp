// Lexicographically positive distances (T2SP's rule): a URE read may add or
// subtract any constant as long as the iteration it names comes earlier in
// the sequential loops, and names an iteration of the nest at all. Accepted
// here: a cross-tile accumulator (T2SP's tiled GEMM), a stencil's right
// neighbour of the previous step, a read of the next PE's value in an
// earlier step along two space loops. A component as large as its loop's
// extent names no iteration (size-generic code: 'i == N - 1 ? x : A[i + 1]'
// with N = 1): such a read never runs. Refused, each at its read: a read of
// the future two ways.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,print<t2s-ure>' -disable-output %t.ll | FileCheck %s
// RUN: %not %t2s-clang -O2 -c -DREFUSED %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %not %t2s-clang -O0 -c -DREFUSED %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:

constexpr int KK = 3, KKK = 4, T = 5, N = 6;

// CHECK-LABEL: URE system in 'crossTile
// CHECK:      statement 0 at {{.*}}: URE Z(kk, kkk)
// CHECK-DAG:    reads Z at distance (0, 1)
// CHECK-DAG:    reads Z at distance (1, -3)
// CHECK-NOT:  rejected
void crossTile(const float in[KK][KKK], float *out) {
  float Z[KK][KKK];
  #pragma t2s ure
  for (int kk = 0; kk < KK; ++kk)
    for (int kkk = 0; kkk < KKK; ++kkk) {
      Z[kk][kkk] = (kkk != 0 ? Z[kk][kkk - 1]
                    : kk != 0 ? Z[kk - 1][kkk + KKK - 1]
                    : 0.f) + in[kk][kkk];
      if (kk == KK - 1 && kkk == KKK - 1) out[0] = Z[kk][kkk];
    }
}

// CHECK-LABEL: URE system in 'stencil
// CHECK-DAG:    reads A at distance (1, 1)
// CHECK-DAG:    reads A at distance (1, 0)
// CHECK-DAG:    reads A at distance (1, -1)
// CHECK-NOT:  rejected
void stencil(const float in[N], float out[N]) {
  float A[T][N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      A[t][i] = t == 0 ? in[i]
              : (i == 0 || i == N - 1) ? A[t - 1][i]
              : A[t - 1][i - 1] + A[t - 1][i] + A[t - 1][i + 1];
      if (t == T - 1) out[i] = A[t][i];
    }
}

// The largest reach along each loop: extent - 1 either way.
// CHECK-LABEL: URE system in 'farthest
// CHECK-DAG:    reads B at distance (4, -5, 5)
// CHECK-NOT:  rejected
void farthest(const int in[T][N][N], int *out) {
  int B[T][N][N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        B[t][j][i] = t == 4 && j == 0 && i == 5 ? B[t - 4][j + 5][i - 5] : in[t][j][i];
        if (t == T - 1 && j == N - 1 && i == N - 1) out[0] = B[t][j][i];
      }
}

// CHECK-LABEL: URE system in 'oneWide
// CHECK-DAG:    reads A at distance (1, -1) (names no iteration of the nest)
// CHECK-DAG:    reads A at distance (1, 0){{$}}
// CHECK-NOT:  rejected
void oneWide(const float in[1], float out[1]) {
  float A[T][1];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < 1; ++i) {
      A[t][i] = t == 0 ? in[i] : i == 0 ? A[t - 1][i] * 2.f : A[t - 1][i + 1];
      if (t == T - 1) out[i] = A[t][i];
    }
}

#ifdef REFUSED
void future(const float in[N], float out[N]) {
  float A[T][N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      // ERR-DAG: distances.cpp:[[@LINE+1]]:38: error: the read A[t][i + 1] has distance (0, -1), which reads a value the sequential loops compute later: with t unchanged, it reads 'i + 1'; a URE reads iterations that come earlier in nest order (the first non-zero component of the distance is positive): read 'i - c', or an earlier value of an outer loop [lexicographically positive distance]
      A[t][i] = i == N - 1 ? in[i] : A[t][i + 1];
      if (t == T - 1) out[i] = A[t][i];
    }
}

// Going back along an inner loop does not make up for going forward along
// an outer one.
void futureOuter(const float in[N], float out[N]) {
  float A[T][N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      // ERR-DAG: distances.cpp:[[@LINE+1]]:47: error: the read A[t + 1][i - 2] has distance (-1, 2), which reads a value the sequential loops compute later: it reads 't + 1'; {{.*}} [lexicographically positive distance]
      A[t][i] = t == T - 1 || i < 2 ? in[i] : A[t + 1][i - 2];
      if (t == T - 1) out[i] = A[t][i];
    }
}

#endif
