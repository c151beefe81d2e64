// vectorize(i) of a space loop, and an input (an output) that the PEs along
// i read (write) as one vector and one PE reads (writes) once more. The
// loader (drainer) of the buffer leaves its loop over i out for the vector
// channel, so the channel of the one PE named i outside any loop (the
// emulated build did not compile); it now runs in an unrolled loop over i.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 -w %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native && %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emulated && %t/emulated | diff %t/ref.out -
// RUN: %t2s-clang --emit-opencl %s -o - | FileCheck %s
// CHECK-LABEL: void design_load_w(
// CHECK:      #pragma unroll
// CHECK-NEXT: for (int i = 1; i < 5; i++)
// CHECK-NEXT:   if (i == 1) T2S_WRITE(design_w, w[((long)k) * 8]);
// CHECK:      T2S_WRITE(design_w_2, ((int4){w_lanes_2[0], w_lanes_2[1], w_lanes_2[2], w_lanes_2[3]}));
// CHECK-LABEL: void design_drain_out(
// CHECK:      int4 out_lanes_vec = T2S_READ(design_out);
// CHECK:      out[((long)i)] = out_lanes[i - 1];
// CHECK-NEXT: }
// CHECK-NEXT: #pragma unroll
// CHECK-NEXT: for (int i = 1; i < 5; i++)
// CHECK-NEXT:   if ((k == 2) && (i == 4)) out[1 * 8 + ((long)k)] = T2S_READ(design_out_2);
#include <cstdio>
void design(const int w[3][8], int out[2][8]) {
  static int S[3][8];
  #pragma t2s ure
  #pragma t2s space_time(i)
  #pragma t2s loader(w)
  #pragma t2s drainer(out)
  #pragma t2s vectorize(i)
  for (int k = 0; k < 3; ++k)
    for (int i = 1; i < 5; ++i) {
      S[k][i] = (i == 1 ? w[k][0] : S[k][i - 1]) + w[k][i];
      if (k == 2) out[0][i] = S[k][i];
      if (k == 2 && i == 4) out[1][k] = S[k][i];
    }
}
int main() {
  int w[3][8], out[2][8] = {};
  for (int k = 0; k < 3; ++k)
    for (int i = 0; i < 8; ++i) w[k][i] = 10 * k + i;
  design(w, out);
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 8; ++i) std::printf("%d ", out[r][i]);
  std::printf("\n");
}
