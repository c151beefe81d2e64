// Loops that start below 0. A nest without URE arrays (a kernel nest, one
// whose values flow to a URE nest through a channel, a 'ure' nest of outputs
// only, with a negative space loop and a drainer) runs through the whole
// chain: reference, native (-O0, -O2) and emulated builds print the same.
// A URE array is written at the loop variables, so a loop starting below 0
// writes before its first element (the reference's behaviour is undefined;
// before, the native build ran it without a word): an error names the loop,
// the array and the rule, as does a loop running past the array's extent.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/n0 && %t/n0 > %t/n0.out && diff %t/ref.out %t/n0.out
// RUN: %t2s-clang -O2 %s -o %t/n2 && %t/n2 > %t/n2.out && diff %t/ref.out %t/n2.out
// RUN: %t2s-clang --emulate -O0 %s -o %t/e0 && %t/e0 > %t/e0.out && diff %t/ref.out %t/e0.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang --report %s | FileCheck %s --check-prefix=REPORT
// RUN: %not %t2s-clang -O0 -c -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
// RUN: %not %t2s-clang -O2 -c -DBAD %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=error:
#include <cstdio>
constexpr int N = 6;

void shift(const int x[N + 3], int out[N + 3]) {
  #pragma t2s kernel(shifter)
  for (int i = -3; i < N; ++i)
    out[i + 3] = x[i + 3] * 2 + i;
}

void chain(const int x[4][N], int out[4]) {
  int mid[4][N]; // a channel from 'produce' to 'sum'
  #pragma t2s kernel(produce)
  for (int k = -2; k < 2; ++k)
    for (int i = -1; i < N - 1; ++i)
      mid[k + 2][i + 1] = x[k + 2][i + 1] + k * i;
  static int S[4][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s kernel(sum)
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N; ++i) {
      S[k][i] = (i == 0 ? 0 : S[k][i - 1]) + mid[k][i];
      if (i == N - 1) out[k] = S[k][i];
    }
}

void outputsOnly(const int x[4][N + 2], int out[4][N + 2]) {
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s drainer(out)
  #pragma t2s kernel(scaler)
  for (int k = -1; k < 3; ++k)
    for (int i = -2; i < N; ++i)
      out[k + 1][i + 2] = x[k + 1][i + 2] * k + i;
}
// REPORT: PEs: 8 (i in [-2, 6))
// REPORT: time: t1 x4 = 4 steps

#ifdef BAD
void belowZero(const float x[N + 2], float out[1]) {
  float A[N];
  #pragma t2s ure
  for (int i = -2; i < N - 2; ++i) {
    // BAD: negative-bounds.cpp:[[@LINE+1]]:10: error: loop 'i' starts at -2, so the URE array 'A' is written at A[-2], before its first element (the sequential program's behaviour is undefined); a URE array is indexed by the loop variables, so loops start at 0 or above: shift the loop, 'for (int i = 0; i < 6; ++i)', and write 'i - 2' where the body uses the value of 'i' (input and output subscripts, conditions) [array bounds]
    A[i] = i == -2 ? x[0] : A[i - 1] + x[i + 2];
    if (i == N - 3) out[0] = A[i];
  }
}

void pastTheEnd(const float x[N][N], float out[N]) {
  float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N + 1; ++i) {
      // BAD: negative-bounds.cpp:[[@LINE+1]]:15: error: loop 'i' runs to 6, so the URE array 'A' is written at A[j][6], past its last element (extent 6 along 'i'); declare 'A' with at least 7 elements along 'i' [array bounds]
      A[j][i] = i == 0 ? x[j][0] : A[j][i - 1] + 1;
      if (i == N) out[j] = A[j][i];
    }
}
#endif

int main() {
  int x[N + 3], out[N + 3], x2[4][N], o2[4], x3[4][N + 2], o3[4][N + 2];
  for (int i = 0; i < N + 3; ++i) x[i] = i * i;
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N; ++i) x2[k][i] = k + 3 * i;
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N + 2; ++i) x3[k][i] = 10 * k + i;
  shift(x, out);
  chain(x2, o2);
  outputsOnly(x3, o3);
  for (int i = 0; i < N + 3; ++i) std::printf("%d ", out[i]);
  for (int k = 0; k < 4; ++k) std::printf("%d ", o2[k]);
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < N + 2; ++i) std::printf("%d ", o3[k][i]);
  std::printf("\n");
}
