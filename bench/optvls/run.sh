#!/usr/bin/env bash
# The OptVLS ratio table: bench/optvls/run.sh [processes [rounds [kernel-prefix]]]
# Compiles bench/optvls/shapes.c and the corpus (corpus/corpus.c: loops after
# public gather-heavy codes) five times - plain clang-19 -O3 at -march=native
# and -march=x86-64-v3, scalar (-march=native -fno-vectorize
# -fno-slp-vectorize), and with the T2S plugin at -march=native and
# x86-64-v3 - and links each with its driver (driver.c, with the hand-written
# AVX2 shapes of hand.c; corpus/corpus_driver.c) into one program, which
# checks every build's output bit for bit against plain -march=native and
# times the builds alternately on the same buffers. The programs run
# `processes` times (default 5); the tables show, per kernel (and table size
# and index order), the ratio of two builds' times in the same round (they
# run one after the other), median over all rounds of all processes (> 1:
# the plugin is faster), how many groups OptVLS rewrote in the kernel and the
# gain its remarks predicted (from the optimization records).
# With T2S_OPTVLS_MEASURED=FILE it also writes the measured gains per target
# CPU and group shape to FILE (llvm-passes/OptVLS/optvls-measured.json is
# that file, which the plugin embeds and quotes in its remarks).
# Needs a built tree (T2S_BUILD, default build/). Default run: about 5 minutes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

compile() { # name, flags...: shapes.c and corpus/corpus.c as one build
  local name="$1"; shift
  "$clang" -O3 "$@" -DVARIANT="$name" -c "$here/shapes.c" -o "$work/$name.o"
  "$clang" -O3 "${@/%.yaml/-corpus.yaml}" -DVARIANT="$name" -c "$here/corpus/corpus.c" -o "$work/corpus/$name.o"
}
mkdir -p "$work/corpus"
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
"$clang" -O2 "$here/corpus/corpus_driver.c" "$work"/corpus/*.o -lm -o "$work/corpus/ratio"

for p in $(seq "$procs"); do
  "$work/ratio" "$rounds" "$only" > "$work/times.$p"
  "$work/corpus/ratio" "$rounds" "$only" >> "$work/times.$p"
done

# The CPU -march=native stands for (the measured table's key).
native_cpu=$("$clang" -march=native -### -c -x c /dev/null 2>&1 |
  sed -n 's/.*"-target-cpu" "\([^"]*\)".*/\1/p' | head -1)

python3 - "$work" "$procs" "${T2S_OPTVLS_MEASURED:-}" "$native_cpu" <<'PY'
import collections, datetime, json, platform, re, statistics, sys
work, procs, measured_file, native_cpu = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
# t[(kernel, table, order, build)]: per process, the time of every round.
t = collections.defaultdict(list)
kernels = []
for p in range(1, procs + 1):
    for line in open(f"{work}/times.{p}"):
        k, tab, order, b, ns = line.rstrip("\n").split("\t")
        t[(k, tab, order, b)].append([float(x) for x in ns.split(",")])
        if k not in kernels:
            kernels.append(k)
def ratio(key, a, b):
    """Median over all rounds of all processes of a's time / b's time in the
    same round (the two ran one after the other)."""
    A, B = t.get(key + (a,)), t.get(key + (b,))
    if not A or not B:
        return None
    return statistics.median(x / y for ra, rb in zip(A, B) for x, y in zip(ra, rb))
def median(key, b):
    return statistics.median(x for r in t[key + (b,)] for x in r)
# Groups rewritten per kernel and -march, and the gains the remarks
# predicted (refused groups in parentheses), from the optimization records;
# the vector widths t2s-optvls-hints gave the kernel's loop.
rewrites, predicted, hints = {}, {}, {}
shapes = collections.defaultdict(list)  # (kernel, march): the groups rewritten
for m in ["native", "v3"]:
    records = open(f"{work}/optvls_{m}.yaml").read() + open(f"{work}/optvls_{m}-corpus.yaml").read()
    for doc in records.split("\n---"):
        f = re.search(r"Function:\s+(\S+)", doc)
        gain = re.search(r"predicted ([0-9.]+)x", doc)
        if not f or not gain:
            continue
        k = f.group(1)[: -len(f"_optvls_{m}")]
        done = "!Passed" in doc
        if re.search(r"^Pass:\s+t2s-optvls-hints\s*$", doc, re.M):
            width = re.search(r"set vectorization width (\d+)", doc)
            if done and width:
                hints[(k, m)] = width.group(1)
            continue
        if done:
            rewrites[(k, m)] = rewrites.get((k, m), 0) + 1
            shape = re.search(r"replaced (\d+ (?:scalarized )?(?:gathers|scatters) of <[^>]+>)", doc)
            if shape:
                shapes[(k, m)].append(shape.group(1))
        if m == "native":
            predicted.setdefault(k, []).append(gain.group(1) if done else f"({gain.group(1)})")
print(f"Ratios of times (> 1: the plugin is faster): per round, the two builds"
      f" ran one after the other; median over all rounds of {procs} processes.")
print("native: plain -march=native / plugin -march=native; best: fastest plain"
      " build (native, x86-64-v3, scalar) / plugin native; v3: plain x86-64-v3 /"
      " plugin x86-64-v3; hand: hand-written AVX2 / plugin native;"
      " rw: groups rewritten at native/v3; pred: the gain the remarks predicted"
      " at native (refused groups in parentheses); hint: the width"
      " t2s-optvls-hints set at native/v3 (- for none).")
print()
print("| kernel | table | indices | rw | hint | pred | plugin ns/elem | native | best (which) | v3 | hand |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
def hint(k):
    return f"{hints.get((k, 'native'), '-')}/{hints.get((k, 'v3'), '-')}"
short = {"plain_native": "native", "plain_v3": "v3", "scalar": "scalar"}
corpus = [k for k in kernels if (k, "corpus", "-", "optvls_native") in t]
for k in kernels:
    if k in corpus:
        continue
    for tab in ["L1", "L2", "L3", "DRAM"]:
        for o in ["random", "sorted"]:
            key = (k, tab, o)
            if key + ("optvls_native",) not in t:
                continue
            best = min(short, key=lambda b: median(key, b))
            hand = ratio(key, "hand", "optvls_native")
            rw = f"{rewrites.get((k, 'native'), 0)}/{rewrites.get((k, 'v3'), 0)}"
            pred = " ".join(predicted.get(k, []))
            print(f"| {k} | {tab} | {o} | {rw} | {hint(k)} | {pred} | {median(key, 'optvls_native'):.2f} |"
                  f" {ratio(key, 'plain_native', 'optvls_native'):.2f} |"
                  f" {ratio(key, best, 'optvls_native'):.2f} ({short[best]}) |"
                  f" {ratio(key, 'plain_v3', 'optvls_v3'):.2f} |"
                  f" {'' if hand is None else f'{hand:.2f}'} |")
if corpus:
    print()
    print("The corpus (bench/optvls/corpus/corpus.c), same ratios; plugin: ms per call.")
    print()
    print("| kernel | rw | hint | pred | plugin ms | native | best (which) | v3 |")
    print("|---|---|---|---|---|---|---|---|")
for k in corpus:
    key = (k, "corpus", "-")
    best = min(short, key=lambda b: median(key, b))
    rw = f"{rewrites.get((k, 'native'), 0)}/{rewrites.get((k, 'v3'), 0)}"
    pred = " ".join(predicted.get(k, []))
    print(f"| {k} | {rw} | {hint(k)} | {pred} | {median(key, 'optvls_native'):.2f} |"
          f" {ratio(key, 'plain_native', 'optvls_native'):.2f} |"
          f" {ratio(key, best, 'optvls_native'):.2f} ({short[best]}) |"
          f" {ratio(key, 'plain_v3', 'optvls_v3'):.2f} |")
# T2S_OPTVLS_MEASURED=FILE: the measured gains per target CPU and group
# shape (llvm-passes/OptVLS/optvls-measured.json, which the plugin embeds
# for its remarks), from the kernels whose rewritten groups all have one
# shape: plain / plugin at the same -march, every case the bench ran.
if measured_file:
    gains = collections.defaultdict(lambda: {"kernels": set(), "ratios": []})
    for m, plain, cpu in [("native", "plain_native", native_cpu), ("v3", "plain_v3", "x86-64-v3")]:
        for k in kernels:
            if len(set(shapes.get((k, m), []))) != 1:
                continue
            g = gains[(cpu, shapes[(k, m)][0])]
            for key in {x[:3] for x in t if x[0] == k}:
                r = ratio(key, plain, f"optvls_{m}")
                if r is not None:
                    g["kernels"].add(k)
                    g["ratios"].append(r)
    table = {
        "about": "Gains of OptVLS rewrites measured by bench/optvls/run.sh: per target CPU and group shape, the range over the bench's cases of the plain build's time over the plugin build's (> 1: the rewrite is faster). Written by T2S_OPTVLS_MEASURED=FILE bench/optvls/run.sh; t2s-optvls adds the range to the remarks of rewrites of the same shape for the same CPU.",
        "machine": f"{platform.processor() or platform.machine()} ({native_cpu}), bench/optvls/run.sh {procs} processes, {datetime.date.today()}",
        "gains": [{"cpu": cpu, "shape": shape, "kernels": sorted(g["kernels"]),
                   "min": round(min(g["ratios"]), 3), "max": round(max(g["ratios"]), 3),
                   "cases": len(g["ratios"])}
                  for (cpu, shape), g in sorted(gains.items()) if g["ratios"]],
    }
    with open(measured_file, "w") as f:
        json.dump(table, f, indent=2)
        f.write("\n")
    print(f"\nwrote the measured gains of {len(table['gains'])} shapes to {measured_file}")
PY
