// merge_ures refuses what it cannot fuse without changing the program, with
// the reason at the directive or at the offending nest or read.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

void unknownName(const int *in, int *out) {
  int A[N];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:15: error: merge_ures: no later loop nest in this function writes 'Z'; name arrays written by the nests below this one, in the order their statements should run
  #pragma t2s merge_ures(Z)
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    if (i == N - 1) out[0] = A[i];
  }
}

void ownArray(const int *in, int *out) {
  int A[N];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:15: error: merge_ures: 'A' is written by this nest already; name only the arrays of the nests to merge into it
  #pragma t2s merge_ures(A)
  for (int i = 0; i < N; ++i) {
    A[i] = i == 0 ? in[0] : A[i - 1];
    if (i == N - 1) out[0] = A[i];
  }
}

void unmarked(const int *in, int *out) {
  int A[N], B[N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    A[i] = i == 0 ? in[0] : A[i - 1];
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:3: error: the nest that writes 'B' is merged into the nest at line [[@LINE-2]] but is not marked; put '#pragma t2s ure' above it
  for (int i = 0; i < N; ++i) {
    B[i] = A[i] + 1;
    if (i == N - 1) out[0] = B[i];
  }
}

void otherBounds(const int *in, int *out) {
  int A[N][N], B[N][N - 1];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:5: error: merge_ures: loop 'i' runs over [0, 3) here but over [0, 4) in the representative at line [[@LINE-5]]; merged nests share their loops
    for (int i = 0; i < N - 1; ++i) {
      B[j][i] = A[j][i] + 1;
      if (i == 0) out[j] = B[j][i];
    }
}

void otherLoop(const int *in, int *out) {
  int A[N][N], B[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:5: error: merge_ures: loop 'x' of the nest that writes 'B' is not a loop of the representative at line [[@LINE-5]] (its loops are j, i, in this order)
    for (int x = 0; x < N; ++x) {
      B[j][x] = A[j][x] + 1;
      if (x == 0) out[j] = B[j][x];
    }
}

void readsLaterNest(const int *in, int *out) {
  int A[N], B[N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:29: error: merge_ures: this reads 'B', which the nest at line [[@LINE+3]] computes later in the sequential program; merged, it would read other values: move that nest above this one
    A[i] = i == 0 ? in[0] : B[i - 1];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    B[i] = A[i] + 1;
    if (i == N - 1) out[0] = B[i];
  }
}

void mergeOrderBreaksDependence(const int *in, int *out) {
  int A[N], B[N], C[N];
  #pragma t2s ure
  #pragma t2s merge_ures(C, B)
  for (int i = 0; i < N; ++i)
    A[i] = i == 0 ? in[0] : A[i - 1];
  #pragma t2s ure
  for (int i = 0; i < N; ++i)
    B[i] = A[i] + 1;
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:12: error: the read B[i] at distance 0 comes before the statement that writes it (line [[@LINE-3]]); within an iteration a URE reads only values already written: move the statement of 'B' up, or read an earlier iteration [read after write]
    C[i] = B[i] * 2;
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE-5]]:10: error: the URE statement of 'B' follows the extended URE (output) at line [[@LINE+1]]; extended UREs must be the last statements: move it below [extended UREs last]
    if (i == N - 1) out[0] = C[i];
  }
}

void outputWithoutConstant(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(out)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  #pragma t2s ure
  for (int j = 0; j < N; ++j)
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:14: error: merge_ures: this nest lacks loop 'i', so its reads of 'A' must all use one constant within [0, 4) for 'i' (the seed's B(j) = A(20, j) form)
    out[j] = A[j][j];
}

void scalarBetween(const int *in, int *out) {
  int A[N], B[N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    A[i] = i == 0 ? in[0] : A[i - 1];
  int s = in[1] * 2;
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:3: error: merge_ures: the nest that writes 'B' exchanges values with the code around it (a scalar computed outside and used inside, or the other way); only arrays may carry values between merged nests
  for (int i = 0; i < N; ++i) {
    B[i] = A[i] + s;
    if (i == N - 1) out[0] = B[i];
  }
}

void mergedTwice(const int *in, int *out) {
  int A[N], C[N], B[N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    A[i] = i == 0 ? in[0] : A[i - 1];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:15: error: merge_ures: the nest that writes 'B' is merged twice; name it once
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    C[i] = i == 0 ? in[1] : C[i - 1];
  #pragma t2s ure
  for (int i = 0; i < N; ++i) {
    B[i] = A[i] + C[i];
    if (i == N - 1) out[0] = B[i];
  }
}

void notPerfect(const int *in, int *out) {
  int A[N][N], B[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:3: error: the nest that writes 'B' must be a perfect loop nest: loop 'j' holds more than one loop
  for (int j = 0; j < N; ++j) {
    for (int i = 0; i < N; ++i)
      B[j][i] = A[j][i] + 1;
    for (int i = 0; i < N; ++i)
      out[j * N + i] = B[j][i];
  }
}

void nothingFixesTheLoop(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(out)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i)
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:3: error: merge_ures: the nest that writes 'out' lacks loop 'i' and no read fixes it; read a URE array with a constant for 'i'
  for (int j = 0; j < N; ++j)
    out[j] = in[j];
}

void notCounted(const int *in, int *out, int n) {
  int A[N], B[N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    A[i] = i == 0 ? in[0] : A[i - 1];
  #pragma t2s ure
  // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:3: error: the nest that writes 'B': loop 'i' must count up by one between constant bounds
  for (int i = 0; i < n; ++i) {
    B[i] = A[i] + 1;
    if (i == N - 1) out[0] = B[i];
  }
}

void affineBounds(const float *in, float *out) {
  static float A[N][N], B[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int i = 0; i < N; ++i)
    // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:5: error: the representative of merge_ures: loop 'j' must count up by one between constant bounds (nests with affine bounds are not merged: write their statements in one nest)
    for (int j = i; j < N; ++j)
      A[i][j] = j == i ? in[i] : A[i][j - 1];
  #pragma t2s ure
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) {
      B[i][j] = A[i][j] * 2.0f;
      if (j == N - 1) out[i] = B[i][j];
    }
}

// Nests that keep a window of a URE array: fused, they would interleave and
// read values the window no longer holds.
void windowed(const int *in, int *out) {
  static int A[2][N], B[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i)
      // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:19: error: merge_ures: the URE array 'A' keeps a window of some loop of its nest; merged, the nests run interleaved and would read values the window no longer holds: give 'A' one dimension per loop of its nest, or write the statements in one nest
      A[k % 2][i] = k == 0 ? in[i] : A[(k - 1) % 2][i] + 1;
  #pragma t2s ure
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      B[k][i] = i == 0 ? 0 : B[k][i - 1] + 1;
      if (i == N - 1) out[k] = B[k][i];
    }
}

void dropped(const int *in, int *out) {
  static int A[N], B[N][N];
  #pragma t2s ure
  #pragma t2s merge_ures(B)
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i)
      // CHECK-DAG: merge-ures-errors.cpp:[[@LINE+1]]:12: error: merge_ures: the URE array 'A' keeps no dimension for some loop of its nest; merged, the nests run interleaved and would read values the window no longer holds: give 'A' one dimension per loop of its nest, or write the statements in one nest
      A[i] = i == 0 ? in[k] : A[i - 1] + 1;
  #pragma t2s ure
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < N; ++i) {
      B[k][i] = i == 0 ? 0 : B[k][i - 1] + 1;
      if (i == N - 1) out[k] = B[k][i];
    }
}
