"""The main() of the generators whose designs take one int input and one
int output of the same shape (gen_affine.py, gen_lifted.py): each design is
called on a fixed input and prints a hash of its output, so that the
reference and every T2S build of the program can be compared line by line."""

MOD = 1009


def print_program(generator, seed, count, prefix, designs):
    """Prints the program: its header, the designs' texts, and a main() that
    runs design n as `prefix`n(in, out) on arrays of its extents. `designs`
    is a list of (text, extents)."""
    print("// %s --seed %d --count %d" % (generator, seed, count))
    print("#include <cstdio>")
    for text, _ in designs:
        print(text)
    print("int main() {")
    for n, (_, ext) in enumerate(designs):
        size = 1
        for e in ext:
            size *= e
        dims = "".join("[%d]" % e for e in ext)
        zero = "[0]" * len(ext)
        print("  {")
        print("    static int in%s, out%s;" % (dims, dims))
        print("    for (int x = 0; x < %d; ++x) (&in%s)[x] = (x * 7 + %d) %% 13 - 6;" % (size, zero, n))
        print("    %s%d(in, out);" % (prefix, n))
        print("    long long h = 0; for (int x = 0; x < %d; ++x) h = (h * 31 + (&out%s)[x] + %d) %% 1000000007;" % (size, zero, MOD))
        print("    std::printf(\"%s%d %%lld\\n\", h);" % (prefix, n))
        print("  }")
    print("  return 0;")
    print("}")
