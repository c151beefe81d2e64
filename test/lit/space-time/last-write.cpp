// Rule 'last write': when several iterations write one output element, the
// sequential program keeps the last one's value in nest order; the array
// must write it last too. Iterations in one time step (PEs, lanes of
// vectorize, a skewing schedule) write in an order of their own, so they may
// not share an element: refused at the statement with two such iterations,
// the element, the step and the fix, in every mode. Writes to one element at
// different steps in nest order are fine: reference = native = emulated.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang -O0 -c -DERRORS %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %not %t2s-clang --emit-opencl -DERRORS %s -o %t/e.cl 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %not %t2s-clang --emulate -O0 -DERRORS %s -o %t/e 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
#include <cstdio>

constexpr int T = 5, P = 4, K = 4;

#ifdef ERRORS
// ERR: last-write.cpp:[[#@LINE+8]]:18: error: more than one iteration writes an element of 'out': iterations (t = 0, p = 1) and (t = 1, p = 0) both write out[1]; the sequential program keeps the value of (t = 1, p = 0), which it runs last, but the systolic array runs it in the same time step (t1 = 1) as the other, and writes the two in an order of its own: let one iteration write each element (guard the write on 't', 'p', as 'if (k == K - 1)' keeps the last value of a sum over k), or schedule the iterations that write one element at different time steps, in the order of the loops [last write]
void skewed(const int in[T][P], int out[T + P]) {
  static int S[T][P];
#pragma t2s ure
#pragma t2s space_time(p) schedule(1)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (t == 0 ? 0 : S[t - 1][p]) + in[t][p];
      out[t + p] = S[t][p];
    }
}

// A schedule that runs a later iteration at an earlier step.
// ERR: last-write.cpp:[[#@LINE+8]]:18: error: more than one iteration writes an element of 'out': iterations (t = 0, p = 1) and (t = 1, p = 0) both write out[1]; the sequential program keeps the value of (t = 1, p = 0), which it runs last, but the systolic array runs it at time step (t1 = 1), before the other's (t1 = 2): {{.*}} [last write]
void later(const int in[T][P], int out[T + P]) {
  static int S[T][P];
#pragma t2s ure
#pragma t2s space_time(p) schedule(2)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (t == 0 ? 0 : S[t - 1][p]) + in[t][p];
      out[t + p] = S[t][p];
    }
}

// Every PE of a gather writes out[k] in the same step, and 'up' sends the
// last PE's value first (with 'down' it builds: e2e/gather-one-element.cpp).
// ERR: last-write.cpp:[[#@LINE+10]]:14: error: more than one iteration writes an element of 'out': iterations (k = 0, p = 0) and (k = 0, p = 1) both write out[0]; {{.*}} in the same time step (t1 = 0) as the other, {{.*}}guard the write on 'p', {{.*}}, or write 'gather(out, p, down)': its drainer writes the values of the PEs along 'p' in one step in ascending 'p', and the last PE's value stays [last write]
void gathered(const int in[K][P], int out[K]) {
  static int S[K][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
#pragma t2s gather(out, p, up)
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      S[k][p] = (p == 0 ? 0 : S[k][p - 1]) + in[k][p];
      out[k] = S[k][p];
    }
}

// The lanes of vectorize(k) write out[k + p] of neighbouring PEs.
// ERR: last-write.cpp:[[#@LINE+10]]:32: error: more than one iteration writes an element of 'out': iterations (t = 2, k = 0, p = 1) and (t = 2, k = 1, p = 0) both write out[1]; {{.*}} in the same time step (t = 2, t1 = 0) as the other (the lanes of 'k' run in one step), {{.*}} [last write]
void lanes(const int in[T][P][K], int out[P + K]) {
  static int S[T][P][K];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s vectorize(k)
  for (int t = 0; t < 3; ++t)
    for (int k = 0; k < K; ++k)
      for (int p = 0; p < P; ++p) {
        S[t][k][p] = (t == 0 ? 0 : S[t - 1][k][p]) + in[t][p][k];
        if (t == 2) out[k + p] = S[t][k][p];
      }
}

// Two statements of one output; a run-time size: the example is at the
// stand-in sizes, and the check holds for every size.
// ERR: last-write.cpp:[[#@LINE+8]]:14: error: more than one iteration writes an element of 'out': iterations (t = 0, p = 0) and (t = 0, p = 1) both write out[1] (at t < 4); {{.*}} in the same time step (t1 = 0) as the other, {{.*}}guard the write on 'p', {{.*}} [last write]
void twoStatements(int n, const int *in, int *out) {
  static int S[2][P];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int t = 0; t < n; ++t)
    for (int p = 0; p < P; ++p) {
      S[t % 2][p] = in[t * P + p];
      out[p] = S[t % 2][p];
      if (p < P - 1) out[p + 1] = -S[t % 2][p];
    }
}
#else
// Legal: the writes to one element run at different steps, in nest order
// (t is time; no schedule). OUT: 1 9 24 46 75 90 105 120 0
void unskewed(const int in[T][P], int out[T + P]) {
  static int S[T][P];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (t == 0 ? 0 : S[t - 1][p]) + in[t][p];
      out[t + p] = S[t][p];
    }
}

// Legal: every step rewrites out[p], unguarded, through a drainer, and a
// second statement rewrites the last PE's element from t = 3 on, after the
// first in the same iteration. OUT-NEXT: 2 4 6 84 0
void rewritten(const int in[T][P], int out[P + 1]) {
  static int S[T][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s drainer(out)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      S[t][p] = (p == 0 ? 0 : S[t][p - 1]) + in[t][p] % 3;
      out[p] = S[t][p];
      if (p >= P - 1 && t > 2) out[p] = S[t][p] * 10 + t;
    }
}
#endif

int main() {
  int in[T][P], out[T + P] = {0};
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p)
      in[t][p] = t * 7 + p * 3 + 1;
#ifndef ERRORS
  unskewed(in, out);
  for (int i = 0; i < T + P; ++i)
    printf("%d ", out[i]);
  printf("\n");
  int out2[P + 1] = {0};
  rewritten(in, out2);
  for (int i = 0; i < P + 1; ++i)
    printf("%d ", out2[i]);
  printf("\n");
#endif
  return 0;
}
