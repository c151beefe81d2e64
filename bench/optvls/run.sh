#!/usr/bin/env bash
# The OptVLS ratio table: bench/optvls/run.sh [processes [rounds [kernel-prefix]]]
# Compiles bench/optvls/shapes.c five times - plain clang-19 -O3 at
# -march=native and -march=x86-64-v3, scalar (-march=native -fno-vectorize
# -fno-slp-vectorize), and with the T2S plugin at -march=native and
# x86-64-v3 - links them with the hand-written AVX2 shapes (hand.c) into one
# program (driver.c), which checks every build's output bit for bit against
# plain -march=native and times them alternately on the same buffers. The
# program runs `processes` times (default 5); the table shows, per kernel,
# table size and index order, the median over processes of each build's
# median time, as ratios (> 1: the plugin is faster), and how many groups
# OptVLS rewrote in the kernel (from the optimization records).
# Needs a built tree (T2S_BUILD, default build/). Default run: about 3 minutes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${T2S_BUILD:-$root/build}"
plugin="$build/lib/libT2S.so"
clang="${CLANG:-clang-19}"
procs="${1:-5}" rounds="${2:-7}" only="${3:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -f "$plugin" ] || { echo "run.sh: no $plugin (build the tree first)" >&2; exit 1; }

compile() { # name, flags...
  local name="$1"; shift
  "$clang" -O3 "$@" -DVARIANT="$name" -c "$here/shapes.c" -o "$work/$name.o"
}
compile plain_native -march=native
compile plain_v3 -march=x86-64-v3
compile scalar -march=native -fno-vectorize -fno-slp-vectorize
for m in native v3; do
  march=$m; [ $m = v3 ] && march=x86-64-v3
  compile optvls_$m -march=$march -fpass-plugin="$plugin" \
    -fsave-optimization-record -foptimization-record-passes=t2s-optvls \
    -foptimization-record-file="$work/optvls_$m.yaml"
done
"$clang" -O3 -c "$here/hand.c" -o "$work/hand.o"
"$clang" -O2 "$here/driver.c" "$work"/*.o -o "$work/ratio"

for p in $(seq "$procs"); do
  "$work/ratio" "$rounds" "$only" > "$work/times.$p"
done

python3 - "$work" "$procs" <<'PY'
import collections, re, statistics, sys
work, procs = sys.argv[1], int(sys.argv[2])
t = collections.defaultdict(list)
for p in range(1, procs + 1):
    for line in open(f"{work}/times.{p}"):
        k, tab, order, b, ns = line.split("\t")
        t[(k, tab, order, b)].append(float(ns))
med = {key: statistics.median(v) for key, v in t.items()}
# Groups rewritten per kernel and -march, from the optimization records.
rewrites = {}
for m in ["native", "v3"]:
    for doc in open(f"{work}/optvls_{m}.yaml").read().split("\n---")[0:]:
        if "!Passed" in doc and "Name:            Combined" in doc:
            f = re.search(r"Function:\s+(\S+)", doc).group(1)
            k = f[: -len(f"_optvls_{m}")]
            rewrites[(k, m)] = rewrites.get((k, m), 0) + 1
print("Ratios of times (> 1: the plugin is faster); each entry a median over"
      f" {procs} processes.")
print("native: plain -march=native / plugin -march=native; best: fastest plain"
      " build (native, x86-64-v3, scalar) / plugin native; v3: plain x86-64-v3 /"
      " plugin x86-64-v3; hand: hand-written AVX2 / plugin native;"
      " rw: groups rewritten at native/v3.")
print()
print("| kernel | table | indices | rw | plugin ns/elem | native | best (which) | v3 | hand |")
print("|---|---|---|---|---|---|---|---|---|")
keys = sorted({(k, tab, o) for (k, tab, o, b) in med},
              key=lambda x: (list(dict.fromkeys(k for (k, _, _, _) in t)).index(x[0]),
                             ["L1", "L2", "L3", "DRAM"].index(x[1]), x[2] == "sorted"))
for k, tab, o in keys:
    g = lambda b: med.get((k, tab, o, b))
    opt = g("optvls_native")
    best_b = min(["plain_native", "plain_v3", "scalar"], key=g)
    short = {"plain_native": "native", "plain_v3": "v3", "scalar": "scalar"}[best_b]
    hand = f"{g('hand') / opt:.2f}" if g("hand") else ""
    rw = f"{rewrites.get((k, 'native'), 0)}/{rewrites.get((k, 'v3'), 0)}"
    print(f"| {k} | {tab} | {o} | {rw} | {opt:.2f} | {g('plain_native') / opt:.2f} |"
          f" {g(best_b) / opt:.2f} ({short}) | {g('plain_v3') / g('optvls_v3'):.2f} | {hand} |")
PY
