// A run-time bound the kernels cannot spell (a _BitInt(33), which has no C
// name) is refused at the cast that makes it so, like any value of the nest;
// the URE model still counts the loop at the right width (its stand-in is
// found) and the native build runs it.
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %clangxx -O2 -w %s -o %t.ref && %t.ref > %t.ref.out
// RUN: %t2s-clang -O2 -w %s -o %t.native && %t.native | diff %t.ref.out -
// RUN: FileCheck %s --check-prefix=NATIVE < %t.ref.out
// The report keeps the design, with no estimate and why (in JSON the key is
// null, never missing).
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %t2s-clang --report=json %s 2>/dev/null | jq -c '.designs[0] | [.estimate, .estimate_missing]' | FileCheck %s --check-prefix=JSON
// REPORT: estimate: none, the kernels cannot be written: line [[#@LINE+10]]: cannot write this design as OpenCL: it uses a cast to a type without a C name; {{.*}} [opencl]
// JSON: [null,"the kernels cannot be written: line [[#@LINE+9]]: cannot write this design as OpenCL: it uses a cast to a type without a C name; {{.*}} [opencl]"]
// NATIVE: 28
#include <cstdio>

void f(int n, const int *in, int *out) {
  static int X[4];
  #pragma t2s ure
  #pragma t2s space_time(p)
  // CHECK: run-time-bound-refusal.cpp:[[@LINE+1]]:42: error: cannot write this design as OpenCL: it uses a cast to a type without a C name; the OpenCL back end prints arithmetic, comparisons, conditionals, casts and library math over buffers indexed by the loop variables [opencl]
  for (int t = 0; t < (int)((_BitInt(33))n * 2); ++t)
    for (int p = 0; p < 4; ++p) {
      X[p] = in[t * 4 + p];
      out[t * 4 + p] = X[p];
    }
}

int main() {
  int in[64], out[64] = {0};
  for (int i = 0; i < 64; ++i)
    in[i] = i;
  f(1, in, out);
  int s = 0;
  for (int i = 0; i < 64; ++i)
    s += out[i];
  std::printf("%d\n", s);
}
