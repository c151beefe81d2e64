//===- hls_half.h - half for C simulation without Vitis ---------*- C++ -*-===//
//
// AMD's half-precision type for T2S's C simulation: clang's _Float16, which
// rounds each operation to half as the hardware's operators do.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_HALF_H
#define T2S_HLS_SIM_HALF_H

#ifndef T2S_DEFINED_half
#define T2S_DEFINED_half
typedef _Float16 half;
#endif

#endif // T2S_HLS_SIM_HALF_H
