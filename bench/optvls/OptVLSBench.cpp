// OptVLS speed: each kernel of kernels.c as plain clang-19 -O3 and with the
// T2S plugin (OptVLS), at -march=native and -march=x86-64-v3, and hand-written
// AVX2 code for two of them, all in one binary. Before timing, every variant's
// output is compared bit for bit with the plain -O3 build's; a difference
// aborts. bench/optvls/run.sh prints the ratios.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <random>
#include <string>
#include <vector>

struct Point { float x, y, z; };
struct Complex { float re, im; };

#define DECLARE(V)                                                                   \
  extern "C" void pair_##V(const float *, const int *, float *, int);                \
  extern "C" void aos3_##V(const Point *, const int *, float *, int);                \
  extern "C" void complex_##V(const Complex *, const int *, float *, int);           \
  extern "C" void md_##V(const float *, const int *, float, float, float, float *, int); \
  extern "C" void scatter_##V(float *, const int *, const float *, const float *, int);
DECLARE(plain_native)
DECLARE(optvls_native)
DECLARE(plain_v3)
DECLARE(optvls_v3)
extern "C" void pair_hand(const float *, const int *, float *, int);
extern "C" void aos3_hand(const Point *, const int *, float *, int);

namespace {

constexpr int Points = 1 << 15; // 384 KiB of points: in L2
constexpr int N = 4096;         // accesses per call

struct Data {
  std::vector<float> X = std::vector<float>(3 * Points + 1);
  std::vector<Point> P = std::vector<Point>(Points);
  std::vector<Complex> C = std::vector<Complex>(Points);
  std::vector<int> Idx = std::vector<int>(N), Perm = std::vector<int>(N);
  std::vector<float> A = std::vector<float>(N), B = std::vector<float>(N);
  Data() {
    std::mt19937 R(42);
    std::uniform_real_distribution<float> U(-1.f, 1.f);
    for (float &V : X) V = U(R);
    for (Point &V : P) V = {U(R), U(R), U(R)};
    for (Complex &V : C) V = {U(R), U(R)};
    for (int &I : Idx) I = int(R() % (Points - 1));
    for (int K = 0; K < N; ++K) Perm[K] = K;
    std::shuffle(Perm.begin(), Perm.end(), R);
    for (float &V : A) V = U(R);
    for (float &V : B) V = U(R);
  }
};

Data &data() {
  static Data D;
  return D;
}

using Run = void (*)(std::vector<float> &Out);

struct Variant {
  const char *Kernel, *Name;
  Run F;
};

#define KERNELS(V)                                                                  \
  {"pair", #V, [](std::vector<float> &O) { pair_##V(data().X.data(), data().Idx.data(), O.data(), N); }}, \
  {"aos3", #V, [](std::vector<float> &O) { aos3_##V(data().P.data(), data().Idx.data(), O.data(), N); }}, \
  {"complex", #V, [](std::vector<float> &O) { complex_##V(data().C.data(), data().Idx.data(), O.data(), N); }}, \
  {"md", #V, [](std::vector<float> &O) { md_##V(data().X.data(), data().Idx.data(), .5f, .25f, -.5f, O.data(), N); }}, \
  {"scatter", #V, [](std::vector<float> &O) { scatter_##V(O.data(), data().Perm.data(), data().A.data(), data().B.data(), N); }},

std::vector<Variant> variants() {
  std::vector<Variant> V = {KERNELS(plain_native) KERNELS(optvls_native)
                                KERNELS(plain_v3) KERNELS(optvls_v3)};
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma")) {
    V.push_back({"pair", "hand", [](std::vector<float> &O) {
                   pair_hand(data().X.data(), data().Idx.data(), O.data(), N);
                 }});
    V.push_back({"aos3", "hand", [](std::vector<float> &O) {
                   aos3_hand(data().P.data(), data().Idx.data(), O.data(), N);
                 }});
  }
  return V;
}

// Every variant must compute exactly what plain -O3 computes.
void checkOutputs(const std::vector<Variant> &Vs) {
  for (const Variant &V : Vs) {
    std::vector<float> Want(2 * N, 0.f), Got(2 * N, 0.f);
    for (const Variant &Ref : Vs)
      if (!std::strcmp(Ref.Kernel, V.Kernel) && !std::strcmp(Ref.Name, "plain_v3"))
        Ref.F(Want);
    V.F(Got);
    if (std::memcmp(Want.data(), Got.data(), Want.size() * sizeof(float))) {
      std::fprintf(stderr, "optvls bench: %s/%s differs from plain -O3\n", V.Kernel, V.Name);
      std::exit(1);
    }
  }
  std::fprintf(stderr, "optvls bench: all %zu variants equal plain -O3 bit for bit\n", Vs.size());
}

} // namespace

int main(int Argc, char **Argv) {
  std::vector<Variant> Vs = variants();
  checkOutputs(Vs);
  for (const Variant &V : Vs)
    benchmark::RegisterBenchmark((std::string(V.Kernel) + "/" + V.Name).c_str(),
                                 [F = V.F](benchmark::State &S) {
                                   std::vector<float> Out(2 * N);
                                   for (auto _ : S) {
                                     F(Out);
                                     benchmark::DoNotOptimize(Out.data());
                                     benchmark::ClobberMemory();
                                   }
                                   S.SetItemsProcessed(S.iterations() * N);
                                 });
  benchmark::Initialize(&Argc, Argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
