//===- SplitArray.h - An array's PE rows as processes ------------*- C++ -*-===//
//
// The HLS target's spelling of an array too large for one die of a
// multi-die part (the U250's four SLRs): each row of its first PE loop a
// process of its own, with streams between neighbouring rows, so that the
// floorplanner (Vivado, AutoBridge) can place the rows die by die and the
// only wires that cross between dies are FIFOs. AutoSA's large designs are
// built so, one process per PE. The rows are one function, a template over
// its row (RowParameter), that the top runs once per row: what differs
// between rows is under a condition on the row, which Vitis folds in each
// instance, so that each accesses its own streams alone. The rows run the
// same step loop and counters; what the single process passed between rows
// by wires, they pass through streams, in the step that needs it:
//
//   the PE rows' loop       for (iii = 0; iii < 13; iii++) { ... }  ->  { const int iii = t2s_row; ... }
//   a read of row iii - 1   sr_Y[0][iii - 1][jjj][kkk]              ->  sr_Y[0][0][jjj][kkk], received
//                           (the row's registers: [iii] -> slot 1,      from row t2s_row - 1 before
//                           [iii - 1] -> slot 0)                        the loop, sent on after it
//   a scatter's read        a_bundle_in = sgemm_a.read()            ->  row 0 reads it, each row
//                                                                       passes it on
//   a gather's bundle       c_bundle[iii] = ...; sgemm_c[jjj].write ->  each row fills its slot of
//                                                                       the row before's, the last
//                                                                       writes the channel
//
// Preconditions (splitRefusal says which fails): the rows' loop counts from
// 0 to a constant; every loop over its variable has that range and sits in
// the step; a row writes only its own row of the arrays that have one, and
// reads the row before it only inside the rows' loop at the step's top
// level; channels a row reads or writes are its own (indexed by the row, or
// accessed at one row alone); a channel read outside the rows' loops
// initializes a variable; a channel write outside them sends a bundle that
// each row fills at its own slot, or no row's values; its PEs access no
// buffer themselves (a DATAFLOW region gives each m_axi port one process).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_SPLITARRAY_H
#define T2S_SPLITARRAY_H

#include "systolic/Design.h"

#include <optional>
#include <string>

namespace t2s {

/// The template parameter of the rows' process: its row.
inline constexpr const char *RowParameter = "t2s_row";

/// Why kernel \p K of \p D (a systolic array, as the HLS target prints it:
/// delay lines already circular) cannot run as one process per PE row;
/// none where it can.
std::optional<std::string> splitRefusal(const Design &D, const Design::Kernel &K);

/// \p D with its kernel number \p At replaced by the process of one PE row
/// of \p Prepared (that kernel as the HLS target prints it), K_row, a
/// template over its row (RowParameter) that runs as Rows processes
/// (Kernel::RowProcesses), and the streams between them. Precondition:
/// splitRefusal(D, Prepared) is none.
Design withArrayRows(const Design &D, size_t At, const Design::Kernel &Prepared);

/// The rows and the bits that cross between two neighbouring rows each
/// step, of a kernel that can split: for the report.
struct RowSplitShape {
  int64_t Rows = 0;
  uint64_t BitsBetweenRows = 0;
};
std::optional<RowSplitShape> rowSplitShape(const Design &D, const Design::Kernel &K);

} // namespace t2s

#endif // T2S_SPLITARRAY_H
