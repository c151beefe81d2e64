#!/usr/bin/env bash
# Native systolic build vs the sequential reference, in one run:
#   bench/systolic/run.sh [compile|realistic|example|emulation|hls-sim]
# ('emulation': bench/systolic/emulation.py, every example emulated against
# its native build, and the --emulate build time; see bench/README.md)
# Builds bench/systolic/{gemm,conv2d}.cpp with plain clang++-19 -O2 (the
# sequential reference) and with t2s-clang -O2 (the systolic array), checks
# that both print the same checksum, and prints the best of 3 times and the
# ratio (> 1: the systolic build is faster). Then the compile time of each
# bundled example: plain clang++ (the baseline, in the same run), t2s-clang
# native and t2s-clang --emit-opencl (target: under 1 s); 'compile' runs only
# that part. Between them (alone with 'realistic'), GEMM 1024^3 in T2SP's
# tiled form as the reference, the native array and the emulated kernels:
# the same checksum, each one's time and peak memory (GNU time's maximum
# resident set size); then ('example', also in 'realistic') the same size
# through examples/t2sp_gemm.cpp, whose loaders have reuse buffers. Needs a
# built tree (scripts/build.sh;
# T2S_BUILD picks another, default build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${T2S_BUILD:-$root/build}"  # the build tree
t2s="$build/bin/t2s-clang"
clangxx=/usr/lib/llvm-19/bin/clang++
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

best() { # best-of-3 "seconds" field of a design's output
  local exe=$1 b=
  for _ in 1 2 3; do
    local s
    s=$("$exe" | sed -n 's/.*seconds \([0-9.]*\).*/\1/p')
    b=$(python3 -c "print(min(float('$s'), float('${b:-1e9}')))")
  done
  echo "$b"
}

# The systolic builds against the reference, and GEMM under emulation.
run_times() {
  echo "design             reference(s)   systolic(s)   systolic/reference"
  for d in gemm conv2d; do
    "$clangxx" -O2 -w "$root/bench/systolic/$d.cpp" -o "$work/$d.ref"
    "$t2s" -O2 "$root/bench/systolic/$d.cpp" -o "$work/$d.t2s"
    a=$("$work/$d.ref" | sed 's/ seconds.*//')
    b=$("$work/$d.t2s" | sed 's/ seconds.*//')
    [ "$a" = "$b" ] || { echo "$d: the systolic build computes something else: $b vs $a"; exit 1; }
    r=$(best "$work/$d.ref"); s=$(best "$work/$d.t2s")
    python3 -c "print(f'{\"$d\":<18} {$r:>12.4f}   {$s:>11.4f}   {$s/$r:>10.3f}x  ({$r/$s:.1f}x faster)')"
  done

  echo
  echo "GEMM 128x128x128: the emitted OpenCL (2 loaders, the array, a drainer)"
  echo "run under emulation (t2s-clang --emulate), against the reference"
  "$clangxx" -O2 -w -DN=128 "$root/bench/systolic/gemm.cpp" -o "$work/gemm128.ref"
  b=$( { /usr/bin/time -f %e "$t2s" --emulate -O2 -DN=128 "$root/bench/systolic/gemm.cpp" -o "$work/gemm128.emu" ; } 2>&1 | tail -1 )
  a=$("$work/gemm128.ref" | sed 's/ seconds.*//')
  e=$("$work/gemm128.emu" | sed 's/ seconds.*//')
  [ "$a" = "$e" ] || { echo "gemm 128: the emulated kernels compute something else: $e vs $a"; exit 1; }
  r=$(best "$work/gemm128.ref"); m=$(best "$work/gemm128.emu")
  w=$( { /usr/bin/time -f %e "$work/gemm128.emu" >/dev/null ; } 2>&1 | tail -1 )
  python3 -c "print(f'  reference {$r:.4f} s, emulated kernels {$m:.4f} s (whole program {$w} s), build with --emulate {$b} s')"
}

# GEMM 1024^3 in T2SP's tiled form, whose URE arrays keep only what is live:
# the reference, the native array and the emulated kernels each print the
# same checksum; their time and peak memory (maximum resident set size).
run_realistic() {
  local src="$root/bench/systolic/gemm-tiled.cpp" x want= got
  echo "GEMM 1024x1024x1024, T2SP's tiled form (bench/systolic/gemm-tiled.cpp:"
  echo "8 x 8 PEs x 16 lanes, tiles of C and of the reduction as time loops)"
  "$clangxx" -O2 -w "$src" -o "$work/tiled.reference"
  "$t2s" -O2 "$src" -o "$work/tiled.native"
  "$t2s" --emulate -O2 "$src" -o "$work/tiled.emulated"
  printf "  %-10s %10s %12s\n" build "time (s)" "peak memory"
  for x in reference native emulated; do
    /usr/bin/time -f "%M" -o "$work/rss" "$work/tiled.$x" > "$work/out"
    got=$(sed 's/ seconds.*//' "$work/out")
    [ -z "$want" ] && want=$got
    [ "$got" = "$want" ] || { echo "gemm-tiled: the $x build computes something else: $got vs $want"; exit 1; }
    python3 -c "print(f'  {\"$x\":<10} {float(\"$(sed 's/.*seconds //' "$work/out")\"):>10.3f} {int(\"$(tail -1 "$work/rss")\")/1024:>9.1f} MB')"
  done
  echo "  all three: $want"
  # The tile counts are run-time sizes: the channels are sized by replaying
  # the kernels at the stand-in sizes and checked at twice them; the
  # emulation above running to the end at 1024 shows those depths suffice.
  echo "  channel depths (sized at the stand-ins, $( { /usr/bin/time -f %e "$t2s" --report "$src" > "$work/depths" ; } 2>&1 | tail -1 ) s for the report):"
  sed -n 's/^  depth of channel /    /p' "$work/depths"
  # Other sizes with the same builds.
  for x in "512 1024 256" "1024 128 2048"; do
    want=$(cd "$work" && ./tiled.reference $x | sed 's/ seconds.*//')
    got=$(cd "$work" && ./tiled.emulated $x | sed 's/ seconds.*//')
    [ "$got" = "$want" ] || { echo "gemm-tiled $x: the emulated build computes something else: $got vs $want"; exit 1; }
    echo "  $got (reference and emulated, the same builds)"
  done
}

# GEMM 1024^3 as the t2sp_gemm example (examples/t2sp_gemm.cpp: T2SP's
# high-performance form, run-time tile counts, reuse buffers for a and b):
# whole programs (inputs, the design, the check against a triple loop),
# each one's time and peak memory; the three print the same lines.
run_example() {
  local src="$root/examples/t2sp_gemm.cpp" x want= got
  echo "GEMM 1024x1024x1024 as examples/t2sp_gemm.cpp (4 x 4 PEs x 8 lanes, tiles"
  echo "II = JJ = KK = 2 inside run-time tile loops, buffer(a, k), buffer(b, k));"
  echo "whole programs: inputs, the design, the check against a triple loop"
  "$clangxx" -O2 -w -I"$root/runtime/include" "$src" -o "$work/ex.reference"
  "$t2s" -O2 "$src" -o "$work/ex.native"
  "$t2s" --emulate -O2 "$src" -o "$work/ex.emulated"
  printf "  %-10s %10s %12s\n" build "time (s)" "peak memory"
  for x in reference native emulated; do
    /usr/bin/time -f "%e %M" -o "$work/rss" "$work/ex.$x" 1024 1024 1024 > "$work/out"
    got=$(cat "$work/out")
    [ -z "$want" ] && want=$got
    [ "$got" = "$want" ] || { echo "t2sp_gemm: the $x build prints something else: $got vs $want"; exit 1; }
    python3 -c "t, m = '$(tail -1 "$work/rss")'.split(); print(f'  {\"$x\":<10} {float(t):>10.2f} {int(m)/1024:>9.1f} MB')"
  done
  echo "$want" | sed 's/^/  all three: /'
}

compile_times() {
  echo "compile time per example (best of 5, seconds): plain clang++ -O2 -c (the"
  echo "baseline), t2s-clang -O2 -c (native systolic), t2s-clang --emit-opencl"
  echo "(kernels and host stubs); the target for --emit-opencl is under 1 s"
  printf "  %-14s %8s %8s %8s %10s\n" example clang++ native opencl opencl/clang
  local ex slow=0
  for ex in "$root"/examples/*.cpp; do
    local c n o
    c=$(best_time "$clangxx" -O2 -c -w -I"$build/include" "$ex" -o "$work/x.o")
    n=$(best_time "$t2s" -O2 -c -w "$ex" -o "$work/x.o")
    o=$(best_time "$t2s" --emit-opencl -w "$ex" -o "$work/x.cl" --host-stub="$work/x-host.cpp")
    python3 -c "print(f'  {\"$(basename "$ex" .cpp)\":<14} {$c:>8.3f} {$n:>8.3f} {$o:>8.3f} {$o/$c:>9.2f}x')"
    slow=$(python3 -c "print($slow + ($o >= 1.0))")
  done
  [ "$slow" = 0 ] && echo "  every example under 1 s through --emit-opencl" ||
    echo "  $slow example(s) at 1 s or more through --emit-opencl"
}

# The best of 5 wall times of a command, in seconds.
best_time() {
  local b=1e9 s
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f %e -o "$work/time" "$@" > /dev/null 2>&1
    s=$(tail -1 "$work/time")
    b=$(python3 -c "print(min($s, $b))")
  done
  echo "$b"
}

case "${1:-}" in
  compile) compile_times ;;
  realistic) run_realistic; echo; run_example ;;
  example) run_example ;;
  emulation) shift; exec python3 "$root/bench/systolic/emulation.py" "$@" ;;
  hls-sim) shift; exec python3 "$root/bench/systolic/hls-sim.py" "$@" ;;
  *) run_times; echo; run_realistic; echo; run_example; echo; compile_times ;;
esac
