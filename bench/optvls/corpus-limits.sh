#!/usr/bin/env bash
# What would the corpus programs gain if the user allowed more?
#   bench/optvls/corpus-limits.sh [processes [rounds [kernel-prefix]]]
# The corpus (corpus/corpus.c) is built as bench/optvls/run.sh builds it -
# plain clang-19 -O3 at -march=native and x86-64-v3, scalar, and the T2S
# plugin at -march=native - and three times more, as if the user allowed:
#   ordered: -mllvm -force-ordered-reductions (plain and plugin), the loop
#     vectorizer's in-order FP reductions: the one vector form of a loop
#     with an FP reduction that keeps its results bit for bit, which x86
#     leaves off;
#   noerrno: -fno-math-errno on every build, so that sqrt is no longer a
#     library call that may set errno (it then computes the same bits);
#   reassoc: -fassociative-math -fno-signed-zeros -fno-trapping-math on
#     every build, so that FP sums may be reordered: the builds of this
#     family compute other bits than plain -march=native, and the plugin
#     build must compute exactly those of its plain build.
# All builds are linked into one program (corpus/corpus_driver.c), which
# checks every output bit for bit against its reference build and times
# the builds alternately on the same buffers. Per program the table gives,
# as run.sh does, the median over all rounds of all processes of the ratio
# of the fastest plain build's time to the plugin's in the same round
# (> 1: the plugin is faster), for the default flags and for each
# permission. Needs a built tree (T2S_BUILD, default build/). Default run:
# about 3 minutes.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

ordered=(-mllvm -force-ordered-reductions)
reassoc=(-fassociative-math -fno-signed-zeros -fno-trapping-math)
list=""
compile() { # name, reference build, flags...
  local name="$1" ref="$2"; shift 2
  "$clang" -O3 "$@" -DVARIANT="$name" -c "$here/corpus/corpus.c" -o "$work/$name.o"
  list="$list X($name, $ref)"
}
# A plugin build right after the plain build it is compared with.
compile plain_native plain_native -march=native
compile optvls_native plain_native -march=native -fpass-plugin="$plugin"
compile scalar plain_native -march=native -fno-vectorize -fno-slp-vectorize
compile plain_v3 plain_native -march=x86-64-v3
compile plain_ordered plain_native -march=native "${ordered[@]}"
compile optvls_ordered plain_native -march=native "${ordered[@]}" -fpass-plugin="$plugin"
compile plain_noerrno plain_native -march=native -fno-math-errno
compile optvls_noerrno plain_native -march=native -fno-math-errno -fpass-plugin="$plugin"
compile scalar_noerrno plain_native -march=native -fno-math-errno -fno-vectorize -fno-slp-vectorize
compile plain_v3_noerrno plain_native -march=x86-64-v3 -fno-math-errno
compile plain_reassoc plain_reassoc -march=native "${reassoc[@]}"
compile optvls_reassoc plain_reassoc -march=native "${reassoc[@]}" -fpass-plugin="$plugin"
compile scalar_reassoc scalar_reassoc -march=native "${reassoc[@]}" -fno-vectorize -fno-slp-vectorize
compile plain_v3_reassoc plain_v3_reassoc -march=x86-64-v3 "${reassoc[@]}"
"$clang" -O2 "-DCORPUS_BUILDS(X)=$list" "$here/corpus/corpus_driver.c" "$work"/*.o -lm \
  -o "$work/limits"

for p in $(seq "$procs"); do
  "$work/limits" "$rounds" "$only" > "$work/times.$p"
done

python3 - "$work" "$procs" <<'PY'
import collections, statistics, sys
work, procs = sys.argv[1], int(sys.argv[2])
t = collections.defaultdict(list)  # (kernel, build): per process, per round
kernels = []
for p in range(1, procs + 1):
    for line in open(f"{work}/times.{p}"):
        k, _, _, b, ms = line.rstrip("\n").split("\t")
        t[(k, b)].append([float(x) for x in ms.split(",")])
        if k not in kernels:
            kernels.append(k)
def median(k, b):
    return statistics.median(x for r in t[(k, b)] for x in r)
def ratio(k, a, b):
    return statistics.median(x / y for ra, rb in zip(t[(k, a)], t[(k, b)]) for x, y in zip(ra, rb))
def best(k, plains, plugin):
    fastest = min(plains, key=lambda b: median(k, b))
    return f"{ratio(k, fastest, plugin):.2f} ({fastest})"
default = ["plain_native", "scalar", "plain_v3"]
print(f"Fastest plain build / plugin -march=native, median over all rounds of {procs} processes"
      " (> 1: the plugin is faster); ms: the plugin's time per call.")
print()
print("| program | default | ms | ordered reductions | ms | -fno-math-errno | ms | reassociation | ms |")
print("|---|---|---|---|---|---|---|---|---|")
for k in kernels:
    print(f"| {k} | {best(k, default, 'optvls_native')} | {median(k, 'optvls_native'):.2f} |"
          f" {best(k, default + ['plain_ordered'], 'optvls_ordered')} | {median(k, 'optvls_ordered'):.2f} |"
          f" {best(k, ['plain_noerrno', 'scalar_noerrno', 'plain_v3_noerrno'], 'optvls_noerrno')} |"
          f" {median(k, 'optvls_noerrno'):.2f} |"
          f" {best(k, ['plain_reassoc', 'scalar_reassoc', 'plain_v3_reassoc'], 'optvls_reassoc')} |"
          f" {median(k, 'optvls_reassoc'):.2f} |")
PY
