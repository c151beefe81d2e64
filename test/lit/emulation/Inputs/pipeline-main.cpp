// Host of pipeline.cl under emulation: runs its four kernels as fibers and
// checks out[j] = sum over lanes p of (p + 1) * a[4j + p]. With
// --one-result-too-many, 'store' waits for a sum that is never produced: the
// run must report the deadlock and exit non-zero.
#include "t2s/emulation.h"

#include <cstdio>
#include <cstring>

void loader(const float *a, int n);
void scatter(int n);
void reduce();
void store(float *out, int m);

int main(int argc, char **argv) {
  constexpr int N = 4096, Lanes = 4, M = N / Lanes;
  bool OneTooMany = argc > 1 && std::strcmp(argv[1], "--one-result-too-many") == 0;
  static float a[N], out[M + 1];
  for (int i = 0; i < N; ++i)
    a[i] = static_cast<float>(i % 97 - 48);
  int Results = OneTooMany ? M + 1 : M;
  t2s::emu::run({T2S_RUN_KERNEL(loader, a, N), T2S_RUN_KERNEL(scatter, N),
                 T2S_RUN_AUTORUN(reduce), T2S_RUN_KERNEL(store, out, Results)});
  int Bad = 0;
  for (int j = 0; j < M; ++j) {
    float Expected = 0.0f;
    for (int p = 0; p < Lanes; ++p)
      Expected += (p + 1) * a[j * Lanes + p];
    Bad += out[j] != Expected;
  }
  std::printf("pipeline: %d of %d results differ\n", Bad, M);
  return Bad != 0;
}
