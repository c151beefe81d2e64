/*===- t2s/opencl.h - The channel macros spelled in OpenCL C --------------===*
 *
 * The OpenCL side of the contract described in t2s/channels.h; include that
 * header rather than this one. Two cases:
 *
 *  - Intel's offline compiler (aoc defines INTELFPGA_CL; older releases
 *    ALTERA_CL; -DT2S_INTEL_CHANNELS forces it): the macros become Intel's
 *    channel syntax and cl_intel_channels is enabled (t2s/opencl_intel.h).
 *
 *  - Any other OpenCL compiler (clang-19 -x cl for type checking): there are
 *    no channels, so this header defines type-checking stubs. A channel
 *    becomes a program-scope variable of its element type (OpenCL C 2.0 or
 *    later), a read yields that variable and a write assigns it, so element
 *    types, channel names and array indices are still checked. The stubs are
 *    also provided under Intel's own names (channel, read_channel_intel,
 *    write_channel_intel and the _nb_ forms) for code that spells them out,
 *    and T2S_CHANNEL_STUBS is defined. Nothing here runs correctly: for
 *    execution use the C++ emulation (t2s/emulation.h).
 *
 *===---------------------------------------------------------------------===*/

#ifndef T2S_OPENCL_H
#define T2S_OPENCL_H

#ifndef __OPENCL_C_VERSION__
#error "t2s/opencl.h is for OpenCL C; C++ includes t2s/emulation.h"
#endif

#if defined(INTELFPGA_CL) || defined(ALTERA_CL) || defined(T2S_INTEL_CHANNELS)

#include "opencl_intel.h"

#else // type-checking stubs

#include "array_dims.h"

#define T2S_CHANNEL_STUBS 1
#define channel
#define read_channel_intel(Ch) (Ch)
#define write_channel_intel(Ch, V) ((void)((Ch) = (V)))
#define read_channel_nb_intel(Ch, Valid) (*(Valid) = true, (Ch))
#define write_channel_nb_intel(Ch, V) ((Ch) = (V), true)

#define T2S_CHANNEL(T, Name, Depth) T Name
#define T2S_CHANNEL_ARRAY(T, Name, Depth, ...) T Name T2S_ARRAY_DIMS(__VA_ARGS__)
#define T2S_KERNEL __kernel
#define T2S_AUTORUN_KERNEL __kernel
#define T2S_ONCHIP(Banks)

#include "opencl_access.h"

#endif

#endif /* T2S_OPENCL_H */
