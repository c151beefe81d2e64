//===- t2s/sizes.h - Run-time sizes checked by the host stubs -------------===//
//
// A design whose loops run up to sizes its function receives computes the
// size of each buffer from them in its host stub (t2s-clang --host-stub).
// The stub takes every integer parameter that an index names itself (a
// stride: 'i * N + j') to be a size, at least 0, and checks it here before
// it sizes a buffer: a negative one ends the program with a message that
// names the stub and the parameter. (A parameter that only bounds a loop
// may be negative: the loop runs no iteration.)
// A channel whose depth grows with the sizes (systolic/ChannelDepths.h) is
// checked too: sizes that need more than its depth stop the run, which
// would deadlock (or, where it grows faster than linearly, sizes beyond
// those it was built for). And the buffers a call passes must not overlap where
// the kernels write (checkDisjoint).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SIZES_H
#define T2S_SIZES_H

#include <cstdio>
#include <cstddef>
#include <cstdlib>
#include <initializer_list>
#include <string>

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

/// Ends the program unless the channel \p Channel, of depth \p Depth, can
/// hold the values in flight the run's sizes need: \p Law ("n - 1"), whose
/// numerator at these sizes is \p Numerator over \p Denominator, rounded
/// up. A channel's depth is hardware: with fewer places the kernels would
/// deadlock. \p Sizes names the sizes (--size=n=40) to rebuild with.
inline void checkChannelDepth(const char *Stub, const char *Channel, const char *Law,
                              long long Numerator, long long Denominator, long long Depth,
                              const std::string &Sizes) {
  long long Needed = Numerator >= 0 ? (Numerator + Denominator - 1) / Denominator : 0;
  if (Needed <= Depth)
    return;
  std::fprintf(stderr,
               "%s: error: at %s the channel '%s' must hold %s = %lld values at once, but "
               "its depth is %lld: the kernels would deadlock; build with %s (t2s-clang sizes "
               "the channels for it), or run smaller sizes\n",
               Stub, Sizes.substr(7).c_str(), Channel, Law, Needed, Depth, Sizes.c_str());
  std::exit(1);
}

/// Ends the program if \p Larger: the run's sizes exceed those the channel
/// \p Channel was built for (\p BuiltFor, "n = 8"), where the compiler
/// replayed the kernels and gave it the depth \p Depth their values in
/// flight need. They grow faster than linearly with the sizes, so larger
/// ones may need more, and the kernels would deadlock. \p Sizes names the
/// run's sizes (--size=n=9) to rebuild with.
inline void checkBuiltForSizes(const char *Stub, const char *Channel, long long Depth,
                               const char *BuiltFor, bool Larger, const std::string &Sizes) {
  if (!Larger)
    return;
  std::fprintf(stderr,
               "%s: error: at %s the channel '%s' may need more values at once than its "
               "depth %lld, which is what %s (the sizes it was built for) needs: its values in "
               "flight grow faster than linearly with the sizes, and the kernels would "
               "deadlock; build with %s (t2s-clang replays the kernels at them), or run "
               "smaller sizes\n",
               Stub, Sizes.substr(7).c_str(), Channel, Depth, BuiltFor, Sizes.c_str());
  std::exit(1);
}

// A buffer parameter of a design, as its host stub passes it to the kernels.
struct BufferUse {
  const char *Name;
  const void *Begin;
  std::size_t Bytes; // what the kernels can touch
  bool Written;      // whether a kernel writes it
};

// The kernels of a design run concurrently and take their buffers as
// 'restrict' (distinct OpenCL buffers on a device, copies on an FPGA
// card), so a buffer they write must not overlap another one they use: the
// sequential reference would read what it wrote, the kernels what was
// there. Every build's stub checks it (--emulate, --opencl, --hls-sim,
// XRT). If two do, prints "<Where>: error: ..." (Where is the design's
// source position) and exits with status 1.
inline void checkDisjoint(const char *Where, const char *Design,
                          std::initializer_list<BufferUse> Buffers) {
  for (auto A = Buffers.begin(); A != Buffers.end(); ++A)
    for (auto B = A + 1; B != Buffers.end(); ++B) {
      if ((!A->Written && !B->Written) || !A->Bytes || !B->Bytes)
        continue; // an empty loop touches no element
      auto *ABegin = static_cast<const char *>(A->Begin);
      auto *BBegin = static_cast<const char *>(B->Begin);
      if (ABegin < BBegin + B->Bytes && BBegin < ABegin + A->Bytes) {
        std::fprintf(stderr,
                     "%s: error: '%s' was called with the buffers '%s' and '%s' "
                     "overlapping, but its kernels run concurrently and take "
                     "separate buffers, writing '%s'; pass arrays that do not "
                     "overlap\n",
                     Where, Design, A->Name, B->Name, A->Written ? A->Name : B->Name);
        std::exit(1);
      }
    }
}

} // namespace t2s

#endif // T2S_SIZES_H
