# Sourced by the OptVLS bench scripts (run.sh, corpus-limits.sh) after
# `set -euo pipefail`, with their arguments [processes [rounds [prefix]]]:
# sets here (bench/optvls), root, plugin (T2S_BUILD, default build/), clang
# (CLANG, default clang-19), procs, rounds, only and a scratch directory
# work, removed on exit; stops when the tree is not built.
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
plugin="${T2S_BUILD:-$root/build}/lib/libT2S.so"
clang="${CLANG:-clang-19}"
procs="${1:-5}" rounds="${2:-7}" only="${3:-}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -f "$plugin" ] || { echo "$(basename "$0"): no $plugin (build the tree first)" >&2; exit 1; }
