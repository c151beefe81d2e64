// buffer(a, k) keeps what one iteration of loop k sends to the PEs in a
// double-buffered memory of a's loader. Each misuse is an error at the
// directive [buffer]: no systolic array, no loader, a second buffer for one
// input, k a space loop or the vectorized loop, a skewing schedule, loops
// inside k whose bounds are not constants, loops outside k (and k) with
// bounds affine in other loops, a loader fed by another kernel on a
// channel. A loop that does not exist is a [loop names] error, and a
// malformed line a syntax error at the offending token (SYNTAX). The last
// nest is legal: its loader keeps a tile of 'a' (DUMP, after the buffer step).
// RUN: %not %t2s-clang -O0 -c %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %not %t2s-clangxx -DSYNTAX -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SYNTAX --implicit-check-not=error:
// RUN: %t2s-clangxx -DPOSITIVE -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t.ll
// RUN: %t2s-opt -t2s-dump-design-after=buffer -passes='function(t2s-attach-pragmas,t2s-prepare-nests,t2s-merge-ures,print<t2s-design>)' -disable-output %t.ll | FileCheck %s --check-prefix=DUMP

constexpr int N = 4;

#if defined(SYNTAX)

void syntax(const float *a, float *out) {
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // SYNTAX: buffer-errors.cpp:[[@LINE+1]]:22: error: 'buffer' takes two arguments: an input and a loop; write it as: buffer(a, k)
  #pragma t2s buffer(a)
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < N; ++p)
      out[i * N + p] = a[i];

  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // SYNTAX: buffer-errors.cpp:[[@LINE+1]]:28: error: 'buffer' takes two arguments: an input and a loop; write it as: buffer(a, k)
  #pragma t2s buffer(a, k, j)
  for (int k = 0; k < N; ++k)
    for (int j = 0; j < N; ++j)
      for (int p = 0; p < N; ++p)
        out[(k * N + j) * N + p] = a[k];
}

#else
#if !defined(POSITIVE)

// 1. No systolic array: a nest with 'ure' only.
void no_space_time(const float *a, float *out) {
  static float A[N][N];
  #pragma t2s ure
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, i)' keeps values in the loader of a systolic array: add '#pragma t2s space_time(...)' and 'loader(a)' to this nest [buffer]
  #pragma t2s buffer(a, i)
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < N; ++p) {
      A[i][p] = p == 0 ? a[i] : A[i][p - 1] + 1.f;
      out[i * N + p] = A[i][p];
    }
}

// 2. An input without a loader.
void no_loader(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, i)' keeps the values of 'a' in its loader, but 'a' has no loader: add 'a' to a '#pragma t2s loader(...)' line of this nest [buffer]
  #pragma t2s buffer(a, i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + k] : A[p - 1];
        out[(i * N + k) * N + p] = A[p];
      }
}

// 2b. An output, not an input.
void buffer_output(const float *a, float *out) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'out' in 'buffer(out, i)' is not an input this nest reads; a buffer keeps an input's values in its loader; the inputs are a [buffer]
  #pragma t2s buffer(out, i)
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < N; ++p) {
      A[i][p] = p == 0 ? a[i] : A[i][p - 1] + 1.f;
      out[i * N + p] = A[i][p];
    }
}

// 2c. An input read only through a pointer chosen while the nest runs: it
// has no name, and the list says where that read is.
void buffer_chosen(const float *a, const float *b, const float *c, float *out) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'b' in 'buffer(b, i)' is not an input this nest reads; a buffer keeps an input's values in its loader; the inputs are a (the read at line [[@LINE+4]] goes through a pointer chosen while the nest runs, which no loader can follow; read each array in an access of its own) [buffer]
  #pragma t2s buffer(b, i)
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < N; ++p) {
      A[i][p] = (p == 0 ? a[i] : A[i][p - 1]) + (i % 2 ? b : c)[p];
      out[i * N + p] = A[i][p];
    }
}

// 3. One input buffered twice: the second line is the error.
void twice(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s buffer(a, i)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'a' has a buffer already, in 'buffer(a, i)'; keep one buffer(a, ...) line [buffer]
  #pragma t2s buffer(a, k)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + k] : A[p - 1];
        out[(i * N + k) * N + p] = A[p];
      }
}

// 4. k is a space loop.
void space_loop(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, p)': 'p' is a space loop, whose PEs the loader serves in one step; name a time loop outside the space loops, the one whose iterations reuse a tile of 'a' [buffer]
  #pragma t2s buffer(a, p)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + k] : A[p - 1];
        out[(i * N + k) * N + p] = A[p];
      }
}

// 5. k is the vectorized loop.
void vector_loop(const float *a, float *out) {
  static float A[N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s vectorize(k)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, k)': 'k' is the vectorized loop, whose lanes the loader serves in one step; name a time loop outside the space loops, the one whose iterations reuse a tile of 'a' [buffer]
  #pragma t2s buffer(a, k)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[k][p] = p == 0 ? a[i * N + k] : A[k][p - 1];
        out[(i * N + k) * N + p] = A[k][p];
      }
}

// 6. The loop a schedule skews (t1 = 1*p + k): in each step the PEs run
// different iterations of k. (Buffering at i, outside it, is fine:
// e2e/buffer-schedule.cpp.)
void skewed(const float *a, float *out) {
  static float A[2][N];
  #pragma t2s ure
  #pragma t2s space_time(p) schedule(1)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, k)': the schedule skews loop 'k' into a time variable, so each of its steps runs a different iteration of 'k' in each PE, and no tile holds what one iteration reads; buffer at a time loop outside 'k', or drop the schedule(...) clause [buffer]
  #pragma t2s buffer(a, k)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[k % 2][p] = k == 0 || p == 0 ? a[i * N + p] : A[(k - 1) % 2][p - 1] + 1.f;
        out[(i * N + k) * N + p] = A[k % 2][p];
      }
}

// 7. A loop inside k runs up to a function parameter.
void run_time_inside(const float *a, float *out, int T) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, i)': loop 't' inside 'i' runs up to a size known only at run time, but the buffer holds what one iteration of 'i' reads, and its size is hardware; buffer at 't' or a loop inside it, or give 't' a constant bound [buffer]
  #pragma t2s buffer(a, i)
  for (int i = 0; i < N; ++i)
    for (int t = 0; t < T; ++t)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + t] : A[p - 1];
        out[(i * T + t) * N + p] = A[p];
      }
}

// 8a. A triangular loop inside k: its upper bound names k.
void affine_inside(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, i)': loop 'j' inside 'i' has bounds affine in other loops, but the buffer holds what one iteration of 'i' reads, and its size is hardware; buffer at a loop inside 'j', or give 'j' constant bounds [buffer]
  #pragma t2s buffer(a, i)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < i + 1; ++j)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + j] : A[p - 1];
        out[(i * N + j) * N + p] = A[p];
      }
}

// 8b. A loop inside k whose lower bound only names k ('k in [i, N)'): the
// same rule, though the loop's upper bound is a constant.
void affine_lower_inside(const float (*a)[N], float (*out)[N]) {
  static float S[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, i)': loop 'k' inside 'i' has bounds affine in other loops, but the buffer holds what one iteration of 'i' reads, and its size is hardware; buffer at a loop inside 'k', or give 'k' constant bounds [buffer]
  #pragma t2s buffer(a, i)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        S[i][k][p] = k == i ? a[i][p] : S[i][k - 1][p] * 0.5f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// 8c. k itself has affine bounds.
void affine_at(const float (*a)[N], float (*out)[N]) {
  static float S[N][N][N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, k)': loop 'k' has bounds affine in other loops, but the loader counts the tiles of 'k' and the loops outside it as one range; give 'k' constant or run-time bounds [buffer]
  #pragma t2s buffer(a, k)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        S[i][k][p] = k == i ? a[i][p] : S[i][k - 1][p] * 0.5f;
        if (k == N - 1)
          out[i][p] = S[i][k][p];
      }
}

// 8d. A loop outside k has affine bounds.
void affine_outside(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(a, m)': loop 'j' has bounds affine in other loops, but the loader counts the tiles of 'm' and the loops outside it as one range; give 'j' constant or run-time bounds [buffer]
  #pragma t2s buffer(a, m)
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < i + 1; ++j)
      for (int m = 0; m < N; ++m)
        for (int p = 0; p < N; ++p) {
          A[p] = p == 0 ? a[(i * N + j) * N + m] : A[p - 1];
          out[((i * N + j) * N + m) * N + p] = A[p];
        }
}

// 9. No such loop.
void no_such_loop(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'q' in 'buffer(a, q)' is not a loop of this nest; its loops are i, k, p [loop names]
  #pragma t2s buffer(a, q)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? a[i * N + k] : A[p - 1];
        out[(i * N + k) * N + p] = A[p];
      }
}

// 11. The loader's values come from kernel 'feed' on a channel.
void from_stream(const float *in, float *out) {
  static float X[N * N], A[N];
  #pragma t2s kernel(feed)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      X[i * N + k] = in[i * N + k] * 2.f;
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(X)
  // CHECK: buffer-errors.cpp:[[@LINE+1]]:15: error: 'buffer(X, i)': the loader of 'X' receives its values from another kernel on a channel, not from off-chip memory, so there is no traffic to save; drop the buffer [buffer]
  #pragma t2s buffer(X, i)
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < N; ++k)
      for (int p = 0; p < N; ++p) {
        A[p] = p == 0 ? X[i * N + k] : A[p - 1];
        out[(i * N + k) * N + p] = A[p];
      }
}

#endif // !POSITIVE

// Legal: the loader of 'a' keeps what one iteration of i sends. The PEs
// read a value of 'a' each (4 banks); 'a' does not depend on j, so the
// loader reads a tile in the 4 steps of k and sends it in all 3 x 4 steps.
void reuse(const float *a, float *out) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s buffer(a, i)
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < N; ++k)
        for (int p = 0; p < N; ++p) {
          A[p] = a[(i * N + k) * N + p] * float(j);
          out[((i * 3 + j) * N + k) * N + p] = A[p];
        }
}

// DUMP-LABEL: ; after buffer
// DUMP:       kernel reuse_load_a: loader of a, nest reuse, stage 0, takes a, reuse buffer at i (tiles over i; keeps k; reads in 4 of 12 steps)
// DUMP:       kernel reuse_load_a runs:
// DUMP-NEXT:    // The reuse buffer (buffer(a, i)): what one iteration of i sends, in two halves; one half is read while the other is sent.
// DUMP-NEXT:    decl reuse_a_buf: f32 [2] [4] [4], on chip in 4 banks
// DUMP-NEXT:    let tiles = 2
// DUMP-NEXT:    serial loop tile from 0 to (tiles + 1)
// DUMP-NEXT:      serial loop step from 0 to 12
// DUMP-NEXT:        if ((tile < tiles) && (step < 4))
// DUMP-NEXT:          block
// DUMP-NEXT:            // Read the next tile of a into half tile & 1.
// DUMP-NEXT:            let i = tile
// DUMP-NEXT:            let k = step
// DUMP-NEXT:            PE loop p from 0 to 4
// DUMP-NEXT:              reuse_a_buf[(tile & 1)][k][p] = a[(i64)((((i * 4) + k) * 4) + p)]
// DUMP-NEXT:        if (tile > 0)
// DUMP-NEXT:          block
// DUMP-NEXT:            // Send the tile before from the other half, as the PEs read it.
// DUMP-NEXT:            let k = (step % 4)
// DUMP-NEXT:            PE loop p from 0 to 4
// DUMP-NEXT:              write reuse_a[p] <- reuse_a_buf[((tile - 1) & 1)][k][p]
// DUMP-NEXT:  kernel reuse runs:
// DUMP-NEXT:    decl sr_A: f32 [1] [4]
// DUMP-NEXT:    serial loop i from 0 to 2
// DUMP-NEXT:      serial loop j from 0 to 3
// DUMP-NEXT:        time loop k from 0 to 4
// DUMP:               decl a_in: f32 = read reuse_a[p]

// The feeder's counters take names no loop or parameter has.
void reuse_names(const float *a, float *out, int tiles) {
  static float A[N];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s buffer(a, tile)
  for (int tile = 0; tile < 2; ++tile)
    for (int step = 0; step < 3; ++step)
      for (int p = 0; p < N; ++p) {
        A[p] = a[tile * N + p] * float(step + tiles);
        out[(tile * 3 + step) * N + p] = A[p];
      }
}

// DUMP-LABEL: ; after buffer
// DUMP:       kernel reuse_names_load_a runs:
// DUMP:         let tiles_ = 2
// DUMP-NEXT:    serial loop tile_ from 0 to (tiles_ + 1)
// DUMP-NEXT:      serial loop step_ from 0 to 3
// DUMP-NEXT:        if ((tile_ < tiles_) && (step_ < 1))
// DUMP:                 let tile = tile_
// DUMP:               reuse_names_a_buf[(tile_ & 1)][p] = a[(i64)((tile * 4) + p)]

#endif // SYNTAX
