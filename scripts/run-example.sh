#!/usr/bin/env bash
# README command (a): installs what is missing, builds T2S, then compiles the
# bundled GEMM design twice — as the sequential reference with plain clang++-19
# and as the T2S build with t2s-clang — runs both and checks they agree, and
# shows the directives, the URE model and the design report T2S derives.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$root/build" >/dev/null
echo "built T2S in build/ ($("$root/build/bin/t2s-clang" --version | head -1))"

out="$root/build/example-run"
mkdir -p "$out"
clangxx=/usr/lib/llvm-19/bin/clang++
t2s="$root/build/bin/t2s-clang"

echo "== examples/gemm.cpp: sequential reference (plain clang++-19)"
"$clangxx" -O2 -I"$root/build/include" "$root/examples/gemm.cpp" -o "$out/gemm-reference"
"$out/gemm-reference" | tee "$out/gemm-reference.out"

echo "== examples/gemm.cpp: T2S build (t2s-clang -O2)"
"$t2s" -O2 "$root/examples/gemm.cpp" -o "$out/gemm-t2s"
"$out/gemm-t2s" | tee "$out/gemm-t2s.out"

echo "== the directives T2S attached to the GEMM loop nest"
"$t2s" -O0 -S -emit-llvm "$root/examples/gemm.cpp" -o - |
  /usr/lib/llvm-19/bin/opt -load-pass-plugin="$root/build/lib/libT2S.so" \
    -passes='function(print<t2s-directives>)' -disable-output 2>&1 |
  sed -n "/_Z4gemm/,/^t2s directives of/p" | sed '$d'

echo "== the URE model and the design report (t2s-clang --report)"
"$t2s" -O0 -S -emit-llvm -Xclang -disable-llvm-passes "$root/examples/gemm.cpp" -o "$out/gemm.ll"
/usr/lib/llvm-19/bin/opt -load-pass-plugin="$root/build/lib/libT2S.so" \
  -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output "$out/gemm.ll" |
  grep -E "URE system|loops:|URE array|statement|distance|when"
"$t2s" --report "$root/examples/gemm.cpp"

echo "== the OpenCL kernel (t2s-clang --emit-opencl), type-checked as OpenCL C 2.0"
"$t2s" --emit-opencl "$root/examples/gemm.cpp" -o "$out/gemm.cl"
/usr/lib/llvm-19/bin/clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header \
  -fsyntax-only -Wno-unknown-attributes "$out/gemm.cl"
sed -n '1,40p' "$out/gemm.cl"
echo "(written to $out/gemm.cl; picture: t2s-clang --emit-dot examples/gemm.cpp | dot -Tpng)"

if cmp -s "$out/gemm-reference.out" "$out/gemm-t2s.out"; then
  echo "OK: the T2S build prints exactly what the sequential reference prints"
else
  echo "FAIL: the T2S build and the sequential reference differ" >&2
  exit 1
fi
