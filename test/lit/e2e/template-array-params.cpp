// A design in a function template whose parameters are declared as arrays
// of the template's type ('const T x[N]'), instantiated for int, float and
// double: the front end marks each instantiation's declared extent with its
// own element size (the pattern's type is a parameter, and has none), in
// every build. Reference = native (-O0, -O2) = emulated = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -fplugin=%t2s_clang_plugin -O0 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl 2>/dev/null
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
//
// 4 x 6 ints, floats and doubles: 96, 96 and 192 bytes.
// One kernel per instantiation, named after the function and its
// template's arguments.
// CL-DAG: void rowsum_int(__global const int *restrict x, __global int *restrict out)
// CL-DAG: void rowsum_float(__global const float *restrict x, __global float *restrict out)
// CL-DAG: void rowsum_double(__global const double *restrict x, __global double *restrict out)
// IR-DAG: c"t2s.extent:96\00"
// IR-DAG: c"t2s.extent:192\00"
// OUT: int 15 51 87 123
// OUT-NEXT: float 0.75 9.75 18.75 27.75
// OUT-NEXT: double 30 102 174 246
#include <cstdio>

constexpr int P = 4, K = 6;

template <typename T> void rowsum(const T x[P][K], T out[P]) {
  static T S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? T(0) : S[p][k - 1]) + x[p][k];
      if (k == K - 1)
        out[p] = S[p][k];
    }
}

int main() {
  int xi[P][K], oi[P];
  float xf[P][K], of[P];
  double xd[P][K], od[P];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      xi[p][k] = p * K + k;
      xf[p][k] = 0.25f * float(p * K + k) - 0.5f;
      xd[p][k] = 2.0 * (p * K + k);
    }
  rowsum(xi, oi);
  rowsum<float>(xf, of);
  rowsum(xd, od);
  std::printf("int %d %d %d %d\n", oi[0], oi[1], oi[2], oi[3]);
  std::printf("float %g %g %g %g\n", of[0], of[1], of[2], of[3]);
  std::printf("double %g %g %g %g\n", od[0], od[1], od[2], od[3]);
}
