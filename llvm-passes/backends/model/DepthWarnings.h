//===- DepthWarnings.h - Channels that deadlock at larger sizes -*- C++ -*-===//
//
// -Wt2s-channel-depth: a channel whose values in flight grow with the
// run-time sizes (systolic/ChannelDepths.h) has a depth fixed in hardware,
// so the kernels deadlock on the device at sizes that need more. A warning
// at the channel's reader says how many values the sizes need, up to which
// size the depth holds them and how to build for larger ones (--size=);
// none where --size= gave the sizes the channel was sized for.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DEPTHWARNINGS_H
#define T2S_DEPTHWARNINGS_H

namespace llvm {
class Function;
}

namespace t2s {

struct Design;

void warnAboutChannelDepths(const llvm::Function &F, const Design &D);

} // namespace t2s

#endif // T2S_DEPTHWARNINGS_H
