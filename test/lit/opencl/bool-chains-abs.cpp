// A bool local of three or more '&&' / '||' terms (clang merges the
// short-circuit paths in one phi of three or more values) and std::abs of an
// int in URE values. Both were refused in OpenCL and emulation only ("a merge
// of more than two branches", "a call to 'llvm.abs.i32'"); now the terms
// print as a chain of conditions and abs converts OpenCL's unsigned result
// back; the OpenCL type-checks and reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 && %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL: ((int)abs(
// RUN: FileCheck %s < %t/ref.out
// CHECK: 144 138 185 129 165 151
// CHECK-NEXT: 2 2 2 3 3 2
#include <cstdio>
#include <cstdlib>

constexpr int N = 6;

void f(const int a[N][N], int out[N], int count[N]) {
  static int S[N][N], C[N][N];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < N; ++p) {
      bool keep = a[k][p] > 0 && a[k][p] < 50 && k != p;
      bool odd = a[k][p] % 2 != 0 || a[k][p] < -5 || a[k][p] > 40 || k == 0;
      S[k][p] = (k == 0 ? 0 : S[k - 1][p]) + (keep ? a[k][p] : std::abs(a[k][p] - 20));
      C[k][p] = (k == 0 ? 0 : C[k - 1][p]) + (odd && keep ? 1 : 0);
      if (k == N - 1) {
        out[p] = S[k][p];
        count[p] = C[k][p];
      }
    }
}

int main() {
  int a[N][N], out[N], count[N];
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < N; ++p)
      a[k][p] = (k * 17 + p * 29) % 71 - 10;
  f(a, out, count);
  for (int v : out) printf("%d ", v);
  printf("\n");
  for (int v : count) printf("%d ", v);
  printf("\n");
}
