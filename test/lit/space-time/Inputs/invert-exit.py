"""Rewrites the first 'icmp slt i32 %x, BOUND' + 'br i1 %c, label %in, label %out'
of an IR file into 'icmp sge' + 'br i1 %c, label %out, label %in': the same
loop, exiting on the true edge (a shape clang does not emit)."""
import re
import sys

bound, path = sys.argv[1], sys.argv[2]
text = open(path).read()
m = re.search(r"(%\d+) = icmp slt i32 (%\d+), " + bound +
              r"(, !dbg !\d+)?\n(\s+)br i1 \1, label (%\d+), label (%\d+)", text)
if not m:
    sys.exit("no loop bounded by " + bound)
new = "%s = icmp sge i32 %s, %s%s\n%sbr i1 %s, label %s, label %s" % (
    m.group(1), m.group(2), bound, m.group(3) or "", m.group(4), m.group(1),
    m.group(6), m.group(5))
sys.stdout.write(text[:m.start()] + new + text[m.end():])
