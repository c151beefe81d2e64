//===- t2s/reach.h - The extent of a buffer the kernels really reach ------===//
//
// Where a design reads a buffer at computed indices (x[idx[i]]), the
// compiler cannot tell how far the kernels reach into it, so the host stub
// cannot check before the run that it does not overlap a buffer the kernels
// write (t2s::checkDisjoint, t2s/sizes.h). Under --emulate the stub
// measures it instead: between start() and stop() every access of the
// kernels to a global buffer (T2S_OFFCHIP, t2s/emulation.h) widens the range
// reached through that buffer's pointer, and after the run the stub checks
// the buffers with the ranges they reached. A call that overlaps is then
// stopped with the same error as before a run, not left to return other
// numbers than the sequential program. The kernels of one call run as fibers
// of one thread, and calls take turns (t2s::emu::DesignCall), so one table
// serves them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REACH_H
#define T2S_REACH_H

#include "sizes.h"

#include <algorithm>
#include <cstddef>
#include <map>
#include <utility>

namespace t2s {
namespace emu {
namespace reach {

namespace detail {
// Per buffer pointer, the lowest and one past the highest byte reached.
using Ranges = std::map<const void *, std::pair<const char *, const char *>>;
inline Ranges &ranges() {
  static Ranges R;
  return R;
}
inline bool &measuring() {
  static bool On = false;
  return On;
}
} // namespace detail

/// Starts measuring (forgets what an earlier call reached).
inline void start() {
  detail::ranges().clear();
  detail::measuring() = true;
}

inline void stop() { detail::measuring() = false; }

/// An access of \p Bytes bytes at \p At through the buffer \p Buffer.
inline void reached(const void *Buffer, const void *At, std::size_t Bytes) {
  if (!detail::measuring())
    return;
  auto *Begin = static_cast<const char *>(At);
  auto [It, New] = detail::ranges().try_emplace(Buffer, Begin, Begin + Bytes);
  if (!New) {
    It->second.first = std::min(It->second.first, Begin);
    It->second.second = std::max(It->second.second, Begin + Bytes);
  }
}

/// What the kernels reached of the buffer \p Name at \p Buffer: from the
/// lowest to past the highest byte accessed (no bytes if none was).
inline BufferUse use(const char *Name, const void *Buffer, bool Written) {
  auto It = detail::ranges().find(Buffer);
  if (It == detail::ranges().end())
    return BufferUse{Name, Buffer, 0, Written};
  return BufferUse{Name, It->second.first,
                   std::size_t(It->second.second - It->second.first), Written};
}

} // namespace reach
} // namespace emu
} // namespace t2s

#endif // T2S_REACH_H
