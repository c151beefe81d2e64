//===- PrintDirectives.cpp - Dump the T2S loop metadata -------------------===//

#include "language/PrintDirectives.h"
#include "language/LoopMetadata.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

llvm::PreservedAnalyses PrintDirectivesPass::run(llvm::Function &F,
                                                 llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  llvm::LoopInfo &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  OS << "t2s directives of '" << llvm::demangle(F.getName()) << "':\n";
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    OS.indent(2 * L->getLoopDepth()) << "loop ";
    if (std::optional<std::string> Name = getLoopSourceName(*L))
      OS << "'" << *Name << "'";
    else
      OS << "<unnamed>";
    OS << " at ";
    L->getHeader()->printAsOperand(OS, /*PrintType=*/false);
    OS << "\n";
    for (const LocatedDirective &LD : getLoopDirectives(*L))
      OS.indent(2 * L->getLoopDepth() + 2)
          << "#pragma t2s " << LD.D.str() << "  @ " << LD.Loc.File << ":"
          << LD.Loc.Line << ":" << LD.Loc.Column << "\n";
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
