#!/usr/bin/env python3
"""Seed corpora of the fuzz targets, generated from the lit tests and examples.

make-corpus.py SOURCE_ROOT OUT_DIR writes
  OUT_DIR/directive/  the text after '#pragma t2s' of every pragma line, once;
  OUT_DIR/design/     small designs: each top-level function that holds a
                      '#pragma t2s' line, after the declarations above it in its
                      file, without comments and '#include' lines (the design
                      fuzzer declares what those headers provided).
File names are content hashes, so reruns add nothing twice.
"""
import hashlib
import pathlib
import re
import sys

MAX_DESIGN = 4096  # the design fuzzer's -max_len
PRAGMA = re.compile(r'^\s*#\s*pragma\s+t2s(?:\s+(.*?))?\s*$')


def write(out, text):
    data = text.encode()
    (out / hashlib.sha1(data).hexdigest()).write_bytes(data)


def top_level_blocks(lines):
    """Splits a file into blocks ending at a '}' or '};' in column 0."""
    blocks, current = [], []
    for line in lines:
        current.append(line)
        if re.match(r'^};?\s*$', line):
            blocks.append(current)
            current = []
    if current:
        blocks.append(current)
    return blocks


def designs(text):
    lines = [l for l in text.splitlines()
             if not l.lstrip().startswith('//') and not re.match(r'\s*#\s*include', l)]
    context = []
    for block in top_level_blocks(lines):
        body = '\n'.join(block).strip('\n') + '\n'
        if '#pragma t2s' not in body:
            context.append(body)
            continue
        with_context = ''.join(context) + body
        if len(with_context) <= MAX_DESIGN:
            yield with_context
        elif len(body) <= MAX_DESIGN:
            yield body


def main():
    root, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    (out / 'directive').mkdir(parents=True, exist_ok=True)
    (out / 'design').mkdir(parents=True, exist_ok=True)
    sources = sorted(root.glob('test/lit/**/*.cpp')) + sorted(root.glob('examples/*.cpp'))
    pragmas, seeds = set(), set()
    for path in sources:
        text = path.read_text(errors='replace')
        for line in text.splitlines():
            m = PRAGMA.match(line)
            if m:
                pragmas.add(m.group(1) or '')
        seeds.update(designs(text))
    for p in sorted(pragmas):
        write(out / 'directive', p)
    for d in sorted(seeds):
        write(out / 'design', d)
    print(f'corpus: {len(pragmas)} directive texts, {len(seeds)} designs '
          f'from {len(sources)} files in {out}')


if __name__ == '__main__':
    main()
