//===- Plugin.cpp - libT2S.so entry point for the new pass manager -------===//
//
// opt-19 -load-pass-plugin=libT2S.so -passes=t2s-...
// clang-19 -fpass-plugin=libT2S.so ...
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "T2S", T2S_VERSION_STRING,
          [](llvm::PassBuilder &PB) { t2s::registerT2SPasses(PB); }};
}
