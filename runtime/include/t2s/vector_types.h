//===- t2s/vector_types.h - OpenCL's scalar and vector names in C++ -*- C++ -*-===//
//
// uchar, ushort, uint, ulong, half and OpenCL's vector types (float4, int3, ...: 2,
// 3, 4, 8 and 16 lanes) as C++ names, with clang's vector extension, which
// has OpenCL's operators, compound literals, .sN lanes and memory layout (a
// 3-lane vector takes the room of 4). Emitted kernels compiled as C++
// (t2s/opencl_on_cpu.h) and host stubs (t2s/host.h) use them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_VECTOR_TYPES_H
#define T2S_VECTOR_TYPES_H

typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
#ifdef __FLT16_MAX__ // OpenCL's half (cl_khr_fp16) is C++'s _Float16
typedef _Float16 half;
#endif

#ifdef __clang__ // GCC has no 3-lane vectors; hosts built by GCC go without
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
#ifdef __FLT16_MAX__
T2S_OPENCL_VECTORS(half)
#endif
#undef T2S_OPENCL_VECTORS
#endif

#endif // T2S_VECTOR_TYPES_H
