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
// numbers than the sequential program. Under --hls-sim the same table
// measures the accesses the HLS kernels mark (T2S_HLS_REACH,
// t2s/hls-sim/reach_marks.h); their processes run as threads, so the table
// is locked where it is written, and a call measures while it holds
// calls() (under --emulate calls take turns anyway, t2s::emu::DesignCall).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_REACH_H
#define T2S_REACH_H

#include "sizes.h"

#include <algorithm>
#include <cstddef>
#include <atomic>
#include <map>
#include <mutex>
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
inline std::atomic<bool> &measuring() {
  static std::atomic<bool> On{false};
  return On;
}
inline std::mutex &table() {
  static std::mutex M;
  return M;
}
} // namespace detail

/// What a call that measures holds from start() to its check, so that
/// calls from several threads do not measure into one table.
inline std::mutex &calls() {
  static std::mutex M;
  return M;
}

/// Starts measuring (forgets what an earlier call reached).
inline void start() {
  std::lock_guard<std::mutex> Lock(detail::table());
  detail::ranges().clear();
  detail::measuring().store(true, std::memory_order_release);
}

inline void stop() { detail::measuring().store(false, std::memory_order_release); }

/// An access of \p Bytes bytes at \p At through the buffer \p Buffer.
inline void reached(const void *Buffer, const void *At, std::size_t Bytes) {
  if (!detail::measuring().load(std::memory_order_acquire))
    return;
  std::lock_guard<std::mutex> Lock(detail::table());
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
  std::lock_guard<std::mutex> Lock(detail::table());
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
