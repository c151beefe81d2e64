// pad_rounds(i, N) pads each iteration of time loop i, whose buffers the
// reads across rounds cross, to at least N steps. Each misuse is an error at
// the directive [pad rounds]: no systolic array, a space loop, a loop that
// no read of a PE buffer crosses, a second pad_rounds, a loop that encloses
// more than one time loop, a padded loop (or one outside it) without
// constant bounds, an inner loop whose bounds name another loop, too many
// steps to check. A loop that does not exist is a [loop names] error, and a
// malformed line a syntax error at the offending token (SYNTAX).
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clangxx -DSYNTAX -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SYNTAX --implicit-check-not=error:

constexpr int N = 6, P = 4;

#if defined(SYNTAX)

void syntax(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  // SYNTAX: pad-rounds-errors.cpp:[[@LINE+1]]:26: error: 'pad_rounds' takes two arguments: a time loop and the least number of steps of each of its iterations; write it as: pad_rounds(i, 64)
  #pragma t2s pad_rounds(i)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p)
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;

  #pragma t2s ure
  #pragma t2s space_time(p)
  // SYNTAX: pad-rounds-errors.cpp:[[@LINE+1]]:29: error: 'pad_rounds' expects a number of steps, found 'k'; write it as: pad_rounds(i, 64)
  #pragma t2s pad_rounds(i, k)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p)
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;

  #pragma t2s ure
  #pragma t2s space_time(p)
  // SYNTAX: pad-rounds-errors.cpp:[[@LINE+1]]:29: error: the least steps of a round in 'pad_rounds' must lie between 1 and 1048576, found 0; give the latency of the values the rounds carry, e.g. pad_rounds(i, 64)
  #pragma t2s pad_rounds(i, 0)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p)
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
}

#else

void noArray(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(i, 8)' pads the rounds of a systolic array's time loop: add '#pragma t2s space_time(...)' to this nest [pad rounds]
  #pragma t2s pad_rounds(i, 8)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

void unknownLoop(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'h' in 'pad_rounds(h, 8)' is not a loop of this nest; its loops are i, k, p [loop names]
  #pragma t2s pad_rounds(h, 8)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

void spaceLoop(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(p, 8)' names 'p', a space loop: name the time loop whose iterations the buffers' reads cross [pad rounds]
  #pragma t2s pad_rounds(p, 8)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// A rectangle: the read across i waits a fixed number of steps, in a shift
// register; there is no buffer to pad for.
void noBuffer(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(i, 8)' pads the rounds of 'i', but no read reaches back across an iteration of 'i' over a time loop with affine bounds, so no value waits in a PE buffer across its rounds: remove it, or name the loop such a read crosses [pad rounds]
  #pragma t2s pad_rounds(i, 8)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = i == 0 ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

void twice(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s pad_rounds(i, 8)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: a nest takes one 'pad_rounds'; 'pad_rounds(i, 8)' is already given: remove this one [pad rounds]
  #pragma t2s pad_rounds(i, 16)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = (i == 0 || k == i) ? in[k][p] : S[i - 1][k][p] + 1.0f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// The read crosses h, outside the triangle (i, k): h encloses two time
// loops.
void threeLoops(const float (*in)[P], float (*out)[P]) {
  static float U[3][4][4][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(h, 8)' flattens 'h' with the one time loop inside it, but 'h' encloses the time loops i, k: pad the rounds of the time loop just outside the innermost [pad rounds]
  #pragma t2s pad_rounds(h, 8)
  for (int h = 0; h < 3; ++h)
    for (int i = 0; i < 4; ++i)
      for (int k = i; k < 4; ++k)
        for (int p = 0; p < P; ++p) {
          U[h][i][k][p] = h == 0 ? in[k][p] + float(i) : U[h - 1][i][k][p] * 2.0f;
          if (h == 2 && k == 3)
            out[i][p] = U[h][i][k][p];
        }
}

// The padded loop's bounds name the loop outside it.
void affineRounds(const float (*in)[P], float (*out)[P]) {
  static float S[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(i, 8)' counts the rounds and their steps as it compiles, but 'i' (the padded loop) has affine bounds: give it constant bounds [pad rounds]
  #pragma t2s pad_rounds(i, 8)
  for (int g = 0; g < 2; ++g)
    for (int i = g; i < N; ++i)
      for (int k = i; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          S[g][i][k][p] = (i == g || k == i) ? in[k][p] : S[g][i - 1][k][p] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[g][i][k][p];
        }
}

// The triangle's loop k is bounded by the outer loop g, not by i alone.
void innerNamesOuter(const float (*in)[P], float (*out)[P]) {
  static float S[2][N][N][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(i, 8)' pads each round of 'i' by the bounds of 'k', which must depend on 'i' alone, but they name 'g': write them over 'i' and constants [pad rounds]
  #pragma t2s pad_rounds(i, 8)
  for (int g = 0; g < 2; ++g)
    for (int i = 0; i < N; ++i)
      for (int k = i + g; k < N; ++k)
        for (int p = 0; p < P; ++p) {
          S[g][i][k][p] = (i == 0 || k == i + g) ? in[k][p] : S[g][i - 1][k][p] + 1.0f;
          if (k == N - 1)
            out[i][p] = S[g][i][k][p];
        }
}

// 3,000 rounds of at least 2,000 steps: more steps than the compiler checks.
void tooMany(const float (*in)[P], float (*out)[P]) {
  static float S[2][3000][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
// CHECK: pad-rounds-errors.cpp:[[@LINE+1]]:{{[0-9]+}}: error: 'pad_rounds(i, 2000)' would run more than 4194304 steps, too many to check how far apart the padded rounds keep the buffers' accesses: use smaller loop extents [pad rounds]
  #pragma t2s pad_rounds(i, 2000)
  for (int i = 0; i < 3000; ++i)
    for (int k = i; k < 3000; ++k)
      for (int p = 0; p < P; ++p) {
        S[i % 2][k][p] = (i == 0 || k == i) ? in[k % N][p] : S[(i - 1) % 2][k][p] + 1.0f;
        if (k == 2999)
          out[i % N][p] = S[i % 2][k][p];
      }
}

#endif
