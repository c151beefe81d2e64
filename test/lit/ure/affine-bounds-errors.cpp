// Affine loop bounds the kernels cannot run, each refused at its line: a
// bound that is not affine; a read across an iteration of a loop inside
// which a time loop with affine bounds runs a varying number of steps, under
// a schedule or vectorize; a
// schedule that recovers a loop with affine bounds or one another loop's
// bounds name; vectorize along a loop with affine bounds; a read of a point
// outside the triangle; a nest whose bounds leave no iteration; a chain of
// PEs that run different steps in a vectorized design; a box beyond 'int'.
// RUN: %not %t2s-clang -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
constexpr int N = 6;

void notAffine(const float *in, float *out) {
  static float A[N][N * N];
  #pragma t2s ure
  #pragma t2s space_time(j)
  for (int i = 0; i < N; ++i)
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the bound of loop 'j' is not a compile-time constant, nor affine in the loops outside it ('i') with constant coefficients, nor computed before the nest from the function's integer parameters; make the bound a constexpr value, such an expression, e.g. 'i + 1', or a parameter ('j < N', 'N / 16') [constant bounds]
    for (int j = 0; j < i * i; ++j) {
      A[i][j] = j == 0 ? in[i] : A[i][j - 1];
      out[i] = A[i][j];
    }
}

// A read across an iteration of a loop inside which a time loop with affine
// bounds runs keeps its array in a buffer per PE indexed by the time loops
// (test/lit/e2e/triangle-reads.cpp); a schedule that recovers those loops
// from the time, or lanes of a vector, cannot index it.
void acrossAffineScheduled(const float (*in)[4], float (*out)[4]) {
  static float S[N][N][4][4];
  #pragma t2s ure
  #pragma t2s space_time(q) schedule(1)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < 4; ++p)
        for (int q = 0; q < 4; ++q) {
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the read S[i - 1][k][p][q] reaches back across an iteration of loop 'i', inside which the time loops run a number of steps that depends on the outer loops, so each PE keeps 'S' in a buffer indexed by the time loops, which needs them to run themselves, but the schedule of 'p' recovers them from the time: drop the schedule, or give the loops inside 'i' constant bounds and guard the statements with the condition [affine bounds]
          S[i][k][p][q] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p][q] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[i][k][p][q];
        }
}

void acrossAffineVectorized(const float (*in)[4], float (*out)[4]) {
  static float S[N][N][4][4];
  #pragma t2s ure
  #pragma t2s space_time(q)
  #pragma t2s vectorize(p)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < 4; ++p)
        for (int q = 0; q < 4; ++q) {
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the read S[i - 1][k][p][q] reaches back across an iteration of loop 'i', inside which the time loops run a number of steps that depends on the outer loops, so each PE keeps 'S' in a buffer indexed by the time loops, which the lanes of 'vectorize(p)' do not share: drop the vectorize, or give the loops inside 'i' constant bounds and guard the statements with the condition [affine bounds]
          S[i][k][p][q] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p][q] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[i][k][p][q];
        }
}

void scheduledAffine(const float *in, float *out) {
  static float A[N][N];
  #pragma t2s ure
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: this schedule makes loop 'i' part of the time variable t1 = 1*j + i, but the bounds of loop j in [i, 6) name it; the PEs recover 'i' from the time, which needs a loop with constant bounds that no other loop's bounds name: drop the schedule, or give 'j' constant bounds and guard the statements with the condition [affine bounds]
  #pragma t2s space_time(j) schedule(1)
  for (int i = 0; i < N; ++i)
    for (int j = i; j < N; ++j) {
      A[i][j] = j == i ? in[i] : A[i][j - 1];
      if (j == N - 1) out[i] = A[i][j];
    }
}

void vectorizedAffine(const float (*in)[N], float (*out)[N]) {
  static float A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'vectorize(k)' runs the iterations of 'k' as the lanes of a vector, but its bounds are affine (k in [i, 6)): the lanes of a vector all run in every step, so 'k' needs constant bounds that no other loop's bounds name (give it constant bounds and guard the statements with the condition) [vectorize]
  #pragma t2s vectorize(k)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[i][k][p] = k == i ? in[i][p] : A[i][k - 1][p] * 2.0f;
        if (k == N - 1) out[i][p] = A[i][k][p];
      }
}

void outsideDomain(const float (*in)[N], float (*out)[N]) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(j)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j <= i; ++j) {
// CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: the read A[i - 1][j] runs at i = 1, j = 1, where it names the point (i = 0, j = 1), which is not an iteration of the nest (j in [0, i + 1)): no iteration computes that value; give the URE its value there without the read (a condition on the loop variables that is false at that point) [initial value]
      A[i][j] = i == 0 ? in[i][j] : A[i - 1][j] + 1.0f;
      out[i][j] = A[i][j];
    }
}

void empty(const float *in, float *out) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(j)
  // CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:3: error: the bounds of this nest's loops leave it no iteration; a URE nest computes at least one point [affine bounds]
  for (int i = 0; i < N; ++i)
    for (int j = i + N; j < N; ++j) {
      A[i][j] = in[j];
      out[j] = A[i][j];
    }
}

void scheduledAffineTime(const float *in, float *out) {
  static float A[N][N][N];
  #pragma t2s ure
  // CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:15: error: this schedule makes loop 'i' part of the time variable t1 = 1*j + i, but its bounds are affine (i in [h, 6)); the PEs recover 'i' from the time, which needs a loop with constant bounds that no other loop's bounds name: drop the schedule, or give 'i' constant bounds and guard the statements with the condition [affine bounds]
  #pragma t2s space_time(j) schedule(1)
  for (int h = 0; h < N; ++h)
    for (int i = h; i < N; ++i)
      for (int j = 0; j < N; ++j) {
        A[h][i][j] = j == 0 ? in[i] : A[h][i][j - 1];
        if (j == N - 1) out[i] = A[h][i][j];
      }
}

void gatherVectorized(const float (*in)[N], float (*out)[N]) {
  static float A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(k, j)
  #pragma t2s vectorize(i)
  #pragma t2s drainer(out)
  // CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, j, down)' chains the PEs along 'j', whose PEs run different steps (affine bounds), in a vectorized design; give 'j' and the loops whose bounds name it constant bounds, or drop the directive [gather and scatter]
  #pragma t2s gather(out, j, down)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int j = k; j < N; ++j) {
        A[i][k][j] = k == 0 ? in[i][j] : A[i][k - 1][j] + 1.0f;
        if (k == N - 1) out[i][j] = A[i][k][j];
      }
}

void outOfIntRange(const float *in, float *out) {
  static float A[4][8];
  #pragma t2s ure
  for (int i = 0; i < 4; ++i)
    // CHECK: affine-bounds-errors.cpp:[[@LINE+1]]:5: error: loop 'j' runs over [0, 3000000008), beyond the 32-bit 'int' range the systolic array counts its loops and time steps in ([-2147483648, 2147483647]); split the loop into a tile loop and a loop within the tile [constant bounds]
    for (long j = 1000000000L * i; j < 1000000000L * i + 8; ++j) {
      A[i][j - 1000000000L * i] = in[0];
      out[0] = A[i][j - 1000000000L * i];
    }
}
