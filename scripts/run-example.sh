#!/usr/bin/env bash
# README command (a): installs what is missing, builds T2S, then takes the
# bundled GEMM design through the verification chain — the sequential
# reference (plain clang++-19), the native systolic build (t2s-clang) and the
# emitted OpenCL kernels run under emulation (t2s-clang --emulate) and the C
# simulation of its Vitis HLS C++ (t2s-clang --hls-sim) — checks that all four
# agree, and shows the directives, the URE model, the design report, the
# picture of the array, the OpenCL kernels and the HLS top T2S derives; takes
# the convolution example through the HLS chain, and builds the GEMM for an
# AMD FPGA through XRT (t2s-clang --xrt).
# T2S_BUILD picks the build tree (default build/).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${T2S_BUILD:-$root/build}"  # the build tree
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build" >/dev/null
echo "built T2S in $build ($("$build/bin/t2s-clang" --version | head -1))"

out="$build/example-run"
mkdir -p "$out"
clangxx=/usr/lib/llvm-19/bin/clang++
t2s="$build/bin/t2s-clang"

echo "== examples/gemm.cpp: sequential reference (plain clang++-19)"
"$clangxx" -O2 -I"$build/include" "$root/examples/gemm.cpp" -o "$out/gemm-reference"
"$out/gemm-reference" | tee "$out/gemm-reference.out"

echo "== examples/gemm.cpp: native systolic build (t2s-clang -O2)"
"$t2s" -O2 "$root/examples/gemm.cpp" -o "$out/gemm-t2s"
"$out/gemm-t2s" | tee "$out/gemm-t2s.out"

echo "== examples/gemm.cpp: its OpenCL kernels under emulation (t2s-clang --emulate -O2)"
"$t2s" --emulate -O2 "$root/examples/gemm.cpp" -o "$out/gemm-emulated"
"$out/gemm-emulated" | tee "$out/gemm-emulated.out"

echo "== examples/gemm.cpp: the C simulation of its Vitis HLS C++ (t2s-clang --hls-sim -O2)"
"$t2s" --hls-sim -O2 "$root/examples/gemm.cpp" -o "$out/gemm-hls-sim"
"$out/gemm-hls-sim" | tee "$out/gemm-hls-sim.out"

echo "== the directives T2S attached to the GEMM loop nest"
"$t2s" -O0 -S -emit-llvm "$root/examples/gemm.cpp" -o - |
  /usr/lib/llvm-19/bin/opt -load-pass-plugin="$build/lib/libT2S.so" \
    -passes='function(print<t2s-directives>)' -disable-output 2>&1 |
  sed -n "/of 'gemm(/,/^t2s directives of/p" | sed '$d'

echo "== the URE model and the design report (t2s-clang --report)"
"$t2s" -O0 -S -emit-llvm -Xclang -disable-llvm-passes "$root/examples/gemm.cpp" -o "$out/gemm.ll"
/usr/lib/llvm-19/bin/opt -load-pass-plugin="$build/lib/libT2S.so" \
  -passes='t2s-attach-pragmas,t2s-prepare-nests,print<t2s-ure>' -disable-output "$out/gemm.ll" |
  grep -E "URE system|loops:|URE array|statement|distance|when"
"$t2s" --report "$root/examples/gemm.cpp"

echo "== the picture of the array (t2s-clang --emit-dot)"
"$t2s" --emit-dot "$root/examples/gemm.cpp" > "$out/gemm.dot"
if command -v dot >/dev/null; then
  dot -Tpng "$out/gemm.dot" -o "$out/gemm.png"
  echo "drawn to $out/gemm.png"
else
  echo "written to $out/gemm.dot"
fi

echo "== the OpenCL kernels (t2s-clang --emit-opencl), type-checked as OpenCL C 2.0"
"$t2s" --emit-opencl "$root/examples/gemm.cpp" -o "$out/gemm.cl" --host-stub="$out/gemm-host.cpp"
/usr/lib/llvm-19/bin/clang -x cl -cl-std=CL2.0 -target spir64 -Xclang -finclude-default-header \
  -fsyntax-only -I"$build/include" "$out/gemm.cl"
grep -E "^(T2S_CHANNEL|void|T2S_(AUTORUN_)?KERNEL)" "$out/gemm.cl"
sed -n '/^void gemm(void)/,/^}/p' "$out/gemm.cl" | sed -n '1,45p'
echo "(written to $out/gemm.cl, its host stub to $out/gemm-host.cpp)"

echo "== the Vitis HLS C++ (t2s-clang --emit-hls): its top function"
"$t2s" --emit-hls "$root/examples/gemm.cpp" -o "$out/gemm-hls.cpp" --host-stub="$out/gemm-xrt.cpp"
sed -n '/^extern "C" void gemm_top/,/^}/p' "$out/gemm-hls.cpp"
echo "(written to $out/gemm-hls.cpp, its XRT host stub to $out/gemm-xrt.cpp)"

echo "== examples/conv2d.cpp through the HLS chain: reference, native, --hls-sim"
"$clangxx" -O2 -I"$build/include" "$root/examples/conv2d.cpp" -o "$out/conv2d-reference"
"$out/conv2d-reference" | tee "$out/conv2d-reference.out"
"$t2s" -O2 "$root/examples/conv2d.cpp" -o "$out/conv2d-t2s"
"$out/conv2d-t2s" > "$out/conv2d-t2s.out"
"$t2s" --hls-sim -O2 "$root/examples/conv2d.cpp" -o "$out/conv2d-hls-sim"
"$out/conv2d-hls-sim" > "$out/conv2d-hls-sim.out"

echo "== examples/gemm.cpp for an AMD Alveo U250 through XRT (t2s-clang --xrt)"
"$t2s" --xrt --device=u250 -O2 "$root/examples/gemm.cpp" -o "$out/gemm-xrt"
grep -v "^#" "$out/gemm-xrt.cfg"
echo "on a machine with Vitis: make -C $out -f gemm-xrt.mk, which runs:"
make -n --no-print-directory -C "$out" -f gemm-xrt.mk | sed 's/^/  /'

if cmp -s "$out/gemm-reference.out" "$out/gemm-t2s.out" &&
   cmp -s "$out/gemm-reference.out" "$out/gemm-emulated.out" &&
   cmp -s "$out/gemm-reference.out" "$out/gemm-hls-sim.out" &&
   cmp -s "$out/conv2d-reference.out" "$out/conv2d-t2s.out" &&
   cmp -s "$out/conv2d-reference.out" "$out/conv2d-hls-sim.out"; then
  echo "OK: the native systolic build, the emulated OpenCL kernels and the C simulation of the Vitis HLS C++ print exactly what the sequential reference prints"
else
  echo "FAIL: the builds of the verification chain differ" >&2
  exit 1
fi
