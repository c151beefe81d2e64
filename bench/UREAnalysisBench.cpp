// Time of the front half of the T2S pipeline on each bundled design: markers
// to metadata, SSA form, merge_ures, space loops moved inward, URE
// extraction, the space-time schedule and every check (the Design's too:
// t2s-check-ures builds it for every scheduled design). The IR is
// what clang emits for examples/<name>.cpp under the T2S front end (made at
// build time); each iteration runs on a fresh copy of it.
#include "language/AttachPragmas.h"
#include "systolic/StreamChannels.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/DataPath.h"
#include "systolic/SpaceLoopsInward.h"
#include "systolic/URECheck.h"
#include "ure/MergeURES.h"
#include "ure/PrepareNests.h"
#include "ure/UREModel.h"

#include "llvm/IRReader/IRReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

void runFrontHalf(llvm::Module &M) {
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;
  llvm::PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  FAM.registerPass([] { return t2s::UREAnalysis(); });
  FAM.registerPass([] { return t2s::SpaceTimeAnalysis(); });
  FAM.registerPass([] { return t2s::ChannelAnalysis(); });
  FAM.registerPass([] { return t2s::DesignAnalysis(); });
  llvm::FunctionPassManager FPM;
  FPM.addPass(t2s::AttachPragmasPass());
  FPM.addPass(t2s::PrepareNestsPass());
  FPM.addPass(t2s::MergeURESPass());
  FPM.addPass(t2s::SpaceLoopsInwardPass());
  FPM.addPass(t2s::URECheckPass());
  llvm::ModulePassManager MPM;
  MPM.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(FPM)));
  MPM.run(M, MAM);
}

void BM_ExtractAndCheck(benchmark::State &State, std::string Path) {
  llvm::LLVMContext Ctx;
  llvm::SMDiagnostic Err;
  std::unique_ptr<llvm::Module> Original = llvm::parseIRFile(Path, Err, Ctx);
  if (!Original) {
    State.SkipWithError(("cannot read " + Path).c_str());
    return;
  }
  for (auto _ : State) {
    State.PauseTiming();
    std::unique_ptr<llvm::Module> M = llvm::CloneModule(*Original);
    State.ResumeTiming();
    runFrontHalf(*M);
    benchmark::DoNotOptimize(M.get());
  }
}

} // namespace

int main(int Argc, char **Argv) {
  for (const char *Name : {T2S_BENCH_EXAMPLES})
    benchmark::RegisterBenchmark(
        (std::string("BM_ExtractAndCheck/") + Name).c_str(), BM_ExtractAndCheck,
        std::string(T2S_BENCH_IR_DIR) + "/" + Name + ".ll")
        ->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&Argc, Argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
