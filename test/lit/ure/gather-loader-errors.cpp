// A loader streams a gather's window (systolic/GatherWindow.h) only where
// the compiler can bound it: each refusal at the read, with the rule and the
// fix. The pointer without a declared extent is in isolation-errors.cpp.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4, K = 8;

// An index read from memory may be anything.
void unbounded(const float a[N][K], const int idx[N][K], const float b[K], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams each PE the elements of 'b' this read may pick, but the part of its index computed in the array can take any value of its type; bound it (as in '& 15' or '% 16') so that it picks among at most 32 elements, or drop 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[idx[i][k]];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

// 64 elements to pick from: wider than a channel's vector.
void wide(const float a[N][K], const int idx[N][K], const float b[64], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams each PE the elements of 'b' this read may pick, but the part of its index computed in the array takes values from 0 to 63, more than the 32 elements a window carries; bound it (as in '& 15') or index a smaller tile, or drop 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[idx[i][k] & 63];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

// k * 4 + 7 at k = 7 is 35: past the 32 elements of b.
void outside(const float a[N][K], const int idx[N][K], const float b[K * 4], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams each PE the elements of 'b' this read may pick, from b[0] to b[35], but 'b' is declared with 32 elements; bound the index so that every element it may pick is an element of 'b', or drop 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[k * 4 + (idx[i][k] & 7)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

// Where the window lies depends on a parameter.
void offset(long off, const float a[N][K], const int idx[N][K], const float b[K * 4],
            float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams each PE the elements of 'b' this read may pick, but where those elements lie depends on a parameter or a run-time size, so the loader cannot keep them within 'b'; index it with loop variables of constant range and constants, or drop 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[off + (idx[i][k] & 3)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

// What a window cannot travel with: a scatter chain, a reuse buffer, lanes.
void scattered(const float a[N][K], const int idx[N][K], const float b[K * 4], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
#pragma t2s scatter(b, i, up)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams a window of 4 elements for this read, from which the PE picks one, which 'scatter(b, i, up)' (line [[@LINE-3]]) cannot carry; drop that line, or 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[k * 4 + (idx[i][k] & 3)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

void buffered(const float a[N][K], const int idx[N][K], const float b[K * 4], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
#pragma t2s buffer(b, k)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams a window of 4 elements for this read, from which the PE picks one, which 'buffer(b, k)' (line [[@LINE-3]]) cannot carry; drop that line, or 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[k * 4 + (idx[i][k] & 3)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

void lanes(const float a[N][K], const int idx[N][K], const float b[K * 4], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
#pragma t2s loader(b)
#pragma t2s vectorize(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      // CHECK-DAG: gather-loader-errors.cpp:[[@LINE+1]]:58: error: the loader of 'b' streams a window of 4 elements for this read, from which the PE picks one, which a vectorized array cannot carry; drop the 'vectorize' line, or 'b' from its 'loader(...)' line [loader and drainer]
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[k * 4 + (idx[i][k] & 3)];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}
