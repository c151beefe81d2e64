// IR that LLVM optimized before the T2S passes has lost the loops the
// pragmas mark (here -O2 fully unrolls and merges them); instead of "not
// directly followed by a loop" or a nest rule, the error says that the IR
// was optimized first and how to emit it. The IR as clang emits it works.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -fplugin=%t2s_clang_plugin -O2 -S -emit-llvm %s -o %t/optimized.ll
// RUN: %not %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/optimized.ll 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: error: {{.*}}optimized-ir.cpp:[[#@LINE+8]]:13: in function {{.*}}: the IR of this function was optimized before the T2S passes ran (LLVM's optimizations moved, unrolled or merged the loops that '#pragma t2s' marks); give them the IR as clang emits it: 'clang++-19 -O0 -Xclang -disable-llvm-passes -S -emit-llvm' (or -O2 with -Xclang -disable-llvm-passes) with the T2S clang plugin, or compile with t2s-clang
// RUN: %clangxx -fplugin=%t2s_clang_plugin -O2 -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t/plain.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/plain.ll 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: URE model of '_Z4gemmPA4_KfS1_PA4_f'
// PLAIN-NOT: rejected

void gemm(const float a[4][4], const float b[4][4], float c[4][4]) {
  static float A[4][4][4], B[4][4][4], C[4][4][4];
#pragma t2s ure
#pragma t2s space_time(j, i)
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < 4; ++j)
      for (int i = 0; i < 4; ++i) {
        A[k][j][i] = j == 0 ? a[i][k] : A[k][j - 1][i];
        B[k][j][i] = i == 0 ? b[k][j] : B[k][j][i - 1];
        C[k][j][i] = (k == 0 ? 0.0f : C[k - 1][j][i]) + A[k][j][i] * B[k][j][i];
        if (k == 3)
          c[i][j] = C[k][j][i];
      }
}
