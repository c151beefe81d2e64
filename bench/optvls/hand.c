/* Hand-written AVX2 versions of the main shapes of shapes.c, the code OptVLS
 * aims to produce: one contiguous load per lane, then a transpose by
 * shuffles. Same arithmetic as shapes.c, so the output is bit-identical. */
#include <immintrin.h>

typedef struct { float a, b; } R2f;
typedef struct { double a, b; } R2d;
typedef struct { double a, b, c; } R3d;

#define AVX2 __attribute__((target("avx2,fma")))

/* a[k], b[k] of 4 lanes whose two doubles start at p0..p3. */
AVX2 static inline void transpose2d(const double *p0, const double *p1,
                                    const double *p2, const double *p3,
                                    __m256d *a, __m256d *b) {
  __m256d lo = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p0)),
                                    _mm_loadu_pd(p2), 1);
  __m256d hi = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(p1)),
                                    _mm_loadu_pd(p3), 1);
  *a = _mm256_unpacklo_pd(lo, hi);
  *b = _mm256_unpackhi_pd(lo, hi);
}

AVX2 void p2_f64_hand(const double *restrict x, const int *restrict idx,
                      double *restrict out, int n) {
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    __m256d a, b;
    transpose2d(&x[idx[k]], &x[idx[k + 1]], &x[idx[k + 2]], &x[idx[k + 3]], &a, &b);
    _mm256_storeu_pd(&out[k], _mm256_mul_pd(a, b));
  }
  for (; k < n; ++k)
    out[k] = x[idx[k]] * x[idx[k] + 1];
}

AVX2 void g2_f64_hand(const R2d *restrict r, const int *restrict idx,
                      double *restrict out, int n) {
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    __m256d a, b;
    transpose2d(&r[idx[k]].a, &r[idx[k + 1]].a, &r[idx[k + 2]].a, &r[idx[k + 3]].a, &a, &b);
    _mm256_storeu_pd(&out[k], _mm256_mul_pd(a, b));
  }
  for (; k < n; ++k)
    out[k] = r[idx[k]].a * r[idx[k]].b;
}

AVX2 void g3_f64_hand(const R3d *restrict r, const int *restrict idx,
                      double *restrict out, int n) {
  const __m256i three = _mm256_setr_epi64x(-1, -1, -1, 0);
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    /* a b c of 4 records, a masked load each (nothing past c is read). */
    __m256d r0 = _mm256_maskload_pd(&r[idx[k]].a, three);
    __m256d r1 = _mm256_maskload_pd(&r[idx[k + 1]].a, three);
    __m256d r2 = _mm256_maskload_pd(&r[idx[k + 2]].a, three);
    __m256d r3 = _mm256_maskload_pd(&r[idx[k + 3]].a, three);
    __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    __m256d a = _mm256_permute2f128_pd(t0, t2, 0x20);
    __m256d b = _mm256_permute2f128_pd(t1, t3, 0x20);
    __m256d c = _mm256_permute2f128_pd(t0, t2, 0x31);
    _mm256_storeu_pd(&out[k], _mm256_mul_pd(_mm256_add_pd(a, b), c));
  }
  for (; k < n; ++k)
    out[k] = (r[idx[k]].a + r[idx[k]].b) * r[idx[k]].c;
}

AVX2 void g2_f32_hand(const R2f *restrict r, const int *restrict idx,
                      float *restrict out, int n) {
  int k = 0;
  for (; k + 8 <= n; k += 8) {
    __m128 l[8];
    for (int i = 0; i < 8; ++i) /* a, b of lane i */
      l[i] = _mm_castpd_ps(_mm_load_sd((const double *)&r[idx[k + i]]));
    __m128 l01 = _mm_movelh_ps(l[0], l[1]), l23 = _mm_movelh_ps(l[2], l[3]);
    __m128 l45 = _mm_movelh_ps(l[4], l[5]), l67 = _mm_movelh_ps(l[6], l[7]);
    __m256 lo = _mm256_insertf128_ps(_mm256_castps128_ps256(l01), l45, 1);
    __m256 hi = _mm256_insertf128_ps(_mm256_castps128_ps256(l23), l67, 1);
    __m256 a = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 b = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
    _mm256_storeu_ps(&out[k], _mm256_mul_ps(a, b));
  }
  for (; k < n; ++k)
    out[k] = r[idx[k]].a * r[idx[k]].b;
}
