// Loop ranges that start above 0 where data enters and leaves the array: a
// GEMM whose space loops start at 1 and 2 with loaders and a drainer (plain,
// with scatter/gather chains, with vectorize(k)), and kernel nests that feed
// and drain an array whose space loop starts at 2 (the channel order check
// replays loop values, not PE indices). Reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 -DFORM=0 %s -o %t/n00 && %t/n00 > %t/n00.out && diff %t/ref.out %t/n00.out
// RUN: %t2s-clang -O2 -DFORM=0 %s -o %t/n20 && %t/n20 > %t/n20.out && diff %t/ref.out %t/n20.out
// RUN: %t2s-clang --emulate -O2 -DFORM=0 %s -o %t/e0 && %t/e0 > %t/e0.out && diff %t/ref.out %t/e0.out
// RUN: %t2s-clang -O0 -DFORM=1 %s -o %t/n01 && %t/n01 > %t/n01.out && diff %t/ref.out %t/n01.out
// RUN: %t2s-clang -O2 -DFORM=1 %s -o %t/n21 && %t/n21 > %t/n21.out && diff %t/ref.out %t/n21.out
// RUN: %t2s-clang --emulate -O2 -DFORM=1 %s -o %t/e1 && %t/e1 > %t/e1.out && diff %t/ref.out %t/e1.out
// RUN: %t2s-clang -O0 -DFORM=2 %s -o %t/n02 && %t/n02 > %t/n02.out && diff %t/ref.out %t/n02.out
// RUN: %t2s-clang -O2 -DFORM=2 %s -o %t/n22 && %t/n22 > %t/n22.out && diff %t/ref.out %t/n22.out
// RUN: %t2s-clang --emulate -O2 -DFORM=2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang --report -DFORM=1 %s | FileCheck %s
// CHECK: PEs: 15 (j in [2, 5), i in [1, 6))
// CHECK: PEs: 4 (i in [2, 6))
#include <cstdio>
constexpr int K = 4, I = 6, J = 5;
// GEMM-like with loaders and scatter along space loops that start above 0.
void mm(const int a[I][K], const int b[K][J], int c[I][J]) {
  static int A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s ure
  #pragma t2s space_time(i, j)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
#if FORM == 1
  #pragma t2s scatter(a, i, up)
  #pragma t2s scatter(b, j, down)
  #pragma t2s gather(c, i, down)
#elif FORM == 2
  #pragma t2s vectorize(k)
#endif
  for (int k = 1; k < K; ++k)
    for (int j = 2; j < J; ++j)
      for (int i = 1; i < I; ++i) {
        A[k][j][i] = j == 2 ? a[i][k] : A[k][j - 1][i];
        B[k][j][i] = i == 1 ? b[k][j] : B[k][j][i - 1];
        C[k][j][i] = (k == 1 ? 0 : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == K - 1) c[i][j] = C[k][j][i];
      }
}

// A kernel nest feeds an array whose space loop starts at 2; another drains it.
void pipe(const int x[K][I], int out[I]) {
  static int xs[K][I], S[K][I], r[I];
  #pragma t2s kernel(feed)
  for (int k = 1; k < K; ++k)
    for (int i = 2; i < I; ++i)
      xs[k][i] = x[k][i] * 2 + 1;
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 1; k < K; ++k)
    for (int i = 2; i < I; ++i) {
      S[k][i] = (k == 1 ? 0 : S[k - 1][i]) + (i == 2 ? 0 : 1) + xs[k][i];
      if (k == K - 1) r[i] = S[k][i];
    }
  #pragma t2s kernel(post)
  for (int i = 2; i < I; ++i)
    out[i] = r[i] - 3;
}

int main() {
  int a[I][K], b[K][J], c[I][J] = {{0}};
  for (int i = 0; i < I; ++i) for (int k = 0; k < K; ++k) a[i][k] = i * 3 + k;
  for (int k = 0; k < K; ++k) for (int j = 0; j < J; ++j) b[k][j] = k * 5 - j;
  mm(a, b, c);
  for (int i = 0; i < I; ++i) {
    for (int j = 0; j < J; ++j) std::printf("%d ", c[i][j]);
    std::printf("\n");
  }
  int x[K][I], out[I] = {0};
  for (int k = 0; k < K; ++k) for (int i = 0; i < I; ++i) x[k][i] = 10 * k + i;
  pipe(x, out);
  for (int i = 0; i < I; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
