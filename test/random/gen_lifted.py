#!/usr/bin/env python3
"""Generates random designs whose space loop is written outside the time
loops under a schedule vector, as one C++ program, for differential testing
(H. T. Kung and L. Song's form, docs/language.md "Space loops outside time
loops"): the program compiled with plain clang++ (the sequential reference),
with t2s-clang (native systolic) and with t2s-clang --emulate must print
the same lines.

Each design is a nest written (r, c) or (r, c, e): r the space loop,
outermost, c and e time loops; sometimes e is a second space loop, with the
schedule coefficient 0. The schedule is space_time(r[, e]) schedule(k[, 0])
with k in [1, 3], so the array runs the loops as (c, r[, e]) or (c, e, r). URE arrays read each other at distances that are
lexicographically positive in the written order (the reference's) but may
be negative in the order the array runs (V[r - 1][c + 1], Kung and Song's
partial sums): the schedule keeps each read forward in time (t = c + k * r,
or (c, e + k * r) where e is a time loop), or in its step from an earlier PE
(a chain). With --auto RATE (0.5 by default), that share of the designs
names no schedule: where a read keeps r from moving inward, the compiler
chooses one (the fewest reads within a step, then the fewest steps), else
the loops move inward as they are. With --buffer RATE (0.5), that share of
the loaders of designs whose e is a time loop keep each tile of c on chip
(buffer(in, c)), under the schedule's skew of e.
Each read is guarded by the condition that the point it names is in the
nest. An input feeds every iteration (through a loader, sometimes); the
output is written at the last r (each element once) or at every iteration
(through a drainer, sometimes). Values are ints reduced modulo a prime.

usage: gen_lifted.py --seed S --count N [--auto RATE] [--buffer RATE]
"""
import argparse
import itertools
import random

from program import MOD, print_program


def shifted(n, c):
    return n if c == 0 else ("%s - %d" % (n, c) if c > 0 else "%s + %d" % (n, -c))


def gen_design(rng, idx, auto_rate, buffer_rate):
    R = rng.randint(2, 4)
    k = rng.randint(1, 3)
    three = rng.random() < 0.6
    e_space = three and rng.random() < 0.4
    ext = [R, rng.randint(2, 5)] + ([rng.randint(2, 3)] if three else [])
    names = ["r", "c", "e"][:len(ext)]
    depth = len(ext)

    # The order the array runs the loops (time loops, then space loops),
    # as indices into the written (r, c[, e]).
    moved = [1, 0] if not three else ([1, 0, 2] if e_space else [1, 2, 0])

    def time_of(d):
        # The time of a distance: the step's time variable is the time loop
        # right outside the space loops plus k r (c, or e with e a time loop
        # inside c, under which c is an outer time dimension).
        if three and not e_space:
            return (d[1], d[2] + k * d[0])
        return (d[1] + k * d[0], 0)

    def legal(d):
        if next((x for x in d if x), 0) <= 0:
            return False  # not lexicographically positive as written
        if any(abs(x) >= n for x, n in zip(d, ext)):
            return False
        t = time_of(d)
        if t > (0, 0):
            return True
        if t < (0, 0):
            return False
        # Within a step: only from a PE that runs earlier in nest order
        # (r, then e when it is space).
        pe = [d[0]] + ([d[2]] if e_space else [])
        return next((x for x in pe if x), 0) > 0

    dists = [d for d in itertools.product(range(-2, 3), repeat=depth) if legal(d)]
    # Kung and Song's form: reads that run against the array's order.
    against = [d for d in dists if next((d[q] for q in moved if d[q]), 0) < 0]
    arrays = ["V"] if rng.random() < 0.5 else ["V", "W"]
    sub = "".join("[%s]" % n for n in names)

    def in_nest(d):
        conds = []
        for n, c, e in zip(names, d, ext):
            if c > 0:
                conds.append("%s >= %d" % (n, c))
            elif c < 0:
                conds.append("%s < %d" % (n, e + c))
        return " && ".join(conds) or "true"

    dims = "".join("[%d]" % e for e in ext)
    lines = ["void lifted%d(const int in%s, int out%s) {" % (idx, dims, dims)]
    lines.append("  static int %s;" % ", ".join(x + dims for x in arrays))
    space = "r, e" if e_space else "r"
    sched = "%d, 0" % k if e_space else "%d" % k
    lines.append("  #pragma t2s ure")
    if auto_rate > 0 and rng.random() < auto_rate:
        lines.append("  #pragma t2s space_time(%s)" % space)
    else:
        lines.append("  #pragma t2s space_time(%s) schedule(%s)" % (space, sched))
    if rng.random() < 0.5:
        lines.append("  #pragma t2s loader(in)")
        # With e a time loop inside c, the schedule skews e and c is a time
        # loop outside it: the loader may keep each tile of c on chip.
        if three and not e_space and buffer_rate > 0 and rng.random() < buffer_rate:
            lines.append("  #pragma t2s buffer(in, c)")
    at_last = rng.random() < 0.5
    if not at_last and rng.random() < 0.5:
        lines.append("  #pragma t2s drainer(out)")
    indent = "  "
    for n, e in zip(names, ext):
        lines.append("%sfor (int %s = 0; %s < %d; ++%s)" % (indent, n, n, e, n))
        indent += "  "
    lines[-1] += " {"
    for i, x in enumerate(arrays):
        terms = ["in%s * %d" % (sub, rng.randint(1, 5))]
        for m in range(rng.randint(1, 3)):
            src = rng.choice(arrays[:i + 1])
            pool = against if against and (m == 0 or rng.random() < 0.4) else dists
            d = rng.choice(pool)
            if src != x and rng.random() < 0.3:
                d = (0,) * depth  # an earlier statement of this iteration
            read = src + "".join("[%s]" % shifted(n, c) for n, c in zip(names, d))
            if not any(d):
                terms.append(read)
            else:
                terms.append("(%s ? %s * %d : %d)" % (in_nest(d), read, rng.randint(1, 3),
                                                     rng.randint(-3, 3)))
        lines.append("%s%s%s = (%s) %% %d;" % (indent, x, sub, " + ".join(terms), MOD))
    last = arrays[-1]
    if at_last:
        lines.append("%sif (r == %d) out%s = %s%s + 1;" % (indent, R - 1, sub, last, sub))
    else:
        lines.append("%sout%s = %s%s;" % (indent, sub, last, sub))
    lines.append("%s}" % indent[:-2])
    lines.append("}")
    return "\n".join(lines), ext


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--auto", type=float, default=0.5,
                    help="share of designs that leave the schedule to the compiler")
    ap.add_argument("--buffer", type=float, default=0.5,
                    help="share of the loaders that may buffer a tile of c that do")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    designs = [gen_design(rng, n, args.auto, args.buffer) for n in range(args.count)]
    print_program("gen_lifted.py", args.seed, args.count, "lifted", designs)


if __name__ == "__main__":
    main()
