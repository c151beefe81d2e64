/* The kernels of the OptVLS ratio table (bench/optvls/run.sh): gathers and
 * scatters of 2, 3 and 4 adjacent fields, f32 and f64, records and pairs,
 * int16 and int8 records, and one kernel OptVLS never touches (the noise
 * floor). The file is compiled once per build of the table - plain clang-19
 * -O3 at -march=native and x86-64-v3, scalar, and with the T2S plugin -
 * and VARIANT names the copy. The arithmetic is exact or has no a*b+c (so
 * no FMA contraction), which makes every build's output bit-identical to
 * the others: run.sh checks that before it times anything. */
#include <stdint.h>

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define K(name) CAT(name, VARIANT)

typedef struct { float a, b; } R2f;
typedef struct { float a, b, c; } R3f;
typedef struct { float a, b, c, d; } R4f;
typedef struct { double a, b; } R2d;
typedef struct { double a, b, c; } R3d;
typedef struct { double a, b, c, d; } R4d;
typedef struct { int16_t a, b, c, d; } R4s;
typedef struct { int8_t a, b, c, d; } R4b;

/* Pairs: x[j] and x[j + 1] of a plain array, j = idx[k] anything. */
#define PAIR(NAME, T)                                                          \
  void K(NAME)(const T *restrict x, const int *restrict idx, T *restrict out, \
               int n) {                                                        \
    for (int k = 0; k < n; ++k) {                                              \
      int j = idx[k];                                                          \
      out[k] = x[j] * x[j + 1];                                                \
    }                                                                          \
  }
PAIR(p2_f32, float)
PAIR(p2_f64, double)

/* Records of 2, 3, 4 fields, r = rec[idx[k]]. */
#define REC2(NAME, R, T)                                                       \
  void K(NAME)(const R *restrict r, const int *restrict idx, T *restrict out, \
               int n) {                                                        \
    for (int k = 0; k < n; ++k) {                                              \
      R v = r[idx[k]];                                                         \
      out[k] = v.a * v.b;                                                      \
    }                                                                          \
  }
#define REC3(NAME, R, T)                                                       \
  void K(NAME)(const R *restrict r, const int *restrict idx, T *restrict out, \
               int n) {                                                        \
    for (int k = 0; k < n; ++k) {                                              \
      const R *v = &r[idx[k]];                                                 \
      out[k] = (v->a + v->b) * v->c;                                           \
    }                                                                          \
  }
#define REC4(NAME, R, T)                                                       \
  void K(NAME)(const R *restrict r, const int *restrict idx, T *restrict out, \
               int n) {                                                        \
    for (int k = 0; k < n; ++k) {                                              \
      const R *v = &r[idx[k]];                                                 \
      out[k] = (v->a + v->b) * (v->c + v->d);                                  \
    }                                                                          \
  }
REC2(g2_f32, R2f, float)
REC3(g3_f32, R3f, float)
REC4(g4_f32, R4f, float)
REC2(g2_f64, R2d, double)
REC3(g3_f64, R3d, double)
REC4(g4_f64, R4d, double)
/* Small integer records: the sum of products, in int. */
#define RECI(NAME, R)                                                          \
  void K(NAME)(const R *restrict r, const int *restrict idx,                   \
               int *restrict out, int n) {                                     \
    for (int k = 0; k < n; ++k) {                                              \
      R v = r[idx[k]];                                                         \
      out[k] = v.a * v.b + v.c * v.d;                                          \
    }                                                                          \
  }
RECI(g4_i16, R4s)
RECI(g4_i8, R4b)

/* Scatters: the fields of y[perm[k]] written from two (three) streams;
 * perm has no repeated index. */
#define SCAT2(NAME, R, T)                                                      \
  void K(NAME)(R *restrict y, const int *restrict perm, const T *restrict s,  \
               int n) {                                                        \
    _Pragma("clang loop vectorize(assume_safety)")                            \
    for (int k = 0; k < n; ++k) {                                              \
      R *v = &y[perm[k]];                                                      \
      v->a = s[k] + (T)1;                                                      \
      v->b = s[k] * (T)2;                                                      \
    }                                                                          \
  }
#define SCAT3(NAME, R, T)                                                      \
  void K(NAME)(R *restrict y, const int *restrict perm, const T *restrict s,  \
               int n) {                                                        \
    _Pragma("clang loop vectorize(assume_safety)")                            \
    for (int k = 0; k < n; ++k) {                                              \
      R *v = &y[perm[k]];                                                      \
      v->a = s[k] + (T)1;                                                      \
      v->b = s[k] * (T)2;                                                      \
      v->c = s[k] - (T)1;                                                      \
    }                                                                          \
  }
SCAT2(s2_f32, R2f, float)
SCAT2(s2_f64, R2d, double)
SCAT3(s3_f64, R3d, double)

/* The noise floor: one field per index, nothing for OptVLS to combine. */
void K(floor_f64)(const double *restrict x, const int *restrict idx,
                  double *restrict out, int n) {
  for (int k = 0; k < n; ++k)
    out[k] = x[idx[k]] * 2.0;
}
