// C sources go through the same front end (clang-19 -x c).
// RUN: %clang -fplugin=%t2s_clang_plugin -fpass-plugin=%t2s_plugin -O1 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %not %clang -fplugin=%t2s_clang_plugin -fpass-plugin=%t2s_plugin -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK-DAG: !{!"t2s.loop.name", !"i"}
// CHECK-DAG: !{!"t2s.directive", !"kernel(twice)", !"{{.*}}c-source.c", i32 [[@LINE+6]], i32 13}
// BAD: c-source.c:[[@LINE+3]]:13: error: unknown T2S directive 'kernal'; did you mean 'kernel'?
void twice(const int *a, int *b) {
#ifdef BAD
#pragma t2s kernal(twice)
#else
#pragma t2s kernel(twice)
#endif
  for (int i = 0; i < 8; ++i)
    b[i] = 2 * a[i];
}
