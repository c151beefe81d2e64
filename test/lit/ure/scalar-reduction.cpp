// A reduction written as it usually is, into a scalar ('int s = 0; for (t
// ...) s += ...; y[i] = s;'), under '#pragma t2s ure': the nest is not a
// perfect nest, and the error says that this is a reduction and how to
// write it as a recurrence in a URE array, at the store, in every mode.
// (Deriving the UREs from such a nest is '#pragma t2s systolic', to come.)
// RUN: %not %t2s-clang -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang --emit-opencl %s -o %t.cl 2>&1 | FileCheck %s --implicit-check-not=error:
constexpr int N = 8, T = 4;

void conv(const int w[T], const int x[N + T], int y[N]) {
#pragma t2s ure
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i) {
    int s = 0;
    for (int t = 0; t < T; ++t)
      s += w[t] * x[i + t];
    // CHECK: scalar-reduction.cpp:[[#@LINE+1]]:10: error: this stores a value that loop 't' accumulates in the scalar 's' (a reduction), between loop 'i' and loop 't'; a URE nest is a perfect nest that carries each value in a URE array, one element per iteration: write the reduction as a recurrence in the innermost loop, 'S[i][t] = (t == 0 ? 0 : S[i][t - 1]) + ...;', and the output under the last iteration, 'if (t == N - 1) out[i] = S[i][t];' (docs/language.md, "URE nests") [perfect nest]
    y[i] = s;
  }
}
