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
// Integer abs: the kernels convert OpenCL's unsigned result back.
using std::abs;
// OpenCL's math is overloaded: exp(float) is float. <cmath> puts only the
// double versions in the global namespace; these bring the float ones (the
// functions the emitter prints).
using std::acos;
using std::asin;
using std::atan;
using std::atan2;
using std::ceil;
using std::cos;
using std::exp;
using std::exp2;
using std::fabs;
using std::floor;
using std::fma;
using std::fmax;
using std::fmin;
using std::fmod;
using std::log;
using std::log10;
using std::log2;
using std::pow;
using std::round;
using std::sin;
using std::sqrt;
using std::tan;
using std::tanh;
using std::trunc;
using std::rint;
using std::copysign;
using std::expm1;
using std::log1p;
using std::asin;
using std::acos;
using std::sinh;
using std::cosh;
using std::hypot;
using std::cbrt;
using std::remainder;
// OpenCL's popcount keeps its argument's type.
inline int popcount(int X) { return __builtin_popcount(unsigned(X)); }
inline unsigned popcount(unsigned X) { return unsigned(__builtin_popcount(X)); }
inline long popcount(long X) { return __builtin_popcountl((unsigned long)X); }
inline unsigned long popcount(unsigned long X) { return (unsigned long)__builtin_popcountl(X); }
// OpenCL's clz: the leading zero bits, the type's width for 0.
inline int clz(int X) { return X ? __builtin_clz(unsigned(X)) : 32; }
inline unsigned clz(unsigned X) { return X ? unsigned(__builtin_clz(X)) : 32u; }
inline long clz(long X) { return X ? __builtin_clzl((unsigned long)X) : 64; }
inline unsigned long clz(unsigned long X) { return X ? (unsigned long)__builtin_clzl(X) : 64ul; }

#endif // T2S_OPENCL_ON_CPU_H
