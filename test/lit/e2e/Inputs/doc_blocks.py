#!/usr/bin/env python3
"""Extracts what docs/first-design.md shows, so that a test can check it
against what the tools do: 'code' prints the C++ design (the first ```cpp
block with '#pragma t2s ure'), 'fixed' the second (the design with its II
fixed, without main); 'quoted' prints every line of the other fenced
blocks (report excerpts, kernels, errors) that names the design, one per
line, without its leading blanks."""
import re
import sys

text = open(sys.argv[2]).read()
blocks = re.findall(r"```(\w*)\n(.*?)```", text, re.S)
designs = [b for lang, b in blocks if lang == "cpp" and "#pragma t2s ure" in b]
if sys.argv[1] == "code":
    sys.stdout.write(designs[0])
elif sys.argv[1] == "fixed":
    sys.stdout.write(designs[1])
else:
    for lang, b in blocks:
        if lang in ("", "c"):
            for line in b.splitlines():
                line = line.strip()
                if line and not line.startswith("//") and not re.match(r"^\d+ \|", line):
                    print(line)
