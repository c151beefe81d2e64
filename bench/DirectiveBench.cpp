// Parsing cost of '#pragma t2s' directives: the front end parses every pragma
// and every pass reads its loop's directives back from metadata, so this must
// stay in the microseconds.
#include "language/Directive.h"

#include <benchmark/benchmark.h>

static void BM_ParseSpaceTime(benchmark::State &State) {
  for (auto _ : State) {
    llvm::Expected<t2s::Directive> D =
        t2s::parseDirective("space_time(i, j) schedule(2, 3) check_time");
    if (!D) {
      State.SkipWithError("parse failed");
      llvm::consumeError(D.takeError());
      break;
    }
    benchmark::DoNotOptimize(D->Args.size());
  }
}
BENCHMARK(BM_ParseSpaceTime);

static void BM_ParseError(benchmark::State &State) {
  for (auto _ : State) {
    llvm::Expected<t2s::Directive> D = t2s::parseDirective("spacetime(i, j)");
    benchmark::DoNotOptimize(static_cast<bool>(D));
    llvm::consumeError(D.takeError());
  }
}
BENCHMARK(BM_ParseError);
