// Streams between kernels too long to replay: the stream-order check runs
// each end up to 2^25 steps or 2^22 values, and beyond compares the two
// orders with isl, read as loops and affine conditions
// (systolic/StreamSequence.h). Before, a nest of more than 2^26 iterations
// was refused in every build, native included.
//   sparse: the reader runs 2^27 iterations and takes one value in 64
//     (q == Q - 1): too many steps to replay, the same order; it builds and
//     every build agrees with the reference.
//   dense:  2^23 values, read in the writer's order by a (a, b) nest: too
//     many values to keep; the same order.
//   -DTRANSPOSED: the reader takes them column by column: isl finds the
//     order differs. -DREMAINDER: a condition isl cannot read (q % Q), in a
//     kernel too long to replay: refused with the reason.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=OUT < %t/ref.out
// OUT: sparse 1.46801e+07
// OUT-NEXT: dense 5.87202e+07
// RUN: %not %t2s-clang -O2 -DTRANSPOSED %s -o %t/transposed 2>&1 | FileCheck %s --check-prefix=TRANSPOSED
// TRANSPOSED: long-streams.cpp:[[#@LINE+27]]:15: error: 'Y' becomes a channel from kernel 'produceY' (line [[#@LINE+24]]) to kernel 'consumeY' (line [[#@LINE+27]]), whose kernels run too long for the compiler to replay them (more than 33,554,432 steps, or 4,194,304 values) to check that they traverse it in the same order; read as loops and affine conditions, they do not: they access other elements, or in another order; make both nests visit the elements in the same order (reorder the loops of kernel 'produceY' (line [[#@LINE+24]])) [channel]
// RUN: %not %t2s-clang -O2 -DREMAINDER %s -o %t/remainder 2>&1 | FileCheck %s --check-prefix=REMAINDER
// REMAINDER: long-streams.cpp:[[#@LINE+10]]:15: error: 'X' becomes a channel from kernel 'produceX' (line [[#@LINE+7]]) to kernel 'consumeX' (line [[#@LINE+10]]), whose kernels run too long {{.*}}; it cannot read kernel 'consumeX' (line [[#@LINE+10]]) as loops and affine conditions either (a condition is not a comparison of affine expressions of the loops): check the design at a smaller size [channel]
#include <cstdio>

constexpr int R = 1 << 21, Q = 64, RY = 1 << 23;
static float X[R], Y[RY];

void sparse(const float *in, float *out) {
  #pragma t2s kernel(produceX)
  for (int r = 0; r < R; ++r)
    X[r] = in[r] * 2.f;
  #pragma t2s kernel(consumeX)
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < Q; ++q)
#ifdef REMAINDER
      if (q % Q == Q - 1)
#else
      if (q == Q - 1)
#endif
        out[r] = X[r] + 1.f;
}

void dense(const float *in, float *out) {
  #pragma t2s kernel(produceY)
  for (int r = 0; r < RY; ++r)
    Y[r] = in[r] * 2.f;
  #pragma t2s kernel(consumeY)
  for (int a = 0; a < RY / 8; ++a)
    for (int b = 0; b < 8; ++b)
#ifdef TRANSPOSED
      out[b * (RY / 8) + a] = Y[b * (RY / 8) + a] + 1.f;
#else
      out[a * 8 + b] = Y[a * 8 + b] + 1.f;
#endif
}

int main() {
  static float in[RY], out[RY];
  for (int r = 0; r < RY; ++r)
    in[r] = float(r % 7);
  sparse(in, out);
  double s = 0;
  for (int r = 0; r < R; ++r)
    s += out[r] * float(r % 3);
  printf("sparse %g\n", s);
  dense(in, out);
  s = 0;
  for (int r = 0; r < RY; ++r)
    s += out[r] * float(r % 3);
  printf("dense %g\n", s);
}
