//===- Pipeline.cpp - The order of the T2S passes -------------------------===//

#include "Pipeline.h"
#include "Options.h"
#include "native/Offload.h"
#include "backends/EmitPass.h"
#include "backends/report/Report.h"
#include "native/SpaceTimeTransform.h"
#include "language/AttachPragmas.h"
#include "language/PrintDirectives.h"
#include "OptVLS/OptVLSHintsPass.h"
#include "OptVLS/OptVLSPass.h"
#include "systolic/SpaceLoopsInward.h"
#include "systolic/StreamChannels.h"
#include "systolic/DataPath.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/URECheck.h"
#include "ure/MergeURES.h"
#include "ure/PrepareNests.h"
#include "ure/UREModel.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

void addSystolicPasses(llvm::ModulePassManager &MPM) {
  llvm::FunctionPassManager Check;
  // 1. '#pragma t2s' markers -> '!llvm.loop' metadata.
  Check.addPass(AttachPragmasPass());
  // 2. SSA form for the marked nests.
  Check.addPass(PrepareNestsPass());
  // 3. merge_ures: separately written nests become one URE system.
  Check.addPass(MergeURESPass());
  // 3b. Space loops that enclose time loops move inward where that keeps
  // the program's values.
  Check.addPass(SpaceLoopsInwardPass());
  // 4. The URE model, the space-time schedule and their checks.
  Check.addPass(URECheckPass());
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Check)));
  // 5. The design report of the whole file, when asked for.
  MPM.addPass(ReportPass(reportOptionsFromCommandLine()));
  // 6. The requested targets' kernels and host stubs of the whole file
  // (backends/Targets.def).
  MPM.addPass(EmitPass(emitOptionsFromCommandLine()));
  llvm::FunctionPassManager Build;
  // 7. With -t2s-offload, the emitted kernels replace the nests (emulation).
  Build.addPass(OffloadPass(offloadFromCommandLine()));
  // 8. The space-time transform: time loops, PEs, shift registers.
  Build.addPass(SpaceTimeTransformPass());
  // Vectorization, scatter/gather and unrolling are no passes: they are
  // lowering steps of each function's Design (systolic/lowering/Lowering.h),
  // which the t2s-design analysis runs when t2s-check-ures, the report or
  // the emitter first asks for it.
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(Build)));
}

void registerT2SPasses(llvm::PassBuilder &PB) {
  // Pipeline names for the pass classes, so that -print-pipeline-passes
  // prints 't2s-attach-pragmas' (not t2s::AttachPragmasPass), its output
  // parses again, and -print-after=t2s-... finds the pass.
  if (llvm::PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks()) {
#define T2S_FUNCTION_ANALYSIS(NAME, CREATE)                                    \
  PIC->addClassToPassName(decltype(CREATE)::name(), NAME);
#define T2S_FUNCTION_PASS(NAME, CREATE)                                        \
  PIC->addClassToPassName(decltype(CREATE)::name(), NAME);
#define T2S_MODULE_PASS(NAME, CREATE)                                          \
  PIC->addClassToPassName(decltype(CREATE)::name(), NAME);
#include "Passes.def"
  }
  PB.registerAnalysisRegistrationCallback(
      [](llvm::FunctionAnalysisManager &FAM) {
#define T2S_FUNCTION_ANALYSIS(NAME, CREATE) FAM.registerPass([] { return CREATE; });
#include "Passes.def"
      });
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::FunctionPassManager &FPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
#define T2S_FUNCTION_PASS(NAME, CREATE)                                        \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "Passes.def"
        return false;
      });
  PB.registerPipelineParsingCallback(
      [](llvm::StringRef Name, llvm::ModulePassManager &MPM,
         llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
#define T2S_MODULE_PASS(NAME, CREATE)                                          \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE);                                                       \
    return true;                                                               \
  }
#include "Passes.def"
        return false;
      });

  // The systolic passes must see loops before any canonicalization (at -O0 too,
  // where PipelineStart is also invoked).
  PB.registerPipelineStartEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel) {
        addSystolicPasses(MPM);
      });

  // Vector widths for the loops whose gathers OptVLS will make cheap, before
  // the loop vectorizer decides (at -O2 and -O3, where it runs).
  PB.registerVectorizerStartEPCallback(
      [](llvm::FunctionPassManager &FPM, llvm::OptimizationLevel Level) {
        if (Level.getSpeedupLevel() >= 2)
          FPM.addPass(OptVLSHintsPass());
      });

  // OptVLS works on the vector code the loop vectorizer wrote.
  PB.registerOptimizerLastEPCallback(
      [](llvm::ModulePassManager &MPM, llvm::OptimizationLevel Level) {
        if (Level != llvm::OptimizationLevel::O0)
          MPM.addPass(llvm::createModuleToFunctionPassAdaptor(OptVLSPass()));
      });
}

} // namespace t2s
