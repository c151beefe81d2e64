/* End-to-end kernels for OptVLS: each array ends exactly at a page that may
 * not be read (mprotect PROT_NONE), and the index lists include the last
 * elements, so a rewrite that reads past what the original reads crashes.
 * The program prints checksums of every kernel's output; the build with the
 * T2S plugin must print the same as plain clang -O3. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct { float x, y, z; } P3;
typedef struct { double re, im; } C2;
typedef struct { int16_t a, b, c, d; } S4;
typedef struct { double a, b, c; } D3;
typedef struct { double a, b, c, d; } D4;

/* Memory for n bytes whose end touches an unreadable page. */
static void *guarded(size_t n) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t pages = (n + page - 1) / page + 1;
  char *m = mmap(0, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) { perror("mmap"); _exit(2); }
  mprotect(m + (pages - 1) * page, page, PROT_NONE);
  return m + (pages - 1) * page - n;
}

#define N 1000
#define PTS 777

__attribute__((noinline)) void pair_f32(const float *restrict x, const int *restrict idx, float *restrict out, int n) {
  for (int k = 0; k < n; ++k) { int j = idx[k]; out[k] = x[j] * 3.0f - x[j + 1]; }
}
__attribute__((noinline)) void pair_f64(const double *restrict x, const int *restrict idx, double *restrict out, int n) {
  for (int k = 0; k < n; ++k) { int j = idx[k]; out[k] = x[j] * x[j + 1]; }
}
__attribute__((noinline)) void pair_i32(const int *restrict x, const int *restrict idx, int *restrict out, int n) {
  for (int k = 0; k < n; ++k) { int j = idx[k]; out[k] = x[j] ^ (x[j + 1] << 1); }
}
__attribute__((noinline)) void quad_i16(const S4 *restrict s, const int *restrict idx, int *restrict out, int n) {
  for (int k = 0; k < n; ++k) { S4 v = s[idx[k]]; out[k] = v.a * v.b + v.c - v.d; }
}
__attribute__((noinline)) void aos3(const P3 *restrict p, const int *restrict idx, float *restrict out, int n) {
  for (int k = 0; k < n; ++k) { const P3 *q = &p[idx[k]]; out[k] = q->x + 2.0f * q->y + 4.0f * q->z; }
}
__attribute__((noinline)) void complex_f64(const C2 *restrict c, const int *restrict idx, double *restrict out, int n) {
  for (int k = 0; k < n; ++k) { C2 v = c[idx[k]]; out[k] = v.re * v.re - v.im * v.im; }
}
__attribute__((noinline)) void md(const float *restrict x, const int *restrict nb, float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    int j = nb[k];
    float dx = 0.5f - x[3 * j], dy = 0.25f - x[3 * j + 1], dz = -0.5f - x[3 * j + 2];
    out[k] = dx * dx + dy * dy + dz * dz;
  }
}
/* Records of 3 and 4 doubles: one (masked) load of a record per lane, the
 * last record touching the unreadable page. */
__attribute__((noinline)) void aos3_f64(const D3 *restrict r, const int *restrict idx, double *restrict out, int n) {
  for (int k = 0; k < n; ++k) { const D3 *v = &r[idx[k]]; out[k] = (v->a + v->b) * v->c; }
}
__attribute__((noinline)) void aos4_f64(const D4 *restrict r, const int *restrict idx, double *restrict out, int n) {
  for (int k = 0; k < n; ++k) { const D4 *v = &r[idx[k]]; out[k] = (v->a - v->b) * (v->c + v->d); }
}
/* Predicated lanes: only some iterations read. */
__attribute__((noinline)) void predicated(const float *restrict x, const int *restrict idx, float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    float v = 0.0f;
    if (idx[k] % 3 != 0) v = x[idx[k]] + x[idx[k] + 1];
    out[k] = v;
  }
}
#define WIDTH(W, P)                                                                \
  __attribute__((noinline)) void vf##W(const float *restrict x, const int *restrict idx, \
                                       float *restrict out, int n) {             \
    _Pragma(P)                                                                   \
    for (int k = 0; k < n; ++k) { int j = idx[k]; out[k] = x[j] - x[j + 1]; }     \
  }
WIDTH(2, "clang loop vectorize_width(2)")
WIDTH(4, "clang loop vectorize_width(4)")
WIDTH(8, "clang loop vectorize_width(8)")
WIDTH(16, "clang loop vectorize_width(16)")
__attribute__((noinline)) void scatter2(float *restrict y, const int *restrict perm, const float *restrict a, int n) {
#pragma clang loop vectorize(assume_safety)
  for (int k = 0; k < n; ++k) { int j = perm[k]; y[2 * j] = a[k] + 1.0f; y[2 * j + 1] = a[k] * 3.0f; }
}

static double sumf(const float *v, int n) { double s = 0; for (int i = 0; i < n; ++i) s = s * 1.0001 + v[i]; return s; }
static double sumd(const double *v, int n) { double s = 0; for (int i = 0; i < n; ++i) s = s * 1.0001 + v[i]; return s; }
static long sumi(const int *v, int n) { long s = 0; for (int i = 0; i < n; ++i) s = s * 31 + v[i]; return s; }

int main(void) {
  int *idx = guarded(N * sizeof(int)), *idx3 = guarded(N * sizeof(int)), *perm = guarded(N * sizeof(int));
  float *x = guarded((PTS + 1) * sizeof(float)), *x3 = guarded(3 * PTS * sizeof(float));
  double *xd = guarded((PTS + 1) * sizeof(double));
  int *xi = guarded((PTS + 1) * sizeof(int));
  P3 *p = guarded(PTS * sizeof(P3)); C2 *c = guarded(PTS * sizeof(C2)); S4 *s = guarded(PTS * sizeof(S4));
  D3 *d3 = guarded(PTS * sizeof(D3)); D4 *d4 = guarded(PTS * sizeof(D4));
  float *out = guarded(N * sizeof(float)), *a = guarded(N * sizeof(float)), *y = guarded(2 * N * sizeof(float));
  double *outd = guarded(N * sizeof(double)); int *outi = guarded(N * sizeof(int));
  for (int k = 0; k < N; ++k) {
    idx[k] = k % 7 == 0 ? PTS - 1 : (k * 389) % PTS;   /* x[j + 1]: the last element */
    idx3[k] = k % 5 == 0 ? PTS - 1 : (k * 211) % PTS;  /* the last point */
    perm[k] = (k * 601) % N; a[k] = (float)(k % 13) - 6.0f;
  }
  for (int i = 0; i <= PTS; ++i) { x[i] = (float)((i * 37) % 101) * 0.125f; xd[i] = x[i] * 0.5; xi[i] = (i * 7919) % 1009; }
  for (int i = 0; i < 3 * PTS; ++i) x3[i] = (float)((i * 53) % 97) * 0.0625f;
  for (int i = 0; i < PTS; ++i) {
    p[i] = (P3){x3[3 * i], x3[3 * i + 1], x3[3 * i + 2]};
    c[i] = (C2){xd[i], xd[PTS - 1 - i]};
    s[i] = (S4){(int16_t)(i % 91), (int16_t)(i % 17 - 8), (int16_t)(i * 3), (int16_t)(-i)};
    d3[i] = (D3){xd[i], xd[PTS - 1 - i], x3[i] * 0.25};
    d4[i] = (D4){xd[i], x3[2 * i] * 0.5, xd[PTS - 1 - i], x3[i] * 0.25};
  }
  pair_f32(x, idx, out, N); printf("pair_f32 %.6f\n", sumf(out, N));
  pair_f64(xd, idx, outd, N); printf("pair_f64 %.6f\n", sumd(outd, N));
  pair_i32(xi, idx, outi, N); printf("pair_i32 %ld\n", sumi(outi, N));
  quad_i16(s, idx3, outi, N); printf("quad_i16 %ld\n", sumi(outi, N));
  aos3(p, idx3, out, N); printf("aos3 %.6f\n", sumf(out, N));
  complex_f64(c, idx3, outd, N); printf("complex_f64 %.6f\n", sumd(outd, N));
  md(x3, idx3, out, N); printf("md %.6f\n", sumf(out, N));
  aos3_f64(d3, idx3, outd, N); printf("aos3_f64 %.6f\n", sumd(outd, N));
  aos4_f64(d4, idx3, outd, N); printf("aos4_f64 %.6f\n", sumd(outd, N));
  predicated(x, idx, out, N); printf("predicated %.6f\n", sumf(out, N));
  vf2(x, idx, out, N); printf("vf2 %.6f\n", sumf(out, N));
  vf4(x, idx, out, N); printf("vf4 %.6f\n", sumf(out, N));
  vf8(x, idx, out, N); printf("vf8 %.6f\n", sumf(out, N));
  vf16(x, idx, out, N); printf("vf16 %.6f\n", sumf(out, N));
  memset(y, 0, 2 * N * sizeof(float));
  scatter2(y, perm, a, N); printf("scatter2 %.6f\n", sumf(y, 2 * N));
  return 0;
}
