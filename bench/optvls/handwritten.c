/* Hand-written AVX2 versions of the two- and three-field kernels: per group
 * of 8 lanes, one contiguous load per lane and a transpose with shuffles -
 * the code OptVLS aims to produce. */
#include <immintrin.h>

typedef struct { float x, y, z; } Point;

__attribute__((target("avx2,fma"))) void pair_hand(const float *restrict x,
                                                  const int *restrict idx,
                                                  float *restrict out, int n) {
  int k = 0;
  for (; k + 8 <= n; k += 8) {
    __m128 l[8];
    for (int i = 0; i < 8; ++i) /* x[j], x[j + 1] of lane i */
      l[i] = _mm_castpd_ps(_mm_load_sd((const double *)&x[idx[k + i]]));
    __m128 a01 = _mm_movelh_ps(l[0], l[1]), a23 = _mm_movelh_ps(l[2], l[3]);
    __m128 a45 = _mm_movelh_ps(l[4], l[5]), a67 = _mm_movelh_ps(l[6], l[7]);
    __m256 lo = _mm256_insertf128_ps(_mm256_castps128_ps256(a01), a45, 1);
    __m256 hi = _mm256_insertf128_ps(_mm256_castps128_ps256(a23), a67, 1);
    __m256 p = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
    __m256 q = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1));
    _mm256_storeu_ps(&out[k], _mm256_fmadd_ps(p, _mm256_set1_ps(2.0f), q));
  }
  for (; k < n; ++k)
    out[k] = x[idx[k]] * 2.0f + x[idx[k] + 1];
}

__attribute__((target("avx2,fma"))) void aos3_hand(const Point *restrict p,
                                                  const int *restrict idx,
                                                  float *restrict out, int n) {
  int k = 0;
  for (; k + 4 <= n; k += 4) {
    /* x y z of 4 points: one masked 128-bit load each (the 4th element is
     * not read, so nothing past a point is touched). */
    const __m128i three = _mm_setr_epi32(-1, -1, -1, 0);
    __m128 r[4];
    for (int i = 0; i < 4; ++i)
      r[i] = _mm_maskload_ps(&p[idx[k + i]].x, three);
    _MM_TRANSPOSE4_PS(r[0], r[1], r[2], r[3]);
    _mm_storeu_ps(&out[k], _mm_fmadd_ps(r[0], r[1], r[2]));
  }
  for (; k < n; ++k) {
    const Point *q = &p[idx[k]];
    out[k] = q->x * q->y + q->z;
  }
}
