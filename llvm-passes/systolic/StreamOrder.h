//===- StreamOrder.h - Whether the two ends of each stream agree -*- C++ -*-===//
//
// A stream (Design::ChannelKind::Stream) carries the elements of an array
// from the kernel that writes it to the kernel that reads it, one value at a
// time, with nothing to say which element a value is. That is the sequential
// program's computation only if both kernels visit the same elements in the
// same order and the reader takes every value once. checkStreams runs the
// integer part of the two kernels as the device would - their loops, pinned
// loop variables, the recovery of loop variables from time and conditions on
// them - records the element of the array each write sends and each read
// expects (Design::Channel::SentElement, ReceivedElement) and compares the
// two sequences. A condition the loop variables do not decide (a test of a
// value read from memory or a channel) in front of a stream's access is an
// error, naming the line of that value. Kernels that run more than 2^25
// statements (or send 2^22 values) before the replay ends are compared by
// isl instead, as loops and affine conditions (systolic/StreamSequence.h):
// a design too long to replay builds where its kernels read that way.
//
// It checks the kernels the back ends print, after every lowering step; the
// rules about where a stream may be written and read at all (one write site,
// one reader, affine subscripts) are checked on the
// source by ChannelAnalysis (systolic/StreamChannels.h) before.
//
// Preconditions: the unroll step laid out every kernel (Kernel::Body).
// Effects: sets each stream's Values.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STREAMORDER_H
#define T2S_STREAMORDER_H

#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// What is wrong with a stream, and where (in Design::File).
struct StreamError {
  Design::Place At;
  std::string Message;
};

/// The first stream of \p D whose ends disagree, or none; sets the Values of
/// the streams it checked.
std::optional<StreamError> checkStreams(Design &D);

} // namespace t2s

#endif // T2S_STREAMORDER_H
