// gather(c, i, down|up) and scatter(a, i, down|up) chain the PEs along a
// space loop; each misuse is an error at the directive or at the access
// [gather and scatter].
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:

constexpr int N = 4;

void withoutDrainer(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, i, down)' chains the PEs' writes of 'out' through its drainer, but 'out' has none; add '#pragma t2s drainer(out)' to this nest [gather and scatter]
  #pragma t2s gather(out, i, down)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void withoutLoader(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'scatter(in, j, up)' chains the PEs' reads of 'in' through its loader, but 'in' has none; add '#pragma t2s loader(in)' to this nest [gather and scatter]
  #pragma t2s scatter(in, j, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void timeLoop(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, k, up)' needs a chain of PEs, but 'k' is not a space loop of the array; its space loops are j, i; name one of them [gather and scatter]
  #pragma t2s gather(out, k, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void scheduledLoop(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i) schedule(0, 1)
  #pragma t2s drainer(out)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, i, down)' needs every PE along 'i' to run the same time step, but the schedule gives 'i' the coefficient 1; chain along a loop whose coefficient is 0 [gather and scatter]
  #pragma t2s gather(out, i, down)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void conditionTestsTheLoop(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s vectorize(k)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  #pragma t2s scatter(in, i, down)
  #pragma t2s gather(out, j, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:32: error: 'scatter(in, i, down)' needs every PE along 'i' to read 'in' at the same time steps, but this read happens under a condition (line [[@LINE+1]]) that tests 'i' and the design is vectorized; chain along a loop the condition does not test, or drop the directive [gather and scatter]
        A[k][j][i] = (i == 0 ? in[j] : A[k][j][i - 1]) + k;
        if (k == N - 1 && j > 0)
          // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:26: error: 'gather(out, j, up)' needs every PE along 'j' to write 'out' at the same time steps, but this write happens under a condition (line [[@LINE-1]]) that tests 'j' and the design is vectorized; chain along a loop the condition does not test, or drop the directive [gather and scatter]
          out[j * N + i] = A[k][j][i];
      }
}

void twoSites(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s loader(in)
  #pragma t2s drainer(out)
  #pragma t2s scatter(in, j, down)
  #pragma t2s gather(out, i, down)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:58: error: 'scatter(in, j, down)' passes one value per PE and time step along the chain, but 'in' is read at 2 places in the nest; read it once [gather and scatter]
        A[k][j][i] = (k == 0 ? in[i] : A[k - 1][j][i]) + in[k];
        if (k == 0) out[j * N + i] = A[k][j][i];
        // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:40: error: 'gather(out, i, down)' passes one value per PE and time step along the chain, but 'out' is written at 2 places in the nest; write it once [gather and scatter]
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void twoChains(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  #pragma t2s gather(out, i, down)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'out' already has 'gather(out, i, down)'; an array forms one chain: keep one of the two [gather and scatter]
  #pragma t2s gather(out, j, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}

void onePE(const int *in, int *out) {
  int A[N][N][1];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'gather(out, i, up)': loop 'i' has one PE, there is no chain to form; drop the directive [gather and scatter]
  #pragma t2s gather(out, i, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < 1; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j] = A[k][j][i];
      }
}

void notALoop(const int *in, int *out) {
  int A[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(j, i)
  #pragma t2s drainer(out)
  // CHECK-DAG: chain-errors.cpp:[[@LINE+1]]:15: error: 'm' in 'gather(out, m, up)' is not a loop of this nest; its loops are k, j, i [loop names]
  #pragma t2s gather(out, m, up)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int i = 0; i < N; ++i) {
        A[k][j][i] = (k == 0 ? in[j] : A[k - 1][j][i]) + i;
        if (k == N - 1) out[j * N + i] = A[k][j][i];
      }
}
