// Kernels joined by channels run together; kernels that only share memory
// run one after the other, in the order of the source (two URE systems, the
// second reading what the first wrote, are 'twice' in host-collisions.cpp).
// 'split' has a producer and a consumer joined by a channel, and between
// them a kernel that reads what the producer wrote to memory: it runs after
// both. Reference = native = emulated; the stubs start each stage after the
// previous one ends.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated
// RUN: %t/emulated | diff %t/ref.out -
// RUN: FileCheck %s --check-prefix=RESULT < %t/ref.out
// RUN: %t2s-clang --emit-opencl %s -o %t/k.cl --host-stub=%t/host.cpp
// RUN: FileCheck %s < %t/host.cpp
// RUN: not %t2s-clang -DINTERLEAVED %s -o %t/bad 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not %t2s-clang -DRACE %s -o %t/bad 2>&1 | FileCheck %s --check-prefix=RACE
// RESULT: split: 0 2 4 6 8 10 12 14 / 0 1 4 9 16 25 36 49 / 1 3 5 7 9 11 13 15
// CHECK-LABEL: extern "C" void t2s_run_split(
// CHECK:        t2s::emu::run({T2S_RUN_KERNEL(produce, in, twice),
// CHECK-NEXT:                  T2S_RUN_KERNEL(consume, out)}, {"split", 1, "Arria 10 GX 1150", 250, 153.6});
// CHECK-NEXT:   t2s::emu::run({T2S_RUN_KERNEL(between, twice, odd)}, {"split", 2, "Arria 10 GX 1150", 250, 153.6});
// CHECK-LABEL: void t2s_run_split(t2s::host::Device &D
// CHECK:        t2s::host::runAll({&produce_kernel, &consume_kernel});
// CHECK:        t2s::host::runAll({&between_kernel});
// ERROR: stages.cpp:[[#@LINE+16]]:{{[0-9]+}}: error: kernel 'consume' (line [[#@LINE+16]]) reads 'odd', which kernel 'between' (line [[#@LINE+13]]) writes before it, but exchanges channels with kernel 'produce' (line [[#@LINE+8]]), which comes before kernel 'between' (line [[#@LINE+13]]): kernels joined by channels run together, so these cannot run in their source order (move kernel 'between' (line [[#@LINE+13]]) before kernel 'produce' (line [[#@LINE+8]]) or after kernel 'consume' (line [[#@LINE+16]])) [channel]
// RACE: stages.cpp:[[#@LINE+15]]:{{[0-9]+}}: error: kernel 'consume' (line [[#@LINE+15]]) reads 'twice', which kernel 'produce' (line [[#@LINE+7]]) writes, but the two run together (joined by channels), so nothing orders their accesses to it; pass 'twice' between them through a channel too (a static array one writes and the other reads), or compute it in one of them [channel]
#include <cstdio>

constexpr int N = 8;

void split(const int in[N], int twice[N], int odd[N], int out[N]) {
  static int y[N];
  #pragma t2s kernel(produce)
  for (int n = 0; n < N; ++n) {
    y[n] = in[n] * in[n];
    twice[n] = in[n] * 2;
  }
  #pragma t2s kernel(between)
  for (int n = 0; n < N; ++n)
    odd[n] = twice[n] + 1;
  #pragma t2s kernel(consume)
  for (int n = 0; n < N; ++n)
#if defined(INTERLEAVED)
    out[n] = y[n] + odd[n];
#elif defined(RACE)
    out[n] = y[n] + twice[n];
#else
    out[n] = y[n];
#endif
}

static void print(const char *Label, const int *V) {
  std::printf("%s", Label);
  for (int i = 0; i < N; ++i)
    std::printf(" %d", V[i]);
}

int main() {
  int in[N], mid[N], out[N], odd[N];
  for (int i = 0; i < N; ++i)
    in[i] = i;
  split(in, mid, odd, out);
  print("split:", mid);
  print(" /", out);
  print(" /", odd);
  std::printf("\n");
}
