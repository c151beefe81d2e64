/*===- t2s/opencl_access.h - Channel accesses in Intel's names ------------===*
 *
 * T2S_READ, T2S_WRITE, their non-blocking forms, the pointer qualifiers and
 * the clocked emulation's marks (nothing here),
 * spelled with the names of Intel's channel extension. Both OpenCL spellings
 * share them: Intel's (t2s/opencl_intel.h) and the type-checking stubs of
 * t2s/opencl.h, which define those names themselves.
 *
 *===---------------------------------------------------------------------===*/

#ifndef T2S_OPENCL_ACCESS_H
#define T2S_OPENCL_ACCESS_H

#define T2S_READ(Ch) read_channel_intel(Ch)
#define T2S_WRITE(Ch, V) write_channel_intel(Ch, V)
#define T2S_READ_NB(Ch, Valid) read_channel_nb_intel(Ch, Valid)
#define T2S_WRITE_NB(Ch, V) write_channel_nb_intel(Ch, V)
#define T2S_GLOBAL __global
#define T2S_RESTRICT restrict
/* The clocked emulation's marks (t2s/clock.h); nothing on the device. */
#define T2S_ITERATION(II)
#define T2S_STEP(II)
#define T2S_OFFCHIP(Buffer, ...) (__VA_ARGS__)

#endif /* T2S_OPENCL_ACCESS_H */
