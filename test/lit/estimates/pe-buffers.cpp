// PE buffers (the reads across a triangle's rounds, systolic/PEBuffer.h) on
// AMD's devices: the HLS back end keeps each PE's buffer in a block RAM of
// its own (ram_2p: one read and one write port), so the model counts the
// words a PE reads from its buffer in a step, and the estimate its blocks
// (docs/estimates.md, "PE buffers in block RAM"). The array kernel reads
// each word of its own buffer once per step, before the statements, so a
// word two statements use (QRD's A, for the update and for q) is one read.
// Here two reads across rounds, S[i - 1] and S[i - 2], under
// pad_rounds(i, 20): II 1 on an Arria 10, whose compiler places the buffer;
// II 2 on a U250, two reads of one PE's RAM per step. QRD has one read of
// each buffer per step: II 1 on both. Reference = emulated = HLS C
// simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 -Wno-t2s-initiation-interval %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls 2> %t/hls.err | diff %t/ref.out -
// RUN: test ! -s %t/hls.err
// RUN: %t2s-clang --report --device=arria10 %s 2>&1 | FileCheck %s --check-prefix=A10 --implicit-check-not=warning:
// RUN: %t2s-clang --report --device=u250 %s 2>&1 | FileCheck %s --check-prefix=U250
// RUN: %t2s-clang --report=json --device=u250 %s | jq -c '.designs[0].estimate | [.pe_buffer_bits, .register_bits, .bram36_blocks]' | FileCheck %s --check-prefix=JSON
// RUN: %t2s-clang --emit-hls %s -o - | FileCheck %s --check-prefix=HLS
// RUN: %t2s-clang --report --device=u250 %examples/qrd.cpp 2>&1 | FileCheck %s --check-prefix=QRD --implicit-check-not=warning:
//
// A10: registers of S: 24 per PE (96 in all), a buffer indexed by (i mod 3, k of 8)
// A10: on-chip memory: 3,200 bits of shift registers (1 of 2,713 M20K blocks if none were in logic)
// A10: initiation interval (clocks per step): two_back 1
//
// U250: warning: kernel 'two_back' starts a step every 2 clocks on Alveo U250 (XCU250), not every clock: 2 reads per step to one bank of the on-chip memory sr_S, one read port per bank [-Wt2s-initiation-interval]
// 24 words of 32 bits per PE fit half a block: 4 halves, 2 blocks, and one
// for the 128 bits of registers.
// U250: on-chip memory: 128 bits of shift registers, 3,072 bits of PE buffers (a block RAM per PE and buffer: 4 halves of BRAM36 blocks) (3 of 2,688 BRAM36 blocks if none were in logic;
// U250: initiation interval (clocks per step): two_back 2
// U250-NEXT: two_back: II 2: 2 reads per step to one bank of the on-chip memory sr_S, one read port per bank
// JSON: [3072,128,3]
//
// HLS: float sr_S[24][4];
// HLS-NEXT: #pragma HLS ARRAY_PARTITION variable=sr_S complete dim=2
// HLS-NEXT: #pragma HLS BIND_STORAGE variable=sr_S type=ram_2p impl=bram
// HLS: float sr_S_w0 = sr_S[
// HLS-NEXT: float sr_S_w1 = sr_S[
//
// QRD: on-chip memory: 2,048 bits of shift registers, 15,360 bits of PE buffers (a block RAM per PE and buffer: 32 halves of BRAM36 blocks) (17 of 2,688 BRAM36 blocks
// QRD: initiation interval (clocks per step): qrd 1
#include <cstdio>

constexpr int N = 8, P = 4;

void two_back(const float (*in)[P], float (*out)[P]) {
  static float S[N][N][P];
#pragma t2s ure
#pragma t2s space_time(p)
#pragma t2s pad_rounds(i, 20)
  for (int i = 0; i < N; ++i)
    for (int k = i; k < N; ++k)
      for (int p = 0; p < P; ++p) {
        S[i][k][p] = in[k][p] + (i >= 1 ? 0.5f * S[i - 1][k][p] : 0.f) +
                     (i >= 2 ? 0.25f * S[i - 2][k][p] : 0.f);
        if (k == i)
          out[i][p] = S[i][k][p];
      }
}

int main() {
  static float in[N][P], out[N][P];
  for (int k = 0; k < N; ++k)
    for (int p = 0; p < P; ++p)
      in[k][p] = float((k * 3 + p) % 5 - 2);
  two_back(in, out);
  for (int i = 0; i < N; ++i)
    for (int p = 0; p < P; ++p)
      std::printf("%g ", out[i][p]);
  std::printf("\n");
}
