//===- Picture.cpp - The picture of a design (--emit-dot) -----------------===//

#include "backends/report/Picture.h"
#include "backends/c/CTypes.h"
#include "backends/report/DesignSummary.h"
#include "systolic/Design.h"
#include "systolic/NumberText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace t2s {

namespace {

constexpr int64_t Ellipsis = -1;

// The indices of a PE dimension that are drawn: all of a short one; of a
// long one the first PictureShown - 1, an ellipsis and the last.
llvm::SmallVector<int64_t, 8> shownIndices(int64_t Extent) {
  llvm::SmallVector<int64_t, 8> Out;
  if (Extent <= PictureShown) {
    for (int64_t I = 0; I < Extent; ++I)
      Out.push_back(I);
    return Out;
  }
  for (int64_t I = 0; I < PictureShown - 1; ++I)
    Out.push_back(I);
  Out.push_back(Ellipsis);
  Out.push_back(Extent - 1);
  return Out;
}

// A name as a Graphviz identifier: letters, digits and '_'.
std::string identifier(llvm::StringRef Name) {
  std::string Out;
  for (char C : Name)
    Out += llvm::isAlnum(C) ? C : '_';
  return Out;
}

std::string plural(uint64_t N, llvm::StringRef One, llvm::StringRef Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many).str();
}

class PictureWriter {
  llvm::raw_ostream &OS;
  std::string Prefix;
  const Design &D;
  std::set<std::string> Buffers;
  // The loader (drainer) kernel of a systolic array's stream: (unit, array,
  // output) -> its node. Streams end there, not at the array.
  std::map<std::tuple<unsigned, std::string, bool>, std::string> StreamKernels;
  llvm::ArrayRef<PictureFigures> Figures;

  // The registers per PE of URE array Array of nest U: every lane's, and
  // its one-lane and round registers.
  int64_t wordsPerPE(unsigned U, const std::string &Array) const {
    int64_t Words = 0;
    for (const Design::Register &X : D.Registers)
      if (X.Nest == U && X.Array == Array)
        Words += X.Words * std::max<int64_t>(X.Lanes, 1);
    return Words;
  }

public:
  PictureWriter(llvm::raw_ostream &OS, llvm::StringRef Prefix, const Design &D,
                llvm::ArrayRef<PictureFigures> Figures)
      : OS(OS), Prefix(Prefix.str()), D(D), Figures(Figures) {}

  // What the picture drew, for its legend.
  struct {
    bool Kernels = false, SameStep = false, Chains = false;
  } Drew;

  // The node of an off-chip buffer, drawn the first time it is named.
  std::string buffer(llvm::StringRef Name) {
    std::string Id = Prefix + "_mem_" + identifier(Name);
    if (Buffers.insert(Id).second)
      OS << "    " << Id << " [shape=cylinder, label=\"" << dotString(Name)
         << "\\n(off-chip)\"];\n";
    return Id;
  }

  std::string unitId(unsigned U) const { return Prefix + "_u" + std::to_string(U); }

  // The node that stands for unit U in edges, and the cluster it is in.
  // (Output: where edges leave it).
  std::pair<std::string, std::string> anchor(unsigned U, bool Output,
                                             const std::string &Array) const {
    if (auto It = StreamKernels.find({U, Array, Output}); It != StreamKernels.end())
      return {It->second, ""};
    if (!D.Nests[U].Scheduled)
      return {unitId(U), ""};
    return {unitId(U) + (Output ? "_out" : "_in"), "cluster_" + unitId(U)};
  }

  void kernelNest(unsigned U) {
    const Design::Nest &N = D.Nests[U];
    std::string Id = unitId(U);
    OS << "    " << Id << " [label=\"kernel " << dotString(N.KernelName) << "\\n(line "
       << N.At.Line << ")\"];\n";
    memoryEdges(U, Id, Id, "", {});
  }

  // The buffers nest U reads and writes itself, not through its loaders
  // and drainers (Carried).
  void memoryEdges(unsigned U, const std::string &In, const std::string &Out,
                   const std::string &Cluster, const std::set<std::string> &Carried) {
    std::string Head = Cluster.empty() ? "" : ", lhead=" + Cluster;
    std::string Tail = Cluster.empty() ? "" : ", ltail=" + Cluster;
    for (const Design::Buffer &B : D.Buffers)
      if (B.Nest == U && B.Read && !Carried.count(B.Name)) {
        std::string Mem = buffer(B.Name);
        OS << "    " << Mem << " -> " << In << " [label=\"read\"" << Head << "];\n";
      }
    for (const Design::Buffer &B : D.Buffers)
      if (B.Nest == U && B.Written && !Carried.count(B.Name)) {
        std::string Mem = buffer(B.Name);
        OS << "    " << Out << " -> " << Mem << " [label=\"written\"" << Tail << "];\n";
      }
  }

  void systolicArray(unsigned U, llvm::ArrayRef<PEChannelSummary> Channels) {
    const Design::Nest &N = D.Nests[U];
    auto loop = [&](unsigned D) -> const Design::Nest::SourceLoop & {
      return N.SourceLoops[N.PELoops[D]];
    };
    std::string Id = unitId(U);
    // The drawn dimensions: rows (the first final space loop) and columns.
    llvm::SmallVector<unsigned, 2> Drawn;
    for (unsigned D = 0; D < N.PELoops.size() && D < 2; ++D)
      Drawn.push_back(D);
    auto extent = [&](unsigned D) { return loop(D).Upper - loop(D).Lower; };
    llvm::SmallVector<int64_t, 8> Rows{0}, Cols{0};
    if (Drawn.size() == 2) {
      Rows = shownIndices(extent(0));
      Cols = shownIndices(extent(1));
    } else if (Drawn.size() == 1) {
      Cols = shownIndices(extent(0));
    }
    unsigned RowDim = 0, ColDim = Drawn.size() == 2 ? 1 : 0;
    auto index = [](int64_t I) { return I == Ellipsis ? std::string("e") : std::to_string(I); };
    auto pe = [&](int64_t R, int64_t C) { return Id + "_pe_" + index(R) + "_" + index(C); };

    std::string Title = N.KernelName.empty() ? "systolic array of the nest at line " +
                                                   std::to_string(N.At.Line)
                                             : "systolic array " + N.KernelName;
    std::string PEs = std::to_string(N.PEs) + " PEs";
    if (!N.PELoops.empty()) {
      PEs += " (";
      for (unsigned D = 0; D < N.PELoops.size(); ++D)
        PEs += (D ? " x " : "") + loop(D).Name + " " + std::to_string(extent(D));
      PEs += ")";
    }
    std::string Utilization = "none";
    if (N.Utilization)
      Utilization = percent(*N.Utilization);
    const PictureFigures *Fig = U < Figures.size() ? &Figures[U] : nullptr;
    OS << "    subgraph \"cluster_" << Id << "\" {\n      label=\"" << dotString(Title)
       << ": " << PEs << ", "
       << (Fig && !Fig->Steps.empty() ? dotString(Fig->Steps)
                                      : plural(N.Steps, "time step", "time steps"))
       << ", utilization " << Utilization;
    if (Fig && !Fig->Estimate.empty())
      OS << "\\n" << dotString(Fig->Estimate);
    // The registers of values no PE passes on (an accumulator, read back by
    // the PE that wrote it), which no edge between PEs shows.
    // A buffered array's buffer and round register count as one.
    std::string Kept;
    for (const Design::Register &R : D.Registers) {
      if (R.Nest != U || R.Lane >= 0 || R.Round ||
          llvm::any_of(N.Flows, [&](const Design::Nest::Flow &F) { return F.Array == R.Array; }))
        continue;
      int64_t Words = wordsPerPE(U, R.Array);
      Kept += (Kept.empty() ? "" : ", ") + R.Array + ": " + plural(uint64_t(Words), "reg", "regs");
    }
    if (!Kept.empty())
      OS << "\\n" << dotString("each PE keeps " + Kept);
    if (N.PELoops.size() > 2) {
      OS << "\\nPEs along ";
      for (unsigned D = 2; D < N.PELoops.size(); ++D)
        OS << (D > 2 ? ", " : "") << loop(D).Name;
      OS << " drawn at their first value";
    }
    OS << "\";\n      style=rounded;\n";

    // The PEs, a rank per row, kept in a grid by invisible edges.
    auto label = [&](int64_t R, int64_t C) {
      if (R == Ellipsis || C == Ellipsis)
        return std::string("...");
      std::string L = "PE(";
      unsigned K = 0;
      for (unsigned D = 0; D < N.PELoops.size(); ++D) {
        int64_t I = D == RowDim && Drawn.size() == 2 ? R : D == ColDim ? C : 0;
        L += (K++ ? ", " : "") + loop(D).Name + "=" + std::to_string(loop(D).Lower + I);
      }
      return L + ")";
    };
    for (int64_t R : Rows) {
      OS << "      { rank=same;";
      for (int64_t C : Cols)
        OS << " " << pe(R, C) << " [label=\"" << label(R, C) << "\""
           << (R == Ellipsis || C == Ellipsis ? ", shape=plaintext" : "") << "];";
      OS << " }\n";
      for (size_t C = 1; C < Cols.size(); ++C)
        OS << "      " << pe(R, Cols[C - 1]) << " -> " << pe(R, Cols[C])
           << " [style=invis, weight=100];\n";
    }
    for (size_t R = 1; R < Rows.size(); ++R)
      for (int64_t C : Cols)
        OS << "      " << pe(Rows[R - 1], C) << " -> " << pe(Rows[R], C)
           << " [style=invis, weight=100];\n";
    // Where edges from loaders end and edges to drainers start: invisible
    // points above the first and below the last row, so the grid keeps its
    // order.
    OS << "      " << Id << "_in [shape=point, style=invis];\n      " << Id
       << "_out [shape=point, style=invis];\n";
    for (int64_t C : Cols)
      OS << "      " << Id << "_in -> " << pe(Rows.front(), C) << " [style=invis];\n      "
         << pe(Rows.back(), C) << " -> " << Id << "_out [style=invis];\n";

    // Values flowing between neighbouring PEs, one label per offset.
    std::map<std::pair<int64_t, int64_t>, std::string> Flows;
    for (const Design::Nest::Flow &F : N.Flows) {
      bool Hidden = false;
      for (unsigned D = Drawn.size(); D < F.PEDistance.size(); ++D)
        Hidden |= F.PEDistance[D] != 0;
      int64_t DR = Drawn.size() == 2 ? F.PEDistance[RowDim] : 0;
      int64_t DC = Drawn.empty() ? 0 : F.PEDistance[ColDim];
      if (Hidden || (DR == 0 && DC == 0))
        continue;
      std::string Item = F.Array;
      int64_t Words = wordsPerPE(U, F.Array);
      if (F.SameStepPEs > 1) { // a wire from PE to PE: no register on the way
        Item += ": in the step, through " + std::to_string(F.SameStepPEs) + " PEs";
        Drew.SameStep = true;
      } else if (Words)
        Item += ": " + plural(uint64_t(Words), "reg", "regs");
      std::string &Label = Flows[{DR, DC}];
      if (Label.find(Item) == std::string::npos)
        Label += (Label.empty() ? "" : ", ") + Item;
    }
    // The drawn node of PE index I along a dimension: itself where shown,
    // else the ellipsis. An edge joins two drawn nodes where some PE and its
    // neighbour at the offset are drawn as them (into and out of the
    // ellipsis too, so the PEs it stands for are not left without edges).
    auto nodeOf = [](llvm::ArrayRef<int64_t> Shown, int64_t I) {
      return llvm::is_contained(Shown, I) ? I : Ellipsis;
    };
    auto pairsAlong = [&](llvm::ArrayRef<int64_t> Shown, int64_t Extent, int64_t Offset) {
      std::vector<std::pair<int64_t, int64_t>> Pairs; // (from, to), in order
      if (Offset == 0) {
        for (int64_t I : Shown)
          Pairs.push_back({I, I});
        return Pairs;
      }
      for (int64_t To = 0; To < Extent; ++To) {
        int64_t From = To - Offset;
        if (From < 0 || From >= Extent)
          continue;
        std::pair<int64_t, int64_t> P{nodeOf(Shown, From), nodeOf(Shown, To)};
        if (P.first != P.second && !llvm::is_contained(Pairs, P))
          Pairs.push_back(P);
      }
      return Pairs;
    };
    int64_t RowExtent = Drawn.size() == 2 ? extent(RowDim) : 1;
    int64_t ColExtent = Drawn.empty() ? 1 : extent(ColDim);
    for (const auto &[Offset, Label] : Flows) {
      bool First = true;
      for (auto [FromR, R] : pairsAlong(Rows, RowExtent, Offset.first))
        for (auto [FromC, C] : pairsAlong(Cols, ColExtent, Offset.second)) {
          if ((FromR == Ellipsis || FromC == Ellipsis) && (R == Ellipsis || C == Ellipsis))
            continue; // within the ellipsis
          OS << "      " << pe(FromR, FromC) << " -> " << pe(R, C) << " ["
             << (First ? "label=\"" + dotString(Label) + "\", " : std::string())
             << "constraint=false];\n";
          First = false;
        }
    }

    // Gather and scatter chains, in the direction the values move.
    for (const Design::Channel &Ch : D.Channels) {
      if (Ch.Kind != Design::ChannelKind::Chain || Ch.Nest != U)
        continue;
      unsigned PEDim = 0;
      while (PEDim < N.PELoops.size() && N.Loops[N.PELoops[PEDim]] != Ch.ChainLoop)
        ++PEDim;
      if (PEDim >= Drawn.size())
        continue;
      bool AlongRows = Drawn.size() == 2 && PEDim == RowDim;
      llvm::ArrayRef<int64_t> Along = AlongRows ? Rows : Cols, Across = AlongRows ? Cols : Rows;
      // The rows across the chain that have it (all, unless its PEs access
      // at some values of that loop alone).
      const Design::Nest::SourceLoop *AcrossLoop =
          Drawn.size() == 2 ? &loop(AlongRows ? ColDim : RowDim) : nullptr;
      auto hasChain = [&](int64_t X) {
        if (!AcrossLoop)
          return true;
        for (const auto &[Name, Values] : Ch.ChainAt)
          if (Name == AcrossLoop->Name)
            return llvm::is_contained(Values, AcrossLoop->Lower + X);
        return true;
      };
      bool First = true;
      for (int64_t X : Across)
        for (size_t K = 1; K < Along.size(); ++K) {
          int64_t A = Along[K - 1], B = Along[K];
          if (X == Ellipsis || A == Ellipsis || B == Ellipsis || B != A + 1 || !hasChain(X))
            continue;
          if (Ch.Down)
            std::swap(A, B);
          std::string From = AlongRows ? pe(A, X) : pe(X, A);
          std::string To = AlongRows ? pe(B, X) : pe(X, B);
          Drew.Chains = true;
          OS << "      " << From << " -> " << To << " [style=dashed, constraint=false"
             << (First ? ", label=\"" + dotString(std::string(Ch.Gather ? "gather " : "scatter ") +
                                                  Ch.Array) + "\""
                       : std::string())
             << "];\n";
          First = false;
        }
    }
    OS << "    }\n";

    // Loaders and drainers, and what the array itself reads and writes.
    std::string In = Id + "_in", Out = Id + "_out", Cluster = "cluster_" + Id;
    std::set<std::string> Carried;
    for (const PEChannelSummary &C : Channels) {
      Carried.insert(C.Array);
      std::string Kernel = Id + (C.Output ? "_drain_" : "_load_") + identifier(C.Array);
      std::string What = dotString(plural(C.Channels, "channel", "channels") + " of " +
                                   C.Element + ", depth " + std::to_string(C.Depth));
      if (!C.Along.empty())
        What += "\\n" + dotString("(one per " + C.Along +
                                   (C.Channels < C.Declared && C.Chain.empty()
                                        ? (C.Output ? " that writes it)" : " that reads it)")
                                        : ")"));
      if (!C.Lanes.empty())
        What += "\\n" + dotString(C.Lanes);
      if (!C.Chain.empty() && C.Bundle)
        What += "\\n" + dotString(C.Chain + ": " + std::to_string(C.Bundle) +
                                   " PEs' values per transfer");
      else if (!C.Chain.empty())
        What += "\\n" + dotString(C.Chain + ": " + std::to_string(C.ChainChannels) +
                                   " between PEs, depth " + std::to_string(C.ChainDepth));
      // The channel's description goes in its kernel's box, where no other
      // label can overlap it (on the edge, the loaders' labels collided).
      Drew.Kernels = true;
      OS << "    " << Kernel << " [label=\"" << (C.Output ? "drainer" : "loader") << "\\n"
         << dotString(C.Array)
         << (C.ReuseLoop.empty() ? "" : "\\n" + dotString("reuse buffer at " + C.ReuseLoop))
         << "\\n\\n" << What << "\", style=filled, fillcolor=lightgrey];\n";
      // A stream's loader (drainer) talks to another kernel, not memory.
      if (C.Stream)
        StreamKernels[{U, C.Array, C.Output}] = Kernel;
      if (C.Output) {
        OS << "    " << Out << " -> " << Kernel << " [ltail=" << Cluster << "];\n";
        if (!C.Stream) {
          std::string Mem = buffer(C.Array); // drawn on first use
          OS << "    " << Kernel << " -> " << Mem << " [label=\"written\"];\n";
        }
      } else {
        if (!C.Stream) {
          std::string Mem = buffer(C.Array);
          OS << "    " << Mem << " -> " << Kernel << " [label=\"read\"];\n";
        }
        OS << "    " << Kernel << " -> " << In << " [lhead=" << Cluster << "];\n";
      }
    }
    memoryEdges(U, In, Out, Cluster, Carried);
  }

  void streams(const Design &D) {
    CTypes Types;
    for (const Design::Channel &C : D.Channels) {
      if (C.Kind != Design::ChannelKind::Stream)
        continue;
      auto [From, FromCluster] = anchor(C.Writer, true, C.Array);
      auto [To, ToCluster] = anchor(C.Nest, false, C.Array);
      OS << "    " << From << " -> " << To << " [label=\"" << dotString(C.Array) << ": "
         << Types.name(C.Element) << ", depth " << C.Depth
         // counted when the kernels were laid out (not if they cannot be)
         << (C.Values ? "\\n" + std::to_string(C.Values) + " values" : "") << "\""
         << (FromCluster.empty() ? "" : ", ltail=" + FromCluster)
         << (ToCluster.empty() ? "" : ", lhead=" + ToCluster) << "];\n";
    }
  }
};

} // namespace

std::string dotString(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

void printDesignPicture(llvm::raw_ostream &OS, llvm::StringRef Title,
                        llvm::StringRef Prefix, const Design &D,
                        llvm::ArrayRef<PictureFigures> Figures) {
  OS << "  subgraph \"cluster_" << Prefix << "\" {\n    label=\"" << dotString(Title)
     << "\";\n";
  PictureWriter W(OS, Prefix, D, Figures);
  for (unsigned U = 0; U < D.Nests.size(); ++U) {
    if (D.Nests[U].Scheduled)
      W.systolicArray(U, summarizePEChannels(D, U));
    else
      W.kernelNest(U);
  }
  W.streams(D);
  // How to read the picture: what it drew.
  OS << "    \"" << Prefix << "_legend\" [shape=note, fontsize=10, label=\""
     << (W.Drew.Kernels ? "grey boxes: loader and drainer kernels with their channels; " : "")
     << "cylinders: off-chip buffers\\l"
     << "solid arrows between PEs: values passed on, with the registers per PE"
     << (W.Drew.SameStep ? " ('in the step': read in the step it is written, a wire from PE "
                           "to PE with no register between them)"
                         : "")
     << "\\l" << (W.Drew.Chains ? "dashed arrows: gather and scatter chains\\l" : "")
     << "\"];\n";
  OS << "  }\n";
}

} // namespace t2s
