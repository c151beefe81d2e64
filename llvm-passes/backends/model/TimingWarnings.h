//===- TimingWarnings.h - Where a kernel's II rises above 1 -----*- C++ -*-===//
//
// -Wt2s-initiation-interval: for each kernel of a design whose initiation
// interval (backends/model/Timing.h) is above 1, a warning at what causes it - the
// scatter, gather, loader or buffer directive of a channel or memory, the
// statement whose value is carried too few steps - with the clocks, the
// rule and the fix. One warning per place and cause; the report prints the
// same reasons.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TIMINGWARNINGS_H
#define T2S_TIMINGWARNINGS_H

#include "backends/model/Timing.h"

namespace llvm {
class Function;
}

namespace t2s {

struct DesignResult;

void warnAboutTiming(llvm::Function &F, const DesignResult &DR, unsigned Nest,
                     const DesignTiming &T, const FPGADevice &Dev);

} // namespace t2s

#endif // T2S_TIMINGWARNINGS_H
