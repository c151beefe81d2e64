// A run-time tile loop around loops with affine bounds (a triangle per
// tile): the nest's box is computed with the tile loop at its stand-in size,
// not before it has one, which refused the nest as "the bounds of this
// nest's loops leave it no iteration". Reference, native and emulated builds
// agree for 0, 1, 3 and 9 tiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang -O2 %s -o %t/native
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu
// RUN: %t/ref 0 > %t/ref.out && %t/ref 1 >> %t/ref.out && %t/ref 3 >> %t/ref.out && %t/ref 9 >> %t/ref.out
// RUN: %t/native 0 > %t/native.out && %t/native 1 >> %t/native.out && %t/native 3 >> %t/native.out && %t/native 9 >> %t/native.out
// RUN: %t/emu 0 > %t/emu.out && %t/emu 1 >> %t/emu.out && %t/emu 3 >> %t/emu.out && %t/emu 9 >> %t/emu.out
// RUN: diff %t/ref.out %t/native.out && diff %t/ref.out %t/emu.out
// RUN: FileCheck %s < %t/ref.out
// CHECK: 0 tiles:
// CHECK-NEXT: 1 tiles: 0 7 10 20
// CHECK-NEXT: 3 tiles: 0 7 10 20 6 8 17 22 1 9 13 13
// CHECK-NEXT: 9 tiles: {{.*}} 9 14 15 23 4 4 11 14{{$}}
// The model keeps the tile loop at run time and boxes the triangle.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/tri.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/tri.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: loops: t in [0, nt), at run time (counted as [0, 4)), j in [0, 4), i in [j, 4)
#include <cstdio>
#include <cstdlib>

constexpr int N = 4;

// Prefix sums of each tile of N values: out[t][i] = in[t][0] + ... + in[t][i].
void prefix(const int *in, int *out, int nt) {
  static int S[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < nt; ++t)
    for (int j = 0; j < N; ++j)
      for (int i = j; i < N; ++i) {
        S[j][i] = (j == 0 ? 0 : S[j - 1][i]) + in[t * N + j];
        if (j == i)
          out[t * N + i] = S[j][i];
      }
}

int main(int argc, char **argv) {
  int nt = argc > 1 ? atoi(argv[1]) : 3;
  int in[9 * N], out[9 * N] = {0};
  for (int k = 0; k < 9 * N; ++k)
    in[k] = k * 7 % 11;
  prefix(in, out, nt);
  printf("%d tiles:", nt);
  for (int k = 0; k < nt * N; ++k)
    printf(" %d", out[k]);
  printf("\n");
}
