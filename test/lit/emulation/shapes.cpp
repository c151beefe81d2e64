// Shapes the native build accepts, emulated (reference = native = emulated)
// or refused with a message in the user's file: an 8-deep nest whose loader
// and drainer reach 5 space loops (arrays of channels over 5 dimensions once
// failed inside the temporary design.cl), an empty kernel nest, volatile
// inputs and outputs (a volatile URE array is refused: rule 'not volatile'); a URE array over 9 space loops with a loader is refused at the
// nest (t2s/channels.h declares up to 8 dimensions); buffers that overlap are
// refused when the emulated design is called (its kernels run concurrently
// on restrict buffers), while the native build runs them as the reference.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RESULT: deep: 296477
// RESULT: idle: 1 2 3 4
// RESULT: volatile: 29 27 33 30 35 48 35 30
// RUN: %clangxx -O2 -DALIAS %s -o %t/ref-alias && %t/ref-alias > %t/ref-alias.out
// RUN: %t2s-clang -O2 -DALIAS %s -o %t/native-alias && %t/native-alias | diff %t/ref-alias.out -
// RUN: %t2s-clang --emulate -O2 -DALIAS %s -o %t/emulated-alias
// RUN: %not %t/emulated-alias 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: %not %t2s-clang --emulate -O2 -DTOO_DEEP %s -o %t/too-deep 2>&1 | FileCheck %s --check-prefix=DEEP --implicit-check-not=error:
#include <cstdio>

// 8 loops, the inner 5 of them space loops, a loader and a drainer.
void deep(const int in[2][2][2][2][2][2][2][2], int out[2][2][2][2][2][2][2][2]) {
  static int S[2][2][2][2][2][2][2][2];
  #pragma t2s ure
  #pragma t2s space_time(d, e, f, g, h)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 2; ++b)
      for (int c = 0; c < 2; ++c)
        for (int d = 0; d < 2; ++d)
          for (int e = 0; e < 2; ++e)
            for (int f = 0; f < 2; ++f)
              for (int g = 0; g < 2; ++g)
                for (int h = 0; h < 2; ++h) {
                  S[a][b][c][d][e][f][g][h] =
                      (h == 0 ? 0 : S[a][b][c][d][e][f][g][h - 1]) + in[a][b][c][d][e][f][g][h];
                  out[a][b][c][d][e][f][g][h] = S[a][b][c][d][e][f][g][h];
                }
}

// A kernel nest with nothing to do.
void idle(int out[4]) {
  #pragma t2s kernel(idle)
  for (int i = 0; i < 4; ++i) {
  }
}

constexpr int T = 4, N = 8;

void acc(const volatile int *in, volatile int *out) {
  static int S[T][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      S[t][i] = (t == 0 ? 0 : S[t - 1][i]) + in[t * N + i];
      if (t == T - 1) out[i] = S[t][i];
    }
}

void smooth(const int *in, int *out) {
  static int S[T][N];
  // ALIAS: shapes.cpp:[[@LINE+1]]:15: error: 'smooth' was called with the buffers 'in' and 'out' overlapping, but its kernels run concurrently and take separate buffers, writing 'out'; pass arrays that do not overlap
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < N; ++i) {
      S[t][i] = (t == 0 ? 0 : S[t - 1][i]) + in[t * N + i];
      if (t == T - 1) out[i + 2] = S[t][i];
    }
}

#ifdef TOO_DEEP
void nine(const int in[2][1][1][1][1][1][1][1][1][1], int out[2][1][1][1][1][1][1][1][1][1]) {
  static int S[2][1][1][1][1][1][1][1][1][1];
  // DEEP: shapes.cpp:[[@LINE+1]]:15: error: cannot write this design as OpenCL: it uses an array of channels for 'in' over more than 8 PE loops (t2s/channels.h declares at most 8 dimensions: give the array fewer space loops); {{.*}} [opencl]
  #pragma t2s ure
  #pragma t2s space_time(b, c, d, e, f, g, h, i, j)
  #pragma t2s loader(in)
  for (int a = 0; a < 2; ++a)
  for (int b = 0; b < 1; ++b)
  for (int c = 0; c < 1; ++c)
  for (int d = 0; d < 1; ++d)
  for (int e = 0; e < 1; ++e)
  for (int f = 0; f < 1; ++f)
  for (int g = 0; g < 1; ++g)
  for (int h = 0; h < 1; ++h)
  for (int i = 0; i < 1; ++i)
  for (int j = 0; j < 1; ++j) {
    S[a][b][c][d][e][f][g][h][i][j] = (a == 0 ? 0 : S[a - 1][b][c][d][e][f][g][h][i][j]) + in[a][b][c][d][e][f][g][h][i][j];
    out[a][b][c][d][e][f][g][h][i][j] = S[a][b][c][d][e][f][g][h][i][j];
  }
}
#endif

int main() {
  static int in[2][2][2][2][2][2][2][2], out[2][2][2][2][2][2][2][2];
  int *p = &in[0][0][0][0][0][0][0][0], *q = &out[0][0][0][0][0][0][0][0];
  for (int i = 0; i < 256; ++i)
    p[i] = i * 7 % 13;
  deep(in, out);
  long s = 0;
  for (int i = 0; i < 256; ++i)
    s += q[i] * (i + 1);
  std::printf("deep: %ld\n", s);
  int four[4] = {1, 2, 3, 4};
  idle(four);
  std::printf("idle: %d %d %d %d\n", four[0], four[1], four[2], four[3]);
  volatile int a[T * N], b[N];
  for (int i = 0; i < T * N; ++i)
    a[i] = i * i % 17;
  acc(a, b);
  std::printf("volatile:");
  for (int i = 0; i < N; ++i)
    std::printf(" %d", b[i]);
  std::printf("\n");
#ifdef ALIAS
  int c[T * N];
  for (int i = 0; i < T * N; ++i)
    c[i] = i * i % 17;
  smooth(c, c); // out overlaps in
  for (int i = 0; i < T * N; ++i)
    std::printf(" %d", c[i]);
  std::printf("\n");
#endif
}
