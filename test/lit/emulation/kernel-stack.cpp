// Emulated kernels keep their shift registers in local arrays, as on the
// FPGA: each kernel's fiber has a stack large enough for the registers the
// compiler accepts (1 GiB per design), not the 8 MiB of a default thread.
// Here two kernels each fill 64 MiB of locals and pass a checksum through a
// channel.
// RUN: %clangxx -std=c++17 -O0 -I%t2s_include %s -lboost_context -pthread -o %t
// RUN: %t | FileCheck %s
// CHECK: sum 4278190080
#include "t2s/emulation.h"

#include <cstdio>

T2S_CHANNEL(unsigned, sums, 1);

constexpr unsigned Words = (64u << 20) / sizeof(unsigned);

void producer() {
  unsigned Registers[Words];
  for (unsigned W = 0; W < Words; ++W)
    Registers[W] = W & 0xff;
  unsigned Sum = 0;
  for (unsigned W = 0; W < Words; ++W)
    Sum += Registers[W];
  T2S_WRITE(sums, Sum);
}

unsigned Result = 0;

void consumer() {
  volatile unsigned Registers[Words];
  Registers[Words - 1] = T2S_READ(sums);
  Result = Registers[Words - 1] * 2;
}

int main() {
  t2s::emu::run({{"producer", producer}, {"consumer", consumer}});
  std::printf("sum %u\n", Result);
}
