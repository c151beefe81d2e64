// GEMM through the native systolic build at several sizes (non-square, a space
// extent of 1, a time extent of 1), with the default schedule, with schedule
// vectors and with check_time: always equal to the sequential reference (the
// same file with plain clang++; the sums are exact).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/st && %t/st > %t/st.out && diff %t/ref.out %t/st.out
// RUN: %t2s-clang -O0 -DSCHEDULE %s -o %t/s0 && %t/s0 > %t/s0.out && diff %t/ref.out %t/s0.out
// RUN: %t2s-clang -O2 -DSCHEDULE -DCHECK_TIME %s -o %t/s1 && %t/s1 > %t/s1.out && diff %t/ref.out %t/s1.out
// RUN: %clangxx -O2 -DI=1 -DJ=7 -DK=3 %s -o %t/ref2 && %t/ref2 > %t/ref2.out
// RUN: %t2s-clang -O2 -DI=1 -DJ=7 -DK=3 -DSCHEDULE %s -o %t/st2 && %t/st2 > %t/st2.out && diff %t/ref2.out %t/st2.out
// RUN: %clangxx -O2 -DI=5 -DJ=1 -DK=1 %s -o %t/ref3 && %t/ref3 > %t/ref3.out
// RUN: %t2s-clang -O2 -DI=5 -DJ=1 -DK=1 %s -o %t/st3 && %t/st3 > %t/st3.out && diff %t/ref3.out %t/st3.out
// RUN: %clangxx -O2 -DI=9 -DJ=4 -DK=13 %s -o %t/ref4 && %t/ref4 > %t/ref4.out
// RUN: %t2s-clang -O2 -DI=9 -DJ=4 -DK=13 -DSCHEDULE %s -o %t/st4 && %t/st4 > %t/st4.out && diff %t/ref4.out %t/st4.out
// RUN: FileCheck %s < %t/st.out
// CHECK: gemm 6x4x5 ok
//
// The full URE arrays are gone; each became a shift register per PE, shifted
// each time step (C, time distance 1 by default: 2 words; with the schedule
// (1, 2) A's time distance is 2, B's 1, C's 1).
// RUN: %t2s-clang -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %t2s-clang -O0 -DSCHEDULE -S -emit-llvm %s -o - | FileCheck %s --check-prefix=SCHED
// IR-NOT: [5 x [4 x [6 x i32]]]
// IR-DAG: @t2s.sr.A = internal thread_local global [1 x [4 x [6 x i32]]] zeroinitializer
// IR-DAG: @t2s.sr.C = internal thread_local global [2 x [4 x [6 x i32]]] zeroinitializer
// IR-DAG: call void @llvm.memmove{{.*}}(ptr {{.*}}@t2s.sr.C, i64 0, i64 1), ptr @t2s.sr.C, i64 96, i1 false)
// SCHED-DAG: @t2s.sr.A = internal thread_local global [3 x [4 x [6 x i32]]] zeroinitializer
// SCHED-DAG: @t2s.sr.B = internal thread_local global [2 x [4 x [6 x i32]]] zeroinitializer
// The time loop t = i + 2j + k runs over [0, 16) = (I-1) + 2(J-1) + (K-1) + 1.
// SCHED-DAG: icmp slt i32 %{{[0-9]+}}, 16
#include <cstdio>

#ifndef I
#define I 6
#define J 4
#define K 5
#endif

void gemm(const int a[I][K], const int b[K][J], int c[I][J]) {
  static int A[K][J][I], B[K][J][I], C[K][J][I];
  #pragma t2s ure
#if defined(SCHEDULE) && defined(CHECK_TIME)
  #pragma t2s space_time(i, j) schedule(1, 2) check_time
#elif defined(SCHEDULE)
  #pragma t2s space_time(i, j) schedule(1, 2)
#else
  #pragma t2s space_time(i, j)
#endif
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      for (int i = 0; i < I; ++i) {
        A[k][j][i] = j == 0 ? a[i][k] : A[k][j - 1][i];
        B[k][j][i] = i == 0 ? b[k][j] : B[k][j][i - 1];
        C[k][j][i] = (k == 0 ? 0 : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == K - 1)
          c[i][j] = C[k][j][i];
      }
}

int main() {
  static int a[I][K], b[K][J], c[I][J];
  for (int i = 0; i < I; ++i)
    for (int k = 0; k < K; ++k)
      a[i][k] = (i * 7 + k * 3) % 11 - 5;
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < J; ++j)
      b[k][j] = (k * 5 + j * 2) % 9 - 4;
  gemm(a, b, c);
  long long sum = 0;
  int bad = 0;
  for (int i = 0; i < I; ++i)
    for (int j = 0; j < J; ++j) {
      int want = 0;
      for (int k = 0; k < K; ++k)
        want += a[i][k] * b[k][j];
      bad += c[i][j] != want;
      sum = sum * 17 + c[i][j];
    }
  std::printf("gemm %dx%dx%d %s %lld\n", I, J, K, bad ? "WRONG" : "ok", sum);
  return bad != 0;
}
