/*===- t2s/opencl_intel.h - The channel macros for Intel's FPGA SDK -------===*
 *
 * The OpenCL side of the contract of t2s/channels.h in Intel's channel syntax
 * (cl_intel_channels). t2s/opencl.h includes it when the compiler is Intel's;
 * t2s-clang --emit-opencl=aoc writes it, with the headers it includes, into the .cl file
 * itself, so that aoc needs no -I on the machine that builds the FPGA image.
 *
 *===---------------------------------------------------------------------===*/

#ifndef T2S_OPENCL_INTEL_H
#define T2S_OPENCL_INTEL_H

#include "array_dims.h"

#pragma OPENCL EXTENSION cl_intel_channels : enable

#define T2S_CHANNEL(T, Name, Depth) channel T Name __attribute__((depth(Depth)))
#define T2S_CHANNEL_ARRAY(T, Name, Depth, ...)                                 \
  channel T Name T2S_ARRAY_DIMS(__VA_ARGS__) __attribute__((depth(Depth)))
#define T2S_KERNEL __kernel __attribute__((max_global_work_dim(0)))
#define T2S_AUTORUN_KERNEL                                                     \
  __attribute__((max_global_work_dim(0))) __attribute__((autorun)) __kernel

// A kernel's on-chip memory of Banks banks, one read and one write port each.
#define T2S_ONCHIP(Banks) __attribute__((memory, numbanks(Banks), singlepump))

#include "opencl_access.h"

#endif /* T2S_OPENCL_INTEL_H */
