//===- OVLSTypes.h - Vocabulary of the OptVLS server -----------*- C++ -*-===//
//
// The abstract data types the OptVLS server and its clients talk in: a vector
// shape (OVLSType), the kind of a vector access (OVLSAccessType), an abstract
// vector memory reference with the client's call-backs (OVLSMemref), and a set
// of adjacent memrefs (OVLSGroup).
//
// Nothing here knows about LLVM IR. A client (the LLVM pass, a vectorizer)
// subclasses OVLSMemref and answers the questions the server asks about
// addresses, element counts and code motion.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_OPTVLS_OVLSTYPES_H
#define T2S_OPTVLS_OVLSTYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace t2s {

/// A vector shape <NumElements x ElementBits>. The server only cares about
/// sizes, never about integer vs. floating point: shuffles move bits.
class OVLSType {
  uint32_t NumElements = 0;
  uint32_t ElementBits = 0;

public:
  OVLSType() = default;
  OVLSType(uint32_t NumElements, uint32_t ElementBits)
      : NumElements(NumElements), ElementBits(ElementBits) {}

  uint32_t getNumElements() const { return NumElements; }
  uint32_t getElementBits() const { return ElementBits; }
  uint32_t getElementBytes() const { return ElementBits / 8; }
  uint64_t getSizeInBits() const { return uint64_t(NumElements) * ElementBits; }

  /// The server handles whole-byte elements of 8 to 64 bits.
  bool isSupported() const {
    return NumElements > 0 && ElementBits >= 8 && ElementBits <= 64 &&
           ElementBits % 8 == 0;
  }

  bool operator==(const OVLSType &O) const {
    return NumElements == O.NumElements && ElementBits == O.ElementBits;
  }
  bool operator!=(const OVLSType &O) const { return !(*this == O); }

  /// Prints "<4 x 32>".
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
};

/// How a vector memref reaches memory: lanes at a constant stride or through
/// an index vector, reading or writing.
class OVLSAccessType {
public:
  enum Kind { StridedLoad, StridedStore, IndexedLoad, IndexedStore };

private:
  Kind K;

public:
  OVLSAccessType(Kind K) : K(K) {}

  Kind getKind() const { return K; }
  bool isLoad() const { return K == StridedLoad || K == IndexedLoad; }
  bool isStore() const { return !isLoad(); }
  bool isStrided() const { return K == StridedLoad || K == StridedStore; }
  bool isIndexed() const { return !isStrided(); }

  bool operator==(const OVLSAccessType &O) const { return K == O.K; }
  bool operator!=(const OVLSAccessType &O) const { return K != O.K; }

  llvm::StringRef str() const;
};

/// One vector memory reference (a gather or a scatter, or a scalar access seen
/// as a one-lane vector). Lane i touches ElementBytes bytes at an address only
/// the client knows; the server reasons about addresses through the call-backs.
///
/// Masked-off lanes are described by a constant lane mask. A memref whose
/// predicate is only known at run time cannot be described to the server; the
/// client must leave it out.
class OVLSMemref {
  OVLSType Type;
  OVLSAccessType Access;
  llvm::SmallVector<bool, 16> LaneMask;

public:
  /// All lanes active.
  OVLSMemref(OVLSType Type, OVLSAccessType Access);
  /// \p LaneMask has one entry per lane; false lanes neither read nor write.
  OVLSMemref(OVLSType Type, OVLSAccessType Access, llvm::ArrayRef<bool> LaneMask);
  virtual ~OVLSMemref();

  OVLSType getType() const { return Type; }
  OVLSAccessType getAccessType() const { return Access; }
  bool isLoad() const { return Access.isLoad(); }
  bool isStore() const { return Access.isStore(); }
  uint32_t getNumElements() const { return Type.getNumElements(); }
  uint32_t getElementBytes() const { return Type.getElementBytes(); }
  bool isLaneActive(uint32_t Lane) const { return LaneMask[Lane]; }
  llvm::ArrayRef<bool> getLaneMask() const { return LaneMask; }
  bool hasActiveLane() const;

  // --- Call-backs the client implements. -----------------------------------

  /// True if, in every lane, this memref's address minus \p Other's address is
  /// the same constant; the constant (in bytes) goes to *Dist.
  virtual bool isAConstDistanceFrom(const OVLSMemref &Other,
                                    int64_t *Dist) const = 0;
  /// True if both memrefs have the same number of lanes.
  virtual bool haveSameNumElements(const OVLSMemref &Other) const = 0;
  /// True if this access may be executed at \p Other's place in the program
  /// (no intervening aliasing write, no dependence on values defined between).
  virtual bool canMoveTo(const OVLSMemref &Other) const = 0;
  /// True if lane i + 1's address minus lane i's address is the same constant
  /// for all lanes; the constant (in bytes) goes to *Stride.
  virtual bool hasAConstStride(int64_t *Stride) const = 0;

  /// True if the ranges [address(lane i), address(lane i) + ChunkBytes) of
  /// different lanes never overlap. Writing a group lane by lane is only
  /// equivalent to writing it memref by memref when this holds. The default
  /// answers from a constant stride; a client that knows its index vector
  /// holds distinct, far enough indices may say more.
  virtual bool hasDisjointLaneChunks(uint64_t ChunkBytes) const;

  /// Prints something a user recognises in a remark; the default prints the
  /// type and access kind.
  virtual void print(llvm::raw_ostream &OS) const;
};

/// Adjacent memrefs of one kind: all at constant distances from the leader
/// (the member at the lowest address), with the same type and lane count.
/// Members are kept sorted by increasing distance.
class OVLSGroup {
  llvm::SmallVector<OVLSMemref *, 8> Members;
  /// Offsets[i] is the distance in bytes of Members[i] from Members[0].
  llvm::SmallVector<int64_t, 8> Offsets;
  /// The caller's offset of Members[0], to place later addMember calls.
  int64_t LeaderOrigin = 0;
  /// The member at whose program point the group's code is emitted: the
  /// first load of a load group, the last store of a store group.
  OVLSMemref *InsertPoint = nullptr;
  /// Maximum vector register size the group was formed for.
  uint32_t VectorLengthBytes;

public:
  explicit OVLSGroup(uint32_t VectorLengthBytes)
      : VectorLengthBytes(VectorLengthBytes) {}

  /// Adds \p M at \p Offset bytes from an arbitrary common origin; offsets are
  /// renormalised so that the lowest member is at 0.
  void addMember(OVLSMemref *M, int64_t Offset);
  void setInsertPoint(OVLSMemref *M) { InsertPoint = M; }

  size_t size() const { return Members.size(); }
  bool empty() const { return Members.empty(); }
  OVLSMemref *getMember(size_t I) const { return Members[I]; }
  llvm::ArrayRef<OVLSMemref *> getMembers() const { return Members; }
  int64_t getOffset(size_t I) const { return Offsets[I]; }
  llvm::ArrayRef<int64_t> getOffsets() const { return Offsets; }
  OVLSMemref *getLeader() const { return Members.front(); }
  OVLSMemref *getInsertPoint() const {
    return InsertPoint ? InsertPoint : Members.front();
  }
  uint32_t getVectorLengthBytes() const { return VectorLengthBytes; }
  bool isLoadGroup() const { return Members.front()->isLoad(); }
  /// Bytes from the leader's first byte to the last member's last byte.
  int64_t getSpanBytes() const;
  bool contains(const OVLSMemref *M) const;
  /// Index of \p M in the group, or -1.
  int indexOf(const OVLSMemref *M) const;

  void print(llvm::raw_ostream &OS) const;
};

} // namespace t2s

#endif // T2S_OPTVLS_OVLSTYPES_H
