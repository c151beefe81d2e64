// The host stubs of designs with run-time sizes size each buffer by the
// elements the nest can touch, as guarded-extents.cpp checks for constant
// sizes: each access counts over the iterations that run it (the loops
// narrowed by its guards), and not at all where a loop runs no iteration.
// Before, the extent ran over the loops' whole ranges, so legal programs
// stopped with "'past_end' was called with the buffers 'in' and 'out'
// overlapping" (and the --opencl stub copied past the caller's arrays);
// a negative bound, which runs the loop zero times, was refused as "used as
// a size"; and a nest with a run-time size whose offsets no size moves
// counted over the loops' ranges, ignoring its guards. Reference = native =
// emulated = OpenCL device, with the input and the output in one array, at
// n = 5, 1, 0 and -1.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang -O2 %s -o %t/native
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu
// RUN: %t2s-clang --opencl -O2 -Wno-t2s-no-channels %s -o %t/dev
// RUN: %t/ref 5 > %t/ref.out && %t/ref 1 >> %t/ref.out && %t/ref 0 >> %t/ref.out && %t/ref -1 >> %t/ref.out
// RUN: %t/native 5 > %t/native.out && %t/native 1 >> %t/native.out && %t/native 0 >> %t/native.out && %t/native -1 >> %t/native.out
// RUN: %t/emu 5 > %t/emu.out && %t/emu 1 >> %t/emu.out && %t/emu 0 >> %t/emu.out && %t/emu -1 >> %t/emu.out
// RUN: %t/dev 5 > %t/dev.out && %t/dev 1 >> %t/dev.out && %t/dev 0 >> %t/dev.out && %t/dev -1 >> %t/dev.out
// RUN: diff %t/ref.out %t/native.out && diff %t/ref.out %t/emu.out && diff %t/ref.out %t/dev.out
// RUN: FileCheck %s < %t/ref.out
// CHECK: n = 5: past_end 1 2 5 6 1 1 1 1 1 1, never 3 3 4 4 5 5 6 6 7 7, fixed 20 30 0 0 21 31 1 1 22 32 2 2 23 33 3 3 24 34 4 4, half 2 4 -1 -1 -1
// CHECK-NEXT: n = 1: past_end 1 2, never 3 3, fixed 20 30 0 0, half -1
// CHECK-NEXT: n = 0: past_end, never, fixed, half
// CHECK-NEXT: n = -1: past_end, never, fixed, half
// The extents: 'out' from n, none where n <= 0 ('n' unchecked: a bound
// only); 'in' as far as 't < 2' lets the read reach, nothing of 'a' (its
// read never runs) and 4 elements of 'w', at every n (isl, with the sizes
// as variables of any value).
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s --check-prefix=HOST < %t/host.cpp
// HOST-NOT: checkSize
// HOST: const long long out_extent = ((((long)n) > 0) ? (((((long)n) - 1) * 2) + 2) : 0);
// HOST: {"in", in, 6 * sizeof(float), false}
// HOST: {"a", a, 0 * sizeof(float), false}
// HOST: {"w", w, 4 * sizeof(float), false}
// HOST: const long long in_extent = {{.*}} / 2{{.*}};
#include <cstdio>
#include <cstdlib>
#include <vector>

// Reads in[0 .. 5] only: 't < 2' keeps the read from running later.
void past_end(const float *in, float *out, int n) {
  static float A[2];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < 2; ++p) {
      A[p] = t < 2 ? in[4 * t + p] : 1.f;
      out[2 * t + p] = A[p];
    }
}

// Never reads 'a': 'k >= 5' in a loop to 4.
void never(const float *a, float *c, int n) {
  static float C[4][2];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int k = 0; k < 4; ++k)
      for (int p = 0; p < 2; ++p) {
        C[k][p] = k >= 5 ? a[8 * t + p] : float(k + t);
        if (k == 3)
          c[2 * t + p] = C[k][p];
      }
}

// Reads 'w' at offsets that no run-time size moves: w[2], w[3] under
// 'p <= 1', and w[p + 8] never (p < 4), in a nest whose loop runs to n.
void fixed(const float *w, float *out, int n) {
  static float A[4];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < 4; ++p) {
      A[p] = (p <= 1 ? w[p + 2] : 0.f) + (p >= 4 ? w[p + 8] : float(t));
      out[4 * t + p] = A[p];
    }
}

// Reads in[0 .. n / 2 - 1] only: a guard with a run-time size.
void half(const float *in, float *out, int n) {
  static float A[1];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < 1; ++p) {
      A[p] = t < n / 2 ? in[t] * 2.f : -1.f;
      out[t] = A[p];
    }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 5;
  int Rows = n > 0 ? n : 0;
  std::vector<float> buf(6 + 2 * Rows), other(2 * Rows + 1);
  for (int i = 0; i < 6; ++i)
    buf[i] = float(i + 1);
  past_end(buf.data(), buf.data() + 6, n);
  std::printf("n = %d: past_end", n);
  for (int i = 6; i < 6 + 2 * Rows; ++i)
    std::printf(" %g", buf[i]);
  never(other.data(), other.data() + 1, n);
  std::printf(", never");
  for (int i = 1; i < 1 + 2 * Rows; ++i)
    std::printf(" %g", other[i]);
  std::vector<float> wout(4 + 4 * Rows);
  for (int i = 0; i < 4; ++i)
    wout[i] = float(10 * i);
  fixed(wout.data(), wout.data() + 4, n);
  std::printf(", fixed");
  for (int i = 4; i < 4 + 4 * Rows; ++i)
    std::printf(" %g", wout[i]);
  int Half = Rows / 2;
  std::vector<float> hout(Half + Rows);
  for (int i = 0; i < Half; ++i)
    hout[i] = float(i + 1);
  half(hout.data(), hout.data() + Half, n);
  std::printf(", half");
  for (int i = Half; i < Half + Rows; ++i)
    std::printf(" %g", hout[i]);
  std::printf("\n");
}
