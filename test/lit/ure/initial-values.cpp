// Every URE needs an initial value (seed merge_ures.md, "Recursive Reference"):
// the seed's Examples 1 and 3 are rejected naming the arrays, Example 2 passes.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %t2s-clang -O0 -c -DONLY_EXAMPLE2 %s -o /dev/null

constexpr int I = 6, J = 5;

#ifndef ONLY_EXAMPLE2
// Example 1: f and g only refer to each other.
void example1(int *out) {
  int F[J][I], G[J][I];
  #pragma t2s ure
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      // CHECK-DAG: initial-values.cpp:[[@LINE+1]]:15: error: no initial value for 'F', 'G' ('F' waits on 'F' or 'G'; 'G' waits on 'F' or 'G'): every URE needs a starting value that does not depend on itself, e.g. 'X[k][j][i] = j == 0 ? input : X[k][j - 1][i]' [initial value]
      F[j][i] = i == 0 ? G[j - 1][i] : F[j][i - 1];
      G[j][i] = i == 0 ? F[j][i] : G[j][i - 1];
      if (i == I - 1) out[j] = G[j][i];
    }
}

// Example 3, transcribed as written in the seed: f and g read h and f in the
// same iteration before they are written, and no URE has an initial value.
void example3(int *out) {
  int F[J][I], G[J][I], H[J][I];
  #pragma t2s ure
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      // CHECK-DAG: initial-values.cpp:[[@LINE+2]]:46: error: the read H[j][i] at distance 0 comes before the statement that writes it (line [[@LINE+5]])
      // CHECK-DAG: initial-values.cpp:[[@LINE+1]]:15: error: no initial value for 'F', 'G', 'H' ('F' waits on 'H'; 'G' waits on 'F' or 'G'; 'H' waits on 'G')
      F[j][i] = (i == 0 ? i : G[j][i - 1]) + H[j][i];
      // CHECK-DAG: initial-values.cpp:[[@LINE+1]]:36: error: the read H[j][i] at distance 0 comes before the statement that writes it (line [[@LINE+2]])
      G[j][i] = i == 0 ? F[j][i] + H[j][i] : G[j][i - 1];
      H[j][i] = (i == 0 ? i : F[j][i - 1] + G[j][i - 1]) + G[j][i];
      if (i == I - 1) out[j] = H[j][i];
    }
}
#endif

// Example 2: f starts from i, g from f.
void example2(int *out) {
  int F[J][I], G[J][I];
  #pragma t2s ure
  for (int j = 0; j < J; ++j)
    for (int i = 0; i < I; ++i) {
      F[j][i] = i == 0 ? i : F[j][i - 1];
      G[j][i] = i == 0 ? F[j][i] : G[j][i - 1];
      if (i == I - 1) out[j] = G[j][i];
    }
}
