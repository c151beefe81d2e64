/* Times the OptVLS corpus (corpus.c) the way driver.c times shapes.c: every
 * build linked into this process, inputs made once per kernel and shared,
 * each build's output compared bit for bit with its reference build's (by
 * default plain -march=native), then rounds of alternating order (each build
 * next to its neighbours in the list: a plugin build next to its plain
 * build), and every round's time is printed in driver.c's format:
 *   kernel<TAB>corpus<TAB>-<TAB>build<TAB>ms per call, one per round
 * Usage: t2s-optvls-corpus [rounds [kernel-prefix]]; 0 rounds: check only. */
#include "corpus.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void (*Run)(const Problem *);
/* The programs, in the order they run. */
#define FOR_EACH_KERNEL(X, V)                                                  \
  X(minimd_force, V) X(comd_pairs, V) X(hpcg_spmv_aos, V) X(ell_spmv_complex, V) \
  X(gap_pagerank_edges, V) X(gap_sssp_edges, V) X(sph_pairs, V) X(pic_push2d, V) \
  X(coo_mttkrp_r2, V) X(op2_adt_calc, V) X(fem_centroids, V) X(dlrm_q16_lookup, V)
/* The builds linked in (corpus.c compiled with -DVARIANT=name), each with
 * the build whose output it must equal bit for bit (itself: none). A script
 * may pass its own list as -D'CORPUS_BUILDS(X)=X(a, a) X(b, a) ...'
 * (bench/optvls/corpus-limits.sh: builds that may reassociate FP sums
 * compute other bits than plain -march=native, but a plugin build must
 * compute those of its plain build). */
#ifndef CORPUS_BUILDS
#define CORPUS_BUILDS(X)                                                       \
  X(plain_native, plain_native) X(optvls_native, plain_native)                 \
  X(scalar, plain_native) X(plain_v3, plain_native) X(optvls_v3, plain_native)
#endif
#define DECLARE(K, V) void K##_##V(const Problem *);
#define DECLARE_BUILD(V, Ref) FOR_EACH_KERNEL(DECLARE, V)
CORPUS_BUILDS(DECLARE_BUILD)
#define COUNT(K, V) +1
enum { Kernels = 0 FOR_EACH_KERNEL(COUNT, _) };
#define NAME(K, V) #K,
static const char *KernelNames[Kernels] = {FOR_EACH_KERNEL(NAME, _)};
#define POINTER(K, V) K##_##V,
#define BUILD_ROW(V, Ref) {#V, #Ref, {FOR_EACH_KERNEL(POINTER, V)}},
static const struct {
  const char *Name, *Ref;
  Run F[Kernels];
} BuildList[] = {CORPUS_BUILDS(BUILD_ROW)};
enum { Builds = sizeof BuildList / sizeof *BuildList, MaxBuilds = 16 };

static uint64_t Rng = 0x2545F4914F6CDD1Du;
static uint32_t rnd(void) {
  Rng ^= Rng >> 12, Rng ^= Rng << 25, Rng ^= Rng >> 27;
  return (uint32_t)((Rng * 2685821657736338717u) >> 32);
}
static double unit(void) { return 0.5 + (double)(rnd() >> 8) / (1 << 24); }
static int below(int n) { return (int)(rnd() % (uint32_t)n); }
static void *alloc(size_t n) { return calloc(1, n + 64); }
static int *indices(int count, int range) {
  int *p = alloc(sizeof(int) * count);
  for (int i = 0; i < count; ++i)
    p[i] = below(range);
  return p;
}
/* Near neighbours: index i plus a small random offset (spatially sorted
 * particles, cells and meshes). */
static int *near(int count, int range, int per, int spread) {
  int *p = alloc(sizeof(int) * count);
  for (int i = 0; i < count; ++i) {
    int c = (int)((long)i * range / count / per * per) + below(2 * spread + 1) - spread;
    p[i] = c < 0 ? 0 : c >= range ? range - 1 : c;
  }
  return p;
}
static double *doubles(size_t n) {
  double *p = alloc(sizeof(double) * n);
  for (size_t i = 0; i < n; ++i)
    p[i] = unit();
  return p;
}

static void make(const char *Name, Problem *P) {
  memset(P, 0, sizeof *P);
  if (!strcmp(Name, "minimd_force")) { /* 32 K atoms, 40 neighbours, lattice-near */
    int atoms = 32768, maxn = 40;
    P->n = atoms, P->m = maxn, P->a = doubles(3 * atoms);
    P->i0 = alloc(sizeof(int) * atoms), P->i1 = near(atoms * maxn, atoms, 1, 64);
    for (int i = 0; i < atoms; ++i)
      P->i0[i] = 30 + below(11);
    P->out_bytes = sizeof(double) * 3 * atoms;
  } else if (!strcmp(Name, "comd_pairs")) {
    int atoms = 32768, pairs = 1 << 20;
    P->n = pairs, P->a = doubles(3 * atoms);
    P->i0 = near(pairs, atoms, 1, 0), P->i1 = near(pairs, atoms, 1, 64);
    P->out_bytes = sizeof(double) * pairs;
  } else if (!strcmp(Name, "hpcg_spmv_aos") || !strcmp(Name, "ell_spmv_complex")) {
    int rows = 1 << 16, width = 27; /* HPCG's 27-point stencil */
    Entry *A = alloc(sizeof(Entry) * rows * width);
    for (int k = 0; k < rows * width; ++k) {
      A[k].val = unit();
    }
    for (int i = 0; i < rows; ++i)
      for (int k = 0; k < width; ++k) {
        int c = i + (k % 3 - 1) + (k / 3 % 3 - 1) * 64 + (k / 9 - 1) * 4096;
        A[k * rows + i].col = c < 0 ? 0 : c >= rows ? rows - 1 : c;
      }
    P->n = rows, P->m = width, P->a = A;
    if (Name[0] == 'h') {
      /* CSR: row i's entries consecutive. */
      Entry *R = alloc(sizeof(Entry) * rows * width);
      P->i0 = alloc(sizeof(int) * (rows + 1));
      for (int i = 0; i < rows; ++i) {
        P->i0[i] = i * width;
        for (int k = 0; k < width; ++k)
          R[i * width + k] = A[k * rows + i];
      }
      P->i0[rows] = rows * width, P->a = R, P->b = doubles(rows);
      P->out_bytes = sizeof(double) * rows;
    } else {
      P->b = doubles(2 * rows), P->out_bytes = sizeof(Cplx) * rows;
    }
  } else if (!strcmp(Name, "gap_pagerank_edges")) {
    int nodes = 1 << 16, edges = 1 << 20;
    PRNode *v = alloc(sizeof(PRNode) * nodes);
    for (int i = 0; i < nodes; ++i)
      v[i].rank = (float)unit(), v[i].inv_deg = 1.0f / (float)(1 + below(30));
    P->n = edges, P->a = v, P->i0 = indices(edges, nodes);
    P->out_bytes = sizeof(float) * edges;
  } else if (!strcmp(Name, "gap_sssp_edges")) {
    int nodes = 1 << 16, edges = 1 << 20;
    Edge *E = alloc(sizeof(Edge) * edges);
    for (int e = 0; e < edges; ++e)
      E[e].src = below(nodes), E[e].dst = below(nodes), E[e].w = (float)unit();
    float *d = alloc(sizeof(float) * nodes);
    for (int i = 0; i < nodes; ++i)
      d[i] = (float)unit();
    P->n = edges, P->a = E, P->b = d, P->out_bytes = sizeof(float) * edges;
  } else if (!strcmp(Name, "sph_pairs")) {
    int parts = 1 << 16, pairs = 1 << 20;
    Particle4 *p = alloc(sizeof(Particle4) * parts);
    for (int i = 0; i < parts; ++i)
      p[i] = (Particle4){(float)unit(), (float)unit(), (float)unit(), (float)unit()};
    P->n = pairs, P->a = p, P->i0 = near(pairs, parts, 1, 0), P->i1 = near(pairs, parts, 1, 48);
    P->out_bytes = sizeof(float) * pairs;
  } else if (!strcmp(Name, "pic_push2d")) {
    int cells = 1 << 14, parts = 1 << 20;
    P->n = parts, P->a = doubles(2 * cells), P->i0 = near(parts, cells, 1, 2);
    P->out = alloc(sizeof(double) * 2 * parts), P->out_bytes = sizeof(double) * 2 * parts;
  } else if (!strcmp(Name, "coo_mttkrp_r2")) {
    int nnz = 1 << 20, J = 1 << 15, Kd = 1 << 12;
    P->n = nnz, P->a = doubles(nnz), P->b = doubles(2 * J), P->c = doubles(2 * Kd);
    P->i0 = indices(nnz, J), P->i1 = indices(nnz, Kd);
    P->out_bytes = sizeof(double) * 2 * nnz;
  } else if (!strcmp(Name, "op2_adt_calc")) {
    int cells = 1 << 18, nodes = cells + 1024;
    P->n = cells, P->a = doubles(2 * nodes), P->i0 = alloc(sizeof(int) * 4 * cells);
    for (int c = 0; c < cells; ++c) {
      P->i0[4 * c] = c, P->i0[4 * c + 1] = c + 1;
      P->i0[4 * c + 2] = c + 513, P->i0[4 * c + 3] = c + 512;
    }
    State4 *q = alloc(sizeof(State4) * cells);
    for (int c = 0; c < cells; ++c)
      q[c] = (State4){{1.0 + unit(), unit(), unit(), 10.0 + unit()}};
    P->b = q, P->out_bytes = sizeof(double) * cells;
  } else if (!strcmp(Name, "fem_centroids")) {
    int elems = 1 << 17, nodes = elems + 8192;
    P->n = elems, P->a = doubles(3 * nodes), P->i0 = alloc(sizeof(int) * 8 * elems);
    for (int e = 0; e < elems; ++e)
      for (int k = 0; k < 8; ++k)
        P->i0[8 * e + k] = e + (k & 1) + (k >> 1 & 1) * 64 + (k >> 2) * 4096;
    P->out_bytes = sizeof(Vec3) * elems;
  } else if (!strcmp(Name, "dlrm_q16_lookup")) {
    int rows = 1 << 16, lookups = 1 << 20;
    Q16 *r = alloc(sizeof(Q16) * rows);
    for (int i = 0; i < rows; ++i)
      r[i] = (Q16){(short)rnd(), (short)rnd(), (short)rnd(), (short)rnd()};
    P->n = lookups, P->a = r, P->i0 = indices(lookups, rows);
    P->out_bytes = sizeof(int) * lookups;
  }
  if (!P->out)
    P->out = alloc(P->out_bytes);
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}
static uint64_t hash(const void *P, size_t N) {
  uint64_t H = 1469598103934665603u;
  for (size_t I = 0; I < N; ++I)
    H = (H ^ ((const unsigned char *)P)[I]) * 1099511628211u;
  return H;
}
int main(int Argc, char **Argv) {
  int Rounds = Argc > 1 ? atoi(Argv[1]) : 7;
  const char *Only = Argc > 2 ? Argv[2] : "";
  if (Rounds > 64)
    Rounds = 64;
  if (Builds > MaxBuilds)
    return 2;
  for (int B = 0; B < Builds; ++B) {
    int Found = 0;
    for (int R = 0; R < Builds; ++R)
      Found |= !strcmp(BuildList[R].Name, BuildList[B].Ref);
    if (!Found) {
      fprintf(stderr, "build %s: its reference %s is not linked in\n", BuildList[B].Name,
              BuildList[B].Ref);
      return 2;
    }
  }
  for (int KI = 0; KI < Kernels; ++KI) {
    if (strncmp(KernelNames[KI], Only, strlen(Only)))
      continue;
    Problem P;
    make(KernelNames[KI], &P);
    /* pic_push2d updates its output in place: every build starts from the
     * same velocities. */
    void *Start = malloc(P.out_bytes);
    memcpy(Start, P.out, P.out_bytes);
    uint64_t H[MaxBuilds];
    for (int B = 0; B < Builds; ++B) {
      memcpy(P.out, Start, P.out_bytes);
      BuildList[B].F[KI](&P);
      H[B] = hash(P.out, P.out_bytes);
    }
    for (int B = 0; B < Builds; ++B)
      for (int R = 0; R < Builds; ++R)
        if (!strcmp(BuildList[R].Name, BuildList[B].Ref) && H[R] != H[B]) {
          fprintf(stderr, "%s: %s differs from %s\n", KernelNames[KI], BuildList[B].Name,
                  BuildList[R].Name);
          return 1;
        }
    if (Rounds == 0) {
      printf("%s\tequal\n", KernelNames[KI]);
      continue;
    }
    double T[MaxBuilds][64];
    for (int R = 0; R < Rounds; ++R)
      for (int I = 0; I < Builds; ++I) {
        int B = R % 2 ? Builds - 1 - I : I;
        memcpy(P.out, Start, P.out_bytes);
        double T0 = now();
        BuildList[B].F[KI](&P);
        T[B][R] = now() - T0;
      }
    for (int B = 0; B < Builds; ++B) {
      printf("%s\tcorpus\t-\t%s", KernelNames[KI], BuildList[B].Name);
      for (int R = 0; R < Rounds; ++R)
        printf("%c%.4f", R ? ',' : '\t', T[B][R] / 1e6);
      printf("\n");
    }
    fflush(stdout);
  }
  return 0;
}
