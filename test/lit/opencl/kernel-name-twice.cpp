// Kernels are OpenCL kernels of one program-wide kernels file: two designs
// of a file whose kernel(name) nests share a name would define one kernel
// twice (before: --emulate failed with "the kernels t2s-clang emitted for
// this program do not compile (a T2S bug...)"). It is an error at the
// second one, with the rule and the fix. (Overloads with designs get names
// of their own: first, first_overload2.)
// RUN: %not %t2s-clang --emit-opencl %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %not %t2s-clang --emulate %s -o %t 2>&1 | FileCheck %s
// CHECK: kernel-name-twice.cpp:[[@LINE+16]]:15: error: another design of this program has a kernel named 'scale' already (a kernel(name) nest is one OpenCL kernel of that name in the program's kernels file) [offload]; give this kernel another name
// RUN: %t2s-clang --emit-opencl -DOVERLOAD %s -o - 2>&1 | FileCheck %s --check-prefix=OVERLOAD
// OVERLOAD: void first_overload2(
float T[8], W[8];

void first(const float *in, float *out) {
  #pragma t2s kernel(scale)
  for (int i = 0; i < 8; ++i)
    T[i] = in[i] * 2.f;
  #pragma t2s kernel(store)
  for (int i = 0; i < 8; ++i)
    out[i] = T[i];
}

#ifndef OVERLOAD
void second(const float *in, float *out) {
  #pragma t2s kernel(scale)
  for (int i = 0; i < 8; ++i)
    W[i] = in[i] + 1.f;
  #pragma t2s kernel(keep)
  for (int i = 0; i < 8; ++i)
    out[i] = W[i];
}
#else
void first(const double *in, double *out) {
  static double A[8];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < 8; ++i) {
    A[i] = in[i] * 2.0;
    out[i] = A[i];
  }
}
#endif

int main() {}
