"""Where the processes of a Vitis HLS C++ file access its m_axi ports.

Usage: port-accesses.py FILE PORT...

For each process (a 'static void' function) that names a port as an array,
prints each access with the number of conditions (if, else) between it and
the pipelined loop around it (the loop whose body starts with '#pragma HLS
PIPELINE'), in file order; then the other processes that name none, or
'none'. An access at depth 0 is a statement of the loop itself, which Vitis
can burst (UG1399: not in a conditional branch).
"""
import re
import sys


def functions(text):
    for m in re.finditer(r'^static void (\w+)\(.*?\n}\n', text, re.S | re.M):
        yield m.group(1), m.group(0).split('\n')


def accesses(lines, ports):
    found = []
    stack = []  # per open brace: 'pipelined', 'cond' or 'other'
    pending = None  # a braceless if/else: the next statement is conditional
    for n, line in enumerate(lines):
        code = line.strip()
        nxt = lines[n + 1].strip() if n + 1 < len(lines) else ''
        conditional = pending is not None
        pending = None
        for port in ports:
            for m in re.finditer(r'(?<![\w.])' + re.escape(port) + r'\[([^\]]*)\]', code):
                if '*' + port in code.split('(')[0]:
                    continue
                in_loop = 'pipelined' in stack
                depth = 0
                if in_loop:
                    at = len(stack) - 1 - stack[::-1].index('pipelined')
                    depth = stack[at + 1:].count('cond') + (1 if conditional else 0)
                found.append((port, m.group(0), depth, in_loop))
        opens = code.count('{') - code.count('}')
        kind = 'other'
        if code.startswith('for ') and nxt.startswith('#pragma HLS PIPELINE'):
            kind = 'pipelined'
        elif code.startswith(('if ', 'if(', 'else', '} else')):
            kind = 'cond'
        if opens > 0:
            stack.extend([kind] * opens)
        elif opens < 0:
            del stack[opens:]
        elif kind == 'cond' and not code.endswith(';'):
            pending = kind
    return found


def main():
    text = open(sys.argv[1]).read()
    ports = sys.argv[2:]
    others = []
    for name, lines in functions(text):
        found = accesses(lines, ports)
        if not found:
            continue
        for port, access, depth, in_loop in found:
            where = 'at depth %d of its pipelined loop' % depth if in_loop else 'outside any pipelined loop'
            if name.split('_')[-2:-1] in (['read'], ['write']):
                print('%s: %s %s' % (name, access, where))
            else:
                others.append('%s: %s %s' % (name, access, where))
    print('other processes: ' + ('; '.join(others) if others else 'none'))


if __name__ == '__main__':
    main()
