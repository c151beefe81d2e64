//===- Picture.h - The picture of a design (--emit-dot) -------*- C++ -*-===//
//
// Draws the designs of one function as a Graphviz cluster, the way an FPGA
// engineer draws a systolic design: the off-chip buffers (cylinders), every
// kernel as a box (loaders, drainers, plain kernel nests) and each systolic
// array as a cluster of its PEs laid out as a grid (the first final space
// loop down, the second across; at most PictureShown PEs along each, the rest
// folded into an ellipsis; further space loops at their first value). Edges:
// off-chip reads and writes; every channel, labelled with what it carries
// (element type, lanes), how many there are and their depth; gather/scatter
// chains as dashed edges between the PEs along their direction; the values
// that flow between neighbouring PEs, labelled with their URE array and the
// registers per PE that hold them (every lane's), into and out of the
// ellipses too; the array's steps and estimate as the report gives them.
//
// It reads only the Design (systolic/Design.h). Preconditions: the function's
// checks accepted it (the report pass does not draw a function with errors).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_PICTURE_H
#define T2S_PICTURE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class raw_ostream;
}

namespace t2s {

struct Design;

/// \p Text inside a Graphviz double-quoted string ('"' and '\\' escaped).
std::string dotString(llvm::StringRef Text);

/// How many PEs along each drawn dimension are shown before the ellipsis.
inline constexpr int64_t PictureShown = 4;

/// What the report says of one systolic array, for its cluster's label:
/// its steps as the kernels run them ("1 time step of 20 lanes of k" where
/// it is vectorized), and the estimate's figures (II, DSPs, what bounds
/// it). Empty strings: the Design's own steps, no estimate line.
struct PictureFigures {
  std::string Steps, Estimate;
};

/// Writes the subgraph "cluster_<Prefix>" of the designs of one function
/// (Title: its demangled signature): the nests of \p D in order, per
/// systolic array its PEs, the values flowing between them, its chains and
/// its loader and drainer channels, and the streams between nests.
/// \p Figures: per nest of D, what the report says of it (or none).
void printDesignPicture(llvm::raw_ostream &OS, llvm::StringRef Title,
                        llvm::StringRef Prefix, const Design &D,
                        llvm::ArrayRef<PictureFigures> Figures = {});

} // namespace t2s

#endif // T2S_PICTURE_H
