//===- OVLSGrouping.cpp - Groups of adjacent memrefs ----------------------===//
//
// Classes of mutually adjacent memrefs, then a partition of each class into
// groups (greedy or fewest-groups/smallest-span), then the reasons for the
// memrefs left alone. See OVLSGrouping.h.
//
//===----------------------------------------------------------------------===//

#include "OVLSGrouping.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"

#include <algorithm>
#include <limits>
#include <string>

#define DEBUG_TYPE "ovls"

namespace t2s {

namespace {

/// A memref of a class: its program position and its distance in bytes from
/// the class's first memref.
struct ClassMember {
  size_t ProgramIndex;
  int64_t Offset;
};

/// Memrefs that are pairwise adjacent; Members sorted by (Offset, program
/// order) once the class is complete.
struct AdjacencyClass {
  llvm::SmallVector<ClassMember, 8> Members;
};

/// Why \p M cannot share a class with \p Rep; None and *Dist set if it can.
/// The kinds are ordered by how far the comparison got, which is how the
/// most telling reason is chosen when a memref joins nobody.
OVLSReason compareToClass(const OVLSMemref &M, const OVLSMemref &Rep,
                          int64_t *Dist) {
  if (M.getAccessType() != Rep.getAccessType())
    return OVLSReason(OVLSReasonKind::DifferentAccessKind,
                      "access kinds differ (" + M.getAccessType().str().str() +
                          " vs. " + Rep.getAccessType().str().str() + ")");
  if (M.getType().getElementBits() != Rep.getType().getElementBits())
    return OVLSReason(OVLSReasonKind::DifferentElementSize,
                      "element sizes differ (" + M.getType().str() + " vs. " +
                          Rep.getType().str() + ")");
  if (!M.haveSameNumElements(Rep))
    return OVLSReason(OVLSReasonKind::DifferentNumElements,
                      "numbers of lanes differ");
  if (!M.isAConstDistanceFrom(Rep, Dist))
    return OVLSReason(OVLSReasonKind::DistanceNotConstant,
                      "distance to the other memrefs is not constant");
  return OVLSReason();
}

int depthOf(OVLSReasonKind Kind) {
  switch (Kind) {
  case OVLSReasonKind::DifferentAccessKind:
    return 1;
  case OVLSReasonKind::DifferentElementSize:
    return 2;
  case OVLSReasonKind::DifferentNumElements:
    return 3;
  case OVLSReasonKind::DistanceNotConstant:
    return 4;
  default:
    return 0;
  }
}

/// Decides which runs of a sorted class may form a group.
class GroupRules {
  llvm::ArrayRef<OVLSMemref *> Memrefs;
  const AdjacencyClass &Class;
  uint32_t VectorLengthBytes;

public:
  GroupRules(llvm::ArrayRef<OVLSMemref *> Memrefs, const AdjacencyClass &Class,
             uint32_t VectorLengthBytes)
      : Memrefs(Memrefs), Class(Class), VectorLengthBytes(VectorLengthBytes) {}

  OVLSMemref *memref(size_t I) const {
    return Memrefs[Class.Members[I].ProgramIndex];
  }

  int64_t span(size_t First, size_t Last) const {
    return Class.Members[Last].Offset - Class.Members[First].Offset +
           memref(First)->getElementBytes();
  }

  /// The member whose program point the group [First, Last] is emitted at.
  size_t insertPoint(size_t First, size_t Last) const {
    bool IsLoad = memref(First)->isLoad();
    size_t Best = First;
    for (size_t I = First; I <= Last; ++I) {
      size_t P = Class.Members[I].ProgramIndex;
      size_t B = Class.Members[Best].ProgramIndex;
      if (IsLoad ? P < B : P > B)
        Best = I;
    }
    return Best;
  }

  /// None if sorted members First..Last may form one group.
  OVLSReason check(size_t First, size_t Last) const {
    if (span(First, Last) > int64_t(VectorLengthBytes))
      return OVLSReason(OVLSReasonKind::ExceedsVectorLength,
                        "the group would span " +
                            std::to_string(span(First, Last)) +
                            " bytes, more than the vector length " +
                            std::to_string(VectorLengthBytes));
    if (memref(First)->isStore()) {
      int64_t ElemBytes = memref(First)->getElementBytes();
      for (size_t I = First + 1; I <= Last; ++I)
        if (Class.Members[I].Offset - Class.Members[I - 1].Offset < ElemBytes)
          return OVLSReason(OVLSReasonKind::OverlappingStores,
                            "another scatter writes the same bytes");
    }
    size_t Insert = insertPoint(First, Last);
    for (size_t I = First; I <= Last; ++I)
      if (I != Insert && !memref(I)->canMoveTo(*memref(Insert)))
        return OVLSReason(OVLSReasonKind::CannotMove,
                          "the memref cannot be moved to the group's "
                          "insertion point");
    return OVLSReason();
  }
};

using Partition = llvm::SmallVector<std::pair<size_t, size_t>, 4>;

Partition partitionGreedily(const GroupRules &Rules, size_t N) {
  Partition Runs;
  for (size_t First = 0; First < N;) {
    size_t Last = First;
    while (Last + 1 < N && Rules.check(First, Last + 1).isNone())
      ++Last;
    Runs.push_back({First, Last});
    First = Last + 1;
  }
  return Runs;
}

/// Fewest groups, then smallest total span, over partitions into runs of the
/// address order.
Partition partitionMinSpan(const GroupRules &Rules, size_t N) {
  struct Best {
    size_t Groups = std::numeric_limits<size_t>::max();
    int64_t Span = 0;
    size_t RunStart = 0;
  };
  llvm::SmallVector<Best, 16> Prefix(N + 1);
  Prefix[0].Groups = 0;
  for (size_t End = 1; End <= N; ++End) {
    for (size_t Start = End; Start-- > 0;) {
      // A memref alone is always a valid group. Spans only grow as the run
      // extends to the left, so past the vector length no longer run fits.
      if (Start + 1 < End) {
        OVLSReason Why = Rules.check(Start, End - 1);
        if (Why.getKind() == OVLSReasonKind::ExceedsVectorLength)
          break;
        if (!Why.isNone())
          continue;
      }
      const Best &Before = Prefix[Start];
      size_t Groups = Before.Groups + 1;
      int64_t Span = Before.Span + Rules.span(Start, End - 1);
      Best &Here = Prefix[End];
      if (Groups < Here.Groups || (Groups == Here.Groups && Span < Here.Span))
        Here = {Groups, Span, Start};
    }
  }
  Partition Runs;
  for (size_t End = N; End > 0; End = Prefix[End].RunStart)
    Runs.push_back({Prefix[End].RunStart, End - 1});
  std::reverse(Runs.begin(), Runs.end());
  return Runs;
}

/// Why sorted member \p I of a class ended alone in partition \p Runs:
/// what stops it joining the neighbour before or after it, or the run that
/// neighbour went to.
OVLSReason explainAloneInClass(const GroupRules &Rules, size_t I, size_t N,
                               const Partition &Runs) {
  OVLSReason Why;
  if (I + 1 < N)
    Why = Rules.check(I, I + 1);
  if (Why.isNone() && I > 0)
    Why = Rules.check(I - 1, I);
  for (auto [First, Last] : Runs) {
    if (!Why.isNone())
      break;
    if (Last + 1 == I && First < Last) // the run before, joined by I
      Why = Rules.check(First, I);
    else if (First == I + 1 && First < Last) // the run after
      Why = Rules.check(I, Last);
  }
  if (Why.isNone())
    Why = OVLSReason(OVLSReasonKind::NotChosen,
                     "joining a neighbour would not reduce the number of "
                     "groups or their span");
  return Why;
}

} // namespace

int64_t OVLSGrouping::getTotalSpanBytes() const {
  int64_t Total = 0;
  for (const auto &G : Groups)
    Total += G->getSpanBytes();
  return Total;
}

size_t OVLSGrouping::getNumMultiMemberGroups() const {
  return llvm::count_if(Groups, [](const auto &G) { return G->size() > 1; });
}

OVLSReason OVLSGrouping::getReasonAlone(const OVLSMemref *M) const {
  for (const auto &[Memref, Why] : Alone)
    if (Memref == M)
      return Why;
  return OVLSReason();
}

OVLSGrouping getGroups(llvm::ArrayRef<OVLSMemref *> Memrefs,
                       uint32_t VectorLengthBytes,
                       OVLSGroupingStrategy Strategy) {
  OVLSGrouping Result;

  // Classes: each memref joins the first class it is adjacent to. Distances
  // are taken from the class's first memref, so they are consistent.
  llvm::SmallVector<AdjacencyClass, 8> Classes;
  llvm::SmallVector<OVLSReason, 16> Rejection(Memrefs.size());
  for (size_t I = 0; I < Memrefs.size(); ++I) {
    bool Joined = false;
    for (AdjacencyClass &C : Classes) {
      const OVLSMemref &Rep = *Memrefs[C.Members.front().ProgramIndex];
      int64_t Dist = 0;
      OVLSReason Why = compareToClass(*Memrefs[I], Rep, &Dist);
      if (Why.isNone()) {
        C.Members.push_back({I, Dist});
        Joined = true;
        break;
      }
      // Remember the most telling rejection, for both sides.
      for (size_t Side : {I, C.Members.front().ProgramIndex})
        if (depthOf(Why.getKind()) > depthOf(Rejection[Side].getKind()))
          Rejection[Side] = Why;
    }
    if (!Joined)
      Classes.push_back(AdjacencyClass{{{I, 0}}});
  }

  for (AdjacencyClass &C : Classes) {
    llvm::stable_sort(C.Members, [](const ClassMember &A, const ClassMember &B) {
      return A.Offset < B.Offset;
    });
    GroupRules Rules(Memrefs, C, VectorLengthBytes);
    size_t N = C.Members.size();
    Partition Runs = Strategy == OVLSGroupingStrategy::Greedy
                         ? partitionGreedily(Rules, N)
                         : partitionMinSpan(Rules, N);
    for (auto [First, Last] : Runs) {
      auto G = std::make_unique<OVLSGroup>(VectorLengthBytes);
      for (size_t I = First; I <= Last; ++I) {
        G->addMember(Rules.memref(I), C.Members[I].Offset);
        Result.GroupOf[Rules.memref(I)] = G.get();
      }
      G->setInsertPoint(Rules.memref(Rules.insertPoint(First, Last)));
      if (First == Last) {
        OVLSReason Why;
        if (N > 1)
          Why = explainAloneInClass(Rules, First, N, Runs);
        else if (!Rejection[C.Members[First].ProgramIndex].isNone())
          Why = Rejection[C.Members[First].ProgramIndex];
        else
          Why = OVLSReason(OVLSReasonKind::NoPartner,
                           "there is no other memref to group with");
        Result.Alone.push_back({Rules.memref(First), Why});
      }
      LLVM_DEBUG({
        llvm::dbgs() << "OVLS: ";
        G->print(llvm::dbgs());
        llvm::dbgs() << '\n';
      });
      Result.Groups.push_back(std::move(G));
    }
  }
  return Result;
}

} // namespace t2s
