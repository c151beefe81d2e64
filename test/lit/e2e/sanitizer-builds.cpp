// Builds with -fsanitize=undefined (recoverable and trapping), -ftrapv and
// --coverage: the checks clang puts around each operation of a nest are
// taken out of its loops (ure/StripChecks.h: the kernels cannot call the
// sanitizer's handlers or trap), so the nest is read as written and every
// build agrees with the reference; the rest of the program keeps its checks
// (an overflow outside the nest is still reported).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -fsanitize=undefined -O0 %s -o %t/ub0 2>&1 | count 0
// RUN: env UBSAN_OPTIONS=halt_on_error=0 %t/ub0 2> %t/ub0.err | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=OUTSIDE < %t/ub0.err
// RUN: %t2s-clang -fsanitize=undefined --emulate -O2 %s -o %t/ub-emu 2>&1 | count 0
// RUN: env UBSAN_OPTIONS=halt_on_error=0 %t/ub-emu 2> %t/ub-emu.err | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=OUTSIDE < %t/ub-emu.err
// RUN: %t2s-clang -fsanitize=undefined --hls-sim -O2 %s -o %t/ub-hls 2>&1 | count 0
// RUN: env UBSAN_OPTIONS=halt_on_error=0 %t/ub-hls 2>/dev/null | diff %t/ref.out -
// RUN: %t2s-clang -fsanitize=undefined -fsanitize-trap=undefined -DNO_OVERFLOW --emulate -O2 %s -o %t/trap 2>&1 | count 0
// RUN: %t/trap | diff %t/ref.out -
// RUN: %t2s-clang -ftrapv -DNO_OVERFLOW -O2 %s -o %t/trapv 2>&1 | count 0
// RUN: %t/trapv | diff %t/ref.out -
// RUN: %t2s-clang -ftrapv -DNO_OVERFLOW --emulate -O2 %s -o %t/trapv-emu 2>&1 | count 0
// RUN: %t/trapv-emu | diff %t/ref.out -
// RUN: %t2s-clang --coverage --emulate -O2 %s -o %t/cov 2>&1 | count 0
// RUN: %t/cov | diff %t/ref.out -
// RUN: FileCheck %s < %t/ref.out
// CHECK: 15 49 78 114
// OUTSIDE: sanitizer-builds.cpp:[[#@LINE+25]]:{{[0-9]+}}: runtime error: signed integer overflow
#include <climits>
#include <cstdio>

constexpr int P = 4, K = 6;

void rowsum(const int x[P][K], int out[P]) {
  static int S[P][K];
#pragma t2s ure
#pragma t2s space_time(p)
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k) {
      S[p][k] = (k == 0 ? 0 : S[p][k - 1]) + x[p][k] * 1;
      if (k == K - 1)
        out[p] = S[p][k] / (x[p][0] | 1) * (x[p][0] | 1);
    }
}

int main() {
  int x[P][K], out[P];
  for (int p = 0; p < P; ++p)
    for (int k = 0; k < K; ++k)
      x[p][k] = p * K + k;
#ifndef NO_OVERFLOW
  volatile int Big = INT_MAX, One = 1;
  int Wrapped = Big + One; // outside the nest: checked
  (void)Wrapped;
#endif
  rowsum(x, out);
  std::printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
}
