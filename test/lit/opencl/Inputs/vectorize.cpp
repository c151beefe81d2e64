// vectorize(k) on the time loop of a space_time step (4 lanes: float4) and on
// an outer loop (3 lanes: a struct), with independent and serialized lanes,
// and every way a loader or drainer moves lanes: whole vectors, one pinned
// lane, single lanes one after another.
#include <cstdio>

constexpr int KK = 3, KV = 4, P = 3;

void lanes(const float x[KK * KV][P], const float w[P], const float z[KK][KV][P],
           const float q[KK][P], float y[KK][KV][P], float out[P], float last[KK][P]) {
  static float Part[KK][KV][P], Sum[KK][KV][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(x, w, z, q)
  #pragma t2s drainer(y, out, last)
  #pragma t2s vectorize(kv)
  for (int kk = 0; kk < KK; ++kk)
    for (int kv = 0; kv < KV; ++kv)
      for (int p = 0; p < P; ++p) {
        float extra = 0.f;
        if (kv >= 2)
          extra = z[kk][kv][p];      // single lanes
        float bias = 0.f;
        if (kv == 1)
          bias = q[kk][p];           // one pinned lane
        // Independent lanes: the dependence runs along kk (one step back).
        Part[kk][kv][p] = (kk == 0 ? 0.f : Part[kk - 1][kv][p]) +
                          x[kk * KV + kv][p] * w[p] + extra + bias;
        // Serialized lanes: each reads the lane before it.
        Sum[kk][kv][p] = kv == 0 ? Part[kk][kv][p] : Sum[kk][kv - 1][p] + Part[kk][kv][p];
        y[kk][kv][p] = Part[kk][kv][p];                  // whole vectors
        if (kk == KK - 1 && kv == KV - 1)
          out[p] = Sum[kk][kv][p];                       // one pinned lane
        if (kv == KV - 1)
          last[kk][p] = Sum[kk][kv][p] * 2.f;            // one lane per step
      }
}

constexpr int R = 3, T = 5, Q = 2;

void outer(const int a[R][T], int b[R][T][Q]) {
  static int V[R][T][Q];
  #pragma t2s ure
  #pragma t2s space_time(q)
  #pragma t2s loader(a)
  #pragma t2s drainer(b)
  #pragma t2s vectorize(r)
  for (int r = 0; r < R; ++r)
    for (int t = 0; t < T; ++t)
      for (int q = 0; q < Q; ++q) {
        V[r][t][q] = (q == 0 ? a[r][t] : V[r][t][q - 1] * 3) + (t == 0 ? r : V[r][t - 1][q]);
        b[r][t][q] = V[r][t][q];
      }
}

int main() {
  static float x[KK * KV][P], w[P], z[KK][KV][P], q[KK][P], y[KK][KV][P], out[P], last[KK][P];
  for (int k = 0; k < KK * KV; ++k)
    for (int p = 0; p < P; ++p)
      x[k][p] = float((k * 3 + p * 5) % 7 - 3);
  for (int p = 0; p < P; ++p)
    w[p] = float(p + 1);
  for (int kk = 0; kk < KK; ++kk)
    for (int p = 0; p < P; ++p) {
      q[kk][p] = float(kk - p);
      for (int kv = 0; kv < KV; ++kv)
        z[kk][kv][p] = float((kk + kv * p) % 4);
    }
  lanes(x, w, z, q, y, out, last);
  for (int kk = 0; kk < KK; ++kk)
    for (int kv = 0; kv < KV; ++kv)
      for (int p = 0; p < P; ++p)
        std::printf("y[%d][%d][%d] = %g\n", kk, kv, p, y[kk][kv][p]);
  for (int p = 0; p < P; ++p)
    std::printf("out[%d] = %g\n", p, out[p]);
  for (int kk = 0; kk < KK; ++kk)
    for (int p = 0; p < P; ++p)
      std::printf("last[%d][%d] = %g\n", kk, p, last[kk][p]);

  static int a[R][T], b[R][T][Q];
  for (int r = 0; r < R; ++r)
    for (int t = 0; t < T; ++t)
      a[r][t] = r * 10 + t;
  outer(a, b);
  long sum = 0;
  for (int r = 0; r < R; ++r)
    for (int t = 0; t < T; ++t)
      for (int qq = 0; qq < Q; ++qq)
        sum = sum * 7 % 1000003 + b[r][t][qq];
  std::printf("outer checksum %ld\n", sum);
  return 0;
}
