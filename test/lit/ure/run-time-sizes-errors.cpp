// Loops whose bounds are known only at run time where the hardware or the
// storage would have to follow them (rule [run-time sizes]), and bounds the
// analyses cannot find stand-ins for.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
constexpr int N = 4;

void space_loop(const float *in, float *out, int P) {
  static float A[2][N];
  // CHECK: run-time-sizes-errors.cpp:[[@LINE+2]]:15: error: loop 'p' runs up to 'P', known only at run time, but space_time makes it PEs: the array's size is hardware and cannot follow a run-time value; give it a constant bound: split it into a run-time loop over tiles and a constant loop within a tile [run-time sizes]
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < N; ++t)
    for (int p = 0; p < P; ++p) {
      A[t % 2][p] = t == 0 ? in[p] : A[(t - 1) % 2][p] * 2.f;
      if (t == N - 1) out[p] = A[t % 2][p];
    }
}

void vector_loop(const float *in, float *out, int L) {
  static float A[N];
  // CHECK: run-time-sizes-errors.cpp:[[@LINE+3]]:15: error: loop 'l' runs up to 'L', known only at run time, but vectorize makes it the lanes of a vector: their number is hardware and cannot follow a run-time value; give it a constant bound: split it into a run-time loop over tiles and a constant loop within a tile [run-time sizes]
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s vectorize(l)
  for (int l = 0; l < L; ++l)
    for (int p = 0; p < N; ++p) {
      A[p] = p == 0 ? in[l] : A[p - 1] + 1.f;
      out[l * N + p] = A[p];
    }
}

void inside_vector(const float *in, float *out, int T) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s vectorize(l)
  for (int l = 0; l < N; ++l)
    // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:5: error: loop 't' runs up to 'T', known only at run time, inside the vectorized loop 'l', whose lanes each run all of its iterations at once; move 't' outside 'l', or give it a constant bound [run-time sizes]
    for (int t = 0; t < T; ++t)
      for (int p = 0; p < N; ++p) {
        A[l][p] = p == 0 ? in[t] : A[l][p - 1] + 1.f;
        out[(t * N + l) * N + p] = A[l][p];
      }
}

void named_by_bound(const float *in, float *out, int T) {
  static float A[N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:5: error: the bounds of loop 'x' name loop 't', which runs up to 'T', known only at run time; a loop with affine bounds needs the loops its bounds name to have constant bounds [run-time sizes]
    for (int x = t; x < t + N; ++x) {
      A[x - t] = x == t ? in[x] : in[x] + 1.f;
      out[x] = A[x - t];
    }
}

void skewed(const float *in, float *out, int T) {
  static float A[2][N];
  #pragma t2s ure
  // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:15: error: this schedule skews loop 't', which runs up to 'T', known only at run time, into the time variable t1 = 1*p + t; the PEs recover 't' from t between constant bounds: give 't' a constant bound (a run-time tile loop outside it may count the tiles), or drop the schedule [run-time sizes]
  #pragma t2s space_time(p) schedule(1)
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < N; ++p) {
      A[t % 2][p] = t == 0 || p == 0 ? in[p] : A[(t - 1) % 2][p - 1] + 1.f;
      out[t * N + p] = A[t % 2][p];
    }
}

void across(const float *in, float *out, int T) {
  static float A[2][N];
  #pragma t2s ure
  for (int s = 0; s < N; ++s)
    for (int t = 0; t < T; ++t)
      for (int p = 0; p < N; ++p) {
        // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:40: error: the read A[(s - 1) % 2][p] reaches back across an iteration of loop 's', inside which loop 't' runs up to 'T', known only at run time: the PEs would keep the values of all its iterations, as many as the parameter is large; give 't' a constant bound, or move it outside 's' [run-time sizes]
        A[s % 2][p] = s == 0 ? in[p] : A[(s - 1) % 2][p] + 1.f;
        out[(s * N + p)] = A[s % 2][p];
      }
}

void full_dimension(const float *in, float *out, int T) {
  static float A[64][N];
  #pragma t2s ure
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < N; ++p) {
      // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:15: error: the URE array 'A' has a dimension for every iteration of loop 't', which runs up to 'T', known only at run time, so no declared size is sure to hold it; keep only the iterations its reads reach ('t % 2' for a read of 't - 1') or leave the dimension out (docs/language.md, "URE array storage") [run-time sizes]
      A[t][p] = t == 0 ? in[p] : A[t - 1][p] + 1.f;
      out[t * N + p] = A[t][p];
    }
}

void no_stand_in(const float *in, float *out, int T) {
  static float A[2][N];
  const int R = T % 3;
  #pragma t2s ure
  // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:3: error: no values of the parameters up to 2^24 make the run-time loops of this nest run 4 iterations or more (loop 't' runs up to 'T % 3'); the analyses count the iterations at such values: write bounds that grow with the parameters [run-time sizes]
  for (int t = 0; t < R; ++t)
    for (int p = 0; p < N; ++p) {
      A[t % 2][p] = t == 0 ? in[p] : A[(t - 1) % 2][p] + 1.f;
      out[t * N + p] = A[t % 2][p];
    }
}

void stream_at_run_time_index(const float *in, float *out, int n) {
  static float X[64], A[4];
  #pragma t2s kernel(feed)
  for (int t = 0; t < 4; ++t)
    for (int p = 0; p < 4; ++p)
      // CHECK: run-time-sizes-errors.cpp:[[@LINE+1]]:20: error: 'X' becomes a channel between kernel 'feed' (line {{[0-9]+}}) and the systolic array at line {{[0-9]+}}, whose two ends must name each element alike, but this write indexes it with a run-time value; index it with the loop variables and constants [channel]
      X[t * n + p] = in[t * 4 + p];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int t = 0; t < 4; ++t)
    for (int p = 0; p < 4; ++p) {
      A[p] = X[t * 4 + p] + 1.f;
      out[t * 4 + p] = A[p];
    }
}
