#!/usr/bin/env bash
# README command (b): installs what is missing, builds, and runs every test —
# lit (IR, pragma, driver, end-to-end), GoogleTest, the installed-package test —
# then the same tests against an ASan+UBSan build of the plugins and tools.
# Set T2S_SKIP_SANITIZE=1 to skip the sanitizer configuration.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh"

"$root/scripts/build.sh" "$root/build"
ctest --test-dir "$root/build" --output-on-failure -j 2

if [ "${T2S_SKIP_SANITIZE:-0}" != 1 ]; then
  echo "== the same tests with ASan+UBSan plugins (build-asan/) =="
  "$root/scripts/build.sh" "$root/build-asan" -DT2S_SANITIZE=ON -DT2S_BUILD_BENCHMARKS=OFF
  ctest --test-dir "$root/build-asan" --output-on-failure -j 2
fi
