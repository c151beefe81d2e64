// The II warning of a value kept in a PE buffer across rounds proposes
// pad_rounds only where the nest would take it (padRoundsProblem,
// systolic/RegisterPlan.h, asked with the directive it would propose):
//   affineRounds: 'i' has affine bounds (i = g .. N), which pad_rounds
//     refuses, so the warning says why it does not apply and what does;
//   innerNamesOuter: the triangle's bounds name 'g', not 'i' alone;
//   across: padded to 2 steps already: the warning proposes 6 in place of
//     the 2 (a second pad_rounds is refused), and with it the kernel starts
//     a step every clock.
// Before, the first two proposed '#pragma t2s pad_rounds(i, 6)', which the
// compiler then refused, and the third a second directive.
// RUN: %t2s-clang --emit-opencl %s -o /dev/null 2>&1 | FileCheck %s
// CHECK: pad-rounds-advice.cpp:[[#@LINE+23]]:25: warning: kernel 'affineRounds' starts a step every 6 clocks {{.*}} (at the shortest round of 'i' a value kept in a PE buffer is read one step after its write, and the kernel cannot tell which word a step reads; padding the rounds to as many steps as its operations take ('pad_rounds(i, 6)') does not apply here: it counts the rounds and their steps as it compiles, but 'i' (the padded loop) has affine bounds: give it constant bounds; or make each round of 'i' at least 6 steps long in the loops themselves) [-Wt2s-initiation-interval]
// CHECK: pad-rounds-advice.cpp:[[#@LINE+36]]:25: warning: kernel 'innerNamesOuter' {{.*}} ('pad_rounds(i, 6)') does not apply here: it pads each round of 'i' by the bounds of 'k', which must depend on 'i' alone, but they name 'g': write them over 'i' and constants; or make each round of 'i' at least 6 steps long in the loops themselves) [-Wt2s-initiation-interval]
// CHECK: pad-rounds-advice.cpp:[[#@LINE+53]]:20: warning: kernel 'across' starts a step every 3 clocks {{.*}} (the padded rounds keep the buffer's accesses only 2 steps apart; pad each round of 'i' to more steps: '#pragma t2s pad_rounds(i, 6)' in place of '#pragma t2s pad_rounds(i, 2)') [-Wt2s-initiation-interval]
// CHECK-NOT: warning:
// The directive proposed is taken, and the kernel then starts a step every
// clock.
// RUN: %t2s-clang --emit-opencl -DPROPOSED %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PROPOSED
// PROPOSED-NOT: kernel 'across' starts a step every
// RUN: %t2s-clang --report -DPROPOSED %s 2>/dev/null | FileCheck %s --check-prefix=II
// II-LABEL: design across(
// II: pad_rounds: the kernels run each round of i (its values of k) in at least 6 steps
// II: initiation interval (clocks per step): across 1
#include <cstdio>
constexpr int N = 6, P = 4;

void affineRounds(const float (*in)[P], float (*out)[P]) {
  static float S[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int g = 0; g < 2; ++g)
    for (int i = g; i < N; ++i)
      for (int k = i; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          S[g][i][k][p] = (i == g || k == i) ? in[k][p] : S[g][i - 1][k][p] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[g][i][k][p];
        }
}

void innerNamesOuter(const float (*in)[P], float (*out)[P]) {
  static float S[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  for (int g = 0; g < 2; ++g)
    for (int i = 0; i < N; ++i)
      for (int k = i + g; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          S[g][i][k][p] = (i == 0 || k == i + g) ? in[k][p] : S[g][i - 1][k][p] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[g][i][k][p];
        }
}

void across(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
#ifdef PROPOSED
  #pragma t2s pad_rounds(i, 6)
#else
  #pragma t2s pad_rounds(i, 2)
#endif
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

int main() {
  static float in[N][P], out[N][P];
  for (int k = 0; k < N; ++k) for (int p = 0; p < P; ++p) in[k][p] = k + p;
  affineRounds(in, out); innerNamesOuter(in, out); across(in, out);
  for (int i = 0; i < N; ++i) printf("%g ", out[i][0]);
  printf("\n");
}
