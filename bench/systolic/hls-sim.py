#!/usr/bin/env python3
"""The C simulation of the Vitis HLS C++ against the native and emulated builds.

usage: bench/systolic/hls-sim.py [--rounds N] [--quick] [--build DIR]

For every bundled example (examples/*.cpp) at the sizes of
bench/systolic/emulation.py, builds the native systolic program (t2s-clang
-O2), the emulated one (--emulate: the OpenCL kernels as fibers) and the C
simulation of the HLS C++ (--hls-sim: processes one after another, tasks as
threads, unbounded streams), checks that all three print the same thing, then
runs them in rounds: native, emulated, C simulation, native again (the noise
floor), the order reversed every other round. Prints the median wall time of
each (whole programs: the design and its check) and the ratios to the native
build. Then the time of `t2s-clang --hls-sim -O2 -v` of examples/gemm.cpp
(median of the rounds) and its steps.

--quick: one round, and gemm only (a check that the script works, not a
measurement).
"""
import argparse
import importlib.util
import os
import re
import statistics
import tempfile
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("emulation", os.path.join(HERE, "emulation.py"))
emulation = importlib.util.module_from_spec(spec)
spec.loader.exec_module(emulation)
ROOT, SIZES, run, timed = emulation.ROOT, emulation.SIZES, emulation.run, emulation.timed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--build", default=os.environ.get("T2S_BUILD", os.path.join(ROOT, "build")))
    args = ap.parse_args()
    rounds = 1 if args.quick else args.rounds
    t2s = os.path.join(args.build, "bin", "t2s-clang")
    work = tempfile.mkdtemp()
    os.environ["T2S_CACHE_DIR"] = os.path.join(work, "cache")

    examples = sorted(f[:-4] for f in os.listdir(os.path.join(ROOT, "examples"))
                      if f.endswith(".cpp"))
    if args.quick:
        examples = ["gemm"]
    variants = ("nat", "emu", "hls", "nat2")
    print(f"The HLS C simulation against the native and emulated builds: whole programs, "
          f"median of {rounds} round(s), this machine ({os.cpu_count()} cores)")
    print()
    print("| example | size | native (ms) | emulated (ms) | HLS C sim (ms) | emulated/native "
          "| HLS C sim/native | native/native (noise) |")
    print("|---|---|---|---|---|---|---|---|")
    for ex in examples:
        src = os.path.join(ROOT, "examples", ex + ".cpp")
        exe = {v: os.path.join(work, f"{ex}.{v}") for v in ("nat", "emu", "hls")}
        exe["nat2"] = exe["nat"]
        run([t2s, "-O2", src, "-o", exe["nat"]])
        run([t2s, "--emulate", "-O2", src, "-o", exe["emu"]])
        run([t2s, "--hls-sim", "-O2", src, "-o", exe["hls"]])
        for size in SIZES.get(ex, [[]])[: 1 if args.quick else None]:
            want = run([exe["nat"]] + size).stdout
            for v in ("emu", "hls"):
                got = run([exe[v]] + size).stdout
                if got != want:
                    sys.exit(f"{ex} {' '.join(size)}: the {v} build prints something else:\n"
                             f"{got}\nnative:\n{want}")
            times = {v: [] for v in variants}
            for r in range(rounds):
                for v in variants if r % 2 == 0 else reversed(variants):
                    t, _ = timed([exe[v]] + size)
                    times[v].append(t)
            n, e, h, n2 = (statistics.median(times[v]) for v in variants)
            label = "x".join(size) if size else "built in"
            print(f"| {ex} | {label} | {n * 1e3:.1f} | {e * 1e3:.1f} | {h * 1e3:.1f} | "
                  f"{e / n:.2f} | {h / n:.2f} | {n2 / n:.2f} |")

    print()
    src, out = os.path.join(ROOT, "examples", "gemm.cpp"), os.path.join(work, "gemm.hls")
    total, steps = [], {}
    for _ in range(1 if args.quick else max(rounds, 3)):
        start = time.perf_counter()
        res = run([t2s, "--hls-sim", "-O2", "-v", src, "-o", out])
        total.append(time.perf_counter() - start)
        for m in re.finditer(r"t2s-clang: (.*?): ([0-9.]+) s", res.stderr):
            steps.setdefault(m.group(1), []).append(float(m.group(2)))
    parts = ", ".join(f"{name} {statistics.median(v):.2f} s" for name, v in steps.items())
    print(f"t2s-clang --hls-sim -O2 examples/gemm.cpp, median of {len(total)}: "
          f"{statistics.median(total):.2f} s ({parts})")


if __name__ == "__main__":
    main()
