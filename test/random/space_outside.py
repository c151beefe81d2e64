"""Space loops written outside time loops (docs/language.md, "Space loops
outside time loops"), for the random generators: lift_space_loop rewrites a
generated nest, whose space loops are innermost, so that its first space
loop is written further out, between time loops, where the program with the
loops in that order computes the same values. t2s-space-loops-inward then
moves it back inside; the reference runs the loops as written.

The URE arrays keep their subscripts in the generated order (a fixed order
of the loop variables other than the nest's, which the language accepts), so
only the 'for' lines move. The first loop stays first where the outputs are
written again in each of its iterations: the generators' outputs are written
at one element per iteration of the other loops, so only the first loop
orders the writes to one element."""

import re

from storage import read_distances


def lift_space_loop(lines, loops, arrays, space, rng, outermost=False):
    """Rewrites, in place, the 'for' lines in `lines` of the nest over the
    loops named `loops` (outermost first), whose loops named in `space` are
    innermost, so that the first space loop runs right inside a random time
    loop other than the first (or, with `outermost`, where each output
    element is written once, anywhere, outermost too); when every read of the URE arrays named
    `arrays` ('U0[t - 1][j + 2]', one subscript per loop) still reaches an
    earlier iteration in that order. Returns the loops (indices) in the
    written order, or None if no such place exists."""
    depth = len(loops)
    first = min((q for q in range(depth) if loops[q] in space), default=None)
    low = 0 if outermost else 1
    if first is None or first <= low:
        return None
    dists = [d for _, d in read_distances(lines, loops, arrays)]
    places = []
    for p in range(low, first):
        order = list(range(depth))
        order.remove(first)
        order.insert(p, first)
        # Lexicographically non-negative in the written order.
        if all(next((d[l] for l in order if d[l]), 0) >= 0 for d in dists):
            places.append(order)
    if not places:
        return None
    order = rng.choice(places)
    heads = {}
    for n, line in enumerate(lines):
        m = re.match(r"(\s*)(for \(int (\w+) = .*)$", line)
        if m and m.group(3) in loops and m.group(3) not in heads:
            heads[m.group(3)] = (n, m.group(1), m.group(2))
    if len(heads) != depth:
        return None
    texts = [heads[l][2] for l in loops]
    for q, l in enumerate(order):
        n, indent, _ = heads[loops[q]]
        lines[n] = indent + texts[l]
    return order
