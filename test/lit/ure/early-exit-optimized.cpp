// A 'return' out of a URE nest is rejected at a source line at -O2 too, where
// the branch out has lost its line: the error points at the loop instead of
// ':0:0:'. Found by the design fuzzer (every T2S error has a location).
// RUN: %not %t2s-clangxx -O2 -c %s -o /dev/null 2>&1 | FileCheck %s

void f(const int *x, int *out) {
  static int A[5][6];
  #pragma t2s ure
  // CHECK: early-exit-optimized.cpp:[[@LINE+1]]:3: error: 'break', 'return' or 'goto' out of loop 'j' is not supported; every iteration of a URE nest runs [no early exit]
  for (int j = 0; j < 5; ++j)
    for (int i = 0; i < 6; ++i) {
      A[j][i] = x[i];
      out[i] = A[j][i];
      return;
    }
}
