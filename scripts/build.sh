#!/usr/bin/env bash
# Configures and builds T2S: scripts/build.sh [build-dir] [extra cmake arguments...]
# Uses Ninja when present, two parallel jobs (the machines have two cores).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
shift || true
generator=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build/CMakeCache.txt" ]; then
  generator=(-G Ninja)
fi
cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build" -j "${T2S_JOBS:-2}"
