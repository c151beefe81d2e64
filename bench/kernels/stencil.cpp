// A small Google Benchmark program compiled twice by bench/compare.sh: once by
// plain clang++-19 (the baseline) and once through T2S. Today the T2S build must
// simply match the baseline (no T2S transformation applies yet); later kernels
// in this folder measure OptVLS and the systolic builds the same way.
#include <benchmark/benchmark.h>

#include <vector>

static void BM_Stencil3(benchmark::State &State) {
  const int N = static_cast<int>(State.range(0));
  std::vector<float> In(N + 2, 1.5f), Out(N);
  for (auto _ : State) {
    for (int i = 0; i < N; ++i)
      Out[i] = 0.25f * In[i] + 0.5f * In[i + 1] + 0.25f * In[i + 2];
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
  State.SetItemsProcessed(State.iterations() * N);
}
BENCHMARK(BM_Stencil3)->Arg(1 << 12)->Arg(1 << 16);

static void BM_PrefixSum(benchmark::State &State) {
  const int N = static_cast<int>(State.range(0));
  std::vector<int> In(N, 3), Out(N);
  for (auto _ : State) {
    for (int i = 0; i < N; ++i)
      Out[i] = (i == 0 ? 0 : Out[i - 1]) + In[i];
    benchmark::DoNotOptimize(Out.data());
    benchmark::ClobberMemory();
  }
  State.SetItemsProcessed(State.iterations() * N);
}
BENCHMARK(BM_PrefixSum)->Arg(1 << 12)->Arg(1 << 16);

BENCHMARK_MAIN();
