//===- Buffers.h - The off-chip buffers of a design -----------*- C++ -*-===//
//
// The buffers of a URE system: the pointer parameters of its function that
// the statements read or write through scalar loads and stores, each with its
// element type, whether the design writes it, and how many elements it can
// touch (one past the largest flattened index, when every index is affine in
// the loop variables, or the parameter's declared extent). The Design's
// build lifts them into Design::Buffer, which every target reads: the
// kernels' parameters, the host stubs' device buffers and the overlap check
// of the emulation, so that they agree.
//
// Also the two idioms clang writes for 3-lane vectors, which every reader of
// a statement's IR undoes: a load of 4 lanes of which the first 3 are used,
// and a store of a widened 3-lane vector.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_BUFFERS_H
#define T2S_BUFFERS_H

#include "expr/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace llvm {
class Argument;
class DataLayout;
class LoadInst;
class StoreInst;
class Type;
class Value;
} // namespace llvm

namespace t2s {

struct URESystem;

/// A buffer of a design: a pointer parameter its statements access.
struct DesignBuffer {
  const llvm::Argument *Arg = nullptr;
  llvm::Type *Element = nullptr; ///< of the last scalar access in the nest
  bool Read = false, Written = false;
  /// The elements the nest can touch; none when an index is not affine in
  /// the loop variables or can be negative.
  std::optional<uint64_t> Extent;
  /// Without Extent: the elements as an expression of the parameters, when
  /// the indices have run-time sizes or strides ('i * N + j'); null if none.
  ExprPtr RunTimeExtent;
  /// The integer parameters RunTimeExtent takes to be sizes (at least 0).
  llvm::SmallVector<unsigned, 2> Sizes;
  /// Whether the nest's stores write every element of [0, Extent), as isl
  /// proves it (constant sizes and affine guards only).
  bool Whole = false;
};

/// The buffers of \p S, in the order of their first access in the nest.
llvm::SmallVector<DesignBuffer, 4> findBuffers(const URESystem &S,
                                               const llvm::DataLayout &DL);

/// The buffer of \p A among \p Buffers, or null.
const DesignBuffer *findBuffer(llvm::ArrayRef<DesignBuffer> Buffers,
                               const llvm::Argument *A);

/// The type of the element a load reads: clang loads a 3-lane vector as 4
/// lanes and keeps the first 3.
llvm::Type *loadedType(llvm::LoadInst *Ld);

/// The value a store writes: clang stores a 3-lane vector as 4 lanes (a
/// shuffle that widens it); the element is the 3-lane vector.
llvm::Value *storedValue(llvm::StoreInst *St);

} // namespace t2s

#endif // T2S_BUFFERS_H
