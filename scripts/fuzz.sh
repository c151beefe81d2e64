#!/usr/bin/env bash
# Builds the fuzz targets (build-fuzz/, clang-19, -DT2S_FUZZ=ON) and runs each
# for a fixed time, one process at a time: scripts/fuzz.sh [seconds-per-target]
# (default 60). The seed corpora are generated from the lit tests and examples
# (test/fuzz/make-corpus.py); what a target finds lands in
# build-fuzz/findings/<target>/. Prints the executions and findings of each.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
build="${T2S_FUZZ_BUILD:-$root/build-fuzz}"

# -O1, as fuzzing builds usually are: quick to build, still quick to run.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG" \
  -DT2S_FUZZ=ON -DT2S_BUILD_TESTS=OFF -DT2S_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "${T2S_JOBS:-2}" --target t2s-fuzz-directive t2s-fuzz-design \
  t2s-replay-directives

python3 "$root/test/fuzz/make-corpus.py" "$root" "$build/corpus"

status=0
for target in directive design; do
  corpus="$build/corpus/$target"
  findings="$build/findings/$target"
  mkdir -p "$findings"
  args=(-max_total_time="$seconds" -print_final_stats=1 -close_fd_mask=1
        -artifact_prefix="$findings/" -timeout=20 -rss_limit_mb=4096)
  [ "$target" = directive ] && args+=(-dict="$root/test/fuzz/directive.dict" -max_len=256)
  [ "$target" = design ] && args+=(-dict="$root/test/fuzz/design.dict" -max_len=4096)
  echo "== t2s-fuzz-$target for ${seconds}s (corpus $corpus, findings $findings) =="
  log="$build/fuzz-$target.log"
  "$build/bin/t2s-fuzz-$target" "${args[@]}" "$corpus" 2>"$log" || true
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  found=$(find "$findings" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' \
          -o -name 'timeout-*' -o -name 'oom-*' -o -name 'slow-unit-*' \) | sort)
  echo "executions: ${execs:-?} (${rate:-?}/s), log: $log"
  if [ -n "$found" ]; then
    echo "findings:"; echo "$found" | sed 's/^/  /'
    status=1
  else
    echo "findings: none"
  fi
done
exit "$status"
