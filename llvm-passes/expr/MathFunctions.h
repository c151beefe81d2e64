//===- MathFunctions.h - The library math a URE body may call ---*- C++ -*-===//
//
// The C math functions a nest may call (sinf, std::pow, remainder, ...),
// one table for the URE model, which lets their calls stand in a body
// although they may set errno, for the lifter, which names them in the
// design as OpenCL C does ('sin' for sinf), and for the targets, which say
// where a device's library may round otherwise than the host's. Each with
// the error OpenCL C allows its single-precision result (OpenCL C 1.2,
// section 7.4, table 7.1 "ULP values for single precision built-in math
// functions"; 0: correctly rounded, or exact).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_MATHFUNCTIONS_H
#define T2S_MATHFUNCTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace t2s {

struct MathFunction {
  llvm::StringLiteral Name; ///< as the design and OpenCL C call it
  unsigned FloatULP;        ///< OpenCL C's bound for float; 0: exact
};

inline llvm::ArrayRef<MathFunction> mathFunctions() {
  static const MathFunction Table[] = {
      {"sqrt", 0}, // with -cl-fp32-correctly-rounded-divide-sqrt (t2s/host.h)
      {"exp", 3},       {"exp2", 3},   {"expm1", 3}, {"log", 3},   {"log2", 3},
      {"log10", 3},     {"log1p", 2},  {"sin", 4},   {"cos", 4},   {"tan", 5},
      {"asin", 4},      {"acos", 4},   {"atan", 5},  {"atan2", 6}, {"sinh", 4},
      {"cosh", 4},      {"tanh", 5},   {"pow", 16},  {"hypot", 4}, {"cbrt", 2},
      {"fabs", 0},      {"fmin", 0},   {"fmax", 0},  {"floor", 0}, {"ceil", 0},
      {"round", 0},     {"trunc", 0},  {"rint", 0},  {"copysign", 0},
      {"fmod", 0},      {"remainder", 0}};
  return Table;
}

/// The math function a C name calls: 'sinf', 'sin' and 'sinl' are 'sin';
/// 'std::' taken off. None for another name.
inline const MathFunction *mathFunction(llvm::StringRef CName) {
  CName.consume_front("std::");
  for (const MathFunction &M : mathFunctions())
    if (CName == M.Name ||
        (CName.size() == M.Name.size() + 1 && CName.starts_with(M.Name) &&
         (CName.back() == 'f' || CName.back() == 'l')))
      return &M;
  return nullptr;
}

/// 'lround', 'lroundf', 'llround' and their 'l' forms: C's round to a long
/// (halves away from zero), which the design writes as a conversion of
/// 'round'.
inline bool isRoundToInteger(llvm::StringRef CName) {
  CName.consume_front("std::");
  return CName == "lround" || CName == "lroundf" || CName == "lroundl" ||
         CName == "llround" || CName == "llroundf" || CName == "llroundl";
}

} // namespace t2s

#endif // T2S_MATHFUNCTIONS_H
