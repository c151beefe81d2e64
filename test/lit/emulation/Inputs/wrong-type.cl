// Writes a pointer into a float channel: the stubs must make this a type error.
#include "t2s/channels.h"

T2S_CHANNEL(float, values, 4);

T2S_KERNEL void producer(T2S_GLOBAL const float *T2S_RESTRICT a) {
  T2S_WRITE(values, a);
}
