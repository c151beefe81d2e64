/* How fast can any vector code read records through random indices? The
 * OptVLS targets for f64 records from an L2-resident table (issue: >= 1.5x
 * over plain -march=native, >= 1.2x over the best plain build) assume a
 * vector sequence can beat the scalar loop there. This program times the
 * scalar loop against every vector form of the same loop we know - the
 * AVX2 transpose OptVLS emits (one 16-byte load or a masked load per
 * record), two 8-byte loads per record, a 16-byte and an 8-byte load, the
 * AVX-512 transpose, AVX-512 gathers, and software prefetching - on the same
 * table and indices, in alternating order, with an unchanged copy of the
 * scalar loop as the noise floor. Every variant's output is checked against
 * the scalar loop's, bit for bit. bench/optvls/limits.sh builds and runs it
 * in several processes and prints the medians.
 *
 *   limits TABLE_KIB [ROUNDS]   one table size; prints "kernel variant
 *                               ns/elem scalar/variant" lines */
#include <immintrin.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct { double a, b; } R2d;
typedef struct { double a, b, c; } R3d;

#define N (1 << 20)
#define AVX2 __attribute__((target("avx2"), noinline))
#define AVX512 __attribute__((target("avx512f"), noinline))
#define PLAIN __attribute__((noinline))
#define NOVEC _Pragma("clang loop vectorize(disable) interleave(disable)")

/* Records of two doubles: out[k] = a * b. */

PLAIN void g2_scalar(const R2d *restrict r, const int *restrict idx, double *restrict out, int n) {
  NOVEC for (int k = 0; k < n; ++k) out[k] = r[idx[k]].a * r[idx[k]].b;
}
PLAIN void g2_floor(const R2d *restrict r, const int *restrict idx, double *restrict out, int n) {
  NOVEC for (int k = 0; k < n; ++k) out[k] = r[idx[k]].a * r[idx[k]].b;
}
PLAIN void g2_prefetch(const R2d *restrict r, const int *restrict idx, double *restrict out,
                       int n) {
  NOVEC for (int k = 0; k < n; ++k) {
    if (k + 32 < n)
      __builtin_prefetch(&r[idx[k + 32]]);
    out[k] = r[idx[k]].a * r[idx[k]].b;
  }
}

/* Lanes 0..3: [a0 b0 | a2 b2] and [a1 b1 | a3 b3], then unpack. */
#define TRANSPOSE2(LOAD)                                                        \
  for (int k = 0; k + 4 <= n; k += 4) {                                        \
    __m256d lo = _mm256_insertf128_pd(_mm256_castpd128_pd256(LOAD(&r[idx[k]])), \
                                      LOAD(&r[idx[k + 2]]), 1);                \
    __m256d hi = _mm256_insertf128_pd(_mm256_castpd128_pd256(LOAD(&r[idx[k + 1]])), \
                                      LOAD(&r[idx[k + 3]]), 1);                \
    _mm256_storeu_pd(&out[k], _mm256_mul_pd(_mm256_unpacklo_pd(lo, hi),       \
                                            _mm256_unpackhi_pd(lo, hi)));      \
  }

static inline __attribute__((target("avx2"))) __m128d load16(const R2d *p) {
  return _mm_loadu_pd(&p->a);
}
static inline __attribute__((target("avx2"))) __m128d load8x2(const R2d *p) {
  return _mm_loadh_pd(_mm_load_sd(&p->a), &p->b);
}
AVX2 void g2_avx2(const R2d *restrict r, const int *restrict idx, double *restrict out, int n) {
  TRANSPOSE2(load16)
}
AVX2 void g2_avx2_8x2(const R2d *restrict r, const int *restrict idx, double *restrict out,
                      int n) {
  TRANSPOSE2(load8x2)
}
AVX512 void g2_avx512(const R2d *restrict r, const int *restrict idx, double *restrict out,
                      int n) {
  for (int k = 0; k + 8 <= n; k += 8) {
    __m512d lo = _mm512_castpd256_pd512(_mm256_insertf128_pd(
        _mm256_castpd128_pd256(_mm_loadu_pd(&r[idx[k]].a)), _mm_loadu_pd(&r[idx[k + 2]].a), 1));
    lo = _mm512_insertf64x4(lo,
                            _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(&r[idx[k + 4]].a)),
                                                 _mm_loadu_pd(&r[idx[k + 6]].a), 1),
                            1);
    __m512d hi = _mm512_castpd256_pd512(_mm256_insertf128_pd(
        _mm256_castpd128_pd256(_mm_loadu_pd(&r[idx[k + 1]].a)), _mm_loadu_pd(&r[idx[k + 3]].a), 1));
    hi = _mm512_insertf64x4(hi,
                            _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(&r[idx[k + 5]].a)),
                                                 _mm_loadu_pd(&r[idx[k + 7]].a), 1),
                            1);
    _mm512_storeu_pd(&out[k], _mm512_mul_pd(_mm512_unpacklo_pd(lo, hi), _mm512_unpackhi_pd(lo, hi)));
  }
}
AVX512 void g2_gather(const R2d *restrict r, const int *restrict idx, double *restrict out,
                      int n) {
  for (int k = 0; k + 8 <= n; k += 8) {
    __m256i i = _mm256_slli_epi32(_mm256_loadu_si256((const __m256i *)&idx[k]), 1);
    __m512d a = _mm512_i32gather_pd(i, &r[0].a, 8), b = _mm512_i32gather_pd(i, &r[0].b, 8);
    _mm512_storeu_pd(&out[k], _mm512_mul_pd(a, b));
  }
}

/* Records of three doubles: out[k] = (a + b) * c. */

PLAIN void g3_scalar(const R3d *restrict r, const int *restrict idx, double *restrict out, int n) {
  NOVEC for (int k = 0; k < n; ++k) out[k] = (r[idx[k]].a + r[idx[k]].b) * r[idx[k]].c;
}
PLAIN void g3_floor(const R3d *restrict r, const int *restrict idx, double *restrict out, int n) {
  NOVEC for (int k = 0; k < n; ++k) out[k] = (r[idx[k]].a + r[idx[k]].b) * r[idx[k]].c;
}

/* 4 records as 4 rows of 4 doubles (the 4th lane is not used). */
#define TRANSPOSE3(LOAD)                                                       \
  for (int k = 0; k + 4 <= n; k += 4) {                                       \
    __m256d r0 = LOAD(&r[idx[k]]), r1 = LOAD(&r[idx[k + 1]]);                  \
    __m256d r2 = LOAD(&r[idx[k + 2]]), r3 = LOAD(&r[idx[k + 3]]);              \
    __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1); \
    __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3); \
    __m256d a = _mm256_permute2f128_pd(t0, t2, 0x20);                         \
    __m256d b = _mm256_permute2f128_pd(t1, t3, 0x20);                         \
    __m256d c = _mm256_permute2f128_pd(t0, t2, 0x31);                         \
    _mm256_storeu_pd(&out[k], _mm256_mul_pd(_mm256_add_pd(a, b), c));         \
  }

static inline __attribute__((target("avx2"))) __m256d loadMasked(const R3d *p) {
  return _mm256_maskload_pd(&p->a, _mm256_setr_epi64x(-1, -1, -1, 0));
}
static inline __attribute__((target("avx2"))) __m256d load16and8(const R3d *p) {
  return _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(&p->a)), _mm_load_sd(&p->c), 1);
}
AVX2 void g3_avx2_masked(const R3d *restrict r, const int *restrict idx, double *restrict out,
                         int n) {
  TRANSPOSE3(loadMasked)
}
AVX2 void g3_avx2_16and8(const R3d *restrict r, const int *restrict idx, double *restrict out,
                         int n) {
  TRANSPOSE3(load16and8)
}
AVX512 void g3_gather(const R3d *restrict r, const int *restrict idx, double *restrict out,
                      int n) {
  for (int k = 0; k + 8 <= n; k += 8) {
    __m256i i = _mm256_mullo_epi32(_mm256_loadu_si256((const __m256i *)&idx[k]), _mm256_set1_epi32(3));
    __m512d a = _mm512_i32gather_pd(i, &r[0].a, 8), b = _mm512_i32gather_pd(i, &r[0].b, 8);
    __m512d c = _mm512_i32gather_pd(i, &r[0].c, 8);
    _mm512_storeu_pd(&out[k], _mm512_mul_pd(_mm512_add_pd(a, b), c));
  }
}

typedef void (*G2)(const R2d *, const int *, double *, int);
typedef void (*G3)(const R3d *, const int *, double *, int);
struct Variant {
  const char *Kernel, *Name;
  G2 F2;
  G3 F3;
};
static const struct Variant Variants[] = {
    {"g2_f64", "scalar", g2_scalar, 0},      {"g2_f64", "floor", g2_floor, 0},
    {"g2_f64", "prefetch", g2_prefetch, 0},  {"g2_f64", "avx2", g2_avx2, 0},
    {"g2_f64", "avx2_8x2", g2_avx2_8x2, 0},  {"g2_f64", "avx512", g2_avx512, 0},
    {"g2_f64", "gather", g2_gather, 0},      {"g3_f64", "scalar", 0, g3_scalar},
    {"g3_f64", "floor", 0, g3_floor},        {"g3_f64", "avx2_masked", 0, g3_avx2_masked},
    {"g3_f64", "avx2_16and8", 0, g3_avx2_16and8}, {"g3_f64", "gather", 0, g3_gather},
};
enum { V = sizeof(Variants) / sizeof(Variants[0]), MaxRounds = 64 };

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
static int byValue(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return X < Y ? -1 : X > Y;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s TABLE_KIB [ROUNDS]\n", argv[0]);
    return 2;
  }
  long KiB = atol(argv[1]);
  int Rounds = argc > 2 ? atoi(argv[2]) : 9;
  if (KiB < 1 || Rounds < 1 || Rounds > MaxRounds) {
    fprintf(stderr, "%s: TABLE_KIB >= 1, 1 <= ROUNDS <= %d\n", argv[0], MaxRounds);
    return 2;
  }
  int N2 = (int)(KiB * 1024 / sizeof(R2d)), N3 = (int)(KiB * 1024 / sizeof(R3d));
  R2d *r2 = aligned_alloc(64, ((N2 * sizeof(R2d) + 63) / 64) * 64);
  R3d *r3 = aligned_alloc(64, ((N3 * sizeof(R3d) + 63) / 64) * 64);
  int *i2 = malloc(N * sizeof(int)), *i3 = malloc(N * sizeof(int));
  double *out = malloc(N * sizeof(double)), *want2 = malloc(N * sizeof(double)),
         *want3 = malloc(N * sizeof(double));
  for (int i = 0; i < N2; ++i)
    r2[i].a = i % 7 - 3, r2[i].b = i % 5 + 1;
  for (int i = 0; i < N3; ++i)
    r3[i].a = i % 7 - 3, r3[i].b = i % 5 + 1, r3[i].c = i % 3 - 1;
  srand(1);
  for (int k = 0; k < N; ++k)
    i2[k] = rand() % N2, i3[k] = rand() % N3;
  g2_scalar(r2, i2, want2, N);
  g3_scalar(r3, i3, want3, N);
  static double T[V][MaxRounds];
  for (int Round = 0; Round < Rounds; ++Round)
    for (int J = 0; J < V; ++J) {
      int X = Round % 2 ? V - 1 - J : J; // alternate the order
      memset(out, 0, N * sizeof(double));
      double S = now();
      if (Variants[X].F2)
        Variants[X].F2(r2, i2, out, N);
      else
        Variants[X].F3(r3, i3, out, N);
      T[X][Round] = now() - S;
      if (memcmp(out, Variants[X].F2 ? want2 : want3, N * sizeof(double))) {
        fprintf(stderr, "%s %s: the output differs from the scalar loop's\n", Variants[X].Kernel,
                Variants[X].Name);
        return 1;
      }
    }
  double Scalar = 0;
  for (int X = 0; X < V; ++X) {
    qsort(T[X], Rounds, sizeof(double), byValue);
    double Median = T[X][Rounds / 2];
    if (!strcmp(Variants[X].Name, "scalar"))
      Scalar = Median;
    printf("%s %s %.3f %.3f\n", Variants[X].Kernel, Variants[X].Name, Median / N * 1e9,
           Scalar / Median);
  }
  return 0;
}
