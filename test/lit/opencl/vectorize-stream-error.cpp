// Channels between kernel nests and a vectorized array: a vectorized space
// loop cannot exchange channels with a kernel nest yet (a clear error at the
// directive, not kernels that would move the values wrongly), and a kernel
// nest must send in the order the vectorized array consumes: the lanes of a
// time loop inside each PE. Every function is checked before any is
// emitted, so the check's error of the second function comes first.
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int K = 4, I = 3;

void spaceLoop(const int a[I][K], int out[I]) {
  static int aT[K][I], S[K][I];
  #pragma t2s kernel(transpose)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      aT[k][i] = a[i][k];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: vectorize-stream-error.cpp:[[@LINE+1]]:15: error: cannot write this design as OpenCL: it uses vectorize(i) of a space loop on an array that exchanges 'aT' with another kernel nest (not supported yet: vectorize a time loop, or write 'aT' through memory); {{.*}} [opencl]
  #pragma t2s vectorize(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + aT[k][i];
      if (k == K - 1)
        out[i] = S[k][i];
    }
}

void lanesOrder(const int a[I][K], int out[I]) {
  static int aT[K][I], S[K][I];
  #pragma t2s kernel(transpose2)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i)
      aT[k][i] = a[i][k];
  // CHECK-DAG: vectorize-stream-error.cpp:[[@LINE+1]]:15: error: 'aT' becomes a channel from kernel 'transpose2' (line 31) to the systolic array at line [[@LINE+1]], but they traverse it in different orders: value #1 is aT[0][1] as the writer sends it but aT[1][0] as the reader expects it; make both nests visit the elements in the same order (reorder the loops of kernel 'transpose2' (line 31)) [channel]
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s vectorize(k)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + aT[k][i];
      if (k == K - 1)
        out[i] = S[k][i];
    }
}
