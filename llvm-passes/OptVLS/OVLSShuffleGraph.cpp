//===- OVLSShuffleGraph.cpp - Directed graph of bit-range moves -----------===//
//
// Splitting to two sources, merging of similar nodes, verification and
// printing of the shuffle graph. See OVLSShuffleGraph.h for the model.
//
//===----------------------------------------------------------------------===//

#include "OVLSShuffleGraph.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>
#include <string>

namespace t2s {

namespace {

/// True if \p B continues \p A: same source, both ranges adjacent.
bool continues(const OVLSEdge &A, const OVLSEdge &B) {
  if (A.Src != B.Src || A.DstBits.end() != B.DstBits.BIndex)
    return false;
  return !A.Src || A.SrcBits.end() == B.SrcBits.BIndex;
}

/// Sorts edges by destination and fuses the ones that continue each other,
/// so that equal values always have the same edge list.
void canonicalize(llvm::SmallVectorImpl<OVLSEdge> &Edges) {
  llvm::stable_sort(Edges, [](const OVLSEdge &A, const OVLSEdge &B) {
    return A.DstBits.BIndex < B.DstBits.BIndex;
  });
  llvm::SmallVector<OVLSEdge, 8> Fused;
  for (const OVLSEdge &E : Edges) {
    if (!Fused.empty() && continues(Fused.back(), E)) {
      Fused.back().DstBits.NumBits += E.DstBits.NumBits;
      Fused.back().SrcBits.NumBits += E.SrcBits.NumBits;
      continue;
    }
    Fused.push_back(E);
  }
  Edges.assign(Fused.begin(), Fused.end());
}

llvm::StringRef kindName(OVLSGraphNode::NodeKind Kind) {
  switch (Kind) {
  case OVLSGraphNode::Load:
    return "load";
  case OVLSGraphNode::Input:
    return "input";
  case OVLSGraphNode::Shuffle:
    return "shuffle";
  case OVLSGraphNode::Result:
    return "result";
  case OVLSGraphNode::StoreValue:
    return "store";
  }
  return "?";
}

std::string nodeName(const OVLSGraphNode &N) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  N.printName(OS);
  return OS.str();
}

} // namespace

void OVLSBitRange::print(llvm::raw_ostream &OS) const {
  OS << BIndex << ':' << (NumBits ? end() - 1 : BIndex);
}

llvm::SmallVector<OVLSGraphNode *, 4> OVLSGraphNode::getSources() const {
  llvm::SmallVector<OVLSGraphNode *, 4> Sources;
  for (const OVLSEdge &E : Incoming)
    if (E.Src && !llvm::is_contained(Sources, E.Src))
      Sources.push_back(E.Src);
  return Sources;
}

bool OVLSGraphNode::hasGap() const {
  return llvm::any_of(Incoming, [](const OVLSEdge &E) { return !E.Src; });
}

void OVLSGraphNode::addEdge(OVLSGraphNode *Src, OVLSBitRange SrcBits,
                            OVLSBitRange DstBits) {
  if (!Src)
    SrcBits = {0, DstBits.NumBits};
  Incoming.push_back({Src, SrcBits, DstBits});
  canonicalize(Incoming);
}

void OVLSGraphNode::setEdges(llvm::ArrayRef<OVLSEdge> Edges) {
  Incoming.assign(Edges.begin(), Edges.end());
  canonicalize(Incoming);
}

void OVLSGraphNode::printName(llvm::raw_ostream &OS) const {
  OS << 'V' << Id << " (" << kindName(Kind);
  if (Index >= 0)
    OS << ' ' << Index;
  OS << ')';
}

void OVLSGraphNode::print(llvm::raw_ostream &OS) const {
  printName(OS);
  OS << ", " << NumBits << " bits\n";
  for (const OVLSEdge &E : Incoming) {
    OS << "  [";
    E.DstBits.print(OS);
    OS << "] = ";
    if (!E.Src) {
      OS << "undef\n";
      continue;
    }
    OS << 'V' << E.Src->getId() << '[';
    E.SrcBits.print(OS);
    OS << "]\n";
  }
}

OVLSGraphNode *OVLSShuffleGraph::addNode(OVLSGraphNode::NodeKind Kind,
                                         uint32_t NumBits, int32_t Index) {
  Nodes.push_back(
      std::make_unique<OVLSGraphNode>(Kind, NextId++, NumBits, Index));
  return Nodes.back().get();
}

llvm::SmallVector<OVLSGraphNode *, 16> OVLSShuffleGraph::nodes() const {
  llvm::SmallVector<OVLSGraphNode *, 16> Result;
  for (const auto &N : Nodes)
    Result.push_back(N.get());
  return Result;
}

size_t OVLSShuffleGraph::count(OVLSGraphNode::NodeKind Kind) const {
  return llvm::count_if(
      Nodes, [Kind](const auto &N) { return N->getKind() == Kind; });
}

bool OVLSShuffleGraph::verify(OVLSReason *Why, bool RequireTwoSources) const {
  auto Fail = [Why](std::string Message) {
    if (Why)
      *Why = OVLSReason(OVLSReasonKind::InvalidGraph, std::move(Message));
    return false;
  };
  llvm::SmallPtrSet<const OVLSGraphNode *, 16> Known;
  for (const auto &N : Nodes)
    Known.insert(N.get());

  for (const auto &NPtr : Nodes) {
    const OVLSGraphNode &N = *NPtr;
    std::string Name = nodeName(N);
    if (N.getNumBits() == 0 || N.getNumBits() % ElementBits)
      return Fail(Name + " has " + std::to_string(N.getNumBits()) +
                  " bits, not a positive number of " +
                  std::to_string(ElementBits) + "-bit elements");
    if (N.isLeaf()) {
      if (!N.edges().empty())
        return Fail(Name + " is a leaf but has incoming edges");
      continue;
    }
    if (N.edges().empty())
      return Fail(Name + " has no incoming edge");
    uint32_t Next = 0;
    for (const OVLSEdge &E : N.edges()) {
      if (E.DstBits.NumBits == 0 || E.DstBits.BIndex % ElementBits ||
          E.DstBits.NumBits % ElementBits)
        return Fail(Name + " has an edge that is not element-aligned");
      if (E.DstBits.BIndex < Next)
        return Fail("bit " + std::to_string(E.DstBits.BIndex) + " of " + Name +
                    " has more than one source");
      if (E.DstBits.BIndex > Next)
        return Fail("bits " + std::to_string(Next) + ".." +
                    std::to_string(E.DstBits.BIndex - 1) + " of " + Name +
                    " have no source");
      Next = E.DstBits.end();
      if (!E.Src)
        continue;
      if (!Known.count(E.Src))
        return Fail(Name + " has a source outside the graph");
      if (E.SrcBits.NumBits != E.DstBits.NumBits)
        return Fail(Name + " has an edge moving " +
                    std::to_string(E.SrcBits.NumBits) + " bits into " +
                    std::to_string(E.DstBits.NumBits));
      if (E.SrcBits.BIndex % ElementBits)
        return Fail(Name + " reads a source range that is not element-aligned");
      if (E.SrcBits.end() > E.Src->getNumBits())
        return Fail(Name + " reads past the end of " + nodeName(*E.Src));
    }
    if (Next != N.getNumBits())
      return Fail("bits " + std::to_string(Next) + ".." +
                  std::to_string(N.getNumBits() - 1) + " of " + Name +
                  " have no source");
    if (RequireTwoSources && N.getNumSources() > 2)
      return Fail(Name + " has " + std::to_string(N.getNumSources()) +
                  " sources, more than a shuffle can take");
  }

  // Acyclic: depth-first search with on-stack marks.
  enum Mark { Unseen, Active, Done };
  llvm::DenseMap<const OVLSGraphNode *, Mark> Marks;
  std::function<bool(const OVLSGraphNode *)> HasCycle =
      [&](const OVLSGraphNode *N) {
        Mark &M = Marks[N];
        if (M == Done)
          return false;
        if (M == Active)
          return true;
        M = Active;
        for (OVLSGraphNode *S : N->getSources())
          if (HasCycle(S))
            return true;
        Marks[N] = Done;
        return false;
      };
  for (const auto &N : Nodes)
    if (HasCycle(N.get()))
      return Fail("the graph has a cycle through " + nodeName(*N));
  return true;
}

void OVLSShuffleGraph::splitNode(OVLSGraphNode *N,
                                 llvm::SmallVectorImpl<OVLSGraphNode *> &New) {
  llvm::SmallVector<OVLSGraphNode *, 4> Sources = N->getSources();
  size_t Half = (Sources.size() + 1) / 2;
  llvm::ArrayRef<OVLSGraphNode *> Parts[2] = {
      llvm::ArrayRef(Sources).take_front(Half),
      llvm::ArrayRef(Sources).drop_front(Half)};
  llvm::SmallVector<OVLSEdge, 8> Edges(N->edges().begin(), N->edges().end());
  for (llvm::ArrayRef<OVLSGraphNode *> Part : Parts) {
    // A single source needs no intermediate node: it stays a direct source.
    if (Part.size() < 2)
      continue;
    OVLSGraphNode *T = addNode(OVLSGraphNode::Shuffle, 0);
    uint32_t Packed = 0;
    for (OVLSEdge &E : Edges) {
      if (!E.Src || !llvm::is_contained(Part, E.Src))
        continue;
      OVLSBitRange Slot{Packed, E.SrcBits.NumBits};
      T->addEdge(E.Src, E.SrcBits, Slot);
      E.Src = T;
      E.SrcBits = Slot;
      Packed += Slot.NumBits;
    }
    T->setNumBits(Packed);
    New.push_back(T);
  }
  N->setEdges(Edges);
}

unsigned OVLSShuffleGraph::split() {
  unsigned Added = 0;
  llvm::SmallVector<OVLSGraphNode *, 16> Work = nodes();
  while (!Work.empty()) {
    OVLSGraphNode *N = Work.pop_back_val();
    if (N->getNumSources() <= 2)
      continue;
    llvm::SmallVector<OVLSGraphNode *, 2> New;
    splitNode(N, New);
    Added += New.size();
    Work.append(New.begin(), New.end());
  }
  return Added;
}

void OVLSShuffleGraph::eraseNode(const OVLSGraphNode *N) {
  auto It = llvm::find_if(Nodes, [N](const auto &P) { return P.get() == N; });
  if (It != Nodes.end())
    Nodes.erase(It);
}

namespace {

/// The edges of the node fusing A (low bits) and B (high bits).
llvm::SmallVector<OVLSEdge, 8> fusedEdges(const OVLSGraphNode &A,
                                          const OVLSGraphNode &B) {
  llvm::SmallVector<OVLSEdge, 8> Edges(A.edges().begin(), A.edges().end());
  for (OVLSEdge E : B.edges()) {
    E.DstBits.BIndex += A.getNumBits();
    Edges.push_back(E);
  }
  return Edges;
}

/// \p U's edges with reads of A and B redirected to their fusion M.
llvm::SmallVector<OVLSEdge, 8> rewiredEdges(const OVLSGraphNode &U,
                                            const OVLSGraphNode *A,
                                            const OVLSGraphNode *B,
                                            OVLSGraphNode *M) {
  llvm::SmallVector<OVLSEdge, 8> Edges(U.edges().begin(), U.edges().end());
  for (OVLSEdge &E : Edges) {
    if (E.Src == A) {
      E.Src = M;
    } else if (E.Src == B) {
      E.Src = M;
      E.SrcBits.BIndex += A->getNumBits();
    }
  }
  return Edges;
}

using NodePair = std::pair<OVLSGraphNode *, OVLSGraphNode *>;
using UserMap =
    llvm::DenseMap<const OVLSGraphNode *, llvm::SmallVector<OVLSGraphNode *, 4>>;

/// Users of any node of \p Fusions, each once, in a stable order.
llvm::SmallVector<OVLSGraphNode *, 8>
affectedUsers(llvm::ArrayRef<NodePair> Fusions, const UserMap &Users) {
  llvm::SmallVector<OVLSGraphNode *, 8> Affected;
  for (const NodePair &P : Fusions)
    for (const OVLSGraphNode *N : {P.first, P.second})
      for (OVLSGraphNode *U : Users.lookup(N))
        if (!llvm::is_contained(Affected, U))
          Affected.push_back(U);
  return Affected;
}

/// Cost saved by fusing every pair of \p Fusions at once: the pairs and
/// their users as they are, minus the fused nodes and the users rewired to
/// read them. Computed on scratch nodes; the graph is not touched.
int64_t fusionSaving(llvm::ArrayRef<NodePair> Fusions, const UserMap &Users,
                     OVLSShuffleGraph::NodeCostFn Cost) {
  std::vector<std::unique_ptr<OVLSGraphNode>> Fused;
  int64_t Before = 0, After = 0;
  for (const NodePair &P : Fusions) {
    Fused.push_back(std::make_unique<OVLSGraphNode>(
        OVLSGraphNode::Shuffle, ~0u,
        P.first->getNumBits() + P.second->getNumBits(), -1));
    Fused.back()->setEdges(fusedEdges(*P.first, *P.second));
    Before += Cost(*P.first) + Cost(*P.second);
    After += Cost(*Fused.back());
  }
  for (OVLSGraphNode *U : affectedUsers(Fusions, Users)) {
    OVLSGraphNode Rewired(U->getKind(), U->getId(), U->getNumBits(),
                          U->getIndex());
    Rewired.setEdges(U->edges());
    for (size_t I = 0; I < Fusions.size(); ++I)
      Rewired.setEdges(rewiredEdges(Rewired, Fusions[I].first,
                                    Fusions[I].second, Fused[I].get()));
    Before += Cost(*U);
    After += Cost(Rewired);
  }
  return Before - After;
}

} // namespace

unsigned OVLSShuffleGraph::merge(NodeCostFn Cost, uint32_t MaxBits) {
  unsigned Fusions = 0;
  while (true) {
    // Ancestors of every node, to keep fusions acyclic: a node fused with
    // one that feeds it would become its own source.
    llvm::SmallVector<OVLSGraphNode *, 16> Order = topologicalOrder();
    llvm::DenseMap<const OVLSGraphNode *, unsigned> Position;
    for (OVLSGraphNode *N : Order)
      Position[N] = unsigned(Position.size());
    std::vector<llvm::BitVector> Ancestors(Order.size(),
                                           llvm::BitVector(Order.size()));
    for (OVLSGraphNode *N : Order)
      for (OVLSGraphNode *S : N->getSources()) {
        Ancestors[Position[N]] |= Ancestors[Position[S]];
        Ancestors[Position[N]].set(Position[S]);
      }
    auto Related = [&](const OVLSGraphNode *A, const OVLSGraphNode *B) {
      return Ancestors[Position[A]].test(Position[B]) ||
             Ancestors[Position[B]].test(Position[A]);
    };

    llvm::SmallVector<OVLSGraphNode *, 16> Candidates;
    for (OVLSGraphNode *N : Order)
      if (N->isIntermediate())
        Candidates.push_back(N);
    UserMap Users;
    for (OVLSGraphNode *N : Order)
      for (OVLSGraphNode *S : N->getSources())
        Users[S].push_back(N);

    // Two nodes can only share a shuffle if they share a source or both
    // have a single one; index the candidates that way so that large graphs
    // do not cost a quadratic number of pricings.
    llvm::DenseMap<const OVLSGraphNode *, llvm::SmallVector<OVLSGraphNode *, 4>>
        BySource;
    llvm::SmallVector<OVLSGraphNode *, 8> SingleSource;
    llvm::DenseMap<const OVLSGraphNode *, unsigned> CandidateIndex;
    for (OVLSGraphNode *N : Candidates) {
      CandidateIndex[N] = unsigned(CandidateIndex.size());
      llvm::SmallVector<OVLSGraphNode *, 4> Sources = N->getSources();
      for (OVLSGraphNode *S : Sources)
        BySource[S].push_back(N);
      if (Sources.size() == 1)
        SingleSource.push_back(N);
    }

    // Compatible pairs, and the same pairs bucketed by who uses them: pairs
    // with the same users are the same step of parallel shuffle trees (one
    // per gather), and only pay off when fused together, since fusing one
    // alone leaves its users with operands of different widths.
    llvm::SmallVector<NodePair, 16> Pairs;
    std::map<std::vector<uint32_t>, llvm::SmallVector<NodePair, 4>> ByUsers;
    for (OVLSGraphNode *A : Candidates) {
      llvm::SmallVector<OVLSGraphNode *, 4> SrcA = A->getSources();
      llvm::SmallVector<OVLSGraphNode *, 8> Partners;
      for (OVLSGraphNode *S : SrcA)
        Partners.append(BySource[S].begin(), BySource[S].end());
      if (SrcA.size() == 1)
        Partners.append(SingleSource.begin(), SingleSource.end());
      llvm::sort(Partners, [&](OVLSGraphNode *X, OVLSGraphNode *Y) {
        return CandidateIndex[X] < CandidateIndex[Y];
      });
      Partners.erase(std::unique(Partners.begin(), Partners.end()),
                     Partners.end());
      for (OVLSGraphNode *B : Partners) {
        // Each unordered pair once.
        if (CandidateIndex[B] <= CandidateIndex[A])
          continue;
        if (A->getNumBits() + B->getNumBits() > MaxBits)
          continue;
        llvm::SmallVector<OVLSGraphNode *, 4> Union = SrcA;
        for (OVLSGraphNode *S : B->getSources())
          if (!llvm::is_contained(Union, S))
            Union.push_back(S);
        if (Union.size() > 2 || Related(A, B))
          continue;
        Pairs.push_back({A, B});
        std::vector<uint32_t> Key;
        for (OVLSGraphNode *U : affectedUsers({NodePair{A, B}}, Users))
          Key.push_back(U->getId());
        llvm::sort(Key);
        ByUsers[Key].push_back({A, B});
      }
    }

    llvm::SmallVector<llvm::SmallVector<NodePair, 4>, 16> Options;
    for (const NodePair &P : Pairs)
      Options.push_back({P});
    for (auto &[Key, Bucket] : ByUsers) {
      // Disjoint, mutually unrelated pairs of the bucket, first come first.
      llvm::SmallVector<NodePair, 4> Batch;
      for (const NodePair &P : Bucket) {
        bool Fits = llvm::all_of(Batch, [&](const NodePair &Q) {
          for (OVLSGraphNode *X : {P.first, P.second})
            for (OVLSGraphNode *Y : {Q.first, Q.second})
              if (X == Y || Related(X, Y))
                return false;
          return true;
        });
        if (Fits)
          Batch.push_back(P);
      }
      if (Batch.size() > 1)
        Options.push_back(Batch);
    }

    int64_t BestSaving = 0;
    const llvm::SmallVector<NodePair, 4> *Best = nullptr;
    for (const auto &Option : Options) {
      int64_t Saving = fusionSaving(Option, Users, Cost);
      if (Saving > BestSaving) {
        BestSaving = Saving;
        Best = &Option;
      }
    }
    if (!Best)
      return Fusions;

    llvm::SmallVector<OVLSGraphNode *, 8> Affected = affectedUsers(*Best, Users);
    for (const NodePair &P : *Best) {
      OVLSGraphNode *M = addNode(OVLSGraphNode::Shuffle,
                                 P.first->getNumBits() + P.second->getNumBits());
      M->setEdges(fusedEdges(*P.first, *P.second));
      for (OVLSGraphNode *U : Affected)
        U->setEdges(rewiredEdges(*U, P.first, P.second, M));
    }
    for (const NodePair &P : *Best) {
      eraseNode(P.first);
      eraseNode(P.second);
      ++Fusions;
    }
  }
}

unsigned OVLSShuffleGraph::balanceOperandWidths() {
  unsigned Widened = 0;
  // Widths only grow, so this terminates; a node widened for one user may
  // in turn call for widening a partner elsewhere.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const auto &N : Nodes) {
      llvm::SmallVector<OVLSGraphNode *, 4> Sources = N->getSources();
      if (Sources.size() != 2)
        continue;
      OVLSGraphNode *Narrow = Sources[0], *Wide = Sources[1];
      if (Narrow->getNumBits() > Wide->getNumBits())
        std::swap(Narrow, Wide);
      if (Narrow->getNumBits() == Wide->getNumBits() ||
          !Narrow->isIntermediate())
        continue;
      uint32_t Old = Narrow->getNumBits();
      Narrow->setNumBits(Wide->getNumBits());
      Narrow->addGap({Old, Wide->getNumBits() - Old});
      ++Widened;
      Changed = true;
    }
  }
  return Widened;
}

llvm::SmallVector<OVLSGraphNode *, 16>
OVLSShuffleGraph::topologicalOrder() const {
  llvm::SmallVector<OVLSGraphNode *, 16> Order;
  llvm::SmallPtrSet<const OVLSGraphNode *, 16> Visited;
  std::function<void(OVLSGraphNode *)> Visit = [&](OVLSGraphNode *N) {
    if (!Visited.insert(N).second)
      return;
    for (OVLSGraphNode *S : N->getSources())
      Visit(S);
    Order.push_back(N);
  };
  for (const auto &N : Nodes)
    Visit(N.get());
  return Order;
}

void OVLSShuffleGraph::print(llvm::raw_ostream &OS) const {
  for (const auto &N : Nodes)
    N->print(OS);
}

void OVLSShuffleGraph::printDot(llvm::raw_ostream &OS,
                                llvm::StringRef Name) const {
  OS << "digraph \"" << Name << "\" {\n";
  bool AnyGap = false;
  for (const auto &N : Nodes) {
    OS << "  V" << N->getId() << " [label=\"";
    N->printName(OS);
    OS << "\\n" << N->getNumBits() << " bits\"";
    if (N->isLeaf())
      OS << ", shape=box";
    else if (N->isFinal())
      OS << ", shape=doubleoctagon";
    OS << "];\n";
    AnyGap |= N->hasGap();
  }
  if (AnyGap)
    OS << "  undef [shape=point];\n";
  for (const auto &N : Nodes) {
    for (const OVLSEdge &E : N->edges()) {
      if (E.Src)
        OS << "  V" << E.Src->getId();
      else
        OS << "  undef";
      OS << " -> V" << N->getId() << " [label=\"";
      if (E.Src) {
        E.SrcBits.print(OS);
        OS << " -> ";
      }
      E.DstBits.print(OS);
      OS << "\"];\n";
    }
  }
  OS << "}\n";
}

} // namespace t2s
