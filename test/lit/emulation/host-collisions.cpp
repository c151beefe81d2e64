// Designs the native build accepts that the emulated build once refused with
// link errors inside its temporary files: a kernel named like its function
// with the same parameter types (1-D arrays, pointers: 'multiple definition
// of scan(int const*, int*)'), and a second URE system in one function that
// reads what the first writes (the stub declared 'twice_2(int*, int*)', the
// kernel was 'twice_2(const int*, int*)'; the two also ran at the same
// time, so the second could read 'mid' before the first wrote it). Compiled as C++, the kernels live
// in namespace t2s_kernels, and the stubs declare each kernel with its own
// parameter types. Overloaded designs get a number each ('norm_overload1',
// 'norm_overload2'), since OpenCL has no overloads and the stubs have C
// linkage (they were 'conflicting types for t2s_run_norm' in the temporary
// design-host.cpp). A kernel named like a parameter ('kernel(out)') is called
// past the parameter that hides it in the stub; a bool parameter is a char
// in the kernel (OpenCL kernels take no bool) and converts to int without
// the '(ubool)' cast it once had. Reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// RUN: %clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header -fsyntax-only -Wno-unknown-attributes -I%t2s_include %t/k.cl
// RUN: FileCheck %s --check-prefix=HOST < %t/host.cpp
// RESULT: scan: -5 -7 -6 -2 5 15 28 44
// RESULT: twice: -5 -7 -6 -2 5 15 28 44 / -4 -11 -17 -19 -14 1 29 73
// RESULT: bump: 1 2 3 4 5 6 7 8
// RESULT: norm: 0 1 3 6 10 15 21 28 / 0 0.5 1.5 3 5 7.5 10.5 14
// RESULT: pick: 250 290 330 370 410 450 490 274 / 0 2 4 6 8 10 12 14
// CL:      namespace t2s_kernels {
// CL:      void scan(__global const int *restrict in, __global int *restrict out) {
// CL:      } // namespace t2s_kernels
// CL:      void norm_overload1(__global const int *restrict in, __global int *restrict out) {
// CL:      void norm_overload2(__global const float *restrict in, __global float *restrict out) {
// CL:      void pick(__global const char *restrict in, char flag, __global int *restrict out) {
// CL-NEXT:   for (int i = 0; i < 8; i++) {
// CL-NEXT:     out[((long)i)] = (((bool)(((char)flag) & 1)) ? {{.*}}
// HOST:      T2S_KERNEL void scan(T2S_GLOBAL const int *T2S_RESTRICT in, T2S_GLOBAL int *T2S_RESTRICT out);
// HOST:      namespace t2s_kernels {
// HOST-NEXT: T2S_KERNEL void twice(T2S_GLOBAL const int *T2S_RESTRICT in, T2S_GLOBAL int *T2S_RESTRICT mid);
// HOST-NEXT: T2S_KERNEL void twice_2(T2S_GLOBAL const int *T2S_RESTRICT mid, T2S_GLOBAL int *T2S_RESTRICT out);
// HOST-NEXT: extern "C" void t2s_run_twice(const int *in, int *mid, int *out) {
// The second system reads what the first wrote: it starts when that ends.
// HOST:      t2s::emu::run({T2S_RUN_KERNEL(twice, in, mid)}, {"twice", 1, {{.*}}});
// HOST-NEXT: t2s::emu::run({T2S_RUN_KERNEL(twice_2, mid, out)}, {"twice", 2, {{.*}}});
// HOST:      t2s::host::runAll({&twice_kernel});
// HOST:      t2s::host::runAll({&twice_2_kernel});
// HOST:      t2s::emu::run({::t2s::emu::Kernel{"out", [&] { t2s_kernels::out(in, out); }}}, {{.*}});
#include <cstdio>

constexpr int N = 8;

void scan(const int in[N], int out[N]) {
  static int S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i];
    out[i] = S[i];
  }
}

void twice(const int in[N], int mid[N], int out[N]) {
  static int S[N], T[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i];
    mid[i] = S[i];
  }
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    T[i] = (i == 0 ? 1 : T[i - 1]) + mid[i];
    out[i] = T[i];
  }
}

// Pointer parameters, and a kernel(name) nest named like its function.
void bump(const int *a, int *b) {
  #pragma t2s kernel(bump)
  for (int i = 0; i < N; ++i)
    b[i] = a[i] + 1;
}

void norm(const int in[N], int out[N]) {
  static int S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i];
    out[i] = S[i];
  }
}

void norm(const float in[N], float out[N]) {
  static float S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    S[i] = (i == 0 ? 0.f : S[i - 1]) + in[i] * 0.5f;
    out[i] = S[i];
  }
}

void twiceOf(const int in[N], int out[N]) {
  #pragma t2s kernel(out)
  for (int i = 0; i < N; ++i)
    out[i] = in[i] * 2;
}

void pick(const unsigned char in[N], bool flag, unsigned out[N]) {
  #pragma t2s kernel(pick)
  for (int i = 0; i < N; ++i)
    out[i] = flag ? in[i] + 250u : in[i];
}

static void print(const char *Label, const int *V) {
  std::printf("%s", Label);
  for (int i = 0; i < N; ++i)
    std::printf(" %d", V[i]);
}

int main() {
  int in[N], mid[N], out[N];
  for (int i = 0; i < N; ++i)
    in[i] = i * 3 - 5;
  scan(in, out);
  print("scan:", out);
  std::printf("\n");
  twice(in, mid, out);
  print("twice:", mid);
  print(" /", out);
  std::printf("\n");
  for (int i = 0; i < N; ++i)
    mid[i] = i;
  bump(mid, out);
  print("bump:", out);
  std::printf("\n");
  float f[N], g[N];
  for (int i = 0; i < N; ++i)
    f[i] = float(i);
  norm(mid, out);
  norm(f, g);
  print("norm:", out);
  std::printf(" /");
  for (int i = 0; i < N; ++i)
    std::printf(" %g", g[i]);
  std::printf("\n");
  unsigned char c[N];
  unsigned u[N];
  for (int i = 0; i < N; ++i)
    c[i] = (unsigned char)(i * 40);
  pick(c, true, u);
  std::printf("pick:");
  for (int i = 0; i < N; ++i)
    std::printf(" %u", u[i]);
  twiceOf(mid, out);
  print(" /", out);
  std::printf("\n");
}
