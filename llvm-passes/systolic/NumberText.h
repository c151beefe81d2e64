//===- NumberText.h - How the reports spell numbers -------------*- C++ -*-===//
//
// Text helpers shared by the schedule's dump, the remarks, the report and the
// picture, below all of them.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_NUMBERTEXT_H
#define T2S_NUMBERTEXT_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace t2s {

/// A fraction as the reports print it: "87.5%", "0.0031%".
inline std::string percent(double Fraction) {
  double P = 100.0 * Fraction;
  // Below 0.1% one decimal says 0.0%: two significant digits instead.
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  OS << llvm::format(P > 0 && P < 0.1 ? "%.2g%%" : "%.1f%%", P);
  return Out;
}

} // namespace t2s

#endif // T2S_NUMBERTEXT_H
