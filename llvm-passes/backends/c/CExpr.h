//===- CExpr.h - Design expressions as C ------------------------*- C++ -*-===//
//
// Prints the expression trees of expr/Expr.h in the C family's common
// syntax: OpenCL C (which the emulation also compiles as C++) and C++ for
// HLS tools. The leaves that name the design's things (parameters, loop
// variables, shift registers, received values) and a channel's read are
// spelled by the kernel being printed, through ExprNames; the kernel's own
// variables and arrays by name; types by CTypes, in its dialect's style.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CEXPR_H
#define T2S_CEXPR_H

#include "backends/c/CTypes.h"
#include "expr/Expr.h"

#include <string>

namespace t2s {

/// How the kernel being printed spells the leaves of an expression that
/// name the design's things. A kernel's statements (systolic/Stmt.h) name
/// its own variables; of the nest's leaves only parameters remain.
class ExprNames {
public:
  virtual ~ExprNames() = default;
  /// A parameter of the design's function (the kernel then takes it).
  virtual std::string param(unsigned ArgNo) = 0;
  /// A loop, URE read or load of the nest, which a kernel's statements do
  /// not have: the printer's internal error.
  virtual std::string unresolved(const Expr &E) = 0;
  /// An element of the global buffer \p Buffer, read or written (Access is
  /// its text): the kernels of the channel macros mark it for the clocked
  /// emulation.
  virtual std::string offchip(const std::string &Buffer, std::string Access) {
    return Access;
  }
  /// The name of a temporary the kernel declared with \p E's value, which
  /// is then printed as that name; null to print \p E itself.
  virtual const std::string *temporary(const Expr &E) { return nullptr; }
  /// The next value of the channel printed as \p Channel (\p Read is the
  /// read): each dialect spells it, a stub has none.
  virtual std::string channelRead(const Expr &Read, const std::string &Channel) {
    return unresolved(Read);
  }
};

/// The C text of \p E.
std::string printExpr(const Expr &E, CTypes &Types, ExprNames &Names);

/// The C text of a condition, for 'if (...)': without one pair of
/// parentheses around all of it.
std::string printCondition(const Expr &E, CTypes &Types, ExprNames &Names);

} // namespace t2s

#endif // T2S_CEXPR_H
