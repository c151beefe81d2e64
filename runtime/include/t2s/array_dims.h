/*===- t2s/array_dims.h - [a][b]... from a list of extents ---------------===*
 *
 * T2S_ARRAY_DIMS(4, 8) expands to [4][8] (one to eight extents). Shared by the
 * OpenCL and the C++ spelling of T2S_CHANNEL_ARRAY; valid C and C++.
 *
 *===---------------------------------------------------------------------===*/

#ifndef T2S_ARRAY_DIMS_H
#define T2S_ARRAY_DIMS_H

#define T2S_ARRAY_DIMS_1_(A) [A]
#define T2S_ARRAY_DIMS_2_(A, B) [A][B]
#define T2S_ARRAY_DIMS_3_(A, B, C) [A][B][C]
#define T2S_ARRAY_DIMS_4_(A, B, C, D) [A][B][C][D]
#define T2S_ARRAY_DIMS_5_(A, B, C, D, E) [A][B][C][D][E]
#define T2S_ARRAY_DIMS_6_(A, B, C, D, E, F) [A][B][C][D][E][F]
#define T2S_ARRAY_DIMS_7_(A, B, C, D, E, F, G) [A][B][C][D][E][F][G]
#define T2S_ARRAY_DIMS_8_(A, B, C, D, E, F, G, H) [A][B][C][D][E][F][G][H]
#define T2S_ARRAY_DIMS_PICK_(_1, _2, _3, _4, _5, _6, _7, _8, Name, ...) Name
#define T2S_ARRAY_DIMS(...)                                                    \
  T2S_ARRAY_DIMS_PICK_(__VA_ARGS__, T2S_ARRAY_DIMS_8_, T2S_ARRAY_DIMS_7_,      \
                       T2S_ARRAY_DIMS_6_, T2S_ARRAY_DIMS_5_, T2S_ARRAY_DIMS_4_, \
                       T2S_ARRAY_DIMS_3_, T2S_ARRAY_DIMS_2_, T2S_ARRAY_DIMS_1_, \
                       )(__VA_ARGS__)

#endif /* T2S_ARRAY_DIMS_H */
