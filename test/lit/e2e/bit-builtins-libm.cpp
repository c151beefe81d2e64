// Bit builtins and errno-setting libm calls in a URE body:
// __builtin_clz (OpenCL's clz), __builtin_ctz (OpenCL 1.2 has no ctz: the
// popcount of the ones below the lowest set bit), __builtin_bswap16/32/64
// (shifts and masks), remainderf, lroundf (round, as a long) and the other
// functions of expr/MathFunctions.h. Reference = native (-O0, -O2) =
// emulated = HLS C simulation, bit for bit; on the OpenCL device (PoCL) the
// integers that depend on no rounded call agree, and each call that OpenCL C lets the device round its own
// way gets a -Wt2s-device-math warning at its line.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// RUN: %t2s-clang --opencl -O2 -Wno-t2s-initiation-interval %s -o %t/device 2> %t/device.err
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning: < %t/device.err
// RUN: %t/device 2>/dev/null | cut -d' ' -f1,4,5 > %t/device.ints
// RUN: cut -d' ' -f1,4,5 %t/ref.out | diff - %t/device.ints
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
//
// CL: clz(
// CL: popcount(
// CL: remainder(
// CL: ((long)round(
// CL-NOT: llvm.
// The sin and the exp (one warning each, at their lines); remainder, round
// and sqrt are exact.
// WARN: bit-builtins-libm.cpp:[[#@LINE+19]]:{{[0-9]+}}: warning: 'sin' runs on the OpenCL device as its OpenCL C library computes it, which may round otherwise than the host's libm: OpenCL C allows it 4 ulp (OpenCL C 1.2, section 7.4), {{.*}} [-Wt2s-device-math]
// WARN: bit-builtins-libm.cpp:[[#@LINE+19]]:{{[0-9]+}}: warning: 'exp' {{.*}} 3 ulp {{.*}} [-Wt2s-device-math]
// OUT: {{^}}24310383 2.6949923 273 47481 -635246193706850573{{$}}
#include <cmath>
#include <cstdint>
#include <cstdio>

constexpr int P = 4, K = 5;

void bits(const unsigned x[P][K], const float f[P][K], unsigned out[P][K], float g[P][K],
          long h[P][K], unsigned short s[P][K], long long w[P][K]) {
  static unsigned S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0u : S[p][k - 1]) + unsigned(__builtin_clz(x[p][k] | 1u)) +
                unsigned(__builtin_ctz(x[p][k] | 0x100u)) * 3u + (__builtin_bswap32(x[p][k]) >> 7);
      out[p][k] = S[p][k];
      g[p][k] = remainderf(f[p][k], 1.5f) + std::sin(f[p][k]) + std::sqrt(std::fabs(f[p][k]));
      h[p][k] = lroundf(f[p][k] * 2.5f) + long(std::exp(f[p][k] * 0.25f) * 1000.f);
      s[p][k] = __builtin_bswap16((unsigned short)x[p][k]);
      w[p][k] = (long long)__builtin_bswap64((unsigned long long)x[p][k] * 0x100000001ull) >> 3;
    }
}

int main() {
  unsigned x[P][K], out[P][K];
  float f[P][K], g[P][K];
  long h[P][K];
  unsigned short s[P][K];
  long long w[P][K];
  // Not known at compile time: clang would fold the reference's sinf in
  // double precision, which rounds otherwise than the library's sinf.
  volatile float Step = 0.7f;
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      x[p][k] = 0x9e3779b9u * unsigned(p * K + k + 1);
      f[p][k] = Step * float(p * K + k) - 5.f;
    }
  bits(x, f, out, g, h, s, w);
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      std::printf("%u %.9g %ld %u %lld\n", out[p][k], g[p][k], h[p][k], unsigned(s[p][k]),
                  w[p][k]);
}
