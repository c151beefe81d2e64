// '&&' and '||' in the value of a URE (short-circuit branches), and '?:'
// whose condition reads a URE array: the URE model counts the reads in the
// conditions that choose a value (before, it missed them, and the native
// build refused "this access to the URE array 'A' is not supported by the
// space-time transform", the OpenCL one "an access that is not to a
// parameter's buffer"). Reference, native (-O0, -O2) and emulated (-O0, -O2)
// builds print the same; the OpenCL text keeps the operators (a bool widened
// to int is printed without an unsigned cast).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/n0 && %t/n0 > %t/n0.out && diff %t/ref.out %t/n0.out
// RUN: %t2s-clang -O2 %s -o %t/n2 && %t/n2 > %t/n2.out && diff %t/ref.out %t/n2.out
// RUN: %t2s-clang --emulate -O0 %s -o %t/e0 && %t/e0 > %t/e0.out && diff %t/ref.out %t/e0.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang --emit-opencl -O2 %s -o - | FileCheck %s --check-prefix=CL
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/logic.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/logic.ll | FileCheck %s --check-prefix=MODEL
#include <cstdio>
constexpr int K = 4, N = 6;

void logic(const int x[K][N], int out[K][N], int flags[K][N]) {
  static int A[K][N], B[K][N], C[K][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = i == 0 ? x[k][0] : A[k][i - 1] + x[k][i];
      B[k][i] = (A[k][i] > 10 && x[k][i] % 3 != 0) || (k > 0 && B[k - 1][i] != 0);
      C[k][i] = i == 0 ? 1 : (C[k][i - 1] > 2 ? C[k][i - 1] - 1 : C[k][i - 1] + B[k][i] * 3);
      if (k == K - 1) out[k][i] = C[k][i] + (i > 0 && B[k][i - 1] ? 100 : 0);
      flags[k][i] = B[k][i];
    }
}
// MODEL:      statement 1 at {{.*}}short-circuit.cpp:[[@LINE-6]]:15: URE B(k, i)
// MODEL-NEXT:   reads A at distance (0, 0)
// MODEL-NEXT:   reads B at distance (1, 0)
// MODEL-NEXT:   reads input x[k][i]
// MODEL-NEXT:   initial value: A
// MODEL:      statement 2 at {{.*}}short-circuit.cpp:[[@LINE-10]]:15: URE C(k, i)
// MODEL-NEXT:   reads C at distance (0, 1)
// MODEL-NEXT:   reads B at distance (0, 0)
// MODEL:      statement 3 at {{.*}}short-circuit.cpp:[[@LINE-12]]:33: extended URE, output out[k][i]
// MODEL:        reads B at distance (0, 1)
// CL: sr_B[0][i] = ((int)(((sr_A[0][i] > 10) && ((x[{{.*}}] % 3) != 0)) || (!!(k > 0) && (sr_B[1][i] != 0))));
// CL: sr_C[0][i] = ((i == 0) ? 1 : ((sr_C[0][i - 1] > 2) ? (sr_C[0][i - 1] - 1) : (sr_C[0][i - 1] + (sr_B[0][i] * 3))));

int main() {
  int x[K][N], out[K][N] = {{0}}, flags[K][N] = {{0}};
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) x[k][i] = (7 * k + 5 * i) % 11;
  logic(x, out, flags);
  for (int i = 0; i < N; ++i) std::printf("%d ", out[K - 1][i]);
  std::printf("\n");
  for (int k = 0; k < K; ++k) {
    for (int i = 0; i < N; ++i) std::printf("%d", flags[k][i]);
    std::printf("\n");
  }
}
