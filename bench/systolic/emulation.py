#!/usr/bin/env python3
"""Emulated kernels against the native systolic build, and --emulate build times.

usage: bench/systolic/emulation.py [--rounds N] [--quick] [--build DIR]

For every bundled example (examples/*.cpp) at the sizes below, builds the
native systolic program (t2s-clang -O2) and the emulated one (t2s-clang
--emulate -O2: the emitted OpenCL kernels run as fibers), checks that both
print the same thing, then runs them in rounds: each round runs the native
build, the emulated build and the native build again (the noise floor: the
same program twice), the order reversed every other round. Prints the median
wall time of each and the ratios emulated/native and native/native.

Then the time of `t2s-clang --emulate -O2 -v` of examples/gemm.cpp (median
of the rounds) and what -v says each step cost: with an empty cache (the
emulation header precompiled on the way), with the header precompiled (the
kernels and stubs compiled), and a build whose designs did not change (their
objects from the cache). The script's t2s-clang builds use a cache of their
own (T2S_CACHE_DIR in its temporary directory).

--quick: one round, and t2sp_gemm at 512^3 only (a check that the script
works, not a measurement). --builds: the build times only.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Each example at the sizes the table reports: its largest documented size
# (the fixed-size examples have one).
SIZES = {
    "t2sp_gemm": [["512", "512", "512"], ["1024", "1024", "1024"]],
    "t2sp_conv": [["4", "48", "32", "32"]],
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def timed(cmd):
    start = time.perf_counter()
    out = run(cmd).stdout
    return time.perf_counter() - start, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--builds", action="store_true")
    ap.add_argument("--build", default=os.environ.get("T2S_BUILD", os.path.join(ROOT, "build")))
    args = ap.parse_args()
    rounds = 1 if args.quick else args.rounds
    t2s = os.path.join(args.build, "bin", "t2s-clang")
    work = tempfile.mkdtemp()
    cache = os.path.join(work, "cache")
    os.environ["T2S_CACHE_DIR"] = cache

    examples = sorted(f[:-4] for f in os.listdir(os.path.join(ROOT, "examples"))
                      if f.endswith(".cpp"))
    if args.quick:
        examples = ["t2sp_gemm"]
    if args.builds:
        examples = []
    cases = []
    for ex in examples:
        src = os.path.join(ROOT, "examples", ex + ".cpp")
        nat, emu = os.path.join(work, ex + ".native"), os.path.join(work, ex + ".emu")
        run([t2s, "-O2", src, "-o", nat])
        run([t2s, "--emulate", "-O2", src, "-o", emu])
        sizes = SIZES.get(ex, [[]])
        if args.quick:
            sizes = sizes[:1]
        for size in sizes:
            cases.append((ex, size, nat, emu))

    if args.builds:
        cases = []
    print(f"Emulated kernels against the native systolic build: whole programs "
          f"(the design and its check), median of {rounds} round(s), this machine "
          f"({os.cpu_count()} cores)")
    print()
    print("| example | size | native (ms) | emulated (ms) | emulated/native | native/native (noise) |")
    print("|---|---|---|---|---|---|")
    worst = 0.0
    for ex, size, nat, emu in cases:
        want = run([nat] + size).stdout
        got = run([emu] + size).stdout
        if got != want:
            sys.exit(f"{ex} {' '.join(size)}: the emulated build prints something else:\n"
                     f"{got}\nnative:\n{want}")
        times = {"nat": [], "emu": [], "nat2": []}
        for r in range(rounds):
            order = ["nat", "emu", "nat2"] if r % 2 == 0 else ["nat2", "emu", "nat"]
            for v in order:
                t, _ = timed([emu if v == "emu" else nat] + size)
                times[v].append(t)
        n, e, n2 = (statistics.median(times[v]) for v in ("nat", "emu", "nat2"))
        worst = max(worst, e / n) if ex != "t2sp_gemm" else worst
        label = "x".join(size) if size else "built in"
        print(f"| {ex} | {label} | {n * 1e3:.1f} | {e * 1e3:.1f} | {e / n:.2f} | {n2 / n:.2f} |")
    print()
    print(f"largest emulated/native among the other examples: {worst:.2f}")

    # The design call alone: bench/systolic's programs time it themselves
    # ("seconds S" in their output).
    print()
    print(f"The design call alone (bench/systolic/, the time each program prints), "
          f"median of {rounds} round(s):")
    print()
    print("| program | size | native (ms) | emulated (ms) | emulated/native | native/native (noise) |")
    print("|---|---|---|---|---|---|")
    alone = [("gemm", [], ["256x256x256"]), ("conv2d", [], ["128x128, 5x5 kernel"]),
             ("gemm-tiled", ["512", "512", "512"], None),
             ("gemm-tiled", ["1024", "1024", "1024"], None)]
    if args.quick:
        alone = alone[:1]
    if args.builds:
        alone = []
    built = {}
    for prog, size, label in alone:
        if prog not in built:
            src = os.path.join(ROOT, "bench", "systolic", prog + ".cpp")
            nat, emu = os.path.join(work, prog + ".native"), os.path.join(work, prog + ".emu")
            run([t2s, "-O2", src, "-o", nat])
            run([t2s, "--emulate", "-O2", src, "-o", emu])
            built[prog] = (nat, emu)
        nat, emu = built[prog]
        design = lambda exe: run([exe] + size).stdout
        want, got = design(nat), design(emu)
        strip = lambda out: re.sub(r"seconds [0-9.]+", "", out)
        if strip(got) != strip(want):
            sys.exit(f"{prog}: the emulated build prints something else:\n{got}\nnative:\n{want}")
        times = {"nat": [], "emu": [], "nat2": []}
        for r in range(rounds):
            order = ["nat", "emu", "nat2"] if r % 2 == 0 else ["nat2", "emu", "nat"]
            for v in order:
                out = design(emu if v == "emu" else nat)
                times[v].append(float(re.search(r"seconds ([0-9.]+)", out).group(1)) * 1e3)
        n, e, n2 = (statistics.median(times[v]) for v in ("nat", "emu", "nat2"))
        label = label[0] if label else "x".join(size)
        print(f"| {prog} | {label} | {n:.1f} | {e:.1f} | {e / n:.2f} | {n2 / n:.2f} |")

    print()
    src = os.path.join(ROOT, "examples", "gemm.cpp")
    out = os.path.join(work, "gemm.emu")

    def build():
        start = time.perf_counter()
        res = run([t2s, "--emulate", "-O2", "-v", src, "-o", out])
        steps = {m.group(1): float(m.group(2))
                 for m in re.finditer(r"t2s-clang: (.*?): ([0-9.]+) s", res.stderr)}
        return time.perf_counter() - start, steps

    def forget(suffixes):
        for f in os.listdir(cache) if os.path.isdir(cache) else []:
            if f.endswith(suffixes):
                os.remove(os.path.join(cache, f))

    n = 1 if args.quick else max(rounds, 3)
    kinds = [("an empty cache", (".pch", ".o")), ("the header precompiled", (".o",)),
             ("the designs unchanged", ())]
    times = {k: [] for k, _ in kinds}
    steps = {k: {} for k, _ in kinds}
    for _ in range(n):
        for kind, drop in kinds:
            forget(drop)
            t, st = build()
            times[kind].append(t)
            for name, v in st.items():
                steps[kind].setdefault(re.sub(r" \(once, into .*\)", "", name), []).append(v)
    print(f"t2s-clang --emulate -O2 examples/gemm.cpp, median of {n}, and its steps by -v:")
    for kind, _ in kinds:
        parts = ", ".join(f"{name} {statistics.median(v):.2f} s"
                          for name, v in steps[kind].items())
        print(f"  with {kind}: {statistics.median(times[kind]):.2f} s ({parts})")


if __name__ == "__main__":
    main()
