/* Kernels with adjacent indirect accesses, the shapes OptVLS is for. This file
 * is compiled several times into one benchmark: plain clang-19 -O3 and with
 * -fpass-plugin=libT2S.so, at two -march levels; VARIANT names the copy. */
#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define K(name) CAT(name, VARIANT)

typedef struct { float x, y, z; } Point;
typedef struct { float re, im; } Complex;

/* Two fields: p = x[j], q = x[j + 1] with j = idx[k]. */
void K(pair)(const float *restrict x, const int *restrict idx,
             float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    int j = idx[k];
    out[k] = x[j] * 2.0f + x[j + 1];
  }
}

/* Three fields of an array of structures: P[idx[k]].x, .y, .z. */
void K(aos3)(const Point *restrict p, const int *restrict idx,
             float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    const Point *q = &p[idx[k]];
    out[k] = q->x * q->y + q->z;
  }
}

/* Complex numbers: |c[idx[k]]|^2 scaled. */
void K(complex)(const Complex *restrict c, const int *restrict idx,
                float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    Complex v = c[idx[k]];
    out[k] = v.re * v.re + v.im * v.im;
  }
}

/* Molecular dynamics: the pair term of particle i with each neighbour j in
 * its list, positions x[3 * j + 0..2]. */
void K(md)(const float *restrict x, const int *restrict nb, float xi, float yi,
           float zi, float *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    int j = nb[k];
    float dx = xi - x[3 * j], dy = yi - x[3 * j + 1], dz = zi - x[3 * j + 2];
    float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
    out[k] = 1.0f / r2;
  }
}

/* Scatter update: two fields written through a permutation (the loop is
 * declared free of dependences between iterations). */
void K(scatter)(float *restrict y, const int *restrict perm,
                const float *restrict a, const float *restrict b, int n) {
#pragma clang loop vectorize(assume_safety)
  for (int k = 0; k < n; ++k) {
    int j = perm[k];
    y[2 * j] = a[k] + 1.0f;
    y[2 * j + 1] = b[k] * 2.0f;
  }
}
