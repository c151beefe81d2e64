//===- ReplayDirectives.cpp - The directive fuzzer's checks without libFuzzer -===//
//
// t2s-replay-directives PATH...
//
// Runs checkDirectiveText (DirectiveCheck.h) on inputs, with the ordinary
// compiler and no fuzzing runtime, so the default build's ctest replays the
// fuzzer's seeds and past findings:
//  * a .cpp or .c file: the text after '#pragma t2s' on each of its lines (the
//    lit tests and examples, the seed corpus of the fuzzer);
//  * any other file: its whole content, one directive (a fuzzer input);
//  * a directory: every file below it.
// Prints how many texts were checked and parsed; a broken invariant aborts.
//
//===----------------------------------------------------------------------===//

#include "DirectiveCheck.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace {

struct Counts {
  unsigned Checked = 0;
  unsigned Parsed = 0;
};

void check(llvm::StringRef Text, Counts &C) {
  ++C.Checked;
  if (t2s::checkDirectiveText(Text))
    ++C.Parsed;
}

bool replayFile(llvm::StringRef Path, Counts &C) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buf =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!Buf) {
    llvm::errs() << "t2s-replay-directives: cannot read " << Path << ": "
                 << Buf.getError().message() << "\n";
    return false;
  }
  llvm::StringRef Content = (*Buf)->getBuffer();
  llvm::StringRef Ext = llvm::sys::path::extension(Path);
  if (Ext != ".cpp" && Ext != ".c") {
    check(Content, C);
    return true;
  }
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Content.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("pragma") || Line.empty() || !llvm::isSpace(Line[0]))
      continue;
    Line = Line.ltrim();
    if (Line.consume_front("t2s") && (Line.empty() || llvm::isSpace(Line[0])))
      check(Line.trim(), C);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: t2s-replay-directives PATH...\n";
    return 2;
  }
  Counts C;
  bool OK = true;
  for (int I = 1; I < argc; ++I) {
    if (!llvm::sys::fs::is_directory(argv[I])) {
      OK &= replayFile(argv[I], C);
      continue;
    }
    // Sorted, so a failure names the same file on every machine.
    std::vector<std::string> Files;
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(argv[I], EC), End;
         It != End && !EC; It.increment(EC))
      if (llvm::sys::fs::is_regular_file(It->path()))
        Files.push_back(It->path());
    if (EC) {
      llvm::errs() << "t2s-replay-directives: " << argv[I] << ": "
                   << EC.message() << "\n";
      OK = false;
    }
    llvm::sort(Files);
    for (const std::string &F : Files)
      OK &= replayFile(F, C);
  }
  llvm::outs() << "checked " << C.Checked << " directive texts, " << C.Parsed
               << " parsed\n";
  return OK ? 0 : 1;
}
