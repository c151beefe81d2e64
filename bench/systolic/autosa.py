#!/usr/bin/env python3
"""The model against AutoSA's published designs on an Alveo U250, side by side.

Each of AutoSA's large designs (UCLA-VAST/AutoSA docs/examples, measured on a
U250 with Vitis 2019.2) is written in T2S under test/lit/estimates/; this
prints, for each, AutoSA's measured throughput and DSPs at its clock and what
`t2s-clang --report=json --device=u250` expects of the T2S design at the same
clock and sizes: the array's peak, the expected throughput over a run, the
bottleneck, and the DSP48E2 slices, with the ratios to AutoSA's. A design
AutoSA published that has no T2S version yet is listed as such.

  bench/systolic/autosa.py [--t2s-clang build/bin/t2s-clang]
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# name, AutoSA's figure (GFLOPS or GOPS) and DSPs as published, its clock,
# the T2S design and the sizes of AutoSA's run.
DESIGNS = [
    ("SGEMM 4160x4096x4096 (autosa_tests/large/mm)", 938.7, None, 300,
     "autosa-mm-u250.cpp", ["--size=I=16", "--size=J=16", "--size=K=8"]),
    ("int16 GEMM 1024^3 (docs/examples/mm_int16_large.rst)", 3435.0, 8192, 261,
     "autosa-mm-int16-u250.cpp", ["--size=I=4", "--size=J=4", "--size=K=32"]),
    ("CNN layer O=I=512, R=C=56, 3x3 (docs/examples/cnn_large.rst)", 932.7, 8960, 265,
     "autosa-cnn-u250.cpp", ["--size=O0=2", "--size=C0=4", "--size=I0=8"]),
]


def report(t2s, source, fmax, sizes):
    out = subprocess.run([t2s, "--report=json", "--device=u250", "--fmax=%d" % fmax,
                          "-Wno-t2s-initiation-interval"] + sizes + [source],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["designs"][0]["estimate"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--t2s-clang", default=os.path.join(ROOT, "build", "bin", "t2s-clang"))
    args = ap.parse_args()
    print("| design | MHz | AutoSA | model peak | model expected | expected / AutoSA "
          "| bound | AutoSA DSPs | model DSPs | SLRs | HLS array |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, published, dsps, fmax, source, sizes in DESIGNS:
        if source is None:
            print("| %s | %d | %.1f | (not written in T2S yet) | | | | %s | | | |"
                  % (name, fmax, published, "{:,}".format(dsps) if dsps else "-"))
            continue
        e = report(args.t2s_clang, os.path.join(ROOT, "test", "lit", "estimates", source),
                   fmax, sizes)
        # Floating-point designs give GFLOPS; integer ones their operations
        # per run (the peak: those of the array's steps at one per clock).
        if e.get("flops_per_run"):
            peak, expected = e["peak_gflops"], e["expected_gflops"]
        else:
            array = [k for k in e["kernels"]
                     if "_load_" not in k["kernel"] and "_drain_" not in k["kernel"]]
            peak = e["int_ops_per_run"] / array[0]["steps"] * fmax / 1000 if array else 0
            expected = e.get("gops") or 0
        # The array as Vitis HLS C++: one process per PE row, or one.
        rows = e.get("hls_row_processes") or 0
        array = "%d row processes" % rows if rows else "one process"
        print("| %s | %d | %.1f | %.1f | %.1f | %.3f | %s | %s | %s | %d | %s |"
              % (name, fmax, published, peak, expected, expected / published, e.get("bound") or "-",
                 "{:,}".format(dsps) if dsps else "-", "{:,}".format(int(e["dsp_blocks"])),
                 e.get("slrs_spanned") or 1, array))
    return 0


if __name__ == "__main__":
    sys.exit(main())
