#!/usr/bin/env python3
"""The clocked emulation against the static model (docs/estimates.md).

  scripts/clocked-vs-model.py [--t2s-clang PATH] [--tolerance 0.10]
                              [--program BUILT] DESIGN.cpp [ARGS...]

Builds DESIGN.cpp with 't2s-clang --emulate' (or takes the program built
already), runs it with ARGS and T2S_EMU_CLOCK=1, and for every run of its
kernels (one per stage of each call of a design) asks 't2s-clang
--report=json' for the same kernels at the run-time sizes the run printed.
Prints one line per run: the emulated cycles of the run (its last kernel to
end) against the model's (its slowest kernel), and the kernel each names.
Exits 1 if a run differs from the model by more than the tolerance, or if
the program fails.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HEADER = re.compile(r"^t2s clocked emulation, run (\d+) \((\S+), stage (\d+)(?:, sizes (\S+))?\)")
KERNEL = re.compile(r"^  kernel '([^']+)'(?: \(autorun\))?: (\d+) cycles(?:, (\d+) steps?)?")
RUN = re.compile(r"^  run: (\d+) cycles")


def parse_runs(stderr):
    runs, run = [], None
    for line in stderr.splitlines():
        m = HEADER.match(line)
        if m:
            run = {"run": int(m.group(1)), "design": m.group(2), "stage": int(m.group(3)),
                   "sizes": m.group(4) or "", "kernels": {}, "cycles": None}
            runs.append(run)
            continue
        if run is None:
            continue
        m = KERNEL.match(line)
        if m:
            run["kernels"][m.group(1)] = int(m.group(2))
            continue
        m = RUN.match(line)
        if m:
            run["cycles"] = int(m.group(1))
            run = None
    return runs


def model(t2s_clang, design, sizes, extra, cache):
    key = sizes
    if key not in cache:
        cmd = [t2s_clang, "--report=json"] + extra
        if sizes:
            cmd.append("--size=" + sizes)
        cmd.append(design)
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("clocked-vs-model: %s failed:\n%s" % (" ".join(cmd), out.stderr))
        kernels = {}
        for d in json.loads(out.stdout)["designs"]:
            for k in d.get("estimate", {}).get("kernels", []):
                kernels[k["kernel"]] = k
        cache[key] = kernels
    return cache[key]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--t2s-clang", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "build", "bin", "t2s-clang"))
    ap.add_argument("--tolerance", type=float, default=0.10)
    ap.add_argument("--program", help="the program built with --emulate already")
    ap.add_argument("--flag", action="append", default=[],
                    help="a t2s-clang flag for the build and the report (-DN=64, --device=...)")
    ap.add_argument("design")
    ap.add_argument("args", nargs="*")
    a = ap.parse_args()

    program = a.program
    with tempfile.TemporaryDirectory() as tmp:
        if not program:
            program = os.path.join(tmp, "emulated")
            subprocess.run([a.t2s_clang, "--emulate", "-O2"] + a.flag +
                           [a.design, "-o", program], check=True)
        env = dict(os.environ, T2S_EMU_CLOCK="1")
        out = subprocess.run([program] + a.args, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.exit("clocked-vs-model: the program failed:\n" + out.stderr)
    runs = parse_runs(out.stderr)
    if not runs:
        sys.exit("clocked-vs-model: the program printed no clocked run")
    cache, worst, failed = {}, 0.0, False
    report_flags = [f for f in a.flag if f.startswith("-D") or f.startswith("--device")
                    or f.startswith("--fmax")]
    for run in runs:
        static = model(a.t2s_clang, a.design, run["sizes"], report_flags, cache)
        mine = {k: static[k] for k in run["kernels"] if k in static}
        missing = [k for k in run["kernels"] if k not in static]
        if missing or not mine or any(k.get("cycles") is None for k in mine.values()):
            print("run %d (%s, stage %d): the model counts no cycles for %s" %
                  (run["run"], run["design"], run["stage"], ", ".join(missing or list(mine))))
            failed = True
            continue
        slowest = max(mine.values(), key=lambda k: k["cycles"])
        last = max(run["kernels"].items(), key=lambda kv: kv[1])
        emulated, predicted = run["cycles"], slowest["cycles"]
        ratio = emulated / predicted if predicted else float("inf")
        worst = max(worst, abs(ratio - 1))
        ok = abs(ratio - 1) <= a.tolerance
        failed |= not ok
        print("run %d (%s, stage %d%s): emulated %d cycles (%s), model %d (%s, II %d): %.3f%s" %
              (run["run"], run["design"], run["stage"],
               ", " + run["sizes"] if run["sizes"] else "", emulated, last[0], predicted,
               slowest["kernel"], slowest["ii"], ratio, "" if ok else "  <-- beyond tolerance"))
    print("worst difference: %.1f%% (tolerance %.0f%%)" % (100 * worst, 100 * a.tolerance))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
