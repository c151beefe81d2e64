// A scatter whose PEs read at the same steps moves one transfer per step of
// every PE's vector along the chain, up to MaxWideLanes (4,096) lanes: 128
// PEs of 32 lanes fit, 129 do not, and that chain passes the values from PE
// to PE through channels between them instead.
// RUN: %t2s-clang --emit-opencl -DPES=128 %s -o - | FileCheck %s --check-prefix=WIDE
// RUN: %t2s-clang --emit-opencl -DPES=129 %s -o - | FileCheck %s --check-prefix=CHAIN
// WIDE:      T2S_CHANNEL(t2s_float_x4096, f_a, 1);
// WIDE-NOT:  f_a_chain
// WIDE:      t2s_float_x4096 a_bundle_in = T2S_READ(f_a);
// CHAIN:     T2S_CHANNEL(t2s_float_x32, f_a, 1);
// CHAIN:     T2S_CHANNEL_ARRAY(t2s_float_x32, f_a_chain, 129, 129);
// CHAIN:     T2S_READ(f_a_chain[p - 1])
#ifndef PES
#define PES 4
#endif
constexpr int P = PES, K = 32;
void f(const float a[P][K], float c[P]) {
  static float A[K][P], C[K][P];
  #pragma t2s ure
  #pragma t2s space_time(p)
  #pragma t2s loader(a)
  #pragma t2s drainer(c)
  #pragma t2s scatter(a, p, up)
  #pragma t2s vectorize(k)
  for (int k = 0; k < K; ++k)
    for (int p = 0; p < P; ++p) {
      A[k][p] = a[p][k];
      C[k][p] = (k == 0 ? 0.f : C[k - 1][p]) + A[k][p];
      if (k == K - 1)
        c[p] = C[k][p];
    }
}
