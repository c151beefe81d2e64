// Inputs indexed by values the PEs compute (issue #36, item 4): AutoSA's 2:4
// block-sparse kernel keeps two non-zeros of each group of four and picks
// the dense operand with an offset decoded from the mask's bits,
// x[g * 4 + off]. The offset is a URE value, so the read is a gather: the
// kernel reads x where the PE's register says (sr_OFF), the native build
// reads it from the same register, and reference = native (-O0, -O2) =
// emulated = HLS C simulation. An input indexed by another input
// (b[idx[i][k]]) is the same gather without a register. Through a loader,
// the loader streams the window of elements the PE may pick
// (gather-loader.cpp); without a declared extent it cannot, and
// isolation-errors.cpp pins that refusal and its fix.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O0 -Wno-t2s-initiation-interval %s -o %t/native0 2>&1 | count 0
// RUN: %t/native0 | diff %t/ref.out -
// RUN: %t2s-clang -O2 -Wno-t2s-initiation-interval %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 -Wno-t2s-initiation-interval %s -o %t/emulated 2>&1 | count 0
// RUN: %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -Wno-t2s-initiation-interval %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: FileCheck %s < %t/ref.out
// CHECK: sparse 55 -15 -14 16
// CHECK-NEXT: indirect 280 216 296 392
// RUN: %t2s-clang --emit-opencl -Wno-t2s-initiation-interval %s -o %t/k.cl
// RUN: FileCheck %s --check-prefix=CL < %t/k.cl
// CL: sr_OFF[0][i] = ((((int)(uchar)sr_M[0][i]) >> (2 * e)) & 3);
// CL: x[((long)((g * 4) + sr_OFF[0][i]))]
// CL: b[((long)idx[((long)i) * 8 + ((long)k)])]
// RUN: %t2s-clangxx -O2 -S -emit-llvm -Xclang -disable-llvm-passes %s -o %t/s.ll
// RUN: %t2s-opt -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output %t/s.ll | FileCheck %s --check-prefix=MODEL
// MODEL-LABEL: URE system in 'sparse(
// MODEL: statement 2 at {{.*}}: URE S(g, e, i)
// MODEL: reads OFF at distance (0, 0, 0)
#include <cstdio>

constexpr int I = 4, G = 4, E = 2;

// y[i] = sum over groups g of the two kept values of row i times the
// elements of x their offsets name; mask[i][g] holds the two offsets in
// bits 0-1 and 2-3. A PE per row; the sum runs through the groups.
void sparse(const float val[I][G][E], const unsigned char mask[I][G], const float x[G * 4],
            float y[I]) {
  static unsigned char M[G][E][I];
  static int OFF[G][E][I];
  static float S[G][E][I];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int g = 0; g < G; ++g)
    for (int e = 0; e < E; ++e)
      for (int i = 0; i < I; ++i) {
        M[g][e][i] = mask[i][g];
        OFF[g][e][i] = (M[g][e][i] >> (2 * e)) & 3;
        S[g][e][i] = (e != 0   ? S[g][e - 1][i]
                      : g != 0 ? S[g - 1][e + E - 1][i]
                               : 0.f) +
                     val[i][g][e] * x[g * 4 + OFF[g][e][i]];
        if (g == G - 1 && e == E - 1)
          y[i] = S[g][e][i];
      }
}

constexpr int N = 4, K = 8;

void indirect(const float a[N][K], const int idx[N][K], const float b[K], float out[N]) {
  static float S[N][K];
#pragma t2s ure
#pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < N; ++i) {
      S[i][k] = (k == 0 ? 0.f : S[i][k - 1]) + a[i][k] * b[idx[i][k]];
      if (k == K - 1)
        out[i] = S[i][k];
    }
}

int main() {
  float val[I][G][E], x[G * 4], y[I];
  unsigned char mask[I][G];
  for (int i = 0; i < I; ++i)
    for (int g = 0; g < G; ++g) {
      int first = (i + g) % 3, second = first + 1 + (i * g) % (3 - first);
      mask[i][g] = (unsigned char)(first | second << 2);
      for (int e = 0; e < E; ++e)
        val[i][g][e] = float((i * 5 + g * 3 + e * 7) % 9 - 4);
    }
  for (int n = 0; n < G * 4; ++n)
    x[n] = float((n * 11) % 13 - 6);
  sparse(val, mask, x, y);
  std::printf("sparse");
  for (float v : y)
    std::printf(" %g", v);
  float a[N][K], b[K], out[N];
  int idx[N][K];
  for (int i = 0; i < N; ++i)
    for (int k = 0; k < K; ++k) {
      a[i][k] = float(i + k);
      idx[i][k] = (i * 3 + k) % K;
    }
  for (int k = 0; k < K; ++k)
    b[k] = float(k * 2);
  indirect(a, idx, b, out);
  std::printf("\nindirect");
  for (float v : out)
    std::printf(" %g", v);
  std::printf("\n");
}
