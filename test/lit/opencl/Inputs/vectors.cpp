// A design over clang vector types: OpenCL's own widths (int4, float3) print
// as OpenCL vector types, other widths (int5) as a struct padded to the
// vector's size in memory, with helper operators. Swizzles, lanes and vectors
// built lane by lane print as lane accesses and compound literals.
#include <cstdio>

typedef int int5 __attribute__((ext_vector_type(5)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef float float3v __attribute__((ext_vector_type(3)));

constexpr int N = 6, M = 3;

void lanes(const int5 in[N][M], const int4v q[N], const float3v f[N],
           int5 out[N], int4v out2[N], float3v out3[N]) {
  static int5 S[N][M];
  static int4v Q[N][M];
  static float3v F[N][M];
  #pragma t2s ure
  #pragma t2s space_time(m)
  #pragma t2s drainer(out, out2)
  for (int n = 0; n < N; ++n)
    for (int m = 0; m < M; ++m) {
      S[n][m] = (m == 0 ? in[n][0] * 3 : S[n][m - 1] + in[n][m] - 1);
      Q[n][m] = m == 0 ? q[n].yxwz
                       : (int4v){Q[n][m - 1].x + S[n][m].s4, Q[n][m - 1].y, m,
                                 Q[n][m - 1].w * 2};
      F[n][m] = (m == 0 ? f[n] : F[n][m - 1] * 0.5f) + float(m);
      if (m == M - 1) {
        out[n] = S[n][m];
        out2[n] = Q[n][m];
        out3[n] = F[n][m];
      }
    }
}

int main() {
  static int5 in[N][M], out[N];
  static int4v q[N], out2[N];
  static float3v f[N], out3[N];
  for (int n = 0; n < N; ++n) {
    q[n] = (int4v){n, 2 * n, 3, -n};
    f[n] = (float3v){float(n), 0.25f * n, -1.f};
    for (int m = 0; m < M; ++m)
      in[n][m] = (int5){n, m, n * m, 1, n - m};
  }
  lanes(in, q, f, out, out2, out3);
  long s = 0;
  double d = 0;
  for (int n = 0; n < N; ++n) {
    for (int l = 0; l < 5; ++l)
      s = s * 7 + out[n][l];
    for (int l = 0; l < 4; ++l)
      s = s * 5 + out2[n][l];
    d += out3[n].x + 3 * out3[n].y + 5 * out3[n].z;
  }
  std::printf("lanes: %ld %.4f\n", s, d);
}
