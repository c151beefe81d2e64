// Nests in templates, member functions and lambdas; two nests in a row; a
// pragma on a loop inside an unmarked loop; comments between pragma and loop.
// RUN: %t2s-clangxx -O0 -S -emit-llvm %s -o - | FileCheck %s

template <typename T> void fill(T *a) {
  #pragma t2s kernel(fill)
  for (int k = 0; k < 4; ++k)
    a[k] = T(k);
}
template void fill<int>(int *);
// CHECK-DAG: !{!"t2s.directive", !"kernel(fill)", !"{{.*}}nests.cpp", i32 6, i32 15}
// CHECK-DAG: !{!"t2s.loop.name", !"k"}

struct Box {
  void run(int *a) {
    #pragma t2s kernel(box)
    for (int r = 0; r < 3; ++r)
      a[r] = r;
  }
};
void useBox(Box &b, int *a) { b.run(a); }
// CHECK-DAG: !{!"t2s.directive", !"kernel(box)", !"{{.*}}nests.cpp", i32 16, i32 17}
// CHECK-DAG: !{!"t2s.loop.name", !"r"}

void lambdas(int *a) {
  auto f = [&] {
    #pragma t2s kernel(lambda)
    for (int v = 0; v < 8; ++v)
      a[v] = v;
  };
  f();
}
// CHECK-DAG: !{!"t2s.directive", !"kernel(lambda)", !"{{.*}}nests.cpp", i32 27, i32 17}
// CHECK-DAG: !{!"t2s.loop.name", !"v"}

void twoNests(int *a, int *b) {
  #pragma t2s kernel(first)
  for (int x = 0; x < 4; ++x)
    a[x] = x;
  #pragma t2s kernel(second)

  /* a comment */ // and another
  for (int y = 0; y < 4; ++y)
    b[y] = a[y];
  for (int u = 0; u < 4; ++u) {
    #pragma t2s kernel(inner)
    for (int z = 0; z < 2; ++z)
      b[2 * z] = a[u];
  }
}
// CHECK-DAG: !{!"t2s.directive", !"kernel(first)", !"{{.*}}nests.cpp", i32 37, i32 15}
// CHECK-DAG: !{!"t2s.directive", !"kernel(second)", !"{{.*}}nests.cpp", i32 40, i32 15}
// CHECK-DAG: !{!"t2s.directive", !"kernel(inner)", !"{{.*}}nests.cpp", i32 46, i32 17}
// CHECK-DAG: !{!"t2s.loop.name", !"x"}
// CHECK-DAG: !{!"t2s.loop.name", !"y"}
// CHECK-DAG: !{!"t2s.loop.name", !"z"}

// Conditional compilation between a pragma and its loop is transparent.
void conditional(int *a) {
  #pragma t2s kernel(cond)
#if 0
  this is not code at all;
#elif defined(NOT_DEFINED)
  a[0] = 1;
#endif
  for (int w = 0; w < 2; ++w)
    a[w] = w;
}
// CHECK-DAG: !{!"t2s.directive", !"kernel(cond)", !"{{.*}}nests.cpp", i32 [[@LINE-9]], i32 15}
// CHECK-DAG: !{!"t2s.loop.name", !"w"}
