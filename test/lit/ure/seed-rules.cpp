// Every URE rule of the seeds, broken once; each is an error at the offending
// source line that names the rule and the fix. (Accepting cases: accepted.cpp.)
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clang -O2 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 8;

void simpleArgs(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:34: error: subscript 2 of the read A[j][j + i - 1] must be the loop variable 'i' plus or minus a constant (simple args) [simple args]
      A[j][i] = i == 0 ? in[j] : A[j][i + j - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void order(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:34: error: the read A[i - 1][j] uses 'i' where 'j' belongs; a URE array is read with the loop variables in the order it is written: A[j][i] [order]
      A[j][i] = i == 0 ? in[j] : A[i - 1][j];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void negativeDistance(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:34: error: the read A[j][i + 1] has distance (0, -1), which reads a value the sequential loops compute later: with j unchanged, it reads 'i + 1'; a URE reads iterations that come earlier in nest order (the first non-zero component of the distance is positive): read 'i - c', or an earlier value of an outer loop [lexicographically positive distance]
      A[j][i] = i == 0 ? in[j] : A[j][i + 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void extendedNotLast(const int *in, int *out) {
  int A[N], B[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1] + 1;
    if (i == N - 1) out[0] = A[i];
    // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:10: error: the URE statement of 'B' follows the extended URE (output) at line [[@LINE-1]]; extended UREs must be the last statements: move it below [extended UREs last]
    B[i] = A[i] * 2;
  }
}

void writtenTwice(const int *in, int *out) {
  int A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:10: error: the URE array 'A' is written a second time (first at line [[@LINE-1]]); a URE array is written once per iteration: use another array for the second value [written once]
    A[i] = 3;
    if (i == N - 1) out[0] = A[i];
  }
}

void writeAtLoopVariables(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:15: error: the URE array 'A' must be written at exactly the loop variables, each once and in any order, e.g. A[j][i] (or, to keep less storage, some of them modulo a window or left out: docs/language.md, 'URE array storage'); this writes A[i][i] [write at the loop variables]
      A[i][i] = in[i];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void conditionalURE(const int *in, int *out) {
  int A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    if (in[i] > 0)
      // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:12: error: the URE array 'A' is written only under a condition; a URE is defined at every iteration: move the condition into the value, e.g. 'X[k][j][i] = c ? v : X[k][j - 1][i]' [unconditional URE]
      A[i] = in[i];
    if (i == N - 1) out[0] = A[i];
  }
}

void readBeforeWrite(const int *in, int *out) {
  int A[N], B[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:29: error: the read B[i] at distance 0 comes before the statement that writes it (line [[@LINE+2]]); within an iteration a URE reads only values already written: move the statement of 'B' up, or read an earlier iteration [read after write]
    A[i] = i == 0 ? in[0] : B[i];
    B[i] = in[i] + 1;
    if (i == N - 1) out[0] = A[i];
  }
}

void outputRead(const int *in, int *out) {
  int S[N];
  S[0] = 0;
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:29: error: the output 'S' is read inside the URE nest (it is also used outside the nest, at line [[@LINE-3]], so it is an output, not a URE array); outputs are only written, by the last (extended) UREs: keep the recurrence in a URE array that lives only in the nest and copy results out, e.g. 'if (i == N - 1) out[0] = S[i];' [outputs are not read]
    S[i] = i == 0 ? in[0] : S[i - 1] + in[i];
  }
  out[0] = S[N - 1];
}

void outputNotAffine(const int *in, const int *idx, int *out) {
  int A[N];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    // CHECK-DAG: seed-rules.cpp:[[@LINE+1]]:17: error: the output out[...] is not indexed by the loop variables, the function's parameters and constants alone; compute the index from those [array access]
    out[idx[i]] = A[i];
  }
}
