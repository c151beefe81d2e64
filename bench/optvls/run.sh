#!/usr/bin/env bash
# OptVLS speed, in one run: bench/optvls/run.sh [min_time_seconds]
# Runs build/bin/t2s-bench-optvls (every variant already checked bit for bit
# against plain -O3) and prints, per kernel and -march, plain clang-19 -O3
# against -fpass-plugin=libT2S.so (> 1: OptVLS is faster), and against the
# hand-written AVX2 versions where they exist. Needs a built tree (T2S_BUILD,
# default build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${T2S_BUILD:-$root/build}"  # the build tree
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
"$build/bin/t2s-bench-optvls" --benchmark_min_time="${1:-0.5}" \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_format=json > "$out"
python3 - "$out" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["benchmarks"]
t = {r["run_name"]: r["real_time"] for r in runs if r.get("aggregate_name") == "median"}
print("kernel     -march      plain -O3 (ns)   OptVLS (ns)   speedup   vs hand-written")
for k in ["pair", "aos3", "complex", "md", "scatter"]:
    for tag, march in [("native", "native"), ("v3", "x86-64-v3")]:
        p, o = t[f"{k}/plain_{tag}"], t[f"{k}/optvls_{tag}"]
        h = t.get(f"{k}/hand")
        hand = f"{o / h:.2f}x the time of hand-written" if h else ""
        print(f"{k:<10} {march:<11} {p:>14.0f}   {o:>11.0f}   {p / o:>6.2f}x   {hand}")
PY
