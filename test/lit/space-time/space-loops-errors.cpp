// Space loops that enclose time loops and cannot move inside them: each
// error is at the space_time line, names the space loop and the time loop it
// encloses, and why the move would change the program ([space loops]); where
// only a read keeps them outside, the nest runs under a schedule the
// compiler chooses (e2e/space-loops-as-written.cpp), and the errors that
// schedule meets say it is the compiler's.
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
#include <algorithm>

constexpr int N = 4, K = 5;

// Kung and Song's form with a time loop b inside a: the read goes back
// along a, so with r inside a and b it would reach a later iteration, and
// the schedule, which skews only b, cannot run it as written.
void antidiagonal(const float in[N + K], float out[N][K][3]) {
  static float V[N][K][3];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'r' encloses 'a', and they cannot move inward: the read of 'V' at line [[#@LINE+5]] reaches iteration (r - 1, a + 1, b), which runs earlier with the loops (r, a, b) but later with the space loops inside, (a, b, r), where it reads (a + 1, b, r - 1); nor can a schedule vector run the nest as written: the read of 'V' at line [[#@LINE+5]] goes back along time loop 'a', which runs outside the space loops, and a schedule skews only the time loop right outside them, 'b'; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(r)
  for (int r = 0; r < N; ++r)
    for (int a = 0; a < K; ++a)
      for (int b = 0; b < 3; ++b) {
        V[r][a][b] = r == 0 || a == K - 1 ? in[r + a] : V[r - 1][a + 1][b] * 0.5f;
        out[r][a][b] = V[r][a][b];
      }
}

// Kung and Song's form, run as written under the schedule the compiler
// chooses (schedule(2), t = 2*r + c), but two iterations that write one
// output element land in one step: the error says the schedule is the
// compiler's, and why it chose one.
void chosen_last_write(const float in[N + K], float out[3 * N + K]) {
  static float V[N][K];
#pragma t2s ure
#pragma t2s space_time(r)
  for (int r = 0; r < N; ++r)
    for (int c = 0; c < K; ++c) {
      V[r][c] = r == 0 || c == K - 1 ? in[r + c] : V[r - 1][c + 1] * 0.5f;
      // CHECK: space-loops-errors.cpp:[[@LINE+1]]:22: error: more than one iteration writes an element of 'out': iterations (c = 2, r = 0) and (c = 0, r = 1) both write out[2]; the sequential program keeps the value of (c = 0, r = 1), which it runs last, but the systolic array runs it in the same time step (t1 = 2) as the other, and writes the two in an order of its own: let one iteration write each element (guard the write on 'c', 'r', as 'if (k == K - 1)' keeps the last value of a sum over k), or schedule the iterations that write one element at different time steps, in the order of the loops (the nest names no schedule: the compiler chose 'space_time(r) schedule(2)', since its space loops enclose time loops and the read of 'V' at line [[#@LINE-1]] reaches iteration (r - 1, c + 1), which runs earlier with the loops (r, c) but later with the space loops inside, (c, r), where it reads (c + 1, r - 1)) [last write]
      out[c + 2 * r] = V[r][c];
    }
}

// Every iteration of an antidiagonal writes one element: the last one as
// written is the largest i, with k inside i it would be the largest k.
void last_write(const int in[N][K], int out[N + K]) {
  static int X[N][K];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'i' encloses 'k', and they cannot move inward: the output 'out' at line [[#@LINE+5]] is written by several iterations, among them (i = 0, k = 1) and (i = 1, k = 0), and the sequential program keeps the value of the one it runs last; with the loops in the order (k, i) the other one would run last; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) {
      X[i][k] = in[i][k];
      out[i + k] = X[i][k];
    }
}

// A triangle: k's bounds name i, which would move inside k.
void triangle(const int in[N][N], int out[N][N]) {
  static int X[N][N];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'i' encloses 'k', and they cannot move inward: loop 'k' has bounds that name another loop, which the move would reorder; a loop that changes level, or runs inside one that does, needs bounds that name no loop; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k) {
      X[i][k] = in[i][k];
      out[i][k] = X[i][k];
    }
}

// An output indexed with a run-time stride: which iteration writes an
// element last cannot be told.
void strided(const int *in, int n, int *out) {
  static int X[N][K];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'i' encloses 'k', and they cannot move inward: the output 'out' at line [[#@LINE+5]] is indexed by values that are not affine in the loops, so whether two iterations that write one element would swap their order cannot be told; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) {
      X[i][k] = in[i * K + k];
      out[i * n + k] = X[i][k];
    }
}

// Loops that count in different integer types.
void mixed_types(const int in[N][K], int out[N][K]) {
  static int X[N][K];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'i' encloses 'k', and they cannot move inward: loop 'k' counts in another integer type than loop 'i'; give the loops one type; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (long k = 0; k < K; ++k) {
      X[i][k] = in[i][k];
      out[i][k] = X[i][k];
    }
}

// A bound computed in the loop's header, each time it is tested.
void header_bound(const int *in, int n, int *out) {
  static int X[N][2];
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE+1]]:13: error: space loops must be the innermost loops: 'i' encloses 'k', and they cannot move inward: loop 'k' computes its bounds inside the nest; compute them before it; name other loops as space, or write the nest with its space loops innermost where the program allows it [space loops]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < std::min(n, 6); ++k) {
      X[i][k % 2] = in[k];
      if (k == 0)
        out[i] = X[i][k % 2];
    }
}

// Moved, but a kernel nest feeds the array through a channel in the order
// the source writes the array: the error says how the array runs.
void fed_as_written(const int a[N][K], int out[N]) {
  static int X[N][K], S[N][K];
#pragma t2s kernel(feed)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k)
      X[i][k] = a[i][k] * 2;
#pragma t2s ure
  // CHECK: space-loops-errors.cpp:[[@LINE-1]]:13: error: 'X' becomes a channel from kernel 'feed' (line [[#@LINE-5]]) to the systolic array at line [[#@LINE-1]] (which runs its loops as (k, i), written (i, k): its space loops moved inside its time loops), but they traverse it in different orders: value #1 is X[0][1] as the writer sends it but X[1][0] as the reader expects it; make both nests visit the elements in the same order (reorder the loops of kernel 'feed' (line [[#@LINE-5]])) [channel]
#pragma t2s space_time(i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) {
      S[i][k] = (k == 0 ? 0 : S[i][k - 1]) + X[i][k];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}
