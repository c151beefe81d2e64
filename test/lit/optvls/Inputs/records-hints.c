/* Loops clang leaves scalar because it prices their gathers too high:
 * records of 4 int16 and of 4 int8 read through an index (into an array,
 * and summed), and a float sum over pairs read through an index that must
 * keep its order. Prints every output, so that builds can be diffed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct { int16_t a, b, c, d; } R4s;
typedef struct { int8_t a, b, c, d; } R4b;
typedef struct { float x, y; } P2;

enum { Records = 1000, N = 4099 };

__attribute__((noinline)) void rec_i16(const R4s *restrict r, const int *restrict idx,
                                       int *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    R4s v = r[idx[k]];
    out[k] = v.a * v.b + v.c * v.d;
  }
}

__attribute__((noinline)) void rec_i8(const R4b *restrict r, const int *restrict idx,
                                      int *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    R4b v = r[idx[k]];
    out[k] = v.a * v.b + v.c * v.d;
  }
}

__attribute__((noinline)) int sum_i16(const R4s *restrict r, const int *restrict idx, int n) {
  int s = 0;
  for (int k = 0; k < n; ++k) {
    R4s v = r[idx[k]];
    s += v.a * v.b - v.c * v.d;
  }
  return s;
}

/* Rounding makes this sum depend on the order of its additions. */
__attribute__((noinline)) float fsum_pairs(const P2 *restrict p, const int *restrict idx,
                                           int n) {
  float s = 0.0f;
  for (int k = 0; k < n; ++k) {
    P2 v = p[idx[k]];
    s += v.x * v.y;
  }
  return s;
}

static uint32_t state = 12345;
static uint32_t next(void) {
  state = state * 1664525u + 1013904223u;
  return state >> 8;
}

int main(void) {
  static R4s r16[Records];
  static R4b r8[Records];
  static P2 p[Records];
  static int idx[N], out[N];
  for (int i = 0; i < Records; ++i) {
    r16[i] = (R4s){(int16_t)next(), (int16_t)next(), (int16_t)next(), (int16_t)next()};
    r8[i] = (R4b){(int8_t)next(), (int8_t)next(), (int8_t)next(), (int8_t)next()};
    p[i] = (P2){(float)(next() % 100000) / 7.0f, 1.0f / (float)(1 + next() % 1000)};
  }
  for (int k = 0; k < N; ++k)
    idx[k] = (int)(next() % Records);
  idx[N - 1] = Records - 1; /* the last record too */
  for (int n = N - 3; n <= N; ++n) { /* every remainder of the vector loop */
    rec_i16(r16, idx, out, n);
    for (int k = 0; k < n; ++k)
      printf("rec_i16 %d %d %d\n", n, k, out[k]);
    rec_i8(r8, idx, out, n);
    for (int k = 0; k < n; ++k)
      printf("rec_i8 %d %d %d\n", n, k, out[k]);
    printf("sum_i16 %d %d\n", n, sum_i16(r16, idx, n));
    printf("fsum_pairs %d %a\n", n, fsum_pairs(p, idx, n));
  }
  return 0;
}
