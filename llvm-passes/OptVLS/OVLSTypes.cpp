//===- OVLSTypes.cpp - Vocabulary of the OptVLS server --------------------===//
//
// Printing and bookkeeping of the server's abstract data types.
//
//===----------------------------------------------------------------------===//

#include "OVLSTypes.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

namespace t2s {

void OVLSType::print(llvm::raw_ostream &OS) const {
  OS << '<' << NumElements << " x " << ElementBits << '>';
}

std::string OVLSType::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  return OS.str();
}

llvm::StringRef OVLSAccessType::str() const {
  switch (K) {
  case StridedLoad:
    return "strided load";
  case StridedStore:
    return "strided store";
  case IndexedLoad:
    return "indexed load";
  case IndexedStore:
    return "indexed store";
  }
  return "?";
}

OVLSMemref::OVLSMemref(OVLSType Type, OVLSAccessType Access)
    : Type(Type), Access(Access), LaneMask(Type.getNumElements(), true) {}

OVLSMemref::OVLSMemref(OVLSType Type, OVLSAccessType Access,
                       llvm::ArrayRef<bool> LaneMask)
    : Type(Type), Access(Access), LaneMask(LaneMask.begin(), LaneMask.end()) {
  assert(LaneMask.size() == Type.getNumElements() &&
         "one mask entry per lane");
}

OVLSMemref::~OVLSMemref() = default;

bool OVLSMemref::hasActiveLane() const {
  return llvm::is_contained(LaneMask, true);
}

bool OVLSMemref::hasDisjointLaneChunks(uint64_t ChunkBytes) const {
  if (getNumElements() <= 1)
    return true;
  int64_t Stride = 0;
  if (!hasAConstStride(&Stride))
    return false;
  uint64_t Magnitude = Stride < 0 ? uint64_t(-Stride) : uint64_t(Stride);
  return Magnitude >= ChunkBytes;
}

void OVLSMemref::print(llvm::raw_ostream &OS) const {
  OS << Access.str() << ' ';
  Type.print(OS);
}

void OVLSGroup::addMember(OVLSMemref *M, int64_t Offset) {
  // Offsets[i] is relative to Members[0]; express the newcomer the same way,
  // then shift everything if it becomes the new leader.
  int64_t Rel = Members.empty() ? 0 : Offset - LeaderOrigin;
  if (Members.empty())
    LeaderOrigin = Offset;
  if (Rel < 0) {
    for (int64_t &O : Offsets)
      O -= Rel;
    LeaderOrigin = Offset;
    Rel = 0;
  }
  // Sorted by address; ties keep insertion (program) order.
  size_t Pos = Members.size();
  while (Pos > 0 && Offsets[Pos - 1] > Rel)
    --Pos;
  Members.insert(Members.begin() + Pos, M);
  Offsets.insert(Offsets.begin() + Pos, Rel);
}

int64_t OVLSGroup::getSpanBytes() const {
  if (Members.empty())
    return 0;
  return Offsets.back() + Members.back()->getElementBytes();
}

bool OVLSGroup::contains(const OVLSMemref *M) const { return indexOf(M) >= 0; }

int OVLSGroup::indexOf(const OVLSMemref *M) const {
  for (size_t I = 0; I < Members.size(); ++I)
    if (Members[I] == M)
      return int(I);
  return -1;
}

void OVLSGroup::print(llvm::raw_ostream &OS) const {
  OS << "group of " << Members.size() << ' '
     << (Members.empty() ? "" : Members.front()->getAccessType().str())
     << "s, span " << getSpanBytes() << " bytes:";
  for (size_t I = 0; I < Members.size(); ++I) {
    OS << " [" << Offsets[I] << "] ";
    Members[I]->print(OS);
  }
}

} // namespace t2s
