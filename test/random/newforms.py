"""Forms of the language that a design's text can take on without changing
what it computes, for the random generators (each drawn from a stream of its
own, so a seed's other draws stay as they are):

- bool_guards: an output's guard kept in bool locals, as PairHMM writes it
  ('bool last_0 = t == 2, last_1 = (j >= 1); if (last_0 && last_1)'), which
  the rules read through the locals (ure/Guards.h);
- helpers: an output's value passed through a helper function of the
  program's own ('keep3(v)', with a local of its own), which the compiler
  inlines into the nest (ure/InlineHelpers.h);
- bit_builtins: an integer output's value through __builtin_popcount,
  __builtin_clz, __builtin_ctz or __builtin_bswap32, kept exact (unsigned
  types wrap; the others stay below the modulus);
- templated: the design's function as a template over its element type, its
  array parameters declared with it ('template <typename E> void sys3(const
  E x[8][8][8], ...)'), instantiated by the call in main."""

import random
import re

# Element types a template can stand for by a textual replacement: no other
# word of the design's text is them (not int, the loops' type; not bool, the
# guards' locals).
TEMPLATE_TYPES = {"char", "short", "float", "double", "int8_t", "uint8_t", "int16_t",
                  "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t"}

_OUT = re.compile(r"^(\s*)if \((.*)\) ((?:out|Y\d)\[[^=]*\]) = (.*);$")


def _split_and(cond):
    """The terms of a top-level '&&' of cond."""
    terms, depth, start, i = [], 0, 0, 0
    while i < len(cond):
        c = cond[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif depth == 0 and cond.startswith(" && ", i):
            terms.append(cond[start:i])
            start = i + 4
            i += 3
        i += 1
    terms.append(cond[start:])
    return [t.strip() for t in terms]


def bool_guards(lines, idx, rng):
    """Some designs' output guards through bool locals."""
    if rng.random() >= 0.3:
        return
    for n, line in enumerate(lines):
        m = _OUT.match(line)
        if not m or m.group(2) == "true":
            continue
        indent, cond, dst, value = m.groups()
        terms = _split_and(cond) if rng.random() < 0.6 else [cond]
        names = ["last%d_%d_%d" % (idx, n, k) for k in range(len(terms))]
        decl = ", ".join("%s = %s" % (v, t) for v, t in zip(names, terms))
        lines[n] = "%sbool %s; if (%s) %s = %s;" % (indent, decl, " && ".join(names), dst, value)


def helpers(lines, idx, ty, rng):
    """Some designs' outputs through a helper function; returns the helper's
    definition (to stand before the design's function), or None."""
    if rng.random() >= 0.25:
        return None
    name = "keep%d" % idx
    done = False
    for n, line in enumerate(lines):
        m = _OUT.match(line)
        if not m:
            continue
        indent, cond, dst, value = m.groups()
        lines[n] = "%sif (%s) %s = %s(%s);" % (indent, cond, dst, name, value)
        done = True
    if not done:
        return None
    return ("static %s %s(%s v) {\n  %s w = v;\n  return w;\n}" % (ty, name, ty, ty))


def bit_builtins(lines, ty, kind, rng):
    """Some integer designs' outputs through a bit builtin."""
    if kind == "float" or ty == "bool" or rng.random() >= 0.25:
        return
    for n, line in enumerate(lines):
        m = _OUT.match(line)
        if not m:
            continue
        indent, cond, dst, value = m.groups()
        u = "(unsigned)(%s)" % value
        if kind == "wrap":
            bits = rng.choice(["__builtin_bswap32(%s)" % u,
                               "__builtin_popcount(%s)" % u,
                               "__builtin_clz(%s | 1u)" % u,
                               "__builtin_ctz(%s | 0x100u)" % u])
            new = "(%s)((%s) ^ (%s)%s)" % (ty, value, ty, bits)
        else:  # values below 1021: the builtin adds at most 32, reduced again
            bits = rng.choice(["__builtin_popcount(%s)" % u, "__builtin_clz(%s | 1u)" % u,
                               "__builtin_ctz(%s | 0x100u)" % u])
            new = "(%s)(((long long)(%s) + %s) %% 1021)" % (ty, value, bits)
        lines[n] = "%sif (%s) %s = %s;" % (indent, cond, dst, new)


def templated(lines, ty, rng):
    """Some designs as a template over their element type."""
    if ty not in TEMPLATE_TYPES or rng.random() >= 0.2:
        return False
    word = re.compile(r"(?<![\w])%s(?![\w])" % re.escape(ty))
    for n, line in enumerate(lines):
        lines[n] = word.sub("E", line)
    lines[0] = "template <typename E> " + lines[0]
    return True


def new_forms(lines, idx, ty, kind):
    """Applies the forms above to a design's lines (the function's first),
    each from a stream of its own; returns text to put before the function."""
    bool_guards(lines, idx, random.Random(idx * 92821 + 3))
    bit_builtins(lines, ty, kind, random.Random(idx * 27644437 + 13))
    helper = helpers(lines, idx, ty, random.Random(idx * 39916801 + 29))
    if templated(lines, ty, random.Random(idx * 479001599 + 37)) and helper:
        helper = "template <typename E> " + re.sub(r"(?<![\w])%s(?![\w])" % re.escape(ty),
                                                   "E", helper)
        lines[:] = [l.replace("keep%d(" % idx, "keep%d<E>(" % idx) for l in lines]
    return helper
