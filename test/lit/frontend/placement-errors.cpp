// A pragma must stand right above a counted 'for' nest that declares its loop
// variables; anything else is an error at the pragma or the offending loop.
// RUN: %not %t2s-clangxx -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

int g;
// CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:13: error: '#pragma t2s kernel(global)' is not followed by a 'for' loop; put it directly above the loop nest it applies to (only other '#pragma t2s' lines and comments may stand between)
#pragma t2s kernel(global)
int h;

void f(int *a, int n) {
  // CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:15: error: '#pragma t2s ure' is not followed by a 'for' loop
  #pragma t2s ure
  a[0] = 1;
  for (int i = 0; i < n; ++i) a[i] = 0;

  int k;
  #pragma t2s ure
  // CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:3: error: every loop of a '#pragma t2s' nest must declare its loop variable in the for-init; write it as 'for (int k = 0; k < K; ++k)'
  for (k = 0; k < n; ++k) a[k] = 0;

  #pragma t2s ure
  for (int i = 0; i < n; ++i) {
    int j = 0;
    // CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:5: error: a '#pragma t2s' nest may contain only counted 'for' loops; rewrite this loop as 'for (int i = 0; i < N; ++i)'
    while (j < i) ++j;
  }

  int arr[3] = {1, 2, 3};
  #pragma t2s ure
  // CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:3: error: a '#pragma t2s' nest may contain only counted 'for' loops
  for (int x : arr) a[x] = x;

  // CHECK-DAG: placement-errors.cpp:[[@LINE+1]]:15: error: '#pragma t2s unroll(u)' is not followed by a 'for' loop
  #pragma t2s unroll(u)
  while (n--) a[n] = 0;
}
