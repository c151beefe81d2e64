//===- LoopNames.h - The loops of a nest, as messages name them -*- C++ -*-===//
//
// The names of some loops of a URE system, "i, j, k", for the schedule's
// messages and dumps (SpaceTimeSchedule.cpp, RegisterPlan.cpp,
// SpaceLoopsInward.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_LOOPNAMES_H
#define T2S_LOOPNAMES_H

#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace t2s {

/// The names of loops \p Loops of \p S, in that order, comma-separated.
inline std::string joinLoopNames(const URESystem &S, llvm::ArrayRef<unsigned> Loops) {
  std::string Out;
  for (unsigned L : Loops)
    Out += (Out.empty() ? "" : ", ") + S.Loops[L].Name;
  return Out;
}

} // namespace t2s

#endif // T2S_LOOPNAMES_H
