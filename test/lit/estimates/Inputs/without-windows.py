"""The design and traffic lines of a report (argv[2]), leaving out the
designs whose report argv[1] says their loaders carry gather windows: one
line 'windowed <design>' for each of those instead."""
import sys


def blocks(path):
    order, out, name = [], {}, None
    for line in open(path):
        if line.startswith("design "):
            name = line.rstrip("\n")
            order.append(name)
            out[name] = []
        elif name is not None:
            out[name].append(line.rstrip("\n"))
    return order, out


_, windows = blocks(sys.argv[1])
order, report = blocks(sys.argv[2])
for name in order:
    if any("carrying windows of" in line for line in windows.get(name, [])):
        print("windowed " + name)
        continue
    print(name)
    for line in report[name]:
        if "off-chip traffic" in line:
            print(line)
