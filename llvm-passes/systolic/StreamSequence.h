//===- StreamSequence.h - A stream's order, read by isl ---------*- C++ -*-===//
//
// The order in which one end of a stream accesses it, as an integer map
// isl can reason about, for kernels too long to replay (StreamOrder.h): each
// access site of the kernel's statements becomes the set of its iterations,
// written as schedule vectors whose lexicographic order is the order the
// kernel runs them (the position of each statement among its siblings, then
// each loop's variable, negated where the loop counts down), mapped to the
// element of the array the access sends or expects. It reads loops whose
// bounds are affine in the enclosing loops' variables and the design's
// parameters (at their stand-ins), conditions that compare such values
// (&&, ||, !), pinned variables (Let) and loop variables recovered from
// time (Recover); anything else (a division, a counter, a value the kernel
// computes, a statement that reads the stream twice) leaves the sequence
// unread, with the reason.
//
// sameSequence then decides whether the two ends visit the same elements in
// the same order without running them: where each end accesses every
// element once (both maps injective), the sequences are equal exactly when
// they access the same elements and the map from a write to the read of its
// element preserves the order (a write before another is read before it).
//
// Preconditions: the unroll step laid out the kernels (Kernel::Body), and
// the channel's SentElement / ReceivedElement are set.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STREAMSEQUENCE_H
#define T2S_STREAMSEQUENCE_H

#include "systolic/Design.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace t2s {

/// The accesses of kernel body \p Body to the stream \p C (its writes if
/// \p Writer, else its reads) as an isl map from schedule vectors to
/// elements, in isl's notation; none, with \p Why set, where the kernel is
/// not of the form the file comment names. \p Params: the design's
/// parameters' values (the stand-ins).
std::optional<std::string> streamSequence(const Stmts &Body, const Design::Channel &C,
                                          bool Writer,
                                          llvm::ArrayRef<std::optional<int64_t>> Params,
                                          std::string &Why);

enum class SequenceMatch {
  Same,    ///< the same elements in the same order
  Differ,  ///< other elements, or another order
  Unknown, ///< not decided (an element accessed twice, or isl gave up)
};

/// Whether the writer's sequence \p Writes and the reader's \p Reads (maps
/// of streamSequence) are the same.
SequenceMatch sameSequence(const std::string &Writes, const std::string &Reads);

} // namespace t2s

#endif // T2S_STREAMSEQUENCE_H
