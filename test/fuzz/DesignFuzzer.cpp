//===- DesignFuzzer.cpp - libFuzzer target over whole small designs ------===//
//
// Each input is the source of a small design: C++ functions whose loop nests
// carry '#pragma t2s' lines. It is compiled in this process as
//   clang++ -std=c++17 -O2 -c design.cpp -mllvm -t2s-report=text
//           -mllvm -t2s-opencl=/dev/null -mllvm -t2s-opencl-host=/dev/null
// with both T2S plugins would compile it: the front end is linked in
// (frontend/PragmaT2S.cpp; its registries add the pragma handler and the AST
// action to every compiler instance, as -fplugin does), and the passes join
// the code generator's pass builder through registerT2SPasses (as
// -fpass-plugin does), so the systolic pipeline, the report, the OpenCL
// emitter and OptVLS all run on what the front end marked.
//
// Compiling in process (a CompilerInstance per input, the invocation built
// once by clang's driver) rather than running clang++ on each input gives
// libFuzzer coverage of the plugins' code and sanitizer reports from inside
// them, at tens of inputs a second.
//
// Checked beyond "no crash, no sanitizer report":
//  * every error of the front end or the passes has a source location;
//  * the same input compiled twice in one process gives the same diagnostics
//    (no state leaks from one translation unit into the next, as when the
//    driver compiles several files in one process).
//
// The design sees a prelude that declares what the lit tests' '#include's
// provided (printf, std::sqrt, ...). Inputs that would reach outside
// themselves or crash clang on purpose ('#include', '#embed', '#pragma clang
// __debug', '#pragma GCC dependency', modules) or by a known clang bug
// (ext_vector_type sizes that are not literal numbers) are rejected unseen.
//
//===----------------------------------------------------------------------===//

#include "Pipeline.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Stack.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/Utils.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr llvm::StringLiteral DesignPath = "/t2s-fuzz/design.cpp";

constexpr llvm::StringLiteral Prelude = R"cpp(
extern "C" {
typedef unsigned long size_t;
int printf(const char *, ...);
int puts(const char *);
int abs(int);
int rand(void);
void *malloc(size_t);
void free(void *);
void *memset(void *, int, size_t);
void *memcpy(void *, const void *, size_t);
float sqrtf(float);
double sqrt(double);
float expf(float);
double exp(double);
float fabsf(float);
double fabs(double);
}
namespace std {
using ::size_t;
using ::printf;
using ::puts;
using ::abs;
using ::sqrt;
using ::exp;
using ::fabs;
inline float sqrt(float X) { return sqrtf(X); }
inline float exp(float X) { return expf(X); }
inline float fabs(float X) { return fabsf(X); }
}
#line 1 "design.cpp"
)cpp";

// Words that let an input read files, build modules or crash clang on purpose.
bool reachesOutside(llvm::StringRef Source) {
  std::string Joined = Source.str();
  // Line splices join a word across lines.
  for (size_t I; (I = Joined.find("\\\n")) != std::string::npos;)
    Joined.erase(I, 2);
  return llvm::any_of(
      llvm::ArrayRef<llvm::StringRef>{"include", "import", "embed", "__debug",
                                      "dependency", "module"},
      [&](llvm::StringRef W) { return llvm::StringRef(Joined).contains(W); });
}

// Clang 19 itself divides by zero on some vector sizes that are not plain
// numbers (ext_vector_type(~4)); only literal sizes are let through.
bool crashesClang(llvm::StringRef Source) {
  constexpr llvm::StringLiteral Vector = "ext_vector_type";
  for (size_t I = Source.find(Vector); I != llvm::StringRef::npos;
       I = Source.find(Vector, I + 1)) {
    llvm::StringRef Rest = Source.substr(I + Vector.size());
    if (!Rest.consume_front("("))
      return true;
    llvm::StringRef Digits = Rest.take_while(llvm::isDigit);
    if (Digits.empty() || !Rest.drop_front(Digits.size()).starts_with(")"))
      return true;
  }
  return false;
}

/// What a compile said, one line per warning or error, in order.
class DiagnosticRecorder : public clang::DiagnosticConsumer {
  // The front end's errors have custom IDs; the passes' errors reach clang as
  // backend diagnostics. (Clang's own parser recovery has unlocated errors.)
  static bool fromT2S(unsigned ID) {
    using clang::DiagnosticIDs;
    return ID >= clang::diag::DIAG_UPPER_LIMIT ||
           DiagnosticIDs::getCategoryNameFromID(
               DiagnosticIDs::getCategoryNumberForDiag(ID)) == "Backend Issue";
  }

public:
  std::vector<std::string> Lines;
  std::vector<std::string> Unlocated;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Warning)
      return;
    llvm::SmallString<256> Message;
    Info.FormatDiagnostic(Message);
    std::string Where = "?";
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      clang::PresumedLoc PL =
          Info.getSourceManager().getPresumedLoc(Info.getLocation());
      if (PL.isValid())
        Where = (llvm::Twine(PL.getLine()) + ":" + llvm::Twine(PL.getColumn())).str();
    } else if (Level >= clang::DiagnosticsEngine::Error && fromT2S(Info.getID())) {
      Unlocated.push_back(Message.str().str());
    }
    Lines.push_back(Where + ": " + Message.str().str());
  }
};

std::shared_ptr<clang::CompilerInvocation> &baseInvocation() {
  static std::shared_ptr<clang::CompilerInvocation> Inv;
  return Inv;
}

[[noreturn]] void violated(llvm::StringRef Source, const llvm::Twine &Invariant) {
  llvm::errs() << "t2s design invariant broken: " << Invariant << "\n"
               << "--- input ---\n"
               << Source << "\n--- end of input ---\n";
  llvm::errs().flush();
  std::abort();
}

DiagnosticRecorder compile(llvm::StringRef Source) {
  auto Inv = std::make_shared<clang::CompilerInvocation>(*baseInvocation());
  Inv->getPreprocessorOpts().addRemappedFile(
      DesignPath,
      llvm::MemoryBuffer::getMemBufferCopy((Prelude + Source).str(), DesignPath)
          .release());
  Inv->getCodeGenOpts().PassBuilderCallbacks.push_back(
      [](llvm::PassBuilder &PB) { t2s::registerT2SPasses(PB); });

  DiagnosticRecorder Recorder;
  clang::CompilerInstance CI;
  CI.setInvocation(std::move(Inv));
  CI.createDiagnostics(&Recorder, /*ShouldOwnClient=*/false);
  clang::EmitLLVMOnlyAction Action;
  CI.ExecuteAction(Action);
  return Recorder;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // What cc1_main sets up: code generation for the host needs its target.
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  // The options t2s-clang passes with --report and --emit-opencl.
  const char *Options[] = {"t2s-fuzz-design", "-t2s-report=text",
                           "-t2s-opencl=/dev/null", "-t2s-opencl-host=/dev/null"};
  llvm::cl::ParseCommandLineOptions(std::size(Options), Options);

  auto Files = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Files->addFile(DesignPath, 0, llvm::MemoryBuffer::getMemBuffer(""));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  FS->pushOverlay(Files);
  clang::CreateInvocationOptions Opts;
  Opts.VFS = FS;
  const char *Args[] = {T2S_CLANGXX, "-std=c++17", "-O2", "-c",
                        DesignPath.data(), "-o", "/dev/null",
                        "-ftemplate-depth=64", "-fconstexpr-steps=100000"};
  baseInvocation() = clang::createInvocation(Args, Opts);
  if (!baseInvocation()) {
    llvm::errs() << "t2s-fuzz-design: clang's driver rejected its own command\n";
    std::exit(1);
  }
  // Free everything at the end of each compile (cc1 leaves it to the exit).
  baseInvocation()->getFrontendOpts().DisableFree = false;
  baseInvocation()->getCodeGenOpts().DisableFree = false;
  // No "N errors generated." on stderr for each input.
  baseInvocation()->getDiagnosticOpts().ShowCarets = false;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  clang::noteBottomOfStack();
  llvm::StringRef Source(reinterpret_cast<const char *>(Data), Size);
  if (Source.contains('\0') || reachesOutside(Source) || crashesClang(Source))
    return -1;
  DiagnosticRecorder First = compile(Source);
  // T2S_FUZZ_VERBOSE=1 prints what the compile said (for triage).
  static const bool Verbose = std::getenv("T2S_FUZZ_VERBOSE");
  if (Verbose)
    for (const std::string &Line : First.Lines)
      llvm::errs() << "design.cpp:" << Line << "\n";
  if (!First.Unlocated.empty())
    violated(Source, "an error without a source location: " + First.Unlocated[0]);
  DiagnosticRecorder Second = compile(Source);
  if (First.Lines != Second.Lines) {
    std::string Diff;
    for (size_t I = 0; I < std::max(First.Lines.size(), Second.Lines.size()); ++I) {
      std::string A = I < First.Lines.size() ? First.Lines[I] : "(none)";
      std::string B = I < Second.Lines.size() ? Second.Lines[I] : "(none)";
      if (A != B) {
        Diff = "first: " + A + "\n  second: " + B;
        break;
      }
    }
    violated(Source, "the second compile of the same input said something "
                     "else:\n  " + Diff);
  }
  return 0;
}
