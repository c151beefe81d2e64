// What the OpenCL back end refuses is an error at the offending source
// position (not at the nest) that names its rule, like every other error.
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang --emulate %s -o %t 2>&1 | FileCheck %s --implicit-check-not=error:
// The native build runs the nest as it is.
// RUN: %t2s-clang -O2 %s -o %t.native && %t.native | FileCheck %s --check-prefix=NATIVE
// NATIVE: -5 -7 -6 -2 5 15 28 44
#include <cstdio>

constexpr int N = 8;
int in[N], out[N];

void tick() {
  static int S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    // CHECK: refusals.cpp:[[@LINE+1]]:38: error: cannot write this design as OpenCL: it uses the array 'in', which is not a parameter (a kernel reaches memory only through its parameters: pass the array as one); the OpenCL back end prints arithmetic, comparisons, conditionals, casts and library math over buffers indexed by the loop variables [opencl]
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i];
    out[i] = S[i];
  }
}

int main() {
  for (int i = 0; i < N; ++i)
    in[i] = i * 3 - 5;
  tick();
  for (int i = 0; i < N; ++i)
    std::printf("%d ", out[i]);
  std::printf("\n");
}
