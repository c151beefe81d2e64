#!/usr/bin/env bash
# Randomized differential test of T2S (the campaign of docs/developer-guide.md):
#   scripts/random-ures.sh [SYSTEMS] [FIRST_SEED]
# Generates SYSTEMS random designs with test/random/gen_forms.py, 50 per
# program, one program per seed from FIRST_SEED on, and builds each program
# as the sequential reference (plain clang++-19 -O2), through t2s-clang at -O0
# and -O2 (native systolic), with t2s-clang --emulate -O2 (the emitted
# kernels as fibers) and with t2s-clang --hls-sim -O2 (the C simulation of
# their Vitis HLS C++; on odd seeds with every array that can split one
# process per PE row); every build's output must equal the reference's.
# Programs run in parallel (T2S_RANDOM_JOBS, default 2). Every program that
# differs or fails to build or run is kept, with its outputs and logs, in
# T2S_RANDOM_KEEP (default ./random-ures-failures). Prints a summary and exits
# non-zero on any difference or failure. Needs a built tree (scripts/build.sh).
#
# Environment: T2S_RANDOM_JOBS (2), T2S_RANDOM_PER_PROGRAM (50),
# T2S_RANDOM_GENERATOR (gen_forms.py; gen_ures.py runs with --drainers),
# T2S_RANDOM_KEEP, T2S_RANDOM_TIMEOUT (seconds per run, 120),
# T2S_BUILD (the build tree, build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${T2S_BUILD:-$root/build}"
per="${T2S_RANDOM_PER_PROGRAM:-50}"
gen="${T2S_RANDOM_GENERATOR:-gen_forms.py}"
keep="${T2S_RANDOM_KEEP:-$PWD/random-ures-failures}"
limit="${T2S_RANDOM_TIMEOUT:-120}"
clangxx=/usr/lib/llvm-19/bin/clang++

# One program: prints "ok SEED", or "fail SEED WHAT" per failure, with WHAT
# "differs:<mode>:<systems>" or "build:<mode>" or "run:<mode>".
check_one() {
  local s="$1" work status=ok
  work="$(mktemp -d)"
  local extra=()
  [ "$gen" = gen_ures.py ] && extra=(--drainers)
  python3 "$root/test/random/$gen" --seed "$s" --count "$per" "${extra[@]}" > "$work/r.cpp"
  local fails=()
  if ! "$clangxx" -O2 -w "$work/r.cpp" -o "$work/ref" 2> "$work/ref.log"; then
    fails+=("build:reference")
  elif ! timeout "$limit" "$work/ref" > "$work/ref.out" 2>> "$work/ref.log"; then
    fails+=("run:reference")
  else
    local mode name
    for mode in "-O0" "-O2" "--emulate -O2" "--hls-sim -O2"; do
      name="$(echo "$mode" | tr -d ' -')"
      # The C simulation keeps every delay line of a step or more as a
      # circular buffer (backends/hls/CircularDelayLines.h), not only those
      # of 32 steps: the campaign checks that spelling on every design.
      local flags=()
      [ "$mode" = "--hls-sim -O2" ] && flags=(-Xclang -mllvm -Xclang -t2s-hls-delay-lines=1)
      # Every other program's arrays are one process per PE row wherever
      # their rows can split (backends/hls/SplitArray.h), not only those
      # too large for one SLR of a card.
      [ "$mode" = "--hls-sim -O2" ] && [ $((s % 2)) -eq 1 ] &&
        flags+=(-Xclang -mllvm -Xclang -t2s-hls-split=any)
      # shellcheck disable=SC2086
      if ! "$build/bin/t2s-clang" $mode "${flags[@]}" -w "$work/r.cpp" -o "$work/$name" \
           2> "$work/$name.log"; then
        fails+=("build:$name")
      elif ! timeout "$limit" "$work/$name" > "$work/$name.out" 2>> "$work/$name.log"; then
        fails+=("run:$name")
      elif ! cmp -s "$work/ref.out" "$work/$name.out"; then
        local n
        n=$(diff "$work/ref.out" "$work/$name.out" | grep -c '^<' || true)
        fails+=("differs:$name:$n")
      fi
    done
  fi
  if [ ${#fails[@]} -gt 0 ]; then
    mkdir -p "$keep/seed$s"
    cp "$work/r.cpp" "$keep/seed$s/random-seed$s.cpp"
    cp "$work"/*.out "$work"/*.log "$keep/seed$s/" 2>/dev/null || true
    echo "fail $s ${fails[*]}"
  else
    echo "ok $s"
  fi
  rm -rf "$work"
}

if [ "${1:-}" = --one ]; then
  check_one "$2"
  exit 0
fi

count="${1:-2000}"
seed="${2:-1000}"
jobs="${T2S_RANDOM_JOBS:-2}"
programs=$(( (count + per - 1) / per ))
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
start=$(date +%s)
seq "$seed" $((seed + programs - 1)) |
  xargs -P "$jobs" -I{} "$0" --one {} | tee "$log" | grep '^fail' || true
elapsed=$(( $(date +%s) - start ))
done_programs=$(grep -c '' "$log" || true)
failed=$(grep -c '^fail' "$log" || true)
differing=$( (grep -o 'differs:[^ ]*' "$log" || true) | awk -F: '{n += $3} END {print n + 0}')
builds=$( (grep -o 'build:[^ ]*' "$log" || true) | wc -l)
runs=$( (grep -o 'run:[^ ]*' "$log" || true) | wc -l)
echo "random designs ($gen, seeds $seed..$((seed + programs - 1))):" \
     "$((done_programs * per)) checked in $done_programs programs," \
     "$differing mismatching outputs, $builds failed builds, $runs failed runs," \
     "$failed programs kept$([ "$failed" -gt 0 ] && echo " in $keep"); wall time ${elapsed}s"
[ "$failed" -eq 0 ] && [ "$done_programs" -eq "$programs" ]
