// A value a PE reads from its neighbour in the step the neighbour writes it
// (time distance 0) passes through every PE of the row within one step: a
// wire from PE to PE, and the operations on the way, with no register
// between them. The report says so at the read, -Rpass-analysis remarks on
// it with the way out (a schedule vector), and the picture labels the edge
// "in the step" (before, none said so and the picture labelled it "1 reg",
// the register each PE keeps in the native build). Under schedule(1) the
// value moves one PE per step: a register per hop, and no remark.
// RUN: %t2s-clang --report %s 2>&1 | FileCheck %s --check-prefix=REPORT
// REPORT: read of A at distance (0, 1): time distance 0, from PE offset (1): within the step, a chain through 4 PEs with no register between them
// REPORT-NEXT: read of A at distance (0, 0): time distance 0, from PE offset (0){{$}}
// RUN: %t2s-clang -c -O2 -Rpass-analysis=t2s-space-time %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: same-step-chain.cpp:[[#@LINE+23]]:3: remark: the value of A read at [[#@LINE+25]]:33 passes through 4 PEs within one step: a chain of wires and of the operations on the way, with no register between the PEs; a schedule vector that moves it one PE per step (space_time(...) schedule(...)) makes the array systolic [-Rpass-analysis=t2s-space-time]
// RUN: %t2s-clang --emit-dot %s -o - | FileCheck %s --check-prefix=DOT
// DOT: d0_u0_pe_0_0 -> d0_u0_pe_0_1 [label="A: in the step, through 4 PEs", constraint=false];
// DOT: wire from PE to PE with no register between them
// RUN: %t2s-clang --report -DSYSTOLIC %s 2>&1 | FileCheck %s --check-prefix=SYSTOLIC
// SYSTOLIC: read of A at distance (0, 1): time distance 1, from PE offset (1){{$}}
// RUN: %t2s-clang -c -O2 -Rpass-analysis=t2s-space-time -DSYSTOLIC %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-REMARK
// NO-REMARK-NOT: passes through
// RUN: %t2s-clang --emit-dot -DSYSTOLIC %s -o - | FileCheck %s --check-prefix=DOT-SYSTOLIC
// DOT-SYSTOLIC: d0_u0_pe_0_0 -> d0_u0_pe_0_1 [label="A: {{[0-9]+}} reg{{s?}}", constraint=false];
// DOT-SYSTOLIC-NOT: in the step
#include <cstdio>

constexpr int T = 8, P = 4;

void chain(const float x[T], float y[T]) {
  static float A[T][P];
  #pragma t2s ure
#ifdef SYSTOLIC
  #pragma t2s space_time(p) schedule(1)
#else
  #pragma t2s space_time(p)
#endif
  for (int t = 0; t < T; ++t)
    for (int p = 0; p < P; ++p) {
      A[t][p] = p == 0 ? x[t] : A[t][p - 1] * 0.5f + 1.0f;
      if (p == P - 1)
        y[t] = A[t][p];
    }
}

int main() {
  float x[T], y[T];
  for (int t = 0; t < T; ++t)
    x[t] = float(t);
  chain(x, y);
  for (int t = 0; t < T; ++t)
    printf("%g ", y[t]);
  printf("\n");
}
