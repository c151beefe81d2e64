// A gather's pick decoded once and passed along the PEs: PE j == 0 decodes
// OFF from the mask (& 3), every other PE takes its neighbour's, and each
// picks x[j * 4 + OFF] through the loader. The pick is a recurrence of OFF,
// whose range is the least one its statement maps into itself ([0, 3]: the
// decoded value, or a copy of it), so the loader streams windows of 4
// (before, a recurrence counted as any value, and the loader was refused).
// A pick that grows along the PEs (OFF[j - 1] + 1) has no such range and
// is still refused, with the bound to add.
// Reference = native = emulated = HLS C simulation.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -O2 %s -o %t/ref && %t/ref > %t/ref.out
// RUN: %t2s-clang -O2 %s -o %t/native 2>&1 | count 0
// RUN: %t/native | diff %t/ref.out -
// RUN: %t2s-clang --emulate -O2 %s -o %t/emu 2>&1 | count 0
// RUN: %t/emu | diff %t/ref.out -
// RUN: %t2s-clang --hls-sim -O2 %s -o %t/hls 2>&1 | count 0
// RUN: %t/hls | diff %t/ref.out -
// RUN: %t2s-clang --report %s 2>/dev/null | FileCheck %s --check-prefix=REPORT
// REPORT: channels of x from its loader: {{.*}}windows of 4 elements, from which each read picks one
// RUN: %not %t2s-clang --emulate -O2 -DGROWS %s -o %t/grows 2>&1 | FileCheck %s --check-prefix=GROWS
// GROWS: gather-pick-along-pes.cpp:[[#@LINE+18]]:17: error: the loader of 'x' streams each PE the elements of 'x' this read may pick, but the part of its index computed in the array can take any value of its type; bound it (as in '& 15' or '% 16') so that it picks among at most 32 elements, or drop 'x' from its 'loader(...)' line [loader and drainer]
#include <cstdio>

constexpr int G = 4, J = 4;

void pickpass(const float x[J * 4 + 8], const int mask[G], const float w[G][J], float y[G][J]) {
  static int OFF[G][J];
  static float S[G][J];
  #pragma t2s ure
  #pragma t2s space_time(j)
  #pragma t2s loader(x)
  for (int g = 0; g < G; ++g)
    for (int j = 0; j < J; ++j) {
#ifdef GROWS
      OFF[g][j] = j == 0 ? (mask[g] & 3) : OFF[g][j - 1] + 1;
#else
      OFF[g][j] = j == 0 ? (mask[g] & 3) : OFF[g][j - 1];
#endif
      S[g][j] = x[j * 4 + OFF[g][j]] * w[g][j];
      y[g][j] = S[g][j];
    }
}

int main() {
  float x[J * 4 + 8], w[G][J], y[G][J];
  int mask[G];
  for (int i = 0; i < J * 4 + 8; ++i)
    x[i] = float(i);
  for (int g = 0; g < G; ++g)
    for (int j = 0; j < J; ++j)
      w[g][j] = float(g + j + 1);
  for (int g = 0; g < G; ++g)
    mask[g] = (g * 7 + 1) % 16;
  pickpass(x, mask, w, y);
  for (int g = 0; g < G; ++g)
    for (int j = 0; j < J; ++j)
      printf("%g ", y[g][j]);
  printf("\n");
}
