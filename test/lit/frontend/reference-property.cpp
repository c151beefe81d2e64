// Without T2S the file is the sequential reference: plain clang++-19 only
// warns about the unknown pragma (with -Wunknown-pragmas) and the program runs.
// RUN: %clangxx -Wunknown-pragmas -O2 %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %t | FileCheck %s
// RUN: %t2s-clangxx -O2 %s -o %t.t2s && %t.t2s | FileCheck %s
// WARN: warning: unknown pragma ignored [-Wunknown-pragmas]
// CHECK: sum 120
#include <cstdio>
int main() {
  int S[16], last[1];
  #pragma t2s ure
  for (int i = 0; i < 16; ++i) {
    S[i] = (i == 0 ? 0 : S[i - 1]) + i; // a URE: S lives only in the nest
    if (i == 15)
      last[0] = S[i];                   // the output, an extended URE
  }
  std::printf("sum %d\n", last[0]);
}
