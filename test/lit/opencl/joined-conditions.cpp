// Accesses under conditions whose paths join ('a || b', and the else of
// 'a && b'): no single branch dominates them, so the guards of the URE model
// missed the condition. The OpenCL output then wrote 'out' at every
// iteration (FORM 1, 2) and read a loaded vector of lanes under a test of
// the collapsed loop k (FORM 3, which did not compile). Now such accesses
// depend on every branch that decides them: statements print their whole
// condition, and the loaded value travels lane by lane.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w -DFORM=1 %s -o %t/ref1 && %t/ref1 > %t/ref1.out
// RUN: %clangxx -O2 -w -DFORM=3 %s -o %t/ref3 && %t/ref3 > %t/ref3.out
// RUN: %t2s-clang -O2 -DFORM=1 %s -o %t/n1 && %t/n1 | diff %t/ref1.out -
// RUN: %t2s-clang --emulate -O2 -DFORM=1 %s -o %t/e1 && %t/e1 | diff %t/ref1.out -
// RUN: %t2s-clang --emulate -O2 -DFORM=2 %s -o %t/e2 && %t/e2 | diff %t/ref1.out -
// RUN: %t2s-clang -O2 -DFORM=3 %s -o %t/n3 && %t/n3 | diff %t/ref3.out -
// RUN: %t2s-clang --emulate -O2 -DFORM=3 %s -o %t/e3 && %t/e3 | diff %t/ref3.out -
// RUN: %t2s-clang --emit-opencl -DFORM=1 %s -o - | FileCheck %s --check-prefix=OR
// RUN: %t2s-clang --emit-opencl -DFORM=3 %s -o - | FileCheck %s --check-prefix=AND
// OR: if ((k == 2) || (i == 0)) out[((long)k) * 4 + ((long)i)] = sr_S[0][i];
// AND-NOT: int2
// AND: if (((i >= 1) && !(k >= 1)) || !(i >= 1)) w_in = T2S_READ(design_w[i]);
// RUN: %t2s-clang -O0 -S -emit-llvm -Xclang -disable-llvm-passes -DFORM=1 %s -o %t/m.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/m.ll | FileCheck %s --check-prefix=MODEL
// MODEL: extended URE, output out
// MODEL-NEXT: depends on %{{.*}} (k == 2)
// MODEL-NEXT: depends on %{{.*}} (i == 0)
#include <cstdio>
#if FORM == 1 || FORM == 2
void design(const int x[4], int out[3][4]) {
  static int S[3][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
#if FORM == 2
  #pragma t2s drainer(out)
#endif
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 4; ++i) {
      S[k][i] = (k == 0 ? 0 : S[k - 1][i]) + x[i];
      if (k == 2 || i == 0) out[k][i] = S[k][i];
    }
}
int main() {
  int x[4] = {1, 2, 3, 4}, out[3][4] = {};
  design(x, out);
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 4; ++i) std::printf("%d ", out[k][i]);
  std::printf("\n");
}
#else
void design(const int w[4], int out[4]) {
  static int U[2][4];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(w)
  #pragma t2s vectorize(k)
  for (int k = 0; k < 2; ++k)
    for (int i = 0; i < 4; ++i) {
      U[k][i] = i >= 1 && k >= 1 ? U[k - 1][i - 1] + 1 : w[i];
      if (k == 1) out[i] = U[k][i];
    }
}
int main() {
  int w[4] = {1, 2, 3, 4}, out[4];
  design(w, out);
  for (int i = 0; i < 4; ++i) std::printf("%d ", out[i]);
  std::printf("\n");
}
#endif
