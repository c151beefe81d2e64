#!/usr/bin/env python3
"""Prints baseline/T2S time ratios from Google Benchmark JSON files.

usage: compare.py NAME BASELINE.json... -- T2S.json...
Each benchmark's time is the minimum real time over the files given for it.
"""
import json
import sys


def best_times(paths):
    times = {}
    for path in paths:
        with open(path) as f:
            for b in json.load(f)["benchmarks"]:
                if b.get("run_type", "iteration") != "iteration":
                    continue
                t = b["real_time"]
                times[b["name"]] = min(t, times.get(b["name"], t))
    return times


def main(argv):
    name = argv[1]
    split = argv.index("--")
    base, t2s = best_times(argv[2:split]), best_times(argv[split + 1:])
    print(f"{name}: baseline (plain clang++-19) vs T2S, real time per iteration")
    print(f"  {'benchmark':<32} {'baseline':>12} {'t2s':>12} {'speedup':>8}")
    for bench in base:
        if bench not in t2s:
            continue
        ratio = base[bench] / t2s[bench]
        print(f"  {bench:<32} {base[bench]:>12.1f} {t2s[bench]:>12.1f} {ratio:>7.2f}x")


if __name__ == "__main__":
    main(sys.argv)
