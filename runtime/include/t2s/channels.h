/*===- t2s/channels.h - One kernel file, two worlds -----------------------===*
 *
 * A .cl file that includes this header and writes its channels and kernels
 * with the macros below compiles unchanged
 *   - as OpenCL C for Intel's FPGA SDK (aoc -I<t2s include dir> k.cl),
 *   - as OpenCL C for type checking (clang-19 -x cl -cl-std=CL2.0 -target
 *     spir64 -Xclang -finclude-default-header -fsyntax-only -I<dir> k.cl),
 *   - as C++17 against the emulation runtime (clang++-19 -x c++ -std=c++17
 *     -I<dir> -include t2s/emulation.h k.cl), where every channel is a
 *     bounded FIFO and every kernel runs as a fiber (t2s/fiber.h).
 *
 * The contract (each macro is an expression or a declaration; the file writes
 * the ';'):
 *
 *   T2S_CHANNEL(T, name, depth);            a program-scope channel of T
 *   T2S_CHANNEL_ARRAY(T, name, depth, d1 [, d2 ... [, d8]]);
 *                                           an array of channels name[d1][d2]..
 *   T2S_READ(ch)                            blocking read; ch may be name[i][j]
 *   T2S_WRITE(ch, value)                    blocking write
 *   T2S_READ_NB(ch, &valid)                 non-blocking read; bool valid
 *   T2S_WRITE_NB(ch, value)                 non-blocking write; yields bool
 *   T2S_KERNEL void k(...)                  a single-work-item kernel
 *   T2S_AUTORUN_KERNEL void k(void)         an autorun kernel (no arguments)
 *   T T2S_ONCHIP(banks) name[d1]..;         a kernel's array in on-chip memory
 *                                           of 'banks' banks (Intel's memory
 *                                           attributes; nothing elsewhere)
 *   T2S_GLOBAL, T2S_RESTRICT                pointer qualifiers of kernel
 *                                           arguments: T2S_GLOBAL const float
 *                                           *T2S_RESTRICT a
 *   T2S_STEP(ii); T2S_ITERATION(ii);        the clocked emulation's marks
 *   T2S_OFFCHIP(a, a[i])                    (t2s/clock.h): an iteration of a
 *                                           pipelined loop starts; an access
 *                                           to a global buffer (nothing in
 *                                           OpenCL)
 *
 * Channels are declared at program scope, before the kernels that use them,
 * and are named only by their declarations (never passed as arguments). In
 * OpenCL, 'depth' is Intel's depth attribute (0 = unbuffered); in C++ it is
 * the FIFO's capacity (0 is emulated as 1). The file must not enable
 * cl_intel_channels itself: this header does it when the compiler is Intel's.
 * The plain OpenCL spellings __kernel, __global, restrict and
 * __attribute__((max_global_work_dim(0))) also compile in both worlds.
 *
 * In C++ the host runs the kernels with t2s::emu::run (see t2s/emulation.h).
 *
 *===---------------------------------------------------------------------===*/

#ifndef T2S_CHANNELS_H
#define T2S_CHANNELS_H

#ifdef __OPENCL_C_VERSION__
#include "opencl.h"
#else
#include "emulation.h"
#endif

#endif /* T2S_CHANNELS_H */
