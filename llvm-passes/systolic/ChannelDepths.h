//===- ChannelDepths.h - Channel depths from the kernels' order -*- C++ -*-===//
//
// How deep each channel between two kernels must be: the most values in
// flight between its writer and its reader. The kernels are replayed as the
// device runs them (their loops, pinned variables, the recovery of loop
// variables from time and conditions on them; systolic/KernelScope.h), which
// gives each kernel's sequence of writes (reads) over the channels it shares
// with one other kernel. Then the reader takes every value as soon as it is
// there and the writer writes only when the reader waits for a value not yet
// written; the largest number of values a channel then holds is its depth.
// With those depths no run can deadlock on the pair: a state where the
// writer waits on a full channel and the reader on an empty one would be a
// state of that schedule with one value more than the depth. Where the
// kernels exchange values along a tree (loaders -> array -> drainers, kernel
// nests on either side) any deadlock is one of a pair. Kernels that values
// connect along more than one path (a kernel nest feeding one array through
// two loaders: the array's order of reads holds the writer back along both
// paths) are replayed together (depthsJointly): readers take what is there,
// a writer writes what a reader waits for, and when every kernel waits, the
// writer into the emptiest channel goes ahead. The run completes within the
// depths it reaches, so with them the kernels cannot deadlock (channels of
// bounded depth are still a Kahn network: every run does what this one
// does).
//
// With run-time sizes the replays run at the stand-ins and at twice them; a
// depth that differs grows with the sizes. Replays at twice and four times
// each size alone then give its law, where it is linear in the sizes
// (Design::DepthLaw: "n - 1"): the channel gets at least ChannelDepth, or
// what the sizes the design is built for need (-t2s-size=, t2s-clang
// --size=), and the host stubs stop a run at sizes that need more (the
// kernels would deadlock; a channel's depth is hardware). A growth that is
// not linear gets the depth at twice the stand-ins, at least ChannelDepth;
// where -t2s-size= gives every size it varies with, the kernels are
// replayed at those sizes too, and the host stubs stop a run at larger
// ones (Channel::SizedUpTo; smaller sizes are taken to need no more).
//
// Chains between PEs keep their depth (the extent of their loop): both ends
// are in the array kernel. A kernel whose channel accesses depend on a
// computed value keep the fixed depth (ChannelDepth) and say why; pairs that
// run more than OpLimit accesses get the depths of that prefix of the run
// (the kernels repeat their tiles), at least ChannelDepth.
//
// Preconditions: the unroll step laid out every kernel (Kernel::Body).
// Effects: sets Depth and DepthNote of loader, drainer and stream channels.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CHANNELDEPTHS_H
#define T2S_CHANNELDEPTHS_H

#include "systolic/Design.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace t2s {

/// The depths the lazy-writer schedule needs, per channel slot: the writer
/// writes Writes[0], Writes[1], ... (slot numbers) and the reader reads
/// Reads[0], ... in order. Slots are numbered from 0 to Slots - 1. When
/// \p ReadsArePrefix, the reader goes on after Reads and nothing is known
/// of the writes it would take: the schedule stops where Reads end.
std::vector<uint64_t> depthsInFlight(llvm::ArrayRef<uint32_t> Writes,
                                     llvm::ArrayRef<uint32_t> Reads,
                                     uint32_t Slots, bool ReadsArePrefix = false);

/// The depths for kernels that exchange values along more than one path:
/// kernel X makes the accesses Slots[X] in order, writes where IsWrite[X]
/// holds and reads elsewhere; Prefix[X]: its trace stopped early, so the
/// schedule stops where it ends.
std::vector<uint64_t> depthsJointly(llvm::ArrayRef<std::vector<uint32_t>> Slots,
                                    llvm::ArrayRef<std::vector<bool>> IsWrite, uint32_t SlotCount,
                                    const std::vector<bool> &Prefix);

/// Sizes the channels between the kernels of \p D (see the file comment);
/// a pair of kernels is replayed up to \p OpLimit accesses (or 16 times as
/// many statements); beyond, the depths are those of that prefix of the
/// run, and at least ChannelDepth.
void sizeChannels(Design &D, uint64_t OpLimit = uint64_t(1) << 16,
                  llvm::ArrayRef<std::optional<int64_t>> Given = {});

} // namespace t2s

#endif // T2S_CHANNELDEPTHS_H
