//===- IRTypes.h - The design type of an IR type ----------------*- C++ -*-===//
//
// The one bridge from LLVM IR's types to the design's (expr/Expr.h): the URE
// model types the sizes it lifts with it, the Design's build the values of
// its nests.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_IRTYPES_H
#define T2S_IRTYPES_H

#include "expr/Expr.h"

namespace llvm {
class Type;
} // namespace llvm

namespace t2s {

/// The design type of an IR type; types the back ends cannot name come out
/// as a type without a C name (hasCName is false).
DType designType(llvm::Type *T);

} // namespace t2s

#endif // T2S_IRTYPES_H
