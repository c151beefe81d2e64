// URE arrays whose storage does not keep a value until its reads: each
// error names the read, the loop it reaches back along and the fix
// (rule [array storage]); windows larger than the declared dimension
// ([array bounds]).
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
constexpr int N = 6, K = 4;

void small_window(const float in[N], float out[N]) {
  static float W[2][N];
#pragma t2s ure
  for (int t = 0; t < K; ++t)
    for (int x = 0; x < N; ++x) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:37: error: the read W[(t - 2) % 2][x] reaches back 2 iterations of 't', but the URE array 'W' keeps a window of 2 iterations of 't' (W[t % 2][x]), so the value is overwritten before the read; use a window of at least 3 iterations: 't % 3' [array storage]
      W[t % 2][x] = t < 2 ? in[x] : W[(t - 2) % 2][x] + 1.f;
      if (t == K - 1) out[x] = W[t % 2][x];
    }
}

void dropped_inner(const float in[N], float out[N]) {
  static float A[N][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        // CHECK: array-storage-errors.cpp:[[@LINE+1]]:36: error: the read A[k][j - 1] reaches back 1 iteration of 'j', and loop 'i' runs inside 'j', but the URE array 'A' keeps no dimension for 'i' (A[k][j]), so the iterations of 'i' in between overwrite the value before the read; give 'A' its full dimension for 'i' [array storage]
        A[k][j] = j == 0 ? in[i] : A[k][j - 1] * 2.f;
        if (j == N - 1 && i == 0) out[k] = A[k][j];
      }
}

void rolled_inner(const float in[N], float out[N]) {
  static float A[N][2];
#pragma t2s ure
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:38: error: the read A[j - 1][i % 2] reaches back 1 iteration of 'j', and loop 'i' runs inside 'j', but the URE array 'A' keeps a window of 2 iterations for 'i' (A[j][i % 2]), so the iterations of 'i' in between overwrite the value before the read; give 'A' its full dimension for 'i' [array storage]
      A[j][i % 2] = j == 0 ? in[i] : A[j - 1][i % 2] + 1.f;
      if (j == N - 1) out[i] = A[j][i % 2];
    }
}

void other_window(const float in[N], float out[N]) {
  static float C[4][N], D[4][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:38: error: the read C[(k - 1) % 3][i] indexes 'k' modulo 3, but the URE array 'C' is written as C[k % 2][i]; read it modulo 2, as it is written [array storage]
      C[k % 2][i] = k == 0 ? in[i] : C[(k - 1) % 3][i] + 1.f;
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:38: error: the read D[k - 1][i] indexes 'k' without a modulo, but the URE array 'D' is written as D[k % 4][i]; read it modulo 4, as it is written [array storage]
      D[k & 3][i] = k == 0 ? in[i] : D[k - 1][i] + 1.f;
      if (k == K - 1) out[i] = C[k % 2][i] + D[k & 3][i];
    }
}

void too_wide(const float in[N], float out[N]) {
  static float C[2][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:19: error: the URE array 'C' keeps a window of 3 iterations of 'k' (C[k % 3][i]) in a dimension of 2 elements; declare 'C' with 3 elements in that dimension [array bounds]
      C[k % 3][i] = k == 0 ? in[i] : C[(k - 1) % 3][i] + 1.f;
      if (k == K - 1) out[i] = C[k % 3][i];
    }
}

void read_order(const float in[N], float out[N]) {
  static float A[N][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        // CHECK: array-storage-errors.cpp:[[@LINE+1]]:36: error: the read A[i][j - 1] uses 'i' where 'j' belongs; a URE array is read with the loop variables in the order it is written: A[j][i] [order]
        A[j][i] = j == 0 ? in[i] : A[i][j - 1] + 1.f;
        if (j == N - 1) out[i] = A[j][i];
      }
}

void write_order(const float in[N], float out[N]) {
  static float A[N][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        // CHECK: array-storage-errors.cpp:[[@LINE+1]]:21: error: the URE array 'A' must be written at exactly the loop variables, each once and in any order, e.g. A[k][j][i] (or, to keep less storage, some of them modulo a window or left out: docs/language.md, 'URE array storage'); this writes A[j][i + 1] [write at the loop variables]
        A[j][i + 1] = j == 0 ? in[i] : 1.f;
        if (j == N - 1) out[i] = A[i][j];
      }
}

void not_a_loop_variable(const float in[N], float out[N]) {
  static float C[2][N];
#pragma t2s ure
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:38: error: subscript 1 of the read C[(2*k - 1) % 2][i] must be the loop variable 'k' plus or minus a constant modulo 2 (simple args) [simple args]
      C[k % 2][i] = k == 0 ? in[i] : C[(2 * k - 1) % 2][i] + 1.f;
      if (k == K - 1) out[i] = C[k % 2][i];
    }
}

// Written in another order than the nest's (Phi[i][t] in a t-outer nest):
// the reads follow the write's order, and the window's loop keeps its place.
void transposed_read(const float in[N], float out[N]) {
  static float Phi[N][K], W[N][2];
#pragma t2s ure
  for (int t = 0; t < K; ++t)
    for (int i = 0; i < N; ++i) {
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:36: error: the read Phi[t - 1][i] uses 't' where 'i' belongs; a URE array is read with the loop variables in the order it is written: Phi[i][t] [order]
      Phi[i][t] = t == 0 ? in[i] : Phi[t - 1][i] + 1.f;
      // CHECK: array-storage-errors.cpp:[[@LINE+1]]:38: error: the read W[i][t - 1] indexes 't' without a modulo, but the URE array 'W' is written as W[i][t % 2]; read it modulo 2, as it is written [array storage]
      W[i][t % 2] = t == 0 ? in[i] : W[i][t - 1] + Phi[i][t];
      if (t == K - 1) out[i] = W[i][t % 2];
    }
}
