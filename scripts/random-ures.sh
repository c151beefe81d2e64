#!/usr/bin/env bash
# Long randomized differential test of the space-time transform and the
# OpenCL back end:
#   scripts/random-ures.sh [SYSTEMS] [FIRST_SEED]
# Generates SYSTEMS random URE systems (50 per program, half of the scheduled
# ones with a drainer kernel), builds each program as the sequential reference
# (plain clang++-19), through t2s-clang at -O0 and -O2 (native systolic) and
# with t2s-clang --emulate -O2 (the emitted kernels on threads), and compares
# the outputs. Needs a built tree (scripts/build.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
count="${1:-2000}"
seed="${2:-1000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
programs=$(( (count + 49) / 50 ))
bad=0
for ((p = 0; p < programs; ++p)); do
  s=$((seed + p))
  python3 "$root/test/random/gen_ures.py" --seed "$s" --count 50 --drainers > "$work/r.cpp"
  /usr/lib/llvm-19/bin/clang++ -O2 -w "$work/r.cpp" -o "$work/ref"
  "$work/ref" > "$work/ref.out"
  for opt in -O0 -O2 --emulate; do
    mode="$opt"; [ "$opt" = --emulate ] && mode="--emulate -O2"
    # shellcheck disable=SC2086
    "$root/build/bin/t2s-clang" $mode "$work/r.cpp" -o "$work/t2s"
    "$work/t2s" > "$work/t2s.out"
    if ! cmp -s "$work/ref.out" "$work/t2s.out"; then
      echo "seed $s $opt: the T2S build differs from the reference"
      cp "$work/r.cpp" "random-ures-seed$s.cpp"
      bad=$((bad + 1))
    fi
  done
done
echo "random URE systems: $((programs * 50)) checked, $bad programs differ"
[ "$bad" -eq 0 ]
