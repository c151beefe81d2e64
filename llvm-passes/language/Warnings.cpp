//===- Warnings.cpp - T2S's warning groups (-Wt2s-...) --------------------===//

#include "language/Warnings.h"
#include "language/LoopMetadata.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

namespace t2s {

namespace {

// In order, each of "t2s-x", "no-t2s-x", "error=t2s-x", "no-error=t2s-x".
llvm::cl::list<std::string>
    WarnFlags("t2s-warn", llvm::cl::CommaSeparated,
              llvm::cl::desc("T2S warning flags without their '-W' "
                             "(t2s-clang passes -Wt2s-..., -Wno-t2s-..., "
                             "-Werror=t2s-... here)"));

enum class Severity { Off, Warning, Error };

Severity severityOf(WarningGroup G) {
  llvm::StringRef Name = warningGroupName(G);
  Severity S = Severity::Warning;
  for (llvm::StringRef Flag : WarnFlags) {
    bool Error = Flag.consume_front("error=");
    bool NoError = !Error && Flag.consume_front("no-error=");
    bool No = !Error && !NoError && Flag.consume_front("no-");
    if (Flag != Name)
      continue;
    if (Error)
      S = Severity::Error;
    else if (NoError)
      S = S == Severity::Off ? Severity::Off : Severity::Warning;
    else
      S = No ? Severity::Off : (S == Severity::Off ? Severity::Warning : S);
  }
  return S;
}

// "file: message", a diagnostic without a source line.
class FileDiagnostic : public llvm::DiagnosticInfo {
  std::string Text;

public:
  FileDiagnostic(const llvm::Twine &Text, llvm::DiagnosticSeverity S)
      : llvm::DiagnosticInfo(kind(), S), Text(Text.str()) {}
  static int kind() {
    static const int K = llvm::getNextAvailablePluginDiagnosticKind();
    return K;
  }
  void print(llvm::DiagnosticPrinter &DP) const override { DP << Text; }
};

} // namespace

void reportWarning(const llvm::Function &F, const SourceLoc &Loc,
                   WarningGroup G, const llvm::Twine &Message) {
  Severity S = severityOf(G);
  if (S == Severity::Off)
    return;
  reportDiagnostic(F, Loc, Message + " [-W" + warningGroupName(G) + "]",
                   S == Severity::Error ? llvm::DS_Error : llvm::DS_Warning);
}

void reportFileWarning(llvm::Module &M, WarningGroup G, const llvm::Twine &Message) {
  Severity S = severityOf(G);
  if (S == Severity::Off)
    return;
  M.getContext().diagnose(FileDiagnostic(
      M.getSourceFileName() + ": " + Message + " [-W" + warningGroupName(G) + "]",
      S == Severity::Error ? llvm::DS_Error : llvm::DS_Warning));
}

} // namespace t2s
