// Malformed '#pragma t2s' lines are clang errors at the offending token, with
// the broken rule and a fix.
// RUN: %not %t2s-clangxx -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

void f(int *a) {
  // CHECK: syntax-errors.cpp:[[@LINE+1]]:15: error: unknown T2S directive 'spacetime'; did you mean 'space_time'?
  #pragma t2s spacetime(i)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:25: error: unbalanced parentheses: '(' is never closed; add ')' after the last argument
  #pragma t2s space_time(i, j
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:27: error: unbalanced parentheses: extra ')'; remove the extra ')'
  #pragma t2s vectorize(k))
  for (int k = 0; k < 4; ++k) a[k] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:32: error: schedule has 1 coefficient but space_time names 2 space loops; give one coefficient per space loop, in the same order
  #pragma t2s space_time(i, j) schedule(1)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:14: error: expected a T2S directive after '#pragma t2s'; write one of: ure, merge_ures, space_time, vectorize, unroll, gather, scatter, kernel
  #pragma t2s
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:28: error: the direction of 'gather' must be 'up' or 'down', found 'left'; write it as: gather(c, i, down)
  #pragma t2s gather(C, i, left)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:29: error: 'i' is named twice in 'space_time'; name each loop or array once
  #pragma t2s space_time(i, i)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:19: error: unexpected character ';'; directive arguments are loop or array names and integers
  #pragma t2s ure ;
  for (int i = 0; i < 4; ++i) a[i] = 0;
  // Integers are ints; a bigger one says so (it was "not a decimal integer").
  // CHECK: syntax-errors.cpp:[[@LINE+1]]:38: error: '99999999999999999999999' is too large: integers in a '#pragma t2s' line lie between -2147483648 and 2147483647; use a smaller value, e.g. 2 or -1
  #pragma t2s space_time(i) schedule(99999999999999999999999)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:44: error: '-2147483649' is too large: integers in a '#pragma t2s' line lie between -2147483648 and 2147483647
  #pragma t2s space_time(i, j) schedule(1, -2147483649)
  for (int i = 0; i < 4; ++i) a[i] = 0;

  // CHECK: syntax-errors.cpp:[[@LINE+1]]:38: error: '2abc' is not a decimal integer; write integers in decimal, e.g. 2 or -1
  #pragma t2s space_time(i) schedule(2abc)
  for (int i = 0; i < 4; ++i) a[i] = 0;
}
