//===- Directive.h - The grammar of '#pragma t2s' directives ----*- C++ -*-===//
//
// One '#pragma t2s' line holds one directive, optionally followed by clauses:
//
//   directive := name [ '(' arg { ',' arg } ')' ] { clause }
//   clause    := name [ '(' arg { ',' arg } ')' ]
//   arg       := identifier | integer
//
// The front end parses each pragma with this grammar to reject bad syntax at the
// pragma's line; the passes parse the canonical text that travels in '!llvm.loop'
// metadata. Which directives and clauses exist, and their argument shapes, is
// defined here and nowhere else (docs/language.md is the user's reference).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DIRECTIVE_H
#define T2S_DIRECTIVE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace t2s {

enum class DirectiveKind {
  URE,         // ure
  MergeURES,   // merge_ures(A, B, ...)
  SpaceTime,   // space_time(i, j) [schedule(2, 3)] [check_time]
  Vectorize,   // vectorize(k)
  Unroll,      // unroll(j)
  Gather,      // gather(C, i, up|down)
  Scatter,     // scatter(a, i, up|down)
  Kernel,      // kernel(name)
  Loader,      // loader(a, b): inputs read through loader kernels
  Drainer,     // drainer(c): outputs written through drainer kernels
  Buffer,      // buffer(a, k): a's loader keeps what one iteration of k reads
  PadRounds,   // pad_rounds(i, 64): each iteration of time loop i runs >= 64 steps
};

/// pad_rounds(i, N) takes N up to this many steps.
inline constexpr int64_t MaxRoundSteps = 1 << 20;

struct DirectiveArg {
  enum ArgKind { Identifier, Integer };
  ArgKind Kind = Identifier;
  std::string Name;  // the identifier, when Kind == Identifier
  int64_t Value = 0; // the value, when Kind == Integer
  size_t Offset = 0; // byte offset of the argument in the parsed text

  std::string str() const;
};

struct DirectiveClause {
  std::string Name;
  llvm::SmallVector<DirectiveArg, 4> Args;
  size_t Offset = 0;
};

struct Directive {
  DirectiveKind Kind = DirectiveKind::URE;
  std::string Name;
  llvm::SmallVector<DirectiveArg, 4> Args;
  llvm::SmallVector<DirectiveClause, 2> Clauses;

  /// The clause called \p ClauseName, or null.
  const DirectiveClause *clause(llvm::StringRef ClauseName) const;
  /// Canonical text: "space_time(i, j) schedule(2, 3) check_time".
  std::string str() const;
};

/// A syntax error: where in the text (byte offset), which rule was broken, and
/// how to fix it.
class DirectiveError : public llvm::ErrorInfo<DirectiveError> {
public:
  static char ID;
  size_t Offset;
  std::string Message;
  std::string Hint;

  DirectiveError(size_t Offset, std::string Message, std::string Hint)
      : Offset(Offset), Message(std::move(Message)), Hint(std::move(Hint)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// Parses one directive (the text after '#pragma t2s').
llvm::Expected<Directive> parseDirective(llvm::StringRef Text);

/// The names of all directives, in the order the language reference lists them.
llvm::ArrayRef<llvm::StringRef> directiveNames();

} // namespace t2s

#endif // T2S_DIRECTIVE_H
