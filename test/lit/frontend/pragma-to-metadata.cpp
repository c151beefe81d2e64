// Each '#pragma t2s' line reaches the IR as metadata on the loop below it, at
// -O0 and -O2, with its source position; every loop of the nest is named.
// RUN: %t2s-clangxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefixes=CHECK,O0
// RUN: %t2s-clangxx -O2 -fno-unroll-loops -S -emit-llvm %s -o - | FileCheck %s
// The driver runs the same plugins on the same file.
// RUN: %t2s-clang -O2 -fno-unroll-loops -S -emit-llvm %s -o - | FileCheck %s
// The markers are consumed: no annotation call or marker string is left.
// RUN: %t2s-clangxx -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=GONE
// RUN: %t2s-clangxx -O2 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=GONE

constexpr int N = 8, M = 4;
void scale(const float b[N][M], float a[N][M]) {
  static float S[N][M];
  #pragma t2s ure
  #pragma t2s unroll(i)
  #pragma t2s space_time(j) schedule(3) check_time
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < M; ++j) {
      S[i][j] = 2.f * b[i][j];
      a[i][j] = S[i][j];
    }
}

// O0: define {{.*}} @_Z5scalePA4_KfPA4_f
// CHECK-DAG: !{!"t2s.loop.name", !"i"}
// CHECK-DAG: !{!"t2s.loop.name", !"j"}
// CHECK-DAG: !{!"t2s.directive", !"ure", !"{{.*}}pragma-to-metadata.cpp", i32 14, i32 15}
// CHECK-DAG: !{!"t2s.directive", !"unroll(i)", !"{{.*}}pragma-to-metadata.cpp", i32 15, i32 15}
// CHECK-DAG: !{!"t2s.directive", !"space_time(j) schedule(3) check_time", !"{{.*}}pragma-to-metadata.cpp", i32 16, i32 15}

// GONE-NOT: llvm.var.annotation(
// GONE-NOT: c"t2s.
