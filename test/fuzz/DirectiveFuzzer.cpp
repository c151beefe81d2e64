//===- DirectiveFuzzer.cpp - libFuzzer target over the directive grammar --===//
//
// Each input is the text after '#pragma t2s'; DirectiveCheck.h lists what is
// checked beyond "no crash".
//
//===----------------------------------------------------------------------===//

#include "DirectiveCheck.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  t2s::checkDirectiveText(
      llvm::StringRef(reinterpret_cast<const char *>(Data), Size));
  return 0;
}
