//===- reach_marks.h - What C simulation measures of a buffer ---*- C++ -*-===//
//
// The HLS C++ that t2s-clang writes marks each access to a buffer read at
// computed indices ('x[idx[i]]') as T2S_HLS_REACH(x, access); for Vitis the
// mark is the access itself. The C simulation (t2s-clang --hls-sim) compiles
// the kernels with this header first, so each such access widens the range
// the host stub measures (t2s/reach.h) and checks after the run against the
// buffers the kernels write.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLS_SIM_REACH_MARKS_H
#define T2S_HLS_SIM_REACH_MARKS_H

#include "../reach.h"

#define T2S_HLS_REACH(Buffer, ...)                                             \
  (::t2s::emu::reach::reached(Buffer, &(__VA_ARGS__), sizeof(__VA_ARGS__)), (__VA_ARGS__))

#endif // T2S_HLS_SIM_REACH_MARKS_H
