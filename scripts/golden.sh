#!/usr/bin/env bash
# Golden outputs of the back ends, for restructurings that must not change
# what users get (docs/developer-guide.md, "Golden outputs"):
#   scripts/golden.sh record DIR   # writes DIR/<input>/<output> with T2S_BUILD
#   scripts/golden.sh compare A B  # lists every output that differs; exit 1 if any
# The inputs: every bundled example, every lit input with a '#pragma t2s'
# (test/lit/**/*.cpp, *.c), and 200 random systems (test/random: 100 of
# gen_forms.py, 50 of gen_ures.py with drainers, chains and vectorize, 50 of
# gen_lanes.py; fixed seeds). The outputs of each: the emitted .cl and host
# stubs, the channel-free .cl (-t2s-isolate=false), the clocked emulation's
# .cl (-t2s-clock-marks) and the device stubs (-t2s-opencl-device), the
# Vitis HLS C++ with its C-simulation stubs, and with its XRT stubs and v++
# connectivity (U280), the report as text and JSON, the picture, and each
# run's diagnostics and exit status, with the
# source tree's path written as ROOT so that two checkouts compare equal.
#
# To check a restructuring, record with a build of the commit before it and
# with a build after it, then compare:
#   git worktree add /tmp/base BASE && scripts/build.sh /tmp/base/build
#   T2S_BUILD=/tmp/base/build scripts/golden.sh record /tmp/golden-before
#   scripts/golden.sh record /tmp/golden-after
#   scripts/golden.sh compare /tmp/golden-before /tmp/golden-after
# Environment: T2S_BUILD (the build tree, build/), T2S_GOLDEN_JOBS (2).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
  echo "usage: scripts/golden.sh record DIR | compare DIR_A DIR_B" >&2
  exit 2
}

# The outputs of one input file $1 into directory $2.
record_one() {
  local in="$1" out="$2" t2s="$3" src="$4" rc
  mkdir -p "$out"
  local tidy=(sed -e "s#$out#OUT#g" -e "s#${out%/out/*}#GOLDEN#g" -e "s#$src#ROOT#g")
  run() { # name, then the t2s-clang arguments
    local name="$1"
    shift
    rc=0
    "$t2s" -w "$@" > "$out/$name.stdout" 2> "$out/$name.stderr" || rc=$?
    echo "exit $rc" >> "$out/$name.stderr"
    "${tidy[@]}" -i "$out/$name.stdout" "$out/$name.stderr"
    [ -s "$out/$name.stdout" ] || rm "$out/$name.stdout"
  }
  run opencl --emit-opencl "$in" -o "$out/kernels.cl" --host-stub="$out/host.cpp"
  run opencl-channel-free --emit-opencl -mllvm -t2s-isolate=false "$in" \
    -o "$out/kernels-channel-free.cl" --host-stub="$out/host-channel-free.cpp"
  # The Vitis HLS C++ with the C simulation's stubs, and with XRT's stubs
  # and v++'s connectivity (what t2s-clang --xrt writes).
  run hls --emit-hls "$in" -o "$out/kernels-hls.cpp" --host-stub="$out/host-hls.cpp"
  run hls-xrt --emit-hls --device=u280 "$in" -o "$out/kernels-xrt.cpp" \
    --host-stub="$out/host-xrt.cpp" -mllvm -t2s-hls-xrt \
    -mllvm -t2s-hls-config="$out/connectivity-xrt.cfg"
  # What the emulation compiles: the clocked emulation's marks, and the
  # device stubs of --opencl.
  run opencl-clocked --emit-opencl -mllvm -t2s-clock-marks "$in" \
    -o "$out/kernels-clocked.cl" --host-stub="$out/host-clocked.cpp"
  run opencl-device --emit-opencl -mllvm -t2s-opencl-device "$in" \
    -o "$out/kernels-device.cl" --host-stub="$out/host-device.cpp"
  run report --report "$in"
  run report-json --report=json "$in"
  run picture --emit-dot "$in"
  for f in "$out"/*.cl "$out"/*.cpp "$out"/*.cfg; do
    [ -e "$f" ] && "${tidy[@]}" -i "$f"
  done
  return 0
}

record() {
  local dir="$1" build="${T2S_BUILD:-$root/build}" jobs="${T2S_GOLDEN_JOBS:-2}"
  local t2s="$build/bin/t2s-clang"
  [ -x "$t2s" ] || { echo "golden: no $t2s; build first (scripts/build.sh)" >&2; exit 2; }
  rm -rf "$dir"
  mkdir -p "$dir/inputs"
  dir="$(cd "$dir" && pwd)"
  # The random systems, generated once into the record (fixed seeds).
  local gen="$root/test/random"
  for s in 1 2 3 4; do
    python3 "$gen/gen_forms.py" --seed "$s" --count 25 > "$dir/inputs/forms-$s.cpp"
  done
  python3 "$gen/gen_ures.py" --seed 5 --count 25 --drainers --chains > "$dir/inputs/ures-5.cpp"
  python3 "$gen/gen_ures.py" --seed 6 --count 25 --drainers --vectorize > "$dir/inputs/ures-6.cpp"
  python3 "$gen/gen_lanes.py" --seed 7 --count 25 > "$dir/inputs/lanes-7.cpp"
  python3 "$gen/gen_lanes.py" --seed 8 --count 25 > "$dir/inputs/lanes-8.cpp"
  {
    for f in "$root"/examples/*.cpp; do echo "$f"; done
    grep -rl --include='*.cpp' --include='*.c' '#pragma t2s' "$root/test/lit" | sort
    for f in "$dir"/inputs/*.cpp; do echo "$f"; done
  } > "$dir/list"
  export -f record_one
  while read -r f; do
    local name="${f#"$root"/}"
    name="${name#"$dir"/}"
    printf '%s\t%s\n' "$f" "$dir/out/${name//\//__}"
  done < "$dir/list" |
    xargs -P "$jobs" -L 1 -d '\n' bash -c \
      'IFS=$'"'"'\t'"'"' read -r in out <<< "$2"; record_one "$in" "$out" "$0" "$1"' \
      "$t2s" "$root"
  sed -i "s#$root#ROOT#g; s#$dir#GOLDEN#g" "$dir/list"
  echo "golden: $(wc -l < "$dir/list") inputs recorded in $dir (t2s-clang of $build)"
}

compare() {
  local a="$1" b="$2" n
  n=$(diff -rq "$a/out" "$b/out" | tee /dev/stderr | wc -l) || true
  if [ "$n" -ne 0 ]; then
    echo "golden: $n outputs differ (diff -r $a/out $b/out)"
    return 1
  fi
  echo "golden: all $(find "$a/out" -type f | wc -l) outputs identical"
}

case "${1:-}" in
record) [ $# -eq 2 ] || usage; record "$2" ;;
compare) [ $# -eq 3 ] || usage; compare "$2" "$3" ;;
*) usage ;;
esac
