#!/usr/bin/env python3
"""Generates random legal URE systems as one C++ program, for differential
testing: the program compiled with plain clang++ (the sequential reference)
and through T2S (the native systolic build) must print the same lines.

Each system: a perfect nest of 1-3 loops with small constant extents, 1-3 URE
arrays whose statements read earlier arrays at distance >= 0 (0 only for
arrays already written in the iteration), themselves and later arrays at
non-zero distances, inputs at affine subscripts, behind a boundary test that
keeps every read in range and gives each URE its initial value; outputs are
extended UREs under conditions on the loops they lack. The directives are a
random space_time: default schedule or a schedule vector with positive
coefficients (so T.d > 0 holds), check_time, and a double projection. With
--drainers, half of the scheduled systems also write their output through a
drainer kernel (drainer(out)), for the emulated OpenCL build, and those with
one output and a space loop of several PEs under the default schedule gather
it along that loop (a 'down' gather at times with its PEs writing one
element). With --chains, every system has one output, the default
schedule and a drainer, so most of them gather. With --vectorize, most systems
with default schedules vectorize one of their loops (a time loop, or a space
loop, then the one a gather chains along).

usage: gen_ures.py --seed S --count N [--drainers] [--chains] [--vectorize]
"""
import argparse
import random

NAMES = ["k", "j", "i"]


def gen_system(rng, idx, drainers=False, chains=False, vectorize=False):
    depth = rng.randint(1, 3)
    loops = NAMES[3 - depth:]
    ext = [rng.randint(1, 5) for _ in loops]
    narr = rng.randint(1, 3)
    if chains:
        narr = 1
    arrays = ["U%d" % a for a in range(narr)]
    lines = []
    dims = "".join("[%d]" % e for e in ext)
    # Unsigned arithmetic: wrap-around is defined, so no optimization can
    # change a result.
    sig = "void sys%d(const unsigned *in, unsigned long long *out)" % idx
    lines.append(sig + " {")
    for a in arrays:
        lines.append("  static unsigned %s%s;" % (a, dims))
    # Outputs: one cell per combination of the loops an output keeps.
    directives = ["ure"]
    if depth >= 2 and rng.random() < 0.85:
        nspace = rng.randint(1, depth - 1)
        space = loops[depth - nspace:]
        if rng.random() < 0.5 and not chains:
            coeffs = [rng.randint(1, 3) for _ in space]
            st = "space_time(%s) schedule(%s)" % (
                ", ".join(space), ", ".join(map(str, coeffs)))
            if rng.random() < 0.4:
                st += " check_time"
            directives.append(st)
            if nspace >= 2 and rng.random() < 0.5:
                rest = space[1:]
                c2 = [rng.randint(1, 3) for _ in rest]
                directives.append("space_time(%s) schedule(%s)" % (
                    ", ".join(rest), ", ".join(map(str, c2))))
        else:
            directives.append("space_time(%s)" % ", ".join(space))
        if (drainers and rng.random() < 0.5) or chains:
            directives.append("drainer(out)")
            # A chain of PEs to the drainer where the rules allow one: one
            # output statement, a space loop of more than one PE whose
            # schedule coefficient is 0 (the default schedule). Drawn from
            # a separate generator so the systems stay those of each seed.
            crng = random.Random(idx * 7919 + 17)
            final = [l for l in (directives[-2].split("(")[1].split(")")[0].split(", "))]
            chainable = [l for l in final if ext[loops.index(l)] >= 2]
            if (narr == 1 and "schedule" not in directives[-2] and chainable
                    and crng.random() < 0.8):
                directives.append("gather(out, %s, %s)" % (
                    crng.choice(chainable), crng.choice(["up", "down"])))
    # vectorize(k): a loop that is no space loop and that no schedule skews
    # (any time loop of a default schedule), drawn from its own generator.
    scheduled = [d for d in directives if d.startswith("space_time")]
    if vectorize and scheduled and all("schedule" not in d for d in scheduled):
        vrng = random.Random(idx * 104729 + 5)
        space = scheduled[-1].split("(")[1].split(")")[0].split(", ")
        time = [l for l in loops if l not in space and ext[loops.index(l)] >= 2]
        # A space loop too (its PEs' values travel as one vector): the one a
        # gather chains along, or any when there is no gather.
        gathers = [d.split(", ")[1] for d in directives if d.startswith("gather(")]
        wide = [l for l in space if ext[loops.index(l)] >= 2 and
                (not gathers or l in gathers)]
        if (time or wide) and vrng.random() < 0.8:
            directives.append("vectorize(%s)" % vrng.choice(time + wide))
    for d in directives:
        lines.append("  #pragma t2s " + d)
    indent = "  "
    for l, e in zip(loops, ext):
        lines.append("%sfor (int %s = 0; %s < %d; ++%s)" % (indent, l, l, e, l))
        indent += "  "
    lines.append(indent[:-2] + "{")

    def subscript(a, dist):
        return a + "".join(
            "[%s]" % (l if d == 0 else "%s - %d" % (l, d)) for l, d in zip(loops, dist))

    for n, a in enumerate(arrays):
        terms = []
        conds = set()
        for _ in range(rng.randint(1, 3)):
            src = rng.randrange(narr)
            dist = [rng.randint(0, min(2, e - 1)) if e > 1 else 0 for e in ext]
            if src >= n and not any(dist):
                # Itself or a later array: only an earlier iteration.
                cand = [p for p, e in enumerate(ext) if e > 1]
                if not cand:
                    continue
                p = rng.choice(cand)
                dist[p] = 1
            for l, d in zip(loops, dist):
                if d:
                    conds.add("%s >= %d" % (l, d))
            coef = rng.randint(1, 3)
            terms.append("%du * %s" % (coef, subscript(arrays[src], dist)))
        inp = "in[(%s) %% 17]" % " + ".join(
            ["%d * %s" % (rng.randint(1, 4), l) for l in loops] + [str(n)])
        init = "%s + %du" % (inp, rng.randint(0, 5))
        if terms:
            value = " + ".join(terms) + " - " + inp
            if conds:
                value = "(%s) ? %s : %s" % (" && ".join(sorted(conds)), value, init)
        else:
            value = init
        lines.append("%s%s = %s;" % (indent, subscript(a, [0] * depth), value))
    # Outputs: each array's values at the last iteration of the first loop,
    # written to out[] at a flattened index of the other loops.
    last = "%s == %d" % (loops[0], ext[0] - 1)
    # The PEs along a 'down' gather may share an element (they write it in
    # ascending order, systolic/OutputOrder.h): the index leaves out the
    # chain's loop. From a generator of its own.
    shared = [d.split(", ")[1] for d in directives
              if d.startswith("gather(") and d.endswith("down)")]
    if shared and random.Random(idx * 1299709 + 13).random() >= 0.5:
        shared = []
    flat = " + ".join(["0"] + ["%s * %d" % (l, _stride(ext, p)) for p, l in enumerate(loops)
                               if p > 0 and l not in shared])
    for n, a in enumerate(arrays):
        lines.append("%sif (%s) out[%d * 64 + %s] = %s;" % (
            indent, last, n, flat, subscript(a, [0] * depth)))
    lines.append(indent[:-2] + "}")
    lines.append("}")
    return "\n".join(lines), len(arrays)


def _stride(ext, p):
    s = 1
    for e in ext[p + 1:]:
        s *= e
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--drainers", action="store_true")
    ap.add_argument("--chains", action="store_true")
    ap.add_argument("--vectorize", action="store_true")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("// Generated by test/random/gen_ures.py --seed %d --count %d%s" % (
        args.seed, args.count, " --drainers" if args.drainers else ""))
    print("#include <cstdio>")
    systems = []
    for s in range(args.count):
        text, narr = gen_system(rng, s, args.drainers, args.chains, args.vectorize)
        systems.append(narr)
        print(text)
    print("int main() {")
    print("  unsigned in[17];")
    print("  for (unsigned x = 0; x < 17; ++x) in[x] = (x * 7919u) % 23u;")
    print("  static unsigned long long out[3 * 64];")
    for s, narr in enumerate(systems):
        print("  for (int x = 0; x < 3 * 64; ++x) out[x] = 7;")
        print("  sys%d(in, out);" % s)
        print("  { unsigned long long h = 0; for (int x = 0; x < 3 * 64; ++x) h = h * 31 + out[x];")
        print("    std::printf(\"sys%d %%llu\\n\", h); }" % s)
    print("}")


if __name__ == "__main__":
    main()
