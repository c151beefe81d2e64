// A run-time loop bounded by a minimum and a maximum of sizes
// (__builtin_elementwise_min/max, which clang emits as llvm.smin/smax),
// with the loop variable in a buffer index: the host stub sizes the buffers
// from the same lifted bound (ure/RunTimeSizes.h) that the kernels run to.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang -O2 %s -o %t/native
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu
// RUN: %t/ref 3 > %t/ref.out && %t/ref 9 >> %t/ref.out && %t/ref 0 >> %t/ref.out
// RUN: %t/native 3 > %t/native.out && %t/native 9 >> %t/native.out && %t/native 0 >> %t/native.out
// RUN: %t/emu 3 > %t/emu.out && %t/emu 9 >> %t/emu.out && %t/emu 0 >> %t/emu.out
// RUN: diff %t/ref.out %t/native.out && diff %t/ref.out %t/emu.out
// RUN: FileCheck %s < %t/ref.out
// CHECK: n = 3: 3 steps, sum 63
// CHECK-NEXT: n = 9: 6 steps, sum 154
// CHECK-NEXT: n = 0: 1 steps, sum 6
// The host stub sizes the buffers from the bounds, min(n, 6) and max(n, 1)
// (this crashed in every mode while the buffers' sizes were read from the IR
// a second time, without min and max).
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s --check-prefix=HOST < %t/host.cpp
// HOST: const long long in_extent = ((((((long)n) < 6) ? ((long)n) : 6) > 0) ? (((((((long)n) < 6) ? ((long)n) : 6) - 1) * 4) + 4) : 0);
// HOST: const long long in2_extent = ((((((long)n) > 1) ? ((long)n) : 1) > 0) ? (((((((long)n) > 1) ? ((long)n) : 1) - 1) * 4) + 4) : 0);
// The URE model spells the bounds as the source does.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/m.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/m.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: loops: t in [0, min(n, 6)), at run time (counted as [0, 4)), p in [0, 4)
// MODEL: loops: t in [0, max(n, 1)), at run time (counted as [0, 4)), p in [0, 4)
#include <cstdio>
#include <cstdlib>

constexpr int P = 4;

void f(int n, const int *in, const int *in2, int *out, int *out2) {
  static int X[P], Y[P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < __builtin_elementwise_min(n, 6); ++t)
    for (int p = 0; p < P; ++p) {
      X[p] = in[t * P + p] + p;
      out[t * P + p] = X[p];
    }
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < __builtin_elementwise_max(n, 1); ++t)
    for (int p = 0; p < P; ++p) {
      Y[p] = in2[t * P + p] * 2;
      out2[t * P + p] = Y[p];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 3;
  int in[64], in2[64], out[64] = {0}, out2[64] = {0};
  for (int i = 0; i < 64; ++i)
    in[i] = i % 5, in2[i] = i % 3;
  f(n, in, in2, out, out2);
  int steps = n < 6 ? n : 6, sum = 0;
  for (int i = 0; i < 64; ++i)
    sum += out[i] + out2[i];
  std::printf("n = %d: %d steps, sum %d\n", n, steps > 0 ? steps : (n > 1 ? n : 1), sum);
}
