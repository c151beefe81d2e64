#!/usr/bin/env python3
"""Generates random legal T2S designs that use every form the language
accepts, as one C++ program, for differential testing: the program compiled
with plain clang++ (the sequential reference), through t2s-clang at -O0 and
-O2 (the native systolic build) and with t2s-clang --emulate (the emitted
OpenCL kernels on threads) must print the same lines.

Each design is one function with its own element type (bool, char, signed
and unsigned char, short, int, long, long long and their unsigned forms, the
<cstdint> types, float, double) and a perfect nest of 1-4 loops, each with
its own name, a lower bound in [0, 3], an extent of 1-5 and one of the
spellings 'v < N', 'v <= N - 1', 'v != N', 'N > v' and '++v', 'v++',
'v += 1'. Its URE arrays read themselves, earlier and later arrays at
lexicographically positive distances (non-negative ones, and about a third
with negative components after the first, 'U[k - 1][j + 2]') behind boundary
tests (or values flowing along a loop
from a boundary PE, 'p == lb ? x[...] : U[...p - 1...]'), and two input
arrays at affine subscripts; the last statements are extended UREs writing
the output, pinned to one iteration of the first loop or (where that loop is
time) written again in each of its iterations; some values and run-time
bounds go through std::min/std::max, some values through std::clamp or a
named local the statement reads twice (the kernels declare it as a
temporary); some read an input past its end under a guard that keeps the
read from running, or at iterations that never run. Results stay exactly comparable: unsigned int and wider wrap,
everything else is reduced modulo 1021 (floats through an integer, so they
only ever hold exact integers).

Directives, each drawn only where the rules of docs/language.md accept it:
space_time with the default schedule or a schedule vector (coefficients from
-3 to 100, kept where every dependence moves forward in time or stays in its
step along a chain of PEs), check_time,
double (and triple) projections, loader and drainer kernels, reuse buffers
of loaded inputs, gather and
scatter chains (the PEs along a 'down' gather at times writing one output
element), vectorize of a time or a space loop, unroll, kernel(name) on
the systolic array, kernel(name) nests feeding the array and taking its
results through channels, and merge_ures of the statements written as nests
of their own.

Outputs are guarded through bool locals, pass through a helper function of
the program's own or a bit builtin, and designs are templates over their
element type, at random (newforms.py).

Some statements read an input at an index computed from a URE value (a
gather), half of them through a loader that streams the elements the index
may pick, some of those with the pick decoded at the first PE along a PE
loop and passed along it. Some nests write their first space loop outside time loops (the compiler
moves it inside), and some URE arrays name the loops in another order than
the nest's (space_outside.py, storage.py).

URE arrays are written at exactly the loop variables and C++ arrays start
at 0, so loops start at 0 or above ([array bounds] refuses a negative lower
bound).

usage: gen_forms.py --seed S --count N
"""
import argparse
import random
import re

from space_outside import lift_space_loop
from storage import window_storage
from newforms import new_forms

# (spelling, kind): kind 'wrap' computes in its own (unsigned, at least int)
# type, 'int' is reduced modulo 1021 and converted, 'float' is reduced through
# long long.
TYPES = [
    ("bool", "int"), ("char", "int"), ("signed char", "int"),
    ("unsigned char", "int"), ("short", "int"), ("unsigned short", "int"),
    ("int", "int"), ("unsigned", "wrap"), ("long", "int"),
    ("unsigned long", "wrap"), ("long long", "int"),
    ("unsigned long long", "wrap"), ("float", "float"), ("double", "float"),
    ("int8_t", "int"), ("uint8_t", "int"), ("int16_t", "int"),
    ("uint16_t", "int"), ("int32_t", "int"), ("uint32_t", "wrap"),
    ("int64_t", "int"), ("uint64_t", "wrap"),
]
NAMES = ["k", "j", "i", "t", "r", "p", "q", "kk", "ii"]
MOD = 1021


class Loop:
    def __init__(self, name, lb, ext):
        self.name, self.lb, self.ext = name, lb, ext
        self.ub = lb + ext


# --- The schedule, as SpaceTimeSchedule.cpp computes it ----------------------

def time_coeffs(loops, steps):
    """steps: [(space loop indices, coefficients)]; returns (coeff rows,
    extents, strides) of the time dimensions, outermost first."""
    depth = len(loops)
    rows, exts = [], []
    first_space = steps[0][0]
    has_time = len(first_space) < depth
    outer = first_space[0] - 1 if has_time else 0
    for l in range(outer):
        c = [0] * depth
        c[l] = 1
        rows.append(c)
        exts.append(loops[l].ext)
    prev = None
    for space, coef in steps:
        if prev is None:
            tl = space[0] - 1 if has_time else None
        else:
            tl = [l for l in prev if l not in space][0]
        prev = space
        if tl is None:
            continue
        c = [0] * depth
        c[tl] = 1
        lo = hi = 0
        lo, hi = loops[tl].lb, loops[tl].ub - 1
        for l, a in zip(space, coef):
            c[l] += a
            x, y = a * loops[l].lb, a * (loops[l].ub - 1)
            lo += min(x, y)
            hi += max(x, y)
        rows.append(c)
        exts.append(hi - lo + 1)
    strides = []
    s = 1
    for e in reversed(exts):
        strides.insert(0, s)
        s *= e
    return rows, exts, strides


def flat_time(rows, strides, d):
    return sum(sum(c * x for c, x in zip(row, d)) * st
               for row, st in zip(rows, strides))


# --- Statements --------------------------------------------------------------

class Design:
    def __init__(self, rng, idx):
        self.rng, self.idx = rng, idx
        self.lines = []
        # Data-dependent selects draw from a stream of their own, so that
        # the rest of a seed's designs stay as they were.
        self.select_rng = random.Random(idx * 7919 + 17)
        self.minmax_rng = random.Random(idx * 3571 + 19)

    def cast(self, e):
        if self.kind == "wrap":
            return "(%s)(%s)" % (self.ty, e)
        if self.kind == "float":
            return "(%s)((long long)(%s) %% %d)" % (self.ty, e, MOD)
        return "(%s)((%s) %% %d)" % (self.ty, e, MOD)

    def ure_at(self, a, dist):
        """A URE array's element at the loop variables minus dist."""
        subs = []
        for l, d in zip(self.loops, dist):
            s = l.name if d == 0 else ("%s - %d" % (l.name, d) if d > 0
                                       else "%s + %d" % (l.name, -d))
            subs.append("[%s]" % s)
        return a + "".join(subs)

    def input_at(self, name):
        """An input's element at affine subscripts in range [0, 8)."""
        rng = self.rng
        subs = []
        for _ in range(3):
            if rng.random() < 0.2:
                subs.append("[%d]" % rng.randint(0, 3))
                continue
            l = rng.choice(self.loops)
            off = rng.randint(0, 2)
            e = l.name
            if l.lb - off > 0:
                e += " - %d" % (l.lb - off)
            elif l.lb - off < 0:
                e += " + %d" % (off - l.lb)
            subs.append("[%s]" % e)
        return name + "".join(subs)

    def coef(self):
        return str(self.rng.randint(1, 3))

    def op(self):
        if self.kind != "float" and self.rng.random() < 0.25:
            return self.rng.choice([" ^ ", " | ", " & "])
        return self.rng.choice([" + ", " + ", " - "])


def gen_design(rng, idx):
    D = Design(rng, idx)
    D.ty, D.kind = rng.choice(TYPES)
    depth = rng.choice([1, 2, 2, 3, 3, 3, 4])
    names = rng.sample(NAMES, depth)
    loops = [Loop(n, rng.choice([0, 0, 0, 1, 2, 3]),
                  rng.choice([1, 2, 2, 3, 3, 4, 5]) if depth < 4 else rng.randint(1, 3))
             for n in names]
    D.loops = loops
    narr = rng.randint(1, 3)
    arrays = ["U%d" % a for a in range(narr)]

    # Directives: the space-time steps first (their schedule decides which
    # statements are legal, so the statements are drawn against it).
    steps = []        # [(space loop indices, coefficients, explicit)]
    if rng.random() < 0.9:
        nspace = rng.randint(1, depth)
        if nspace == depth and depth > 1 and rng.random() < 0.5:
            nspace -= 1
        space = list(range(depth - nspace, depth))
        explicit = nspace < depth and rng.random() < 0.55
        steps.append([space, [0] * nspace, explicit])
        while len(space) >= 2 and rng.random() < 0.35:
            drop = space[0]
            space = [l for l in space if l != drop]
            steps.append([space, [0] * len(space), rng.random() < 0.5])
    # Without space_time the T2S build runs the nest as written: keep its
    # arrays' subscripts in range.
    if not steps:
        for l in loops:
            l.lb = abs(l.lb)
            l.ub = l.lb + l.ext

    def draw_coeffs():
        for st in steps:
            if st[2]:
                st[1] = [rng.choice([0, 1, 1, 2, 3, -1, -2, -3, 5, 7, 12, 37, 100])
                         if rng.random() < 0.8 else rng.randint(1, 3)
                         for _ in st[0]]

    # Statements: (array, text, reads [(array, dist)], input sites).
    reads_of = []
    # Negative components come from a generator of their own, so the rest of
    # each seed's designs stays as it was.
    lex_rng = random.Random(idx * 104723 + 3)

    def draw_reads(n):
        reads = []
        for _ in range(rng.randint(0, 3)):
            src = rng.randrange(narr)
            dist = [rng.randint(0, min(2, l.ext - 1)) if l.ext > 1 else 0 for l in loops]
            wide = [p for p, l in enumerate(loops) if l.ext > 1]
            if len(wide) >= 2 and lex_rng.random() < 0.35:
                # A lexicographically positive distance with negative
                # components after its first (positive) one: T2SP's rule.
                first = lex_rng.choice(wide[:-1])
                dist = [0] * depth
                dist[first] = lex_rng.randint(1, min(2, loops[first].ext - 1))
                for q in wide:
                    if q > first:
                        r = min(2, loops[q].ext - 1)
                        dist[q] = lex_rng.randint(-r, r)
            if src >= n and not any(dist):
                cand = [p for p, l in enumerate(loops) if l.ext > 1]
                if not cand:
                    continue
                dist[rng.choice(cand)] = 1
            reads.append((src, dist))
        return reads

    for n in range(narr):
        flow = [p for p, l in enumerate(loops) if l.ext > 1]
        if flow and rng.random() < 0.35:
            p = rng.choice(flow)
            dist = [0] * depth
            dist[p] = 1
            extra = [(m, [0] * depth) for m in range(n) if rng.random() < 0.4]
            reads_of.append(("flow", p, [(n, dist)] + extra))
        else:
            reads_of.append(("general", None, draw_reads(n)))

    all_reads = [d for (_, _, rs) in reads_of for (_, d) in rs if any(d)]
    explicit_any = any(st[2] for st in steps)
    if steps:
        ok = False
        for _ in range(20):
            draw_coeffs()
            rows, exts, strides = time_coeffs(loops, [(s, c) for s, c, _ in steps])
            ts = [flat_time(rows, strides, d) for d in all_reads]
            # With a schedule, a read may stay within a step only from a PE
            # that runs before this one (a chain along a loop the schedule
            # gives 0).
            pe = [[d[l] for l in steps[-1][0]] for d in all_reads]
            earlier = [next((x for x in p if x), 0) > 0 for p in pe]
            if all(t > 0 or (t == 0 and (e or not explicit_any))
                   for t, e in zip(ts, earlier)):
                ok = True
                break
        if not ok:
            for st in steps:
                st[1] = [0] * len(st[0])
                st[2] = False
            explicit_any = False
        rows, exts, strides = time_coeffs(loops, [(s, c) for s, c, _ in steps])
    final_space = steps[-1][0] if steps else []
    zero_coef = [l for l in final_space
                 if all(c == 0 for s, cs, _ in steps for ll, c in zip(s, cs) if ll == l)]

    default_single = len(steps) == 1 and not explicit_any

    # Kernel nests: a feeder of one input site and a taker of the outputs,
    # where the array runs in nest order (one default space_time).
    feed = default_single and rng.random() < 0.3
    take = default_single and depth >= 2 and rng.random() < 0.3

    # Statements' texts. Input sites: (name, text, guard loops, pinned loop).
    sites = []
    stmts = []
    fed = False
    for n, (form, p, reads) in enumerate(reads_of):
        a = arrays[n]
        if form == "flow":
            src = "x" if rng.random() < 0.7 else "w"
            text_in = D.input_at(src)
            if feed and not fed:
                src, fed = "X", True
                text_in = "X" + "".join("[%s]" % _rel(l) for l in loops)
            sites.append((src, text_in, {loops[p].name}, p))
            rest = D.ure_at(a, reads[0][1])
            for m, d in reads[1:]:
                rest = "%s%s%s * %s" % (rest, D.op(), D.coef(), D.ure_at(arrays[m], d))
            init = D.cast("%s * %s + %d" % (D.coef(), text_in, rng.randint(0, 5)))
            if rng.random() < 0.5:
                value = "%s == %d ? %s : %s" % (loops[p].name, loops[p].lb, init,
                                                D.cast(rest))
            else:
                value = "%s != %d ? %s : %s" % (loops[p].name, loops[p].lb,
                                                D.cast(rest), init)
        else:
            conds = set()
            terms = []
            for m, d in reads:
                for l, x in zip(loops, d):
                    if x > 0:
                        conds.add("%s >= %d" % (l.name, l.lb + x))
                    elif x < 0:
                        conds.add("%s < %d" % (l.name, l.ub + x))
                t = D.ure_at(arrays[m], d)
                if rng.random() < 0.7:
                    t = "%s * %s" % (D.coef(), t)
                terms.append(t)
            src = "x" if rng.random() < 0.7 else "w"
            text_in = D.input_at(src)
            if feed and not fed:
                src, fed = "X", True
                text_in = "X" + "".join("[%s]" % _rel(l) for l in loops)
            sites.append((src, text_in, set(), None))
            body = ""
            for t in terms:
                body = t if not body else body + D.op() + t
            if len(terms) >= 2 and D.select_rng.random() < 0.3:
                # A select on URE values, both arms computed (PairHMM's
                # transition, max-plus): it decides the value, not whether
                # an output is written, so loaders and drainers still apply.
                body = "/* data-dependent */ (%s < %s ? %s : %s)" % (
                    terms[0], terms[1], _paren(body), terms[-1])
            if not terms:
                value = D.cast("%s * %s + %d" % (D.coef(), text_in, rng.randint(0, 5)))
            elif conds:
                guard_loops = {c.split()[0] for c in conds}
                alt = str(rng.randint(0, 5))
                if rng.random() < 0.4:
                    other = "w" if src != "w" else "x"
                    alt_in = D.input_at(other)
                    sites.append((other, alt_in, guard_loops, None))
                    alt = "%s + %s" % (alt_in, alt)
                cond = " && ".join(sorted(conds))
                if rng.random() < 0.3:
                    sel = "!(%s) ? %s : %s" % (cond, alt, _paren(body))
                elif rng.random() < 0.3 and len(conds) > 1:
                    neg = " || ".join(_negate(c) for c in sorted(conds))
                    sel = "%s ? %s : %s" % (neg, alt, _paren(body))
                else:
                    sel = "%s ? %s : %s" % (cond, _paren(body), alt)
                value = D.cast("%s * %s + (%s)" % (D.coef(), text_in, sel))
            else:
                value = D.cast("%s * %s%s%s" % (D.coef(), text_in, D.op(), _paren(body)))
        # std::min/std::max of the value and a constant (clang spills their
        # by-reference arguments; ure/StdMinMax.h), from a stream of its own.
        mrng = D.minmax_rng
        if mrng.random() < 0.15:
            value = "std::%s<%s>(%s, (%s)%d)" % (mrng.choice(["min", "max"]), D.ty, value,
                                                D.ty, mrng.randint(0, 600))
        # std::clamp, and a named local the value reads twice (the kernels
        # declare it as a temporary), from the same stream.
        if mrng.random() < 0.1:
            lo = mrng.randint(0, 1 if D.ty == "bool" else 300)
            hi = lo + mrng.randint(0, 1 - lo if D.ty == "bool" else 300)
            value = "std::clamp<%s>(%s, (%s)%d, (%s)%d)" % (D.ty, value, D.ty, lo, D.ty, hi)
        local = ""
        if mrng.random() < 0.15:
            local = "%s loc_%s = %s; " % (D.ty, a, value) # kept with its statement
            value = "loc_%s > (%s)%d ? loc_%s : (%s)%d" % (a, D.ty, mrng.randint(0, 1), a,
                                                           D.ty, mrng.randint(0, 1))
        stmts.append("%s%s = %s;" % (local, D.ure_at(a, [0] * depth), value))

    # Outputs: each array (or one) at the last (first) iteration of the
    # first loop, at a flattened index of the others.
    last_first = rng.random() < 0.8
    pin = loops[0].ub - 1 if last_first else loops[0].lb
    nout = narr if rng.random() < 0.6 else 1
    outs = arrays[:nout] if nout > 1 else [rng.choice(arrays)]
    flat = " + ".join(["0"] + ["(%s) * %d" % (_rel(l), _stride(loops, q))
                               for q, l in enumerate(loops) if q > 0])
    # Besides the pin, outputs may test other loops, with '&&', '||' and '!'
    # (paths that join: the condition is no single branch).
    out_cond = "%s == %d" % (loops[0].name, pin)
    out_guard = {loops[0].name}
    # Repeated writes (rule [last write]): where the first loop is a time
    # loop, the output may go unpinned, written again in each of its
    # iterations: they run at successive steps, so the last write stays.
    # Drawn from a generator of its own, so the other draws stay the same.
    repeat = (steps and 0 not in steps[0][0] and not take and loops[0].ext > 1
              and random.Random(idx * 15485863 + 11).random() < 0.2)
    if repeat:
        out_cond = "true"
        out_guard = set()
    others = [l for l in loops[1:] if l.ext > 1]
    if others and not take and rng.random() < 0.4:
        tests = []
        for l in rng.sample(others, min(len(others), rng.randint(1, 2))):
            v = rng.randint(l.lb, l.ub - 1)
            tests.append(rng.choice(["%s >= %d", "%s == %d", "%s != %d", "!(%s < %d)"])
                         % (l.name, v))
            out_guard.add(l.name)
        out_cond += " && (%s)" % rng.choice([" || ", " && "]).join(tests)
    if repeat and out_cond.startswith("true && "):
        out_cond = out_cond[len("true && "):]
    out_stmts = []
    for n, a in enumerate(outs):
        dst = "Y%d[%s]" % (n, flat) if take else "out[%d * 64 + %s]" % (n, flat)
        out_stmts.append("if (%s) %s = %s;" % (out_cond, dst, D.ure_at(a, [0] * depth)))

    # Data-path directives.
    directives = ["ure"]
    loader, drainer, chains, vector = [], [], [], None
    pick_along = None  # (statement, its plain text, with the pick, the array)
    if steps:
        if rng.random() < 0.25:
            directives.append("kernel(array%d)" % idx)
        for s, c, e in steps:
            st = "space_time(%s)" % ", ".join(loops[l].name for l in s)
            if e:
                st += " schedule(%s)" % ", ".join(map(str, c))
            if rng.random() < 0.25:
                st += " check_time"
            directives.append(st)
        inputs = sorted({s[0] for s in sites if s[0] in ("x", "w")})
        for name in inputs:
            if rng.random() < 0.5:
                loader.append(name)
        # A gather: an input indexed by a value of an earlier URE array
        # ('w[1][2][(int)(U0[t][i]) & 7]', docs/language.md), where no
        # loader streams that input; from a stream of its own.
        grng = random.Random(idx * 7331 + 29)
        gq = [q for q, t in enumerate(stmts) if q >= 1 and "; " not in t]
        free = [n for n in ("x", "w") if n not in loader]
        windowed = []
        if gq and free and grng.random() < 0.25:
            q = grng.choice(gq)
            src = grng.choice(free)
            # Half of them through a loader, which streams the 8 elements
            # the index may pick (GatherWindow.h); a window travels without
            # scatter, buffer or vectorize. Its row is often a loop variable
            # (not the outermost loop, which may run to a run-time size), so
            # that windows differ between PEs or are shared by the PEs
            # inside a PE loop. From streams of their own.
            through_loader = random.Random(idx * 9973 + 31).random() < 0.5
            first, second = grng.randint(0, 7), str(grng.randint(0, 7))
            vr = random.Random(idx * 6007 + 37)
            row_loops = [l for L, l in enumerate(loops) if L >= 1 and l.lb >= 0 and l.ub <= 8]
            pe_loops = sorted({L for sp, _, _ in steps for L in sp})
            outer_pe = [loops[L] for L in pe_loops[:-1] if loops[L] in row_loops]
            if through_loader and row_loops and vr.random() < 0.6:
                pool = outer_pe if outer_pe and vr.random() < 0.5 else row_loops
                second = vr.choice(pool).name
            picked = D.ure_at(arrays[grng.randrange(q)], [0] * depth)
            term = "%s[%d][%s][(int)(%s) & 7]" % (src, first, second, picked)
            lhs, rhs = stmts[q][:-1].split(" = ", 1)
            stmts[q] = "%s = %s;" % (lhs, D.cast("(%s) + %s" % (rhs, term)))
            # Or the pick decoded once, at the first PE along a PE loop, and
            # passed along it (a recurrence, bounded by the least range its
            # statement maps into itself: GatherWindow.h), where one
            # space_time keeps the copy in its step or later; integers only
            # (a float's conversion is not bounded). From a stream of its
            # own; left out again if the nests are merged (below).
            prng = random.Random(idx * 104729 + 41)
            if through_loader and D.ty not in ("float", "double", "bool") and \
                    len(steps) == 1 and prng.random() < 0.5:
                s0, c0, e0 = steps[0]
                along = [L for k, L in enumerate(s0)
                         if (c0[k] if e0 else 0) >= 0 and loops[L].ext > 1]
                if along:
                    P = prng.choice(along)
                    dist = [0] * depth
                    dist[P] = 1
                    pk = "PK%d" % idx
                    copy = "%s = %s == %d ? %s : %s;" % (
                        D.ure_at(pk, [0] * depth), loops[P].name, loops[P].lb,
                        D.cast("(int)(%s) & 7" % picked), D.ure_at(pk, dist))
                    passed = "%s[%d][%s][(int)(%s)]" % (src, first, second,
                                                        D.ure_at(pk, [0] * depth))
                    pick_along = (q, stmts[q], "%s %s = %s;" % (
                        copy, lhs, D.cast("(%s) + %s" % (rhs, passed))), pk)
                    stmts[q] = pick_along[2]
            if through_loader:
                loader.append(src)
                windowed.append(src)
        if not take and rng.random() < 0.6:
            drainer.append("out")
        # vectorize: a time loop that is a time dimension of its own, or a
        # space loop of coefficient 0 whose loaded accesses happen at all its
        # PEs or at one of them (VectorizePlan.cpp).
        def lanes(site, L):
            _, _, guard, pinned = site
            if pinned == L:
                return "pinned"
            return "serial" if loops[L].name in guard else "all"
        out_site = ("out", None, out_guard, 0)
        if not feed and not take and not windowed and rng.random() < 0.45:
            cand = []
            for L, l in enumerate(loops):
                if not 2 <= l.ext <= 32 or (repeat and L == 0):
                    continue  # a repeated write's lanes would share a step
                if L in final_space:
                    if L in zero_coef and all(lanes(s, L) != "serial"
                                              for s in sites if s[0] in loader) and (
                                                  not drainer or lanes(out_site, L) != "serial"):
                        cand.append((L, True))
                    continue
                nz = [r for r in rows if r[L] != 0]
                if len(nz) != 1 or nz[0][L] != 1 or sum(1 for x in nz[0] if x) != 1:
                    continue
                dim = rows.index(nz[0])
                good = True
                for d in all_reads:
                    t = 0
                    for q, (row, st) in enumerate(zip(rows, strides)):
                        if q == dim:
                            continue
                        comp = sum(c * x for c, x in zip(row, d))
                        t += comp * (st // l.ext if q < dim else st)
                    # A read of a PE that runs its lanes later in the same
                    # step (VectorizePlan.cpp): its first non-zero component
                    # along the PE loops is negative.
                    pe = [d[q] for q in final_space if d[q] != 0]
                    good = good and t >= 0 and not (t == 0 and pe and pe[0] < 0)
                if good:
                    cand.append((L, False))
            if cand:
                vector = rng.choice(cand)

        # Chains along a final space loop of coefficient 0 and several PEs,
        # of an access made once, under a condition the chain does not test
        # (GatherScatterPlan.cpp).
        def chain_ok(L, site):
            if loops[L].ext < 2 or L not in zero_coef or lanes(site, L) != "all":
                return False
            if vector is not None:
                V, space = vector
                if space and V != L and lanes(site, V) != "pinned":
                    return False
                if not space and lanes(site, V) == "serial":
                    return False
            return True
        if "out" in drainer and len(outs) == 1 and rng.random() < 0.7:
            cand = [L for L in final_space if chain_ok(L, out_site)]
            if cand:
                G = rng.choice(cand)
                direction = rng.choice(["up", "down"])
                chains.append("gather(out, %s, %s)" % (loops[G].name, direction))
                # 'down' writes the PEs along the chain of one step in
                # ascending order (OutputOrder.h): they may share an output
                # element, the index leaving out the chain's loop. From a
                # stream of its own.
                if (direction == "down" and not take and
                        random.Random(idx * 1299709 + 13).random() < 0.5):
                    term = "(%s) * %d" % (_rel(loops[G]), _stride(loops, G))
                    out_stmts = [t.replace(" + " + term, "", 1) for t in out_stmts]
        for name in loader:
            own = [s for s in sites if s[0] == name]
            if name in windowed or len(own) != 1 or rng.random() < 0.3:
                continue
            cand = [L for L in final_space if chain_ok(L, own[0])]
            if cand:
                chains.append("scatter(%s, %s, %s)" % (
                    name, loops[rng.choice(cand)].name, rng.choice(["up", "down"])))
        if loader:
            directives.append("loader(%s)" % ", ".join(loader))
        if drainer:
            directives.append("drainer(%s)" % ", ".join(drainer))
        directives += chains
        if vector is not None:
            directives.append("vectorize(%s)" % loops[vector[0]].name)
        # Reuse buffers (docs/language.md, 'Reuse buffers'): a loaded input,
        # kept at a time loop of its loader (not a space loop, not the
        # vectorized one) in a schedule that skews no loop; every loop inside
        # it has constant bounds (the run-time loop is the outermost). From
        # a stream of its own, so a seed's other designs stay as they are.
        brng = random.Random(D.idx * 65537 + 7)
        skewed = any(e and any(x != 0 for x in c) for _, c, e in steps)
        kept = [L for L in range(depth) if L not in final_space
                and not (vector is not None and vector[0] == L)]
        for name in loader:
            if name not in windowed and not skewed and kept and brng.random() < 0.6:
                # Mostly the outermost, so that a tile has steps inside it.
                k = kept[0] if brng.random() < 0.7 else brng.choice(kept)
                directives.append("buffer(%s, %s)" % (name, loops[k].name))
    if rng.random() < 0.15:
        directives.append("unroll(%s)" % rng.choice(loops).name)

    # A read past an input's end that a guard keeps from running ('t < 2 ?
    # x[t + 6][..] : 0'), or one that no iteration runs ('t >= ub'): the
    # host stubs size the buffer by the iterations that run each access, so
    # a larger extent would overlap the next array. Of an input no loader
    # sends (its reads stay in the array), from a stream of its own.
    prng = random.Random(idx * 40009 + 23)
    free = [n for n in ("x", "w") if n not in loader]
    plain = [q for q, t in enumerate(stmts) if "; " not in t]  # no local
    wide = [l for l in loops if l.ext > 1]
    if free and plain and wide and not feed and prng.random() < 0.25:
        l = prng.choice(wide)
        src = prng.choice(free)
        rest = "[%d][%d]" % (prng.randint(0, 7), prng.randint(0, 7))
        if prng.random() < 0.7:
            g = prng.randint(0, l.ext - 2)
            term = "(%s <= %d ? %s[%s - %d]%s : (%s)%d)" % (
                l.name, l.lb + g, src, l.name, l.lb + g - 7, rest, D.ty, prng.randint(0, 3))
            term = term.replace("- -", "+ ")
        else:
            term = "(%s >= %d ? %s[%s + 8]%s : (%s)%d)" % (
                l.name, l.ub, src, l.name, rest, D.ty, prng.randint(0, 3))
        q = prng.choice(plain)
        lhs, rhs = stmts[q][:-1].split(" = ", 1)
        stmts[q] = "%s = %s;" % (lhs, D.cast("(%s) + %s" % (rhs, term)))

    # A bool local of three '&&' terms on the loop variables that keeps a
    # statement's value or replaces it with a constant; where no loader
    # sends an input (its condition would change what the loader's lanes and
    # chains carry), from a stream of its own.
    for q, t in enumerate(stmts):
        brng3 = random.Random(idx * 92821 + 31 * (q + 1))
        if loader or feed or "; " in t or brng3.random() >= 0.2:
            continue
        terms3 = []
        for _ in range(3):
            l = brng3.choice(loops)
            terms3.append(brng3.choice(["%s >= %d", "%s != %d", "%s <= %d"])
                          % (l.name, brng3.randint(l.lb, l.ub - 1)))
        lhs, rhs = t[:-1].split(" = ", 1)
        ok = "ok_%s" % lhs.split("[")[0]
        stmts[q] = "bool %s = %s; %s = %s ? (%s) : (%s)%d;" % (
            ok, " && ".join(terms3), lhs, ok, rhs, D.ty, brng3.randint(0, 1))

    # merge_ures: each later array's statement in a nest of its own, when no
    # statement reads an array a later nest computes.
    merge = narr >= 2 and rng.random() < 0.3 and all(
        m <= n for n, (_, _, rs) in enumerate(reads_of) for m, _ in rs)
    extra = []  # URE arrays beside the system's own: a pick passed along PEs
    if pick_along and merge:
        stmts[pick_along[0]] = pick_along[1]
    elif pick_along:
        extra.append(pick_along[3])

    # The function.
    ty = D.ty
    L = D.lines
    L.append("void sys%d(const %s x[8][8][8], const %s w[8][8][8], %s *out) {" % (
        idx, ty, ty, ty))
    dims = "".join("[%d]" % (l.ub - min(l.lb, 0)) for l in loops)
    L.append("  static %s %s;" % (ty, ", ".join(a + dims for a in arrays + extra)))
    if feed:
        L.append("  static %s X%s;" % (ty, "".join("[%d]" % l.ext for l in loops)))
    if take:
        L.append("  static %s %s;" % (ty, ", ".join("Y%d[64]" % n for n in range(len(outs)))))
    if feed:
        fsite = [s for s in sites if s[0] == "X"][0]
        L.append("  #pragma t2s kernel(feed%d)" % idx)
        guard = ""
        if fsite[3] is not None:
            p = loops[fsite[3]]
            guard = "if (%s == %d) " % (p.name, p.lb)
        _nest(D, rng, "  ", ["%s%s = (%s)(%s + 1);" % (
            guard, fsite[1], ty, D.input_at("x"))])
    if merge:
        directives.insert(1, "merge_ures(%s)" % ", ".join(arrays[1:]))
    for d in directives:
        L.append("  #pragma t2s " + d)
    if merge:
        _nest(D, rng, "  ", [stmts[0]])
        for n in range(1, narr):
            L.append("  #pragma t2s ure")
            _nest(D, rng, "  ", [stmts[n]] + (out_stmts if n == narr - 1 else []))
    else:
        _nest(D, rng, "  ", stmts + out_stmts)
    if take:
        L.append("  #pragma t2s kernel(take%d)" % idx)
        body = ["out[%d * 64 + %s] = (%s)(Y%d[%s] * 2 + 1);" % (n, flat, ty, n, flat)
                for n in range(len(outs))]
        _nest(D, rng, "  ", body, skip_first=True)
    L.append("}")
    # A run-time bound for the outermost loop (docs/language.md, 'Run-time
    # sizes') where the rule allows one: a time loop outside the space and
    # vectorized loops that no schedule skews and no unroll names, in a nest
    # without merge_ures or kernel nests on its loops. The caller passes the
    # size; from a stream of its own, so a seed's other designs stay as they
    # are.
    size = None
    rrng = random.Random(D.idx * 7919 + 17)
    o = loops[0]
    if (depth >= 2 and not merge and not feed and not take
            and (not steps or 0 not in steps[0][0])
            and (vector is None or vector[0] != 0)
            and not any("schedule(" in d or d == "unroll(%s)" % o.name for d in directives)
            and rrng.random() < 0.7):
        test, size = rrng.choice([("%s < nt" % o.name, o.ub),
                                  ("%s <= nt - 1" % o.name, o.ub),
                                  ("%s < nt / 2" % o.name, 2 * o.ub),
                                  ("nt > %s" % o.name, o.ub),
                                  ("%s != (nt >> 1)" % o.name, 2 * o.ub)])
        # The size through a minimum or a maximum that leaves it as it is
        # (clang's llvm.smin/smax), from a stream of its own.
        wrap = random.Random(D.idx * 6151 + 5).choice(
            [None, None, "__builtin_elementwise_min(nt, 1 << 20)",
             "__builtin_elementwise_max(nt, 1)", "std::min(nt, 1 << 20)",
             "std::max(nt, 1)"])
        if wrap:
            test = re.sub(r"\bnt\b", wrap, test)
        head = re.compile(r"for \(int %s = (-?\d+); [^;]+;" % re.escape(o.name))
        for n, line in enumerate(L):
            if head.search(line):
                L[n] = head.sub(lambda m: "for (int %s = %s; %s;" % (o.name, m.group(1), test),
                                line, count=1)
                break
        L[0] = L[0].replace("%s *out) {" % ty, "%s *out, int nt) {" % ty)
    # The first space loop written outside time loops, where the program
    # allows it (space_outside.py); from a stream of its own.
    order = None
    lrng = random.Random(D.idx * 48611 + 7)
    if not merge and not feed and not take and steps and lrng.random() < 0.3:
        order = lift_space_loop(D.lines, [l.name for l in loops], arrays + extra,
                                {loops[q].name for q in steps[0][0]}, lrng,
                                outermost=not repeat and size is None)
    if not merge:
        # From a stream of its own: a seed's designs are otherwise unchanged.
        window_storage(D.lines, [l.name for l in loops], arrays + extra,
                       random.Random(D.idx * 104729 + 31),
                       keep_out=[0] if size is not None else [], order=order)
    # Bool-local guards, helper functions, bit builtins and templates
    # (newforms.py), each from a stream of its own.
    before = new_forms(D.lines, D.idx, ty, D.kind)
    text = "\n".join(L)
    return (before + "\n" + text if before else text), ty, size




def _negate(c):
    """'v < b' for 'v >= b' and the other way round."""
    if " >= " in c:
        return "%s < %s" % tuple(c.split(" >= "))
    return "%s >= %s" % tuple(c.split(" < "))


def _rel(l):
    return l.name if l.lb == 0 else ("%s - %d" % (l.name, l.lb) if l.lb > 0
                                     else "%s + %d" % (l.name, -l.lb))


def _paren(e):
    return "(%s)" % e


def _stride(loops, q):
    s = 1
    for l in loops[q + 1:]:
        s *= l.ext
    return s


def _nest(D, rng, indent, body, skip_first=False):
    """A perfect nest over D's loops (with random spellings) around body."""
    loops = D.loops[1:] if skip_first else D.loops
    for l in loops:
        v = l.name
        test = rng.choice(["%s < %d" % (v, l.ub), "%s <= %d" % (v, l.ub - 1),
                           "%s != %d" % (v, l.ub), "%d > %s" % (l.ub, v)])
        inc = rng.choice(["++%s" % v, "++%s" % v, "%s++" % v, "%s += 1" % v])
        D.lines.append("%sfor (int %s = %d; %s; %s)" % (indent, v, l.lb, test, inc))
        indent += "  "
    if len(body) == 1 and "; " not in body[0]: # (a local and its statement: braces)
        D.lines.append(indent + body[0])
        return
    D.lines.append(indent[:-2] + "{")
    for b in body:
        D.lines.append(indent + b)
    D.lines.append(indent[:-2] + "}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=50)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("// Generated by test/random/gen_forms.py --seed %d --count %d" % (
        args.seed, args.count))
    print("#include <algorithm>")
    print("#include <cstdint>")
    print("#include <cstdio>")
    types, sizes = [], []
    for s in range(args.count):
        text, ty, size = gen_design(rng, s)
        types.append(ty)
        sizes.append(size)
        print(text)
    print("int main() {")
    for s, ty in enumerate(types):
        print("  {")
        print("    static %s x[8][8][8], w[8][8][8], out[3 * 64];" % ty)
        print("    for (int a = 0; a < 512; ++a) {")
        print("      (&x[0][0][0])[a] = (%s)((a * 7919 + %d) %% 23 - 11);" % (ty, s))
        print("      (&w[0][0][0])[a] = (%s)((a * 104729 + %d) %% 19 - 6);" % (ty, s))
        print("    }")
        print("    for (int a = 0; a < 3 * 64; ++a) out[a] = (%s)7;" % ty)
        print("    sys%d(x, w, out%s);" % (s, "" if sizes[s] is None else ", %d" % sizes[s]))
        print("    unsigned long long h = 0;")
        print("    for (int a = 0; a < 3 * 64; ++a) h = h * 31 + (unsigned long long)(long long)out[a];")
        print("    std::printf(\"sys%d %%llu\\n\", h);" % s)
        print("  }")
    print("}")


if __name__ == "__main__":
    main()
