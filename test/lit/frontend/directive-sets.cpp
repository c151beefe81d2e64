// What the directives of one nest say together: directives that map a URE
// system need '#pragma t2s ure' on the nest, all of a nest's directives stand
// above its outermost loop, 'ure' is given once (a warning) and 'kernel' once.
// None of these is silently ignored any more.
// RUN: %not %t2s-clangxx -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
constexpr int N = 8;

void withoutURE(const float in[N][N], float out[N][N]) {
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: error: '#pragma t2s space_time(i)' applies to a system of UREs, but this nest is not marked '#pragma t2s ure'; add '#pragma t2s ure' above the nest, or remove this line
  #pragma t2s space_time(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      out[j][i] = in[j][i];
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: error: '#pragma t2s vectorize(i)' applies to a system of UREs, but this nest is not marked '#pragma t2s ure'; add
  #pragma t2s vectorize(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      out[j][i] = in[j][i];
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: error: '#pragma t2s unroll(i)' applies to a system of UREs, but this nest is not marked '#pragma t2s ure'; add
  #pragma t2s unroll(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      out[j][i] = in[j][i];
  // A kernel nest runs its loops as they are.
  #pragma t2s kernel(copy)
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: error: '#pragma t2s space_time(i)' applies to a system of UREs, but this nest is not marked '#pragma t2s ure' (a 'kernel(...)' nest without 'ure' runs its loops as they are); add '#pragma t2s ure' above the nest, or remove this line
  #pragma t2s space_time(i)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      out[j][i] = in[j][i];
}

void betweenLoops(const float in[N], float out[N]) {
  float A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:17: error: '#pragma t2s space_time(i)' stands between the loops of the nest of loop 'j'; a nest's directives all stand above its outermost loop: move this line above 'for (int j ...'
    #pragma t2s space_time(i)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1] + in[i];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void twice(const float in[N], float out[N]) {
  float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: warning: '#pragma t2s ure' is given twice for this nest (first at line [[@LINE-2]]); the second one has no effect: remove it
  #pragma t2s ure
  #pragma t2s kernel(first)
  // CHECK-DAG: directive-sets.cpp:[[@LINE+1]]:15: error: '#pragma t2s kernel(second)' gives this nest a second kernel name (the first is 'kernel(first)' at line [[@LINE-1]]); a nest is one kernel: keep one 'kernel(...)' line
  #pragma t2s kernel(second)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1] + in[i];
      if (i == N - 1) out[j] = A[j][i];
    }
}
