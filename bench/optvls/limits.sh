#!/usr/bin/env bash
# The limit of vector code on gathers of f64 records (bench/optvls/limits.c):
#   bench/optvls/limits.sh [processes [rounds]]
# Builds limits.c with clang-19 -O2 -march=native, runs it in several
# processes for tables of 16 KiB (L1), 256 KiB (L2), 8 MiB (L3) and 128 MiB
# (DRAM) with random indices, and prints per kernel and variant the median time per
# element and the median of scalar / variant (> 1: faster than the scalar
# loop). 'floor' is an unchanged copy of the scalar loop: its ratio is the
# noise. Needs a CPU with AVX-512F (the AVX-512 variants).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
procs="${1:-5}" rounds="${2:-9}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
clang-19 -O2 -march=native -w "$root/bench/optvls/limits.c" -o "$work/limits"
for kib in 16 256 8192 131072; do
  for p in $(seq "$procs"); do
    "$work/limits" "$kib" "$rounds" | sed "s/^/$kib /"
  done
done > "$work/all"
python3 - "$work/all" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(lambda: ([], []))
for line in open(sys.argv[1]):
    kib, kernel, variant, ns, ratio = line.split()
    rows[(int(kib), kernel, variant)][0].append(float(ns))
    rows[(int(kib), kernel, variant)][1].append(float(ratio))
level = {16: "L1", 256: "L2", 8192: "L3", 131072: "DRAM"}
print(f"{'kernel':<8} {'table':<6} {'variant':<12} {'ns/elem':>8} {'scalar/variant':>15}")
for (kib, kernel, variant), (ns, ratio) in sorted(rows.items(), key=lambda x: (x[0][1], x[0][0])):
    print(f"{kernel:<8} {level[kib]:<6} {variant:<12} {statistics.median(ns):>8.3f} {statistics.median(ratio):>15.2f}")
PY
