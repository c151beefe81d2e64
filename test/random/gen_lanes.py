#!/usr/bin/env python3
"""Generates random vectorized designs as one C++ program, for differential
testing of vectorize and its lane matching: the program compiled with plain
clang++ (the sequential reference) and with t2s-clang --emulate must print
the same lines.

Each design: a kernel nest 'feed' sends single values of X to a URE array
that vectorizes its time loop k (2 to 32 lanes: OpenCL vector types and
structs), so the loader between them concatenates lanes; the array reduces
along k (serialized lanes) or not (independent lanes) and either drains every
lane to memory through vectors, or sends the last lane (k == K - 1) to a
kernel nest 'take' as single values, so the drainer slices. The feeding nest
visits X in the order the array consumes it: its PEs, then the lanes.

usage: gen_lanes.py --seed S --count N
"""
import argparse
import random


def gen_design(rng, idx):
    K = rng.randint(2, 32)
    I = rng.randint(1, 4)
    J = rng.randint(1, 3)
    ty = rng.choice(["int", "float", "short", "long"])
    serial = rng.random() < 0.6
    to_kernel = rng.random() < 0.5
    # Small integer values keep every float sum exact.
    lines = ["void lanes%d(const %s a[%d][%d], %s out[%d][%d][%d]) {" % (
        idx, ty, I, K, ty, J, I, K)]
    lines.append("  static %s X[%d][%d], Y[%d][%d], A[%d][%d][%d], S[%d][%d][%d];" % (
        ty, K, I, J, I, K, J, I, K, J, I))
    lines.append("  #pragma t2s kernel(feed%d)" % idx)
    lines.append("  for (int i = 0; i < %d; ++i)" % I)
    lines.append("    for (int k = 0; k < %d; ++k)" % K)
    lines.append("      X[k][i] = (%s)(a[i][k] * %d + %d);" % (ty, rng.randint(1, 3), rng.randint(-2, 2)))
    lines.append("  #pragma t2s ure")
    lines.append("  #pragma t2s space_time(j, i)")
    if not to_kernel:
        lines.append("  #pragma t2s drainer(out)")
    lines.append("  #pragma t2s vectorize(k)")
    lines.append("  for (int k = 0; k < %d; ++k)" % K)
    lines.append("    for (int j = 0; j < %d; ++j)" % J)
    lines.append("      for (int i = 0; i < %d; ++i) {" % I)
    lines.append("        A[k][j][i] = j == 0 ? X[k][i] : A[k][j - 1][i];")
    if serial:
        lines.append("        S[k][j][i] = (k == 0 ? (%s)0 : S[k - 1][j][i]) + A[k][j][i] * (%s)(j + 1);" % (ty, ty))
    else:
        lines.append("        S[k][j][i] = A[k][j][i] * (%s)(j + 2) - (%s)k;" % (ty, ty))
    if to_kernel:
        lines.append("        if (k == %d)" % (K - 1))
        lines.append("          Y[j][i] = S[k][j][i];")
    else:
        lines.append("        out[j][i][k] = S[k][j][i];")
    lines.append("      }")
    if to_kernel:
        lines.append("  #pragma t2s kernel(take%d)" % idx)
        lines.append("  for (int j = 0; j < %d; ++j)" % J)
        lines.append("    for (int i = 0; i < %d; ++i)" % I)
        lines.append("      out[j][i][0] = Y[j][i] + (%s)1;" % ty)
    lines.append("}")
    return "\n".join(lines), (ty, K, I, J, to_kernel)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("// gen_lanes.py --seed %d --count %d" % (args.seed, args.count))
    print("#include <cstdio>")
    designs = []
    for n in range(args.count):
        text, shape = gen_design(rng, n)
        print(text)
        designs.append(shape)
    print("int main() {")
    for n, (ty, K, I, J, to_kernel) in enumerate(designs):
        print("  {")
        print("    static %s a[%d][%d], out[%d][%d][%d];" % (ty, I, K, J, I, K))
        print("    for (int i = 0; i < %d; ++i) for (int k = 0; k < %d; ++k) a[i][k] = (%s)((i * 5 + k * 3) %% 7 - 3);" % (I, K, ty))
        print("    lanes%d(a, out);" % n)
        print("    long long h = 0; for (int j = 0; j < %d; ++j) for (int i = 0; i < %d; ++i) for (int k = 0; k < %d; ++k) h = (h * 31 + (long long)out[j][i][k]) %% 1000000007;" % (J, I, K))
        print("    std::printf(\"lanes%d %%lld\\n\", h);" % n)
        print("  }")
    print("  return 0;")
    print("}")


if __name__ == "__main__":
    main()
