// bool values in a URE nest: a bool local, a comparison used as a number,
// negated (sign-extended: 0 or -1), converted to float and negated there,
// and a bool array element truncated back to bool. The OpenCL back end
// prints each conversion with C's meaning (no "ubool": that is no type), the
// file type-checks as OpenCL C, and reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/n0 && %t/n0 > %t/n0.out && diff %t/ref.out %t/n0.out
// RUN: %t2s-clang -O2 %s -o %t/n2 && %t/n2 > %t/n2.out && diff %t/ref.out %t/n2.out
// RUN: %t2s-clang --emulate -O0 %s -o %t/e0 && %t/e0 > %t/e0.out && diff %t/ref.out %t/e0.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/e2 && %t/e2 > %t/e2.out && diff %t/ref.out %t/e2.out
// RUN: %t2s-clang --emit-opencl -O2 %s -o %t/b.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -I%t2s_include %t/b.cl
// RUN: FileCheck %s < %t/b.cl
// CHECK-NOT: ubool
// CHECK: void f(
// Sign extensions of a bool (0 or -1), which clang's -O0 code does not have,
// made from the same nest by rewriting its zero extensions.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/b.ll
// RUN: sed -e 's/= zext i1 \(%%[a-z0-9.]*\) to i32/= sext i1 \1 to i32/' -e 's/= uitofp i1 \(%%[a-z0-9.]*\) to float/= sitofp i1 \1 to float/' %t/b.ll > %t/s.ll
// RUN: %t2s-opt -passes='function(t2s-attach-pragmas,t2s-prepare-nests),t2s-emit' -t2s-opencl=%t/s.cl %t/s.ll -disable-output
// RUN: FileCheck %s --check-prefix=SEXT < %t/s.cl
// SEXT: ((-(int)(x[{{.*}} == y[{{.*}})) * 7)
// SEXT: (-(float)(x[{{.*}} > y[{{.*}}]))
#include <cstdio>

constexpr int K = 4, I = 5;

void f(const int x[K][I], const int y[K][I], const bool m[K][I], int out[I],
       float fout[I]) {
  static int S[K][I];
  static float F[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      bool first = k == 0;
      bool masked = m[k][i];
      S[k][i] = (first ? 0 : S[k - 1][i]) + (x[k][i] == y[k][i]) * 7 +
                -(x[k][i] < y[k][i]) * 3 + (masked ? x[k][i] : 1);
      F[k][i] = (first ? 0.f : F[k - 1][i]) + (float)(x[k][i] > y[k][i]) -
                2.f * (float)(masked != (x[k][i] == 0));
      if (k == K - 1) {
        out[i] = S[k][i];
        fout[i] = F[k][i];
      }
    }
}

int main() {
  int x[K][I], y[K][I], out[I] = {0};
  bool m[K][I];
  float fout[I] = {0};
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      x[k][i] = (k * i) % 3;
      y[k][i] = (k + i) % 3;
      m[k][i] = (k ^ i) & 1;
    }
  f(x, y, m, out, fout);
  for (int i = 0; i < I; ++i)
    std::printf("%d %g\n", out[i], fout[i]);
}
