// Locals that each use the one before twice (a running maximum, a DP cell's
// max of two terms): the kernels keep each such local as a named temporary,
// so output and build time grow linearly with the chain, not as 2^n (a 16-level
// chain printed an 8 MB kernel and did not build natively in two minutes).
// A large value used twice without a name becomes a 'tmp'; a value computed
// only in one arm of a select is hoisted only where computing it always is
// harmless (here: never the division).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: timeout 120 %t2s-clang -O2 %s -o %t/native
// RUN: timeout 120 %t2s-clang --emulate -O2 %s -o %t/emu
// RUN: %t/ref > %t/ref.out && %t/native > %t/native.out && %t/emu > %t/emu.out
// RUN: diff %t/ref.out %t/native.out && diff %t/ref.out %t/emu.out
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
// OUT: running max: 18 17 16 15
// OUT-NEXT: dp: 9 5 4 7
// RUN: timeout 120 %t2s-clang --emit-opencl %s -o %t/k.cl
// RUN: FileCheck %s < %t/k.cl
// The running maximum: x and m0 .. m14 once each (m15, used once, stays in
// the statement), which names its line in the source.
// CHECK-LABEL: void runmax(
// CHECK: const int x = (t == 0) ? 0 : sr_X[1][p];
// CHECK-NEXT: const int m0 = (x > (in_in + 0)) ? x : (in_in + 0);
// CHECK-NEXT: const int m1 = (m0 > (in_in + 1)) ? m0 : (in_in + 1);
// CHECK: const int m14 = (m13 > (in_in + 14)) ? m13 : (in_in + 14);
// CHECK-NEXT: sr_X[0][p] = (((m14 > (in_in + 15)) ? m14 : (in_in + 15)) - 7); // local-chains.cpp:[[#@LINE+39]]
// The DP chain of shorts; q, computed only where v != 0, stays in its arm
// with its division.
// CHECK-LABEL: void dp(
// CHECK: const short d11 =
// CHECK-NOT: const short q
// CHECK: sr_D[0][p] = {{.*}} != 0) ? {{.*}}d11) / ((int)in_in){{.*}} : d11);
// RUN: wc -c < %t/k.cl | FileCheck %s --check-prefix=SIZE
// SIZE: {{^[0-9]{1,5}$}}
#include <cstdio>

constexpr int T = 8, P = 4;

void runmax(const int *in, int *out) {
  static int X[T][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      int v = in[t * P + p];
      int x = t == 0 ? 0 : X[t - 1][p];
      int m0 = x > v + 0 ? x : v + 0;
      int m1 = m0 > v + 1 ? m0 : v + 1;
      int m2 = m1 > v + 2 ? m1 : v + 2;
      int m3 = m2 > v + 3 ? m2 : v + 3;
      int m4 = m3 > v + 4 ? m3 : v + 4;
      int m5 = m4 > v + 5 ? m4 : v + 5;
      int m6 = m5 > v + 6 ? m5 : v + 6;
      int m7 = m6 > v + 7 ? m6 : v + 7;
      int m8 = m7 > v + 8 ? m7 : v + 8;
      int m9 = m8 > v + 9 ? m8 : v + 9;
      int m10 = m9 > v + 10 ? m9 : v + 10;
      int m11 = m10 > v + 11 ? m10 : v + 11;
      int m12 = m11 > v + 12 ? m11 : v + 12;
      int m13 = m12 > v + 13 ? m12 : v + 13;
      int m14 = m13 > v + 14 ? m13 : v + 14;
      int m15 = m14 > v + 15 ? m14 : v + 15;
      X[t][p] = m15 - 7;
      if (t == T - 1)
        out[p] = X[t][p];
    }
}

void dp(const short *in, short *out) {
  static short D[T][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      short v = in[t * P + p];
      short d0 = t == 0 ? 1 : D[t - 1][p];
      short d1 = d0 > v ? short(d0 - v) : short(v + 9 - d0);
      short d2 = d1 > 6 ? short(d1 - 5) : short(d1 + d1 + 1);
      short d3 = d2 > v ? short(d2 - v) : short(v + 9 - d2);
      short d4 = d3 > 6 ? short(d3 - 5) : short(d3 + d3 + 1);
      short d5 = d4 > v ? short(d4 - v) : short(v + 9 - d4);
      short d6 = d5 > 6 ? short(d5 - 5) : short(d5 + d5 + 1);
      short d7 = d6 > v ? short(d6 - v) : short(v + 9 - d6);
      short d8 = d7 > 6 ? short(d7 - 5) : short(d7 + d7 + 1);
      short d9 = d8 > v ? short(d8 - v) : short(v + 9 - d8);
      short d10 = d9 > 6 ? short(d9 - 5) : short(d9 + d9 + 1);
      short d11 = d10 > v ? short(d10 - v) : short(v + 9 - d10);
      short r = d11;
      if (v != 0) {
        short q = short(d11 / v);
        r = short(q + q + p);
      }
      D[t][p] = r;
      if (t == T - 1)
        out[p] = D[t][p];
    }
}

int main() {
  int in[T * P], out[P];
  short sin[T * P], sout[P];
  for (int i = 0; i < T * P; ++i) {
    in[i] = (i * 37) % 19;
    sin[i] = short((i * 13) % 7);
  }
  runmax(in, out);
  printf("running max:");
  for (int p = 0; p < P; ++p)
    printf(" %d", out[p]);
  dp(sin, sout);
  printf("\ndp:");
  for (int p = 0; p < P; ++p)
    printf(" %d", sout[p]);
  printf("\n");
}
