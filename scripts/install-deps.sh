#!/usr/bin/env bash
# Installs everything T2S on LLVM needs to build, test and benchmark, from Debian's
# packages. Idempotent: packages already present are left alone. Needs root (or sudo).
set -euo pipefail

packages=(
  # toolchain (DESIGN.md: LLVM/Clang 19.1 from Debian)
  llvm-19-dev llvm-19-tools clang-19 libclang-19-dev libclang-rt-19-dev
  cmake ninja-build make g++ python3 file time
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # OpenCL on the CPU and the type checks of emitted kernels
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers opencl-clhpp-headers
  # the emulation's kernels run as fibers (runtime/include/t2s/fiber.h)
  libboost-context-dev
  # the host of the Vitis HLS designs: XRT's native C++ API (t2s/xrt_host.h)
  libxrt-dev uuid-dev
  # pictures of arrays and shuffle graphs; JSON queries in the report tests
  graphviz jq
  # the vitis_hls script of --xrt, run against stand-ins of its commands in its test
  tcl
  # integer sets (the headers; the functions are libLLVM's, llvm-passes/CMakeLists.txt)
  libisl-dev
  # LLVM 19's CMake package refers to these libraries
  zlib1g-dev libzstd-dev libxml2-dev libedit-dev libffi-dev libcurl4-openssl-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
