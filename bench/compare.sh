#!/usr/bin/env bash
# Compares a plain build with a T2S build of the same benchmark program in one
# run, and prints the time ratio per benchmark (baseline / T2S: > 1 means T2S
# is faster).
#
#   bench/compare.sh [kernel.cpp ...] [-- extra compiler flags, e.g. -march=native]
#
# Defaults to every bench/kernels/*.cpp. Needs a built tree (scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${T2S_BUILD:-$root/build}"
clangxx=/usr/lib/llvm-19/bin/clang++
t2s="$build/bin/t2s-clang"
[ -x "$t2s" ] || { echo "compare.sh: build T2S first (scripts/build.sh)" >&2; exit 2; }

kernels=()
flags=(-O3)
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; flags+=("$@"); break; fi
  kernels+=("$1"); shift
done
[ ${#kernels[@]} -gt 0 ] || kernels=("$root"/bench/kernels/*.cpp)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for k in "${kernels[@]}"; do
  name="$(basename "$k" .cpp)"
  "$clangxx" "${flags[@]}" "$k" -o "$work/$name.plain" -lbenchmark -lpthread
  "$t2s" "${flags[@]}" "$k" -o "$work/$name.t2s" -lbenchmark -lpthread
  # Interleave the two runs so machine noise hits both alike.
  for variant in plain t2s plain t2s; do
    "$work/$name.$variant" --benchmark_format=json --benchmark_min_time=0.2 \
      > "$work/$name.$variant.$RANDOM.json"
  done
  python3 "$root/bench/compare.py" "$name" "$work/$name".plain.*.json -- "$work/$name".t2s.*.json
done
