// URE arrays that keep only what is live (docs/language.md, 'URE array
// storage'): GEMM whose a and b travel along j and i keep no dimension for
// k (a read at distance (0, 1, 0) only needs the values of this k), and
// whose sums keep a window of two iterations of k (C[k % 2]: the read
// C[k - 1] reaches back one k); a stencil whose reads reach back 1 and 2
// iterations of t keeps a window of three (W[t % 3], written with '&' in
// the second design: '& 3' is a window of four). The reference keeps
// 2 x J x I sums instead of K x J x I; the kernels, native and emulated,
// are those of the full arrays: the OpenCL is the same text (but for the
// source lines its statements name).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %clangxx -O2 -DFULL %s -o %t/ref-full && %t/ref-full | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/windowed.cl
// RUN: %t2s-clang --emit-opencl -DFULL %s -o %t/full.cl
// RUN: sed -e 's| // array-storage.cpp:[0-9]*$||' %t/full.cl > %t/full-nolines.cl
// RUN: sed -e 's| // array-storage.cpp:[0-9]*$||' %t/windowed.cl | diff %t/full-nolines.cl -
// RUN: %t2s-clang --report %s -o %t/windowed.txt
// RUN: %t2s-clang --report -DFULL %s -o %t/full.txt
// RUN: diff %t/full.txt %t/windowed.txt
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/w.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/w.ll | FileCheck %s --check-prefix=MODEL
// CHECK: gemm -989
// CHECK: stencil 4472
// CHECK: masked 4472
// MODEL-LABEL: URE system in '{{.*}}gemm
// MODEL: URE array A: float[12][8], written by statement 0, stored as A[j][i]
// MODEL: URE array B: float[12][8], written by statement 1, stored as B[j][i]
// MODEL: URE array C: float[2][12][8], written by statement 2, stored as C[k % 2][j][i]
// MODEL-LABEL: URE system in '{{.*}}stencil
// MODEL: URE array W: float[3][16], written by statement 0, stored as W[t % 3][x]
// MODEL-LABEL: URE system in '{{.*}}masked
// MODEL: URE array W: float[4][16], written by statement 0, stored as W[t % 4][x]
#include <cstdio>

constexpr int I = 8, J = 12, K = 10, T = 9, X = 16;

void gemm(const float a[I][K], const float b[K][J], float c[I][J]) {
#ifdef FULL
  static float A[K][J][I], B[K][J][I], C[K][J][I];
#define KS(k) [k]
#else
  static float A[J][I], B[J][I], C[2][J][I];
#define KS(k)
#endif
#pragma t2s ure
#pragma t2s space_time(i, j)
#pragma t2s loader(a, b)
#pragma t2s drainer(c)
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A KS(k)[j][i] = j == 0 ? a[i][k] : A KS(k)[j - 1][i];
        B KS(k)[j][i] = i == 0 ? b[k][j] : B KS(k)[j][i - 1];
#ifdef FULL
        C[k][j][i] = (k == 0 ? 0.f : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == K - 1)
          c[i][j] = C[k][j][i];
#else
        C[k % 2][j][i] = (k == 0 ? 0.f : C[(k - 1) % 2][j][i]) + A[j][i] * B[j][i];
        if (k == K - 1)
          c[i][j] = C[k % 2][j][i];
#endif
      }
}

// A wave: each step mixes a point with its neighbours one and two steps back.
void stencil(const float in[X], float out[X]) {
#ifdef FULL
  static float W[T][X];
#define TS(t) [t]
#else
  static float W[3][X];
#define TS(t) [(t) % 3]
#endif
#pragma t2s ure
#pragma t2s space_time(x)
#pragma t2s loader(in)
#pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int x = 0; x < X; ++x) {
      W TS(t)[x] = t == 0 ? in[x]
                 : t == 1 ? W TS(t - 1)[x] * 2.f
                          : W TS(t - 1)[x] + 0.5f * W TS(t - 2)[x];
      if (t == T - 1)
        out[x] = W TS(t)[x];
    }
}

void masked(const float in[X], float out[X]) {
#ifdef FULL
  static float W[T][X];
#define MS(t) [t]
#else
  static float W[4][X];
#define MS(t) [(t) & 3]
#endif
#pragma t2s ure
#pragma t2s space_time(x)
#pragma t2s loader(in)
#pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int x = 0; x < X; ++x) {
      W MS(t)[x] = t == 0 ? in[x]
                 : t == 1 ? W MS(t - 1)[x] * 2.f
                          : W MS(t - 1)[x] + 0.5f * W MS(t - 2)[x];
      if (t == T - 1)
        out[x] = W MS(t)[x];
    }
}

int main() {
  static float a[I][K], b[K][J], c[I][J], in[X], out[X];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = float((i * 7 + k * 3) % 11 - 5);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = float((k * 5 + j * 2) % 9 - 4);
  gemm(a, b, c);
  double sum = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j)
      sum += c[i][j] * (1 + (i * J + j) % 13);
  std::printf("gemm %.0f\n", sum);
  for (int x = 0; x < X; ++x)
    in[x] = float(x % 5);
  stencil(in, out);
  sum = 0;
  for (int x = 0; x < X; ++x)
    sum += out[x] * (x + 1);
  std::printf("stencil %.0f\n", sum);
  masked(in, out);
  sum = 0;
  for (int x = 0; x < X; ++x)
    sum += out[x] * (x + 1);
  std::printf("masked %.0f\n", sum);
}
