//===- CExpr.h - Design expressions as OpenCL C -----------------*- C++ -*-===//
//
// Prints the expression trees of systolic/Expr.h as OpenCL C (which the
// emulation also compiles as C++). The leaves that name the design's things
// (parameters, loop variables, shift registers, received values) are spelled
// by the kernel being printed, through ExprNames.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CEXPR_H
#define T2S_CEXPR_H

#include "backends/CTypes.h"
#include "systolic/Expr.h"

#include <string>

namespace t2s {

/// How the kernel being printed spells the leaves of an expression.
class ExprNames {
public:
  virtual ~ExprNames() = default;
  /// A parameter of the design's function (the kernel then takes it).
  virtual std::string param(unsigned ArgNo) = 0;
  virtual std::string loopVar(unsigned Loop) = 0;
  /// A URE read: the shift register word it reads.
  virtual std::string ureValue(unsigned Statement, unsigned Read) = 0;
  /// A load whose value the kernel received from a channel, or "" if the
  /// kernel reads the element from memory.
  virtual std::string receivedValue(unsigned Load) = 0;
};

/// The C text of \p E.
std::string printExpr(const Expr &E, CTypes &Types, ExprNames &Names);

/// The C text of a condition, for 'if (...)': without one pair of
/// parentheses around all of it.
std::string printCondition(const Expr &E, CTypes &Types, ExprNames &Names);

} // namespace t2s

#endif // T2S_CEXPR_H
