// PE buffers (reads back across a triangle of time loops, docs/language.md
// "Reads across a triangle") hold a value for every iteration of the time
// loops inside the loop the read crosses: beyond 1 GiB in all they are an
// error at the nest ('schedule size'), beyond 65,536 words per PE a
// -Wt2s-register-size warning that says which loop sizes them.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang -O0 -c -DERRORS %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %t2s-clang -O0 -c %s -o %t/w.o 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %t2s-clang -O0 -c -Wno-t2s-register-size %s -o %t/w.o 2>&1 | count 0

#ifdef ERRORS
constexpr int Big = 12000;

void tooBig(const float *in, float *out) {
  static float S[2][Big][Big][1];
  // ERR: buffer-size.cpp:[[@LINE+1]]:15: error: the buffers of 'S' would hold 288000000 words in each of 1 PEs, more than the 1 GiB a design's registers may take (a value for every iteration of the time loops inside 'h'); use smaller loop extents or fewer PEs [schedule size]
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < Big; ++i)
      for (int k = i; k < Big; ++k)
        for (int p = 0; p < 1; ++p) {
          S[h][i][k][p] = h == 0 ? in[k] : S[h - 1][i][k][p] + 1.0f;
          if (h == 1 && k == Big - 1)
            out[i] = S[h][i][k][p];
        }
}
#endif

constexpr int M = 300;

void large(const float *in, float *out) {
  static float S[2][M][M][2];
  // WARN: buffer-size.cpp:[[@LINE+1]]:15: warning: the buffers of 'S' hold 180000 words in each of the 2 PEs (360000 in all): a value for every iteration of the time loops inside 'h', which a read reaches back across; smaller loop extents shrink them [-Wt2s-register-size]
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < M; ++i)
      for (int k = i; k < M; ++k)
        for (int p = 0; p < 2; ++p) {
          S[h][i][k][p] = h == 0 ? in[k] : S[h - 1][i][k][p] + 1.0f;
          if (h == 1 && k == M - 1)
            out[i * 2 + p] = S[h][i][k][p];
        }
}
