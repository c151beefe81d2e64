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

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

// OpenCL's vector types (2, 3, 4, 8 and 16 lanes) as clang's vector
// extension, which has the same operators, compound literals and .sN lanes.
#define T2S_OPENCL_VECTORS(T)                                                  \
  typedef T T##2 __attribute__((ext_vector_type(2)));                          \
  typedef T T##3 __attribute__((ext_vector_type(3)));                          \
  typedef T T##4 __attribute__((ext_vector_type(4)));                          \
  typedef T T##8 __attribute__((ext_vector_type(8)));                          \
  typedef T T##16 __attribute__((ext_vector_type(16)));
T2S_OPENCL_VECTORS(char)
T2S_OPENCL_VECTORS(uchar)
T2S_OPENCL_VECTORS(short)
T2S_OPENCL_VECTORS(ushort)
T2S_OPENCL_VECTORS(int)
T2S_OPENCL_VECTORS(uint)
T2S_OPENCL_VECTORS(long)
T2S_OPENCL_VECTORS(ulong)
T2S_OPENCL_VECTORS(float)
T2S_OPENCL_VECTORS(double)
#undef T2S_OPENCL_VECTORS

using std::max;
using std::min;

#endif // T2S_OPENCL_ON_CPU_H
