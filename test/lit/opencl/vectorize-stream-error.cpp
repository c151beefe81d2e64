// A vectorized array that exchanges values with a kernel nest through a
// channel cannot be written as OpenCL yet: a clear error at the directive,
// not a kernel that would move the lanes wrongly.
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int K = 4, I = 3;

void design(const int a[I][K], int out[I]) {
  static int aT[K][I], S[K][I];
  #pragma t2s kernel(transpose)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      aT[k][i] = a[i][k];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK: vectorize-stream-error.cpp:[[@LINE+1]]:15: error: cannot write this design as OpenCL: it uses vectorize(k) on an array that exchanges 'aT' with another kernel nest (not supported yet: drop the vectorize, or write 'aT' through memory)
  #pragma t2s vectorize(k)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + aT[k][i];
      if (k == K - 1)
        out[i] = S[k][i];
    }
}
