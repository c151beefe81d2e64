#!/usr/bin/env python3
"""Reads Vitis HLS C++ and checks what Vitis would refuse or build in flip-flops:
each array an ARRAY_PARTITION splits completely must have at most LIMIT
parts (Vitis HLS' default complete-partition threshold, UG1399
'ARRAY_PARTITION' and 'config_array_partition'). Prints each partitioned
array as 'name: N parts' (the product of the partitioned dimensions; dim=0
partitions them all, each element a register) and exits 1 past the limit."""
import re
import sys

LIMIT = 4096


def main(path):
    text = open(path).read()
    dims = {}
    for m in re.finditer(r'^\s*(?:[A-Za-z_][\w:<>, ]*?)\s+([A-Za-z_]\w*)((?:\[\d+\])+)\s*(?:=[^;]*)?;',
                         text, re.M):
        dims[m.group(1)] = [int(x) for x in re.findall(r'\[(\d+)\]', m.group(2))]
    parts = {}
    for m in re.finditer(r'#pragma HLS ARRAY_PARTITION variable=(\w+) complete dim=(\d+)', text):
        parts.setdefault(m.group(1), set()).add(int(m.group(2)))
    worst = 0
    for name, which in sorted(parts.items()):
        shape = dims.get(name)
        if shape is None:
            print(f'{name}: no declaration found')
            return 1
        n = 1
        for i, extent in enumerate(shape, 1):
            if 0 in which or i in which:
                n *= extent
        worst = max(worst, n)
        print(f'{name}: {n} parts' + (' (registers)' if 0 in which else ''))
    if worst > LIMIT:
        print(f'an array is partitioned into {worst} parts, past {LIMIT}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
