#!/usr/bin/env python3
"""Extracts what docs/first-design.md shows, so that a test can check it
against what the tools do: 'code' prints the C++ design (the ```cpp block
with '#pragma t2s ure'); 'quoted' prints every line of the other fenced
blocks (report excerpts, kernels, errors) that names the design, one per
line, without its leading blanks."""
import re
import sys

text = open(sys.argv[2]).read()
blocks = re.findall(r"```(\w*)\n(.*?)```", text, re.S)
if sys.argv[1] == "code":
    sys.stdout.write([b for lang, b in blocks if lang == "cpp" and "#pragma t2s ure" in b][0])
else:
    for lang, b in blocks:
        if lang in ("", "c"):
            for line in b.splitlines():
                line = line.strip()
                if line and not line.startswith("//") and not re.match(r"^\d+ \|", line):
                    print(line)
