//===- t2s/opencl_on_cpu.h - Emitted OpenCL kernels as C++ -----*- C++ -*-===//
//
// Include this before a .cl file written by 't2s-clang --emit-opencl' to
// compile its kernels as ordinary C++ functions and call them on the CPU (a
// kernel's buffers become plain pointers). This covers kernels without
// channels; the channel emulation runtime builds on it.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPENCL_ON_CPU_H
#define T2S_OPENCL_ON_CPU_H

#include <algorithm>
#include <cmath>

#define __kernel
#define __global
#define restrict __restrict__
// __attribute__((max_global_work_dim(0))) becomes __attribute__((unused)).
#define max_global_work_dim(N) unused

#include "vector_types.h"

using std::max;
using std::min;

#endif // T2S_OPENCL_ON_CPU_H
