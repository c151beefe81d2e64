// A design that reads an input only when a computed condition holds
// (b[i][k] > 0 ? a[i][k] : 1): the traffic is an upper bound, 'at most', and
// the JSON says it is not exact; with loaders or without, the same count.
// RUN: %t2s-clang --report %s | FileCheck %s
// RUN: %t2s-clang --report -mllvm -t2s-isolate=false %s | FileCheck %s
// RUN: %t2s-clang --report=json %s | FileCheck %s --check-prefix=JSON
// CHECK: off-chip traffic per run: at most 208 bytes; reads a 96, b 96; writes c 16
// JSON:      "traffic": {
// JSON:        "bytes_read": 192,
// JSON-NEXT:   "bytes_written": 16,
// JSON-NEXT:   "counted": true,
// JSON-NEXT:   "exact": false

constexpr int I = 4, K = 6;

void sel(const float a[I][K], const float b[I][K], float c[I]) {
  static float S[K][I];
  #pragma t2s ure
  #pragma t2s space_time(i)
  for (int k = 0; k < K; ++k)
    for (int i = 0; i < I; ++i) {
      S[k][i] = (k == 0 ? 0.f : S[k - 1][i]) + (b[i][k] > 0.f ? a[i][k] : 1.f);
      if (k == K - 1)
        c[i] = S[k][i];
    }
}
