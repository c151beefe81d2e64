// A GEMM whose outer loops run to sizes passed at run time (docs/language.md,
// "Run-time sizes"): bounds written as parameters ('i < M / II'), in the
// loop's condition, and with '<=' ('j <= NT - 1'). One reference, native and
// emulated build each runs a square size, a non-square one and one where
// every tile count is 1; the emulated host stub refuses a negative size.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref
// RUN: %t2s-clang -O2 %s -o %t/native
// RUN: %t2s-clang -O0 %s -o %t/native0
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu
// RUN: %t/ref 8 8 8 > %t/ref.out && %t/ref 4 12 16 >> %t/ref.out && %t/ref 4 4 4 >> %t/ref.out
// RUN: %t/native 8 8 8 > %t/native.out && %t/native 4 12 16 >> %t/native.out && %t/native 4 4 4 >> %t/native.out
// RUN: %t/native0 8 8 8 > %t/native0.out && %t/native0 4 12 16 >> %t/native0.out && %t/native0 4 4 4 >> %t/native0.out
// RUN: %t/emu 8 8 8 > %t/emu.out && %t/emu 4 12 16 >> %t/emu.out && %t/emu 4 4 4 >> %t/emu.out
// RUN: diff %t/ref.out %t/native.out && diff %t/ref.out %t/native0.out && diff %t/ref.out %t/emu.out
// RUN: FileCheck %s < %t/ref.out
// CHECK: 8x8x8: -579.0, all equal the triple loop
// CHECK-NEXT: 4x12x16: {{.*}}, all equal the triple loop
// CHECK-NEXT: 4x4x4: {{.*}}, all equal the triple loop
// The URE model keeps each run-time bound and the stand-in range it counts.
// RUN: %t2s-clangxx -O0 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/rts.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/rts.ll 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: loops: i in [0, M / 4), at run time (counted as [0, 4)), j in [0, NT - 1 + 1), at run time (counted as [0, 4)), k in [0, L / 4), at run time (counted as [0, 4)), kk in [0, 4), ii in [0, 4), jj in [0, 4)
// On an OpenCL device (PoCL, t2s-clang --opencl: one kernel, no channels) the
// same sizes, and a size of 0: the host allocates a one-element buffer for
// an empty one (OpenCL has no empty buffers) and copies nothing.
// RUN: %t2s-clang --opencl -O2 -Wno-t2s-no-channels %s -o %t/dev
// RUN: %t/dev 8 8 8 > %t/dev.out && %t/dev 4 12 16 >> %t/dev.out && %t/dev 4 4 4 >> %t/dev.out
// RUN: diff %t/ref.out %t/dev.out
// RUN: %t/ref 0 8 8 > %t/ref0.out && %t/emu 0 8 8 | diff %t/ref0.out - && %t/dev 0 8 8 | diff %t/ref0.out -
// RUN: FileCheck %s --check-prefix=ZERO < %t/ref0.out
// ZERO: 0x8x8: 0.0, all equal the triple loop
// A negative size (NT = -1, a stride of the buffers) leaves the nest without
// an iteration, so the reference does nothing, and every build's stub
// returns before it checks the sizes (before, it refused NT as no size).
// RUN: %t/ref 8 -4 8 > %t/refneg.out && %t/emu 8 -4 8 | diff %t/refneg.out - && %t/dev 8 -4 8 | diff %t/refneg.out -
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int II = 4, JJ = 4, KK = 4;

// c[M][N] = a[M][L] * b[L][N]; M, N and L multiples of 4.
void gemm(const float *a, const float *b, float *c, int M, int NT, int L) {
  static float A[KK][II][JJ], B[KK][II][JJ], C[2][KK][II][JJ];
  const int N = NT * JJ;
  #pragma t2s ure
  #pragma t2s space_time(ii, jj)
  #pragma t2s loader(a, b)
  #pragma t2s drainer(c)
  for (int i = 0; i < M / II; ++i)
    for (int j = 0; j <= NT - 1; ++j)
      for (int k = 0; k < L / KK; ++k)
        for (int kk = 0; kk < KK; ++kk)
          for (int ii = 0; ii < II; ++ii)
            for (int jj = 0; jj < JJ; ++jj) {
              A[kk][ii][jj] = jj == 0 ? a[(i * II + ii) * L + k * KK + kk] : A[kk][ii][jj - 1];
              B[kk][ii][jj] = ii == 0 ? b[(k * KK + kk) * N + j * JJ + jj] : B[kk][ii - 1][jj];
              float prev = kk != 0  ? C[k % 2][kk - 1][ii][jj]
                           : k != 0 ? C[(k - 1) % 2][kk + KK - 1][ii][jj]
                                    : 0.f;
              C[k % 2][kk][ii][jj] = prev + A[kk][ii][jj] * B[kk][ii][jj];
              if (k == L / KK - 1 && kk == KK - 1)
                c[(i * II + ii) * N + j * JJ + jj] = C[k % 2][kk][ii][jj];
            }
}

int main(int argc, char **argv) {
  int M = std::atoi(argv[1]), N = std::atoi(argv[2]), L = std::atoi(argv[3]);
  std::vector<float> a(M * L > 0 ? M * L : 1), b(L * N > 0 ? L * N : 1),
      c(M * N > 0 ? M * N : 1);
  for (int x = 0; x < M * L; ++x)
    a[x] = float((x * 7) % 11 - 5);
  for (int x = 0; x < L * N; ++x)
    b[x] = float((x * 5) % 9 - 4);
  gemm(a.data(), b.data(), c.data(), M, N / JJ, L);
  double sum = 0;
  bool Same = true;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float want = 0;
      for (int k = 0; k < L; ++k)
        want += a[i * L + k] * b[k * N + j];
      Same &= want == c[i * N + j];
      sum += c[i * N + j] * ((i + 2 * j) % 7);
    }
  std::printf("%dx%dx%d: %.1f, %s\n", M, N, L, sum,
              Same ? "all equal the triple loop" : "DIFFERENT from the triple loop");
}
