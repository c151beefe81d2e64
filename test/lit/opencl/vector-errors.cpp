// Vector operations the OpenCL back end cannot print are errors at the
// operation that say what is missing.
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:
typedef int int4v __attribute__((ext_vector_type(4)));

constexpr int N = 4;

void compare(const int4v *in, int4v *out) {
  int4v S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    // CHECK: vector-errors.cpp:[[@LINE+1]]:39: error: cannot write this design as OpenCL: it uses a comparison of vectors; the OpenCL back end prints arithmetic, comparisons, conditionals, casts and library math over buffers indexed by the loop variables [opencl]
    S[i] = i == 0 ? in[0] : (S[i - 1] > in[i]) + in[i];
    if (i == N - 1) out[0] = S[i];
  }
}

void lane(const int4v *in, const int *which, int *out) {
  int S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    // CHECK: vector-errors.cpp:[[@LINE+1]]:38: error: cannot write this design as OpenCL: it uses a vector lane chosen at run time; {{.*}} [opencl]
    S[i] = (i == 0 ? 0 : S[i - 1]) + in[i][which[i] & 3];
    if (i == N - 1) out[0] = S[i];
  }
}

void convert(const int4v *in, int4v *out) {
  int4v S[N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    // CHECK: vector-errors.cpp:[[@LINE+1]]:29: error: cannot write this design as OpenCL: it uses a conversion of vectors; {{.*}} [opencl]
    S[i] = i == 0 ? in[0] : __builtin_convertvector(__builtin_convertvector(S[i - 1], float __attribute__((ext_vector_type(4)))) * 0.5f, int4v);
    if (i == N - 1) out[0] = S[i];
  }
}
