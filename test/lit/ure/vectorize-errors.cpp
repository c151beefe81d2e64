// vectorize(k) runs the lanes of a time loop inside each PE; each misuse is
// an error at the directive or the access [vectorize], and a chain that would
// pass some lanes only is refused [gather and scatter].
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

void skewedSpaceLoop(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(1)
  #pragma t2s drainer(out)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'vectorize(i)' puts the values of all PEs along 'i' in one vector per time step, but the schedule gives 'i' the coefficient 1; vectorize a space loop whose coefficient is 0 [vectorize]
  #pragma t2s vectorize(i)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = (i == 0 ? in[k] : A[k][i - 1]) + 1;
      out[k * N + i] = A[k][i];
    }
}

void somePEs(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(i)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:36: error: 'vectorize(i)' moves the values of all PEs along 'i' as one vector, but this write of 'out' happens at some of them only (its condition tests 'i'); make the condition independent of 'i' or a test 'i == constant', or drop 'out' from the drainer [vectorize]
        if (i >= 2) out[j * N + i] = A[k][j][i];
      }
}

void chainAcrossVector(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(i)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, j, down)' chains the PEs along 'j', but 'vectorize(i)' puts the PEs along 'i' into one vector; chain along 'i' (each PE then merges its lane into the vector passed on), or access 'out' at one PE along 'i' only [gather and scatter]
  #pragma t2s gather(out, j, down)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void skewed(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(1)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'vectorize(k)': the schedule skews 'k' (its time is 't1', which the space loops shift); vectorize a loop that is a time dimension of its own [vectorize]
  #pragma t2s vectorize(k)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = (i == 0 ? in[k] : A[k][i - 1]) + 1;
      out[k * N + i] = A[k][i];
    }
}

void tooWide(const int *in, int *out) {
  int A[40][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'vectorize(k)' makes vectors of 40 lanes; OpenCL vectors here have 2 to 32 lanes: vectorize a loop of 2 to 32 iterations [vectorize]
  #pragma t2s vectorize(k)
  for (int k = 0; k < 40; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = (i == 0 ? in[k] : A[k][i - 1]) + 1;
      out[k * N + i] = A[k][i];
    }
}

void twice(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s vectorize(k)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'vectorize(j)' after 'vectorize(k)': the array vectorizes one loop; keep one of them [vectorize]
  #pragma t2s vectorize(j)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (i == 0 ? in[k] : A[k][j][i - 1]) + j;
        out[(k * N + j) * N + i] = A[k][j][i];
      }
}

void withoutArray(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'vectorize(k)' shapes the data path of a systolic array: add '#pragma t2s space_time(...)' to this nest [vectorize]
  #pragma t2s vectorize(k)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = (i == 0 ? in[k] : A[k][i - 1]) + 1;
      out[k * N + i] = A[k][i];
    }
}

void gatherWithoutArray(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s drainer(out)
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE-1]]:15: error: 'drainer(out)' needs a systolic array to feed: add '#pragma t2s space_time(...)' to this nest [loader and drainer]
  // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, i, down)' shapes the data path of a systolic array: add '#pragma t2s space_time(...)' to this nest [gather and scatter]
  #pragma t2s gather(out, i, down)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      A[k][i] = (i == 0 ? in[k] : A[k][i - 1]) + 1;
      out[k * N + i] = A[k][i];
    }
}

void someLanesOnChain(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(k)
  #pragma t2s gather(out, i, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:36: error: 'gather(out, i, up)' passes whole vectors of the lanes of 'k' (or one lane) along the chain, but this write happens at some lanes only (its condition tests 'k'); make the condition independent of 'k' or a test 'k == constant', or drop the directive [gather and scatter]
        if (k >= 2) out[j * N + i] = A[k][j][i];
      }
}

void backwards(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(i) schedule(-1)
  #pragma t2s vectorize(r)
  for (int r = 0; r < N; ++r)
    for (int t = 0; t < N; ++t)
      for (int i = 0; i < N; ++i) {
        // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:51: error: 'vectorize(r)' would run this read of 'A' before the value it reads exists (time distance -1 without 'r'); vectorize another loop or change the schedule [vectorize]
        A[r][t][i] = (r == 0 || i == 0) ? in[t] : A[r - 1][t][i - 1] + 1;
        out[(r * N + t) * N + i] = A[r][t][i];
      }
}

// Lane k - 1 of the next PE, in the same step: each PE runs all its lanes
// before the next PE runs its own, so that value does not exist yet. (Lane
// k + 3 of the next PE a step back, below, is fine.)
void laterPE(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s vectorize(k)
  for (int t = 0; t < N; ++t)
    for (int k = 0; k < N; ++k)
      for (int i = 0; i < N; ++i) {
        // CHECK-DAG: vectorize-errors.cpp:[[@LINE+1]]:55: error: 'vectorize(k)' would run this read of 'A' before the value it reads exists (time distance 0 without 'k', and the PE it reads runs its lanes after this one); vectorize another loop or change the schedule [vectorize]
        A[t][k][i] = (k == 0 || i == N - 1) ? in[t] : A[t][k - 1][i + 1] + 1;
        out[(t * N + k) * N + i] = A[t][k][i];
      }
}

void laterPEEarlierStep(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s vectorize(k)
  for (int t = 0; t < N; ++t)
    for (int k = 0; k < N; ++k)
      for (int i = 0; i < N; ++i) {
        A[t][k][i] = (t == 0 || k != 0 || i == N - 1) ? in[k] : A[t - 1][k + 3][i + 1] + 1;
        out[(t * N + k) * N + i] = A[t][k][i];
      }
}
