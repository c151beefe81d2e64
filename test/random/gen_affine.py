#!/usr/bin/env python3
"""Generates random designs with affine loop bounds as one C++ program, for
differential testing: the program compiled with plain clang++ (the
sequential reference), with t2s-clang (native systolic) and with t2s-clang
--emulate must print the same lines.

Each design is a nest (t, a, b) with t a time loop of constant bounds and
b a space loop; a is a second space loop or a time loop. The bounds of a
and b are drawn from triangles, bands and parallelograms over the outer
loops (a in [t, t + A), b in [a, B), b in [0, a + 1), b in [a, a + W), ...).
One or two URE arrays read each other at random lexicographically positive
distances with components in [-1, 2], each read guarded by the condition
that the point it names is an iteration of the nest (so it never reads
outside the domain); a loader feeds an input at every iteration and a
drainer takes an output, at every iteration or at the last t, each
sometimes through a chain of the PEs along b (scatter, gather). Upper
bounds are spelled 'v < hi' or 'v <= hi - 1'. When a is a
time loop with affine bounds, a read back across an iteration of t waits a
number of steps that changes with t: its array is a buffer per PE indexed
by (t, a) (systolic/PEBuffer.h), and such a design pads each round of t
to a few steps with pad_rounds(t, L) at the rate --pad (0.5; the kernels
run the padded steps). Values are ints reduced modulo a prime.

usage: gen_affine.py --seed S --count N [--pad RATE]
"""
import argparse
import itertools
import random

from program import MOD, print_program
from storage import window_storage


def affine(coeffs, const, names):
    """C text of const + sum coeffs[i] * names[i]."""
    terms = []
    for c, n in zip(coeffs, names):
        if c == 1:
            terms.append(n)
        elif c:
            terms.append("%d * %s" % (c, n))
    text = " + ".join(terms)
    if not text:
        return str(const)
    if const > 0:
        return "%s + %d" % (text, const)
    if const < 0:
        return "%s - %d" % (text, -const)
    return text


def evaluate(bound, point):
    coeffs, const = bound
    return const + sum(c * v for c, v in zip(coeffs, point))


def domain(bounds):
    """The points of the nest, by walking each loop's bounds."""
    points = []

    def walk(prefix):
        d = len(prefix)
        if d == len(bounds):
            points.append(tuple(prefix))
            return
        lo, hi = bounds[d]
        for v in range(evaluate(lo, prefix), evaluate(hi, prefix)):
            walk(prefix + [v])

    walk([])
    return points


def gen_design(rng, idx, rng_seed, pad_rate):
    while True:
        T = rng.randint(1, 4)
        A = rng.randint(1, 4)
        B = rng.randint(2, 5)
        a_space = rng.random() < 0.5
        a_bounds = rng.choice([((0,), 0, (0,), A), ((1,), 0, (1,), A), ((0,), 0, (1,), 1 + A)])
        b_bounds = rng.choice([
            ((0, 1), 0, (0, 0), A + B),          # b in [a, A + B)
            ((0, 0), 0, (0, 1), 1),              # b in [0, a + 1)
            ((0, 1), 0, (0, 1), B),              # b in [a, a + B)
            ((1, 0), 0, (1, 0), B),              # b in [t, t + B)
            ((0, 0), 0, (0, 0), B),              # b in [0, B)
            ((1, 1), 0, (1, 1), B),              # b in [t + a, t + a + B)
        ])
        bounds = [(((), 0), ((), T)),
                  (((a_bounds[0][0],), a_bounds[1]), ((a_bounds[2][0],), a_bounds[3])),
                  ((b_bounds[0], b_bounds[1]), (b_bounds[2], b_bounds[3]))]
        points = domain(bounds)
        if not points:
            continue
        box = [(min(p[d] for p in points), max(p[d] for p in points) + 1) for d in range(3)]
        if all(lo >= 0 for lo, _ in box):
            break
    names = ["t", "a", "b"]
    # Lexicographically positive distances (across t with a an affine time
    # loop: a PE buffer).
    dists = [d for d in itertools.product(range(-1, 3), repeat=3)
             if next((c for c in d if c), 0) > 0]
    ext = [hi for _, hi in box]
    arrays = ["X"] if rng.random() < 0.5 else ["X", "Y"]

    def in_domain(named):
        conds = []
        for d in range(3):
            (lc, lk), (hc, hk) = bounds[d]
            conds.append("%s >= %s" % (named[d], affine(lc, lk, named[:d])))
            conds.append("%s < %s" % (named[d], affine(hc, hk, named[:d])))
        return " && ".join("(%s)" % c for c in conds)

    def shifted(n, c):
        return n if c == 0 else ("%s - %d" % (n, c) if c > 0 else "%s + %d" % (n, -c))

    lines = ["void affine%d(const int in[%d][%d][%d], int out[%d][%d][%d]) {" % (
        idx, ext[0], ext[1], ext[2], ext[0], ext[1], ext[2])]
    lines.append("  static int %s;" % ", ".join("%s[%d][%d][%d]" % (x, ext[0], ext[1], ext[2])
                                                for x in arrays))
    lines.append("  #pragma t2s ure")
    lines.append("  #pragma t2s space_time(%s)" % ("a, b" if a_space else "b"))
    lines.append("  #pragma t2s loader(in)")
    lines.append("  #pragma t2s drainer(out)")
    # Chains along b: its PEs access at their own steps (the bounds name b
    # or b's bounds are affine).
    if box[2][1] - box[2][0] > 1:
        if rng.random() < 0.4:
            lines.append("  #pragma t2s gather(out, b, %s)" % rng.choice(["down", "up"]))
        if rng.random() < 0.3 and len(arrays) == 1:  # 'in' read once
            lines.append("  #pragma t2s scatter(in, b, %s)" % rng.choice(["down", "up"]))
    directives_end = len(lines)
    lines.append("  for (int t = 0; t < %d; ++t)" % T)
    # The upper bound spelled 'v < hi' or 'v <= hi - 1', from a stream of
    # its own so that the rest of each seed's designs stays as it was.
    spell = random.Random(rng_seed * 1000003 + idx)

    def upper(v, hc, hk, outer):
        if spell.random() < 0.5:
            return "%s < %s" % (v, affine(hc, hk, outer))
        return "%s <= %s" % (v, affine(hc, hk - 1, outer))

    (lc, lk), (hc, hk) = bounds[1]
    lines.append("    for (int a = %s; %s; ++a)" % (affine(lc, lk, names[:1]), upper("a", hc, hk, names[:1])))
    (lc, lk), (hc, hk) = bounds[2]
    lines.append("      for (int b = %s; %s; ++b) {" % (affine(lc, lk, names[:2]), upper("b", hc, hk, names[:2])))
    crosses_t = False
    point_set = set(points)
    for i, x in enumerate(arrays):
        terms = ["in[t][a][b] * %d" % rng.randint(1, 5)]
        for _ in range(rng.randint(1, 3)):
            src = rng.choice(arrays[:i + 1]) if i else x
            d = rng.choice(dists)
            if src != x and rng.random() < 0.3:
                d = (0, 0, 0)  # an earlier statement of this iteration
            # A read across t that names an iteration of the nest.
            crosses_t = crosses_t or (d[0] > 0 and any(
                tuple(v - c for v, c in zip(q, d)) in point_set for q in points))
            named = [shifted(n, c) for n, c in zip(names, d)]
            read = "%s[%s][%s][%s]" % (src, named[0], named[1], named[2])
            if d == (0, 0, 0):
                terms.append(read)
            else:
                terms.append("(%s ? %s * %d : %d)" % (in_domain(named), read, rng.randint(1, 3),
                                                     rng.randint(-3, 3)))
        lines.append("        %s[t][a][b] = (%s) %% %d;" % (x, " + ".join(terms), MOD))
    last = arrays[-1]
    if rng.random() < 0.5:
        lines.append("        out[t][a][b] = %s[t][a][b];" % last)
    else:
        lines.append("        if (t == %d) out[t][a][b] = %s[t][a][b] + 1;" % (T - 1, last))
    lines.append("      }")
    lines.append("}")
    # A read across t over the affine time loop a keeps a PE buffer: pad the
    # rounds of t, from a stream of its own.
    pad = random.Random(rng_seed * 104729 + idx * 17 + 3)
    affine_a = a_bounds[0] != (0,) or a_bounds[2] != (0,)
    if not a_space and affine_a and crosses_t and pad.random() < pad_rate:
        lines.insert(directives_end, "  #pragma t2s pad_rounds(t, %d)" % pad.randint(1, 6))
    # URE arrays that keep windows or leave loops out where the reads allow,
    # from a stream of its own too.
    window_storage(lines, names, arrays, random.Random(rng_seed * 7919 + idx * 31 + 5))
    return "\n".join(lines), ext


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--pad", type=float, default=0.5)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    designs = [gen_design(rng, n, args.seed, args.pad) for n in range(args.count)]
    print_program("gen_affine.py", args.seed, args.count, "affine", designs)


if __name__ == "__main__":
    main()
