//===- Markers.h - How '#pragma t2s' reaches LLVM IR ----------*- C++ -*-===//
//
// The front end turns each marked loop nest into 'annotate' attributes on the
// loop variables, which clang emits as llvm.var.annotation calls right where the
// variable is declared (before the loop's header):
//
//   "t2s.loop:<name>"                       on every loop variable of the nest
//   "t2s.directive:<line>:<col>:<text>"     on the outermost loop variable, one
//                                           per pragma line, in source order
//   "t2s.var:<name>"                        on every other local variable and
//                                           parameter the nest uses, so arrays
//                                           keep their source names
//   "t2s.extent:<bytes>"                    on a parameter declared as an array
//                                           of constant extents ('float x[16]',
//                                           'float a[4][8]': 64, 128 bytes)
//
// <line>:<col> is the pragma's position in the annotation's file. The
// t2s-attach-pragmas pass turns these markers into loop metadata
// (LoopMetadata.h) and deletes them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_MARKERS_H
#define T2S_MARKERS_H

#include "llvm/ADT/StringRef.h"

namespace t2s {

inline constexpr llvm::StringLiteral LoopMarkerPrefix = "t2s.loop:";
inline constexpr llvm::StringLiteral DirectiveMarkerPrefix = "t2s.directive:";
inline constexpr llvm::StringLiteral VarMarkerPrefix = "t2s.var:";
inline constexpr llvm::StringLiteral ExtentMarkerPrefix = "t2s.extent:";

} // namespace t2s

#endif // T2S_MARKERS_H
