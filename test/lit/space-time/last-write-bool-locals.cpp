// Rule 'last write' sees a guard through bool locals, as clang emits them
// ('bool last = k == K - 1' is stored as a byte and read back; 'a && b'
// kept in a bool is a phi of the short-circuit's branches): PairHMM's
// 'bool i_is_last = ..., j_is_last = ...; if (i_is_last && j_is_last)'
// builds and agrees, as the same comparisons written inline do. A guard
// that lets two iterations write one element is still refused, through a
// local too. Reference = native = emulated = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %t2s-clang -O0 -c -DERRORS %s -o %t/e.o 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not=error:
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
// OUT: 30 61 93 126 160 195
// OUT-NEXT: 31 62 94 127 161 196
// OUT-NEXT: 12 25 39 54 70 87
// OUT-NEXT: 12 25 39 54 70 87
#include <cstdio>
#include <initializer_list>

constexpr int P = 3, Q = 2, K = 6;

#ifdef ERRORS
// Two PEs write out[k] in one step: p == 0 || p == 1, through a local.
// ERR: last-write-bool-locals.cpp:[[#@LINE+10]]:16: error: more than one iteration writes an element of 'out': iterations (k = 0, p = 0) and (k = 0, p = 1) both write out[0]; {{.*}} [last write]
void shared(const int x[P][K], int out[K]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k];
      bool low = p == 0 || p == 1;
      if (low)
        out[k] = S[p][k];
    }
}
#endif

// PairHMM's form: the last PE of two space loops, each a bool; and one
// bool of '&&' whose second term is an '||' of its own.
void pair(const int x[P][Q][K], int out[K], int corner[K]) {
  static int S[P][Q][K];
#pragma t2s ure
#pragma t2s space_time(p, q)
  for (int p = 0; p < P; ++p)
    for (int q = 0; q < Q; ++q)
      for (int k = 0; k < K; ++k) {
        bool p_is_last = p == P - 1, q_is_last = q == Q - 1;
        bool both = p == P - 1 && (q == Q - 1 || q > Q); // a short circuit inside one
        S[p][q][k] = (k == 0 ? 0 : S[p][q][k - 1]) + x[p][q][k];
        if (p_is_last && q_is_last)
          out[k] = S[p][q][k];
        if (both)
          corner[k] = S[p][q][k] + 1;
      }
}

// The last PE through one bool, and through its negation.
void single(const int x[P][K], int out[K], int neg[K]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k];
      bool last = p == P - 1, more = p != P - 1;
      if (last)
        out[k] = S[p][k];
      if (!more)
        neg[k] = S[p][k];
    }
}

int main() {
  int x[P][Q][K], y[P][K], out[K], corner[K], one[K], neg[K];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      for (int q = 0; q < Q; ++q)
        x[p][q][k] = (p * Q + q) * K + k;
      y[p][k] = p * K + k;
    }
  pair(x, out, corner);
  single(y, one, neg);
  for (const int *Row : {out, corner, one, neg}) {
    for (int k = 0; k < K; ++k)
      std::printf(" %d", Row[k]);
    std::printf("\n");
  }
}
