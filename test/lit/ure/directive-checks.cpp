// Directives that name loops are checked against the nest they sit on; errors
// point at the pragma.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

void unknownLoop(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  // CHECK-DAG: directive-checks.cpp:[[@LINE+1]]:15: error: 'x' in 'space_time(x)' is not a loop of this nest; its loops are j, i [loop names]
  #pragma t2s space_time(x)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void notInnermost(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  // CHECK-DAG: directive-checks.cpp:[[@LINE+1]]:15: error: space loops must be the innermost loops: 'j' encloses 'k', and they cannot move inward: the read of 'A' at line [[#@LINE+5]] reaches iteration (j - 1, k + 1, i), which runs earlier with the loops (j, k, i) but later with the space loops inside, (k, i, j), where it reads (k + 1, i, j - 1); nor can a schedule vector run the nest as written: the read of 'A' at line [[#@LINE+5]] goes back along time loop 'k', which runs outside the space loops, and a schedule skews only the time loop right outside them, 'i'; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
  #pragma t2s space_time(j)
  for (int j = 0; j < N; ++j)
    for (int k = 0; k < N; ++k)
      for (int i = 0; i < N; ++i) {
        A[j][k][i] = k == N - 1 || j == 0 ? in[j] : A[j - 1][k + 1][i];
        if (i == N - 1) out[k * N + j] = A[j][k][i];
      }
}

void noTimeLoop(const int *in, int *out) {
  int A[N][N];
  #pragma t2s ure
  // CHECK-DAG: directive-checks.cpp:[[@LINE+1]]:15: error: space_time names all 2 loops as space and gives a schedule, but a schedule needs a time loop: keep the outermost loop out of space_time, or drop the schedule [space loops]
  #pragma t2s space_time(j, i) schedule(1, 1)
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      A[j][i] = i == 0 ? in[j] : A[j][i - 1];
      if (i == N - 1) out[j] = A[j][i];
    }
}

void notASubset(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(1, 1)
  // CHECK-DAG: directive-checks.cpp:[[@LINE+1]]:15: error: the space loops of a later space_time must be a proper subset of the previous one's (space_time(j, i) schedule(1, 1)); drop at least one of its loops [space loops]
  #pragma t2s space_time(j, i)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = i == 0 ? in[j] : A[k][j][i - 1];
        if (i == N - 1) out[k * N + j] = A[k][j][i];
      }
}
