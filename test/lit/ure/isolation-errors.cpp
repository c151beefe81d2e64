// loader(...) and drainer(...) name inputs and outputs of the nest whose reads
// (writes) a kernel of its own can predict from the loop variables alone.
// Each misuse is an error at the directive or at the access.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

void notAnInput(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:15: error: 'out' in 'loader(out)' is not an input this nest reads; its inputs are in [loader and drainer]
  #pragma t2s loader(out)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void notAnOutput(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:15: error: 'in' in 'drainer(in)' is not an output this nest writes; its outputs are out [loader and drainer]
  #pragma t2s drainer(in)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void namedTwice(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:15: error: 'in' is named twice, in 'loader(in)' and 'drainer(in)'; name it once [loader and drainer]
  #pragma t2s drainer(in)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void withoutArray(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:15: error: 'loader(in)' needs a systolic array to feed: add '#pragma t2s space_time(...)' to this nest [loader and drainer]
  #pragma t2s loader(in)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void computedReadCondition(const int *in, const int *more, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(more)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:37: error: the loader of 'more' must know when the PEs read it, but this read of 'more' happens under a condition that depends on a computed value (line [[@LINE+1]]); make the condition a test of the loop variables, or drop 'more' from 'loader(more)' [loader and drainer]
      A[j][i] = in[j * N + i] > 0 ? more[j] : 0;
      if (i == N - 1) out[j] = A[j][i];
    }
}

void computedWriteCondition(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s drainer(out)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:31: error: the drainer of 'out' must know when the PEs write it, but this write of 'out' happens under a condition that depends on a computed value (line [[@LINE+1]]); make the condition a test of the loop variables, or drop 'out' from 'drainer(out)' [loader and drainer]
      if (A[j][i] > 0) out[j] = A[j][i];
    }
}

void computedIndex(const int *in, const int *idx, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(in)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:26: error: the loader of 'in' streams each PE the elements of 'in' this read may pick, since its index depends on a value computed in the array, and so must know how many elements 'in' has; declare the parameter as an array of constant extent (as in 'const float in[16]'), or drop 'in' from 'loader(in)' [loader and drainer]
      A[j][i] = i == 0 ? in[idx[j]] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void chosenPointer(const int *in, const int *in2, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: isolation-errors.cpp:[[@LINE+1]]:15: error: 'in' in 'loader(in)' is not an input this nest reads; its inputs are none (the read at line [[@LINE+4]] goes through a pointer chosen while the nest runs, which no loader can follow; read each array in an access of its own) [loader and drainer]
  #pragma t2s loader(in)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? (j % 2 ? in : in2)[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}
