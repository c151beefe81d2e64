//===- t2s/sizes.h - Run-time sizes checked by the host stubs -------------===//
//
// A design whose loops run up to sizes its function receives computes the
// size of each buffer from them in its host stub (t2s-clang --host-stub).
// The stub takes every integer parameter that an index names to be a size,
// at least 0, and checks it here before it sizes a buffer: a negative one
// ends the program with a message that names the stub and the parameter.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SIZES_H
#define T2S_SIZES_H

#include <cstdio>
#include <cstdlib>

namespace t2s {

/// Ends the program unless \p Value, the parameter \p Name of \p Stub, is a
/// size (at least 0).
inline void checkSize(const char *Stub, const char *Name, long long Value) {
  if (Value >= 0)
    return;
  std::fprintf(stderr,
               "%s: error: the parameter '%s' is %lld, but the design indexes its "
               "buffers with it as a size; pass a value of at least 0\n",
               Stub, Name, Value);
  std::exit(1);
}

} // namespace t2s

#endif // T2S_SIZES_H
