//===- Targets.cpp - The targets of Targets.def ---------------------------===//

#include "backends/Target.h"
#include "backends/hls/HLSTarget.h"
#include "backends/opencl/OpenCLTarget.h"

namespace t2s {

const Target *findTarget(llvm::StringRef Name) {
#define T2S_TARGET(NAME, CLASS)                                                \
  if (Name == NAME) {                                                          \
    static const CLASS T;                                                      \
    return &T;                                                                 \
  }
#include "backends/Targets.def"
  return nullptr;
}

} // namespace t2s
