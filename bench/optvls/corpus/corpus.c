/* Gather-heavy loops after public codes (see bench/README.md for the list),
 * compiled once per build of the OptVLS tables; VARIANT names the copy. No
 * loop relies on reassociation: every build computes the same bits. Each
 * loop is a function with restrict arguments, as the codes declare theirs
 * (without them clang cannot vectorize any loop through an index); K(name)
 * unpacks the Problem. */
#include "corpus.h"
#include <math.h>

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define K(name) CAT(name, VARIANT)

/* miniMD ForceLJ::compute_halfneigh, inner loop of one atom: the force on i
 * summed over its neighbour list (an FP reduction: clang keeps it scalar). */
static void minimd_force(const double *restrict x, const int *restrict numneigh,
                         const int *restrict neigh, double *restrict f, int n,
                         int maxneigh) {
  for (int i = 0; i < n; ++i) {
    const int *nb = &neigh[i * maxneigh];
    double xi = x[3 * i], yi = x[3 * i + 1], zi = x[3 * i + 2];
    double fx = 0, fy = 0, fz = 0;
    for (int k = 0; k < numneigh[i]; ++k) {
      int j = nb[k];
      double dx = xi - x[3 * j], dy = yi - x[3 * j + 1], dz = zi - x[3 * j + 2];
      double rsq = dx * dx + dy * dy + dz * dz;
      if (rsq < 6.25) {
        double sr2 = 1.0 / rsq, sr6 = sr2 * sr2 * sr2;
        double force = 48.0 * sr6 * (sr6 - 0.5) * sr2;
        fx += dx * force, fy += dy * force, fz += dz * force;
      }
    }
    f[3 * i] = fx, f[3 * i + 1] = fy, f[3 * i + 2] = fz;
  }
}
void K(minimd_force)(const Problem *P) {
  minimd_force(P->a, P->i0, P->i1, P->out, P->n, P->m);
}

/* CoMD / miniMD with per-pair output (the Kokkos and GPU variants): the
 * force magnitude of every (i, j) pair of the flattened neighbour list. */
static void comd_pairs(const double *restrict x, const int *restrict pi,
                       const int *restrict pj, double *restrict out, int n) {
  for (int p = 0; p < n; ++p) {
    int i = pi[p], j = pj[p];
    double dx = x[3 * i] - x[3 * j], dy = x[3 * i + 1] - x[3 * j + 1];
    double dz = x[3 * i + 2] - x[3 * j + 2];
    double sr2 = 1.0 / (dx * dx + dy * dy + dz * dz + 0.01);
    double sr6 = sr2 * sr2 * sr2;
    out[p] = 48.0 * sr6 * (sr6 - 0.5) * sr2;
  }
}
void K(comd_pairs)(const Problem *P) { comd_pairs(P->a, P->i0, P->i1, P->out, P->n); }

/* HPCG ComputeSPMV_ref with array-of-structs matrix entries: one row's sum
 * (an FP reduction per row). */
static void hpcg_spmv_aos(const Entry *restrict A, const double *restrict xv,
                          const int *restrict rowptr, double *restrict y, int n) {
  for (int i = 0; i < n; ++i) {
    double sum = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; ++k)
      sum += A[k].val * xv[A[k].col];
    y[i] = sum;
  }
}
void K(hpcg_spmv_aos)(const Problem *P) { hpcg_spmv_aos(P->a, P->b, P->i0, P->out, P->n); }

/* The same matrix in ELLPACK order (the GPU layout of HPCG ports and
 * PETSc's MATELL), applied to a complex vector: rows are the vector lanes,
 * x[col] is a two-field gather. */
static void ell_spmv_complex(const Entry *restrict A, const Cplx *restrict xv,
                             Cplx *restrict y, int n, int width) {
  for (int i = 0; i < n; ++i)
    y[i].re = 0, y[i].im = 0;
  for (int k = 0; k < width; ++k)
    for (int i = 0; i < n; ++i) {
      Entry e = A[k * n + i];
      Cplx v = xv[e.col];
      y[i].re += e.val * v.re;
      y[i].im += e.val * v.im;
    }
}
void K(ell_spmv_complex)(const Problem *P) { ell_spmv_complex(P->a, P->b, P->out, P->n, P->m); }

/* GAP / Ligra PageRank, edge-centric pull: each edge's contribution
 * rank[src] / degree[src], the node record holding both. */
static void gap_pagerank_edges(const PRNode *restrict node, const int *restrict src,
                               float *restrict contrib, int n) {
  for (int e = 0; e < n; ++e)
    contrib[e] = node[src[e]].rank * node[src[e]].inv_deg;
}
void K(gap_pagerank_edges)(const Problem *P) { gap_pagerank_edges(P->a, P->i0, P->out, P->n); }

/* Bellman-Ford relaxation over a struct edge list (GAP sssp's edge loop):
 * the candidate distance of every edge. */
static void gap_sssp_edges(const Edge *restrict E, const float *restrict dist,
                           float *restrict cand, int n) {
  for (int e = 0; e < n; ++e)
    cand[e] = dist[E[e].src] + E[e].w;
}
void K(gap_sssp_edges)(const Problem *P) { gap_sssp_edges(P->a, P->b, P->out, P->n); }

/* SPH density kernel on a pair list (DualSPHysics and GPU SPH codes keep a
 * float4 per particle): the cubic-spline weight of every pair. */
static void sph_pairs(const Particle4 *restrict p, const int *restrict pi,
                      const int *restrict pj, float *restrict w, int n) {
  for (int k = 0; k < n; ++k) {
    Particle4 a = p[pi[k]], b = p[pj[k]];
    float dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
    float q = (dx * dx + dy * dy + dz * dz) * 4.0f;
    float t = 1.0f - q;
    w[k] = (q < 1.0f ? t * t * t : 0.0f) * b.mass;
  }
}
void K(sph_pairs)(const Problem *P) { sph_pairs(P->a, P->i0, P->i1, P->out, P->n); }

/* 2D particle-in-cell push (Smilei / PIConGPU 2D, nearest-grid-point): each
 * particle reads the field record of its cell. */
static void pic_push2d(const Field2 *restrict E, const int *restrict cell,
                       double *restrict vx, double *restrict vy, int n) {
  for (int p = 0; p < n; ++p) {
    Field2 e = E[cell[p]];
    vx[p] += 0.5 * e.ex;
    vy[p] += 0.5 * e.ey;
  }
}
void K(pic_push2d)(const Problem *P) {
  double *v = P->out; /* vx[n] then vy[n] */
  pic_push2d(P->a, P->i0, v, v + P->n, P->n);
}

/* SPLATT / Tensor Toolbox COO MTTKRP, rank 2, product stage: each nonzero's
 * val * B(j, :) .* C(k, :) (rows of 2 doubles), reduced by the caller. */
static void coo_mttkrp_r2(const double *restrict val, const double *restrict B,
                          const double *restrict C, const int *restrict jj,
                          const int *restrict kk, double *restrict t, int n) {
  for (int z = 0; z < n; ++z) {
    int j = jj[z], k = kk[z];
    t[2 * z] = val[z] * B[2 * j] * C[2 * k];
    t[2 * z + 1] = val[z] * B[2 * j + 1] * C[2 * k + 1];
  }
}
void K(coo_mttkrp_r2)(const Problem *P) {
  coo_mttkrp_r2(P->a, P->b, P->c, P->i0, P->i1, P->out, P->n);
}

/* OP2 Airfoil adt_calc: per cell, the coordinates of its 4 nodes through
 * the cell-to-node map, and its state q. */
static void op2_adt_calc(const Vec2 *restrict x, const State4 *restrict q,
                         const int *restrict pcell, double *restrict adt, int n) {
  for (int c = 0; c < n; ++c) {
    Vec2 x1 = x[pcell[4 * c]], x2 = x[pcell[4 * c + 1]];
    Vec2 x3 = x[pcell[4 * c + 2]], x4 = x[pcell[4 * c + 3]];
    double ri = 1.0 / q[c].q[0], u = ri * q[c].q[1], v = ri * q[c].q[2];
    double cs = sqrt(1.4 * 0.4 * (ri * q[c].q[3] - 0.5 * (u * u + v * v)));
    double a = 0, dx, dy;
    dx = x2.x - x1.x, dy = x2.y - x1.y;
    a += fabs(u * dy - v * dx) + cs * sqrt(dx * dx + dy * dy);
    dx = x3.x - x2.x, dy = x3.y - x2.y;
    a += fabs(u * dy - v * dx) + cs * sqrt(dx * dx + dy * dy);
    dx = x4.x - x3.x, dy = x4.y - x3.y;
    a += fabs(u * dy - v * dx) + cs * sqrt(dx * dx + dy * dy);
    dx = x1.x - x4.x, dy = x1.y - x4.y;
    a += fabs(u * dy - v * dx) + cs * sqrt(dx * dx + dy * dy);
    adt[c] = a / 0.9;
  }
}
void K(op2_adt_calc)(const Problem *P) { op2_adt_calc(P->a, P->b, P->i0, P->out, P->n); }

/* miniFE / FEM assembly setup: each hexahedron's 8 node coordinates (3
 * doubles) through the element-to-node map, reduced to its centroid. */
static void fem_centroids(const Vec3 *restrict x, const int *restrict conn,
                          Vec3 *restrict out, int n) {
  for (int e = 0; e < n; ++e) {
    Vec3 s = x[conn[8 * e]];
    for (int k = 1; k < 8; ++k) {
      Vec3 v = x[conn[8 * e + k]];
      s.x += v.x, s.y += v.y, s.z += v.z;
    }
    out[e].x = s.x * 0.125, out[e].y = s.y * 0.125, out[e].z = s.z * 0.125;
  }
}
void K(fem_centroids)(const Problem *P) { fem_centroids(P->a, P->i0, P->out, P->n); }

/* DLRM-style quantized embedding lookup: 4 int16 weights per row, scaled
 * dot product with a fixed query. */
static void dlrm_q16_lookup(const Q16 *restrict rows, const int *restrict ids,
                            int *restrict out, int n) {
  for (int k = 0; k < n; ++k) {
    Q16 r = rows[ids[k]];
    out[k] = 3 * r.a - 5 * r.b + 7 * r.c + 11 * r.d;
  }
}
void K(dlrm_q16_lookup)(const Problem *P) { dlrm_q16_lookup(P->a, P->i0, P->out, P->n); }
