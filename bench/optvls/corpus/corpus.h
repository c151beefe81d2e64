/* The OptVLS corpus: gather-heavy loops written after public codes, each a
 * function of one Problem (corpus.c, compiled once per build), with inputs
 * made by corpus_driver.c. Arrays a..d are the kernel's data, i0..i3 its
 * index maps, out what it writes (out_bytes of it are compared between
 * builds). */
#ifndef T2S_OPTVLS_CORPUS_H
#define T2S_OPTVLS_CORPUS_H
#include <stddef.h>

typedef struct {
  int n, m;               /* loop trip count, size of the indexed table */
  void *a, *b, *c, *d;    /* data */
  int *i0, *i1, *i2, *i3; /* index maps */
  void *out;
  size_t out_bytes;
} Problem;

typedef struct { double x, y; } Vec2;
typedef struct { double re, im; } Cplx;
typedef struct { float rank, inv_deg; } PRNode;
typedef struct { float x, y, z, mass; } Particle4;
typedef struct { double ex, ey; } Field2;
typedef struct { double x, y, z; } Vec3;
typedef struct { double q[4]; } State4;
typedef struct { int src, dst; float w; } Edge;
typedef struct { short a, b, c, d; } Q16;
typedef struct { double val; int col; } Entry;

#endif
