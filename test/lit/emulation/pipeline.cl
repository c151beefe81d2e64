// A hand-written kernel file in the form the OpenCL back end emits: channels
// and channel operations only through the t2s/channels.h macros, so the file
// is OpenCL C for Intel's FPGA SDK and, unchanged, C++ for the emulation
// runtime. A loader streams a[] through a channel; 'scatter' deals it out to
// an array of LANES channels; the autorun kernel 'reduce' combines one value
// of each lane into a weighted sum; 'store' writes the sums to out[].
#include "t2s/channels.h"

#define LANES 4

T2S_CHANNEL(float, a_stream, 8);
T2S_CHANNEL_ARRAY(float, lanes, 2, LANES);
T2S_CHANNEL(float, sums, 0);

T2S_KERNEL void loader(T2S_GLOBAL const float *T2S_RESTRICT a, int n) {
  for (int i = 0; i < n; i++)
    T2S_WRITE(a_stream, a[i]);
}

T2S_KERNEL void scatter(int n) {
  for (int i = 0; i < n / LANES; i++) {
    #pragma unroll
    for (int p = 0; p < LANES; p++)
      T2S_WRITE(lanes[p], T2S_READ(a_stream));
  }
}

T2S_AUTORUN_KERNEL void reduce(void) {
  while (1) {
    float s = 0.0f;
    #pragma unroll
    for (int p = 0; p < LANES; p++)
      s += (p + 1) * T2S_READ(lanes[p]);
    T2S_WRITE(sums, s);
  }
}

T2S_KERNEL void store(T2S_GLOBAL float *T2S_RESTRICT out, int m) {
  for (int j = 0; j < m; j++)
    out[j] = T2S_READ(sums);
}
