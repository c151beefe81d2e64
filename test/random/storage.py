"""URE arrays that keep only what is live (docs/language.md, 'URE array
storage'), for the random generators: window_storage rewrites a generated
design's URE arrays so that loops outside every loop a read reaches back
along are left out or kept modulo a window, and the loop a read first
reaches back along keeps a window larger than the reach, at random; and
writes some arrays' dimensions in another order than the nest's
('Phi[i][t]' in a t-outer nest), the same order in every access."""

import re


def _distance(loops, subs):
    """The distance of a URE array access 'U0[t - 2][j + 1]'."""
    d = []
    for l, s in zip(loops, subs):
        s = s.strip()
        if s == l:
            d.append(0)
        elif s.startswith(l + " - "):
            d.append(int(s.split(" - ")[1]))
        else:
            d.append(-int(s.split(" + ")[1]))
    return d


def read_distances(lines, loops, arrays):
    """(array, distance) of every access in `lines` (declarations aside) of
    the URE arrays named `arrays`, one subscript per loop of `loops`."""
    access = re.compile(r"\b(%s)((?:\[[^\[\]]+\])+)" % "|".join(map(re.escape, arrays)))
    for line in lines:
        if line.lstrip().startswith("static"):
            continue
        for m in access.finditer(line):
            subs = m.group(2)[1:-1].split("][")
            if len(subs) == len(loops):
                yield m.group(1), _distance(loops, subs)


def window_storage(lines, loops, arrays, rng, keep_out=(), order=None):
    """Rewrites, in place, the declarations ('static T U0[4][3]') and
    accesses ('U0[t - 1][j]', one subscript per loop of names `loops`,
    outermost first) of the URE arrays named in `arrays` in `lines`. Every
    array keeps a window of, or leaves out, the loops (indices) in
    `keep_out`: loops with run-time bounds, which no declared dimension
    holds. `order` lists the loops (indices) in the order the source nests
    them, when that is not the order of the subscripts (a space loop written
    outside time loops, space_outside.py): what is live follows it."""
    order = list(range(len(loops))) if order is None else list(order)
    rank = {l: n for n, l in enumerate(order)}
    access = re.compile(r"\b(%s)((?:\[[^\[\]]+\])+)" % "|".join(map(re.escape, arrays)))
    depth = len(loops)
    carried = {a: [] for a in arrays}
    for a, d in read_distances(lines, loops, arrays):
        if any(d):
            carried[a].append(d)
    storage = {}
    for a in arrays:
        if rng.random() < 0.4 and not keep_out:
            continue
        def first(d):
            return next(l for l in order if d[l])
        firsts = [first(d) for d in carried[a]]
        c = min(firsts, key=lambda l: rank[l]) if firsts else depth
        reach = max([d[c] for d in carried[a] if c < depth and d[c] and
                     first(d) == c] or [0])
        st = []
        for l in range(depth):
            if c == depth or rank[l] < rank[c]:
                st.append(rng.choice(["full", "drop", "drop", ("roll", rng.randint(1, 3))]))
            elif l == c and rng.random() < 0.7:
                st.append(("roll", reach + 1 + rng.randint(0, 1)))
            else:
                st.append("full")
            if l in keep_out and st[-1] == "full":
                # Outside the loop the reads first reach back along: left
                # out; that loop itself: a window beyond the reach.
                st[-1] = "drop" if c == depth or rank[l] < rank[c] else ("roll", reach + 1)
        if all(x == "drop" for x in st):
            st[-1] = "full"
        if all(x == "full" for x in st):
            continue
        storage[a] = st
    # Drawn after every storage decision, so those stay what a seed gave.
    order = {}
    for a in arrays:
        kept = sum(1 for x in storage.get(a, ["full"] * depth) if x != "drop")
        if kept > 1 and rng.random() < 0.35:
            perm = list(range(kept))
            while perm == sorted(perm):
                rng.shuffle(perm)
            order[a] = perm
            storage.setdefault(a, ["full"] * depth)

    def rewrite(name, subs, decl):
        dims = []
        for st, s in zip(storage[name], subs):
            if st == "full":
                dims.append("[%s]" % s)
            elif st != "drop":
                dims.append("[%d]" % st[1] if decl else "[(%s) %% %d]" % (s, st[1]))
        if name in order:
            dims = [dims[p] for p in order[name]]
        return name + "".join(dims)

    for n, line in enumerate(lines):
        decl = line.lstrip().startswith("static")

        def sub(m):
            subs = m.group(2)[1:-1].split("][")
            if m.group(1) not in storage or len(subs) != depth:
                return m.group(0)
            return rewrite(m.group(1), subs, decl)
        lines[n] = access.sub(sub, line)
