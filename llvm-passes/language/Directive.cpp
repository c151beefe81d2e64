//===- Directive.cpp - The grammar of '#pragma t2s' directives ------------===//
//
// A hand-written recursive-descent parser over a tiny token set (identifiers,
// integers, '(' ')' ','). Every rejection names the rule and a fix.
//
//===----------------------------------------------------------------------===//

#include "language/Directive.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using llvm::StringRef;

namespace t2s {

char DirectiveError::ID = 0;

void DirectiveError::log(llvm::raw_ostream &OS) const {
  OS << Message;
  if (!Hint.empty())
    OS << "; " << Hint;
}

std::error_code DirectiveError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

namespace {

// How the argument list of a directive or clause must look.
enum class ArgShape {
  None,            // no parentheses at all
  Identifiers,     // one or more distinct identifiers
  OneIdentifier,   // exactly one identifier
  Integers,        // one or more integers
  GatherArgs,      // identifier, identifier, up|down
  ArrayAndLoop,    // identifier, identifier
  LoopAndSteps,    // identifier, integer >= 1
};

struct ClauseSpec {
  StringRef Name;
  ArgShape Shape;
  StringRef Example;
};

struct DirectiveSpec {
  StringRef Name;
  DirectiveKind Kind;
  ArgShape Shape;
  StringRef Example;
  llvm::ArrayRef<ClauseSpec> Clauses;
};

const ClauseSpec SpaceTimeClauses[] = {
    {"schedule", ArgShape::Integers, "schedule(2, 3)"},
    {"check_time", ArgShape::None, "check_time"},
};

const DirectiveSpec Specs[] = {
    {"ure", DirectiveKind::URE, ArgShape::None, "ure", {}},
    {"merge_ures", DirectiveKind::MergeURES, ArgShape::Identifiers,
     "merge_ures(A, B, C)", {}},
    {"space_time", DirectiveKind::SpaceTime, ArgShape::Identifiers,
     "space_time(i, j) schedule(2, 3) check_time", SpaceTimeClauses},
    {"vectorize", DirectiveKind::Vectorize, ArgShape::OneIdentifier,
     "vectorize(k)", {}},
    {"unroll", DirectiveKind::Unroll, ArgShape::OneIdentifier, "unroll(j)", {}},
    {"gather", DirectiveKind::Gather, ArgShape::GatherArgs, "gather(c, i, down)",
     {}},
    {"scatter", DirectiveKind::Scatter, ArgShape::GatherArgs, "scatter(a, i, up)",
     {}},
    {"kernel", DirectiveKind::Kernel, ArgShape::OneIdentifier, "kernel(loader)",
     {}},
    {"loader", DirectiveKind::Loader, ArgShape::Identifiers, "loader(a, b)", {}},
    {"drainer", DirectiveKind::Drainer, ArgShape::Identifiers, "drainer(c)", {}},
    {"buffer", DirectiveKind::Buffer, ArgShape::ArrayAndLoop, "buffer(a, k)", {}},
    {"pad_rounds", DirectiveKind::PadRounds, ArgShape::LoopAndSteps, "pad_rounds(i, 64)", {}},
};

struct Token {
  enum TokKind { Ident, Int, LParen, RParen, Comma, End };
  TokKind Kind;
  StringRef Text;
  size_t Offset;
};

llvm::Error error(size_t Offset, const llvm::Twine &Message,
                  const llvm::Twine &Hint = "") {
  return llvm::make_error<DirectiveError>(Offset, Message.str(), Hint.str());
}

std::string quoted(StringRef S) { return ("'" + S + "'").str(); }

// Closest name in Names to Word, if it is a plausible typo.
std::optional<StringRef> suggest(StringRef Word, llvm::ArrayRef<StringRef> Names) {
  std::optional<StringRef> Best;
  unsigned BestDistance = 3;
  for (StringRef N : Names) {
    unsigned D = Word.edit_distance(N, /*AllowReplacements=*/true, BestDistance);
    if (D < BestDistance) {
      BestDistance = D;
      Best = N;
    }
  }
  return Best;
}

class Parser {
  StringRef Text;
  llvm::SmallVector<Token, 16> Tokens;
  size_t Pos = 0;

public:
  explicit Parser(StringRef Text) : Text(Text) {}

  llvm::Expected<Directive> parse() {
    if (llvm::Error E = lex())
      return E;
    if (peek().Kind == Token::End)
      return error(0, "expected a T2S directive after '#pragma t2s'",
                   "write one of: " + llvm::join(directiveNames(), ", "));
    const Token &NameTok = next();
    if (NameTok.Kind != Token::Ident)
      return error(NameTok.Offset,
                   "expected a directive name, found " + quoted(NameTok.Text),
                   "write one of: " + llvm::join(directiveNames(), ", "));
    const DirectiveSpec *Spec = findSpec(NameTok.Text);
    if (!Spec) {
      std::string Hint;
      if (std::optional<StringRef> S = suggest(NameTok.Text, directiveNames()))
        Hint = "did you mean " + quoted(*S) + "?";
      else
        Hint = "known directives: " + llvm::join(directiveNames(), ", ");
      return error(NameTok.Offset,
                   "unknown T2S directive " + quoted(NameTok.Text), Hint);
    }
    Directive D;
    D.Kind = Spec->Kind;
    D.Name = Spec->Name.str();
    if (llvm::Error E = parseArgs(Spec->Name, Spec->Shape, Spec->Example,
                                  NameTok, D.Args))
      return E;

    while (peek().Kind != Token::End) {
      const Token &ClauseTok = next();
      if (ClauseTok.Kind != Token::Ident)
        return error(ClauseTok.Offset,
                     "unexpected " + quoted(ClauseTok.Text) + " after " +
                         quoted(D.Name),
                     "the whole directive looks like: " + Spec->Example);
      const ClauseSpec *CSpec = nullptr;
      for (const ClauseSpec &C : Spec->Clauses)
        if (C.Name == ClauseTok.Text)
          CSpec = &C;
      if (!CSpec) {
        llvm::SmallVector<StringRef, 4> Allowed;
        for (const ClauseSpec &C : Spec->Clauses)
          Allowed.push_back(C.Name);
        std::string Hint =
            Allowed.empty()
                ? quoted(D.Name) + " takes no clauses; put each directive on its "
                                   "own '#pragma t2s' line"
                : quoted(D.Name) + " accepts: " + llvm::join(Allowed, ", ");
        return error(ClauseTok.Offset,
                     "unknown clause " + quoted(ClauseTok.Text) + " for " +
                         quoted(D.Name),
                     Hint);
      }
      if (D.clause(CSpec->Name))
        return error(ClauseTok.Offset,
                     "clause " + quoted(CSpec->Name) + " given twice",
                     "keep one " + quoted(CSpec->Name));
      DirectiveClause C;
      C.Name = CSpec->Name.str();
      C.Offset = ClauseTok.Offset;
      if (llvm::Error E = parseArgs(CSpec->Name, CSpec->Shape, CSpec->Example,
                                    ClauseTok, C.Args))
        return E;
      D.Clauses.push_back(std::move(C));
    }
    if (llvm::Error E = checkCounts(D))
      return E;
    return D;
  }

private:
  static const DirectiveSpec *findSpec(StringRef Name) {
    for (const DirectiveSpec &S : Specs)
      if (S.Name == Name)
        return &S;
    return nullptr;
  }

  const Token &peek() const { return Tokens[Pos]; }
  const Token &next() {
    const Token &T = Tokens[Pos];
    if (T.Kind != Token::End)
      ++Pos;
    return T;
  }

  // The character at I: a whole UTF-8 sequence, so the message stays valid
  // UTF-8 (clang hands over non-ASCII identifiers as they are spelled).
  StringRef character(size_t I) const {
    const auto *P = reinterpret_cast<const llvm::UTF8 *>(Text.data() + I);
    unsigned Length = llvm::getNumBytesForUTF8(*P);
    if (Length > Text.size() - I || !llvm::isLegalUTF8Sequence(P, P + Length))
      Length = 1;
    return Text.substr(I, Length);
  }

  llvm::Error lex() {
    size_t I = 0;
    while (I < Text.size()) {
      char C = Text[I];
      if (llvm::isSpace(C)) {
        ++I;
        continue;
      }
      size_t Start = I;
      if (llvm::isAlpha(C) || C == '_') {
        while (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_'))
          ++I;
        Tokens.push_back({Token::Ident, Text.slice(Start, I), Start});
        continue;
      }
      // A negative integer; the front end may hand it over as "- 1".
      size_t Digit = I;
      if (C == '-') {
        Digit = I + 1;
        while (Digit < Text.size() && llvm::isSpace(Text[Digit]))
          ++Digit;
      }
      if (Digit < Text.size() && llvm::isDigit(Text[Digit])) {
        I = Digit + 1;
        while (I < Text.size() && llvm::isAlnum(Text[I]))
          ++I;
        Tokens.push_back({Token::Int, Text.slice(Start, I), Start});
        continue;
      }
      Token::TokKind K;
      switch (C) {
      case '(':
        K = Token::LParen;
        break;
      case ')':
        K = Token::RParen;
        break;
      case ',':
        K = Token::Comma;
        break;
      default:
        return error(Start, "unexpected character " + quoted(character(I)),
                     "directive arguments are loop or array names and integers");
      }
      Tokens.push_back({K, Text.slice(Start, Start + 1), Start});
      ++I;
    }
    Tokens.push_back({Token::End, "", Text.size()});
    return llvm::Error::success();
  }

  llvm::Error parseArgs(StringRef Owner, ArgShape Shape, StringRef Example,
                        const Token &OwnerTok,
                        llvm::SmallVectorImpl<DirectiveArg> &Args) {
    if (peek().Kind != Token::LParen) {
      if (Shape == ArgShape::None)
        return llvm::Error::success();
      return error(peek().Offset,
                   quoted(Owner) + " needs an argument list",
                   "write it as: " + Example);
    }
    const Token &Open = next();
    if (Shape == ArgShape::None)
      return error(Open.Offset, quoted(Owner) + " takes no arguments",
                   "write it as: " + Example);
    while (true) {
      const Token &T = next();
      if (T.Kind == Token::End)
        return error(Open.Offset, "unbalanced parentheses: '(' is never closed",
                     "add ')' after the last argument");
      if (T.Kind == Token::RParen) {
        if (Args.empty())
          return error(T.Offset, "empty argument list for " + quoted(Owner),
                       "write it as: " + Example);
        return error(T.Offset, "expected an argument after ','",
                     "remove the trailing ','");
      }
      if (T.Kind != Token::Ident && T.Kind != Token::Int)
        return error(T.Offset, "expected an argument, found " + quoted(T.Text),
                     "write it as: " + Example);
      DirectiveArg A;
      A.Offset = T.Offset;
      if (T.Kind == Token::Ident) {
        A.Kind = DirectiveArg::Identifier;
        A.Name = T.Text.str();
      } else {
        A.Kind = DirectiveArg::Integer;
        std::string Digits = T.Text.str();
        llvm::erase_if(Digits, [](char C) { return llvm::isSpace(C); });
        llvm::StringRef Number(Digits);
        if (!llvm::all_of(Number.drop_front(Number.starts_with("-")),
                          llvm::isDigit))
          return error(T.Offset, quoted(T.Text) + " is not a decimal integer",
                       "write integers in decimal, e.g. 2 or -1");
        // Integers scale 'int' loop variables (schedule coefficients): they
        // are ints too, so the arithmetic on them cannot overflow.
        if (Number.getAsInteger(10, A.Value) || A.Value < INT32_MIN ||
            A.Value > INT32_MAX)
          return error(T.Offset,
                       quoted(Number) + " is too large: integers in a '#pragma "
                       "t2s' line lie between -2147483648 and 2147483647",
                       "use a smaller value, e.g. 2 or -1");
      }
      Args.push_back(std::move(A));
      const Token &Sep = next();
      if (Sep.Kind == Token::RParen)
        break;
      if (Sep.Kind == Token::Comma)
        continue;
      if (Sep.Kind == Token::End)
        return error(Open.Offset, "unbalanced parentheses: '(' is never closed",
                     "add ')' after the last argument");
      return error(Sep.Offset, "expected ',' or ')', found " + quoted(Sep.Text),
                   "write it as: " + Example);
    }
    if (peek().Kind == Token::RParen)
      return error(peek().Offset, "unbalanced parentheses: extra ')'",
                   "remove the extra ')'");
    return checkShape(Owner, Shape, Example, Args);
  }

  static llvm::Error checkShape(StringRef Owner, ArgShape Shape, StringRef Example,
                                llvm::ArrayRef<DirectiveArg> Args) {
    auto expectKind = [&](const DirectiveArg &A, DirectiveArg::ArgKind K,
                          StringRef What) -> llvm::Error {
      if (A.Kind == K)
        return llvm::Error::success();
      return error(A.Offset,
                   quoted(Owner) + " expects " + What + ", found " +
                       quoted(A.str()),
                   "write it as: " + Example);
    };
    switch (Shape) {
    case ArgShape::None:
      break;
    case ArgShape::OneIdentifier:
      if (Args.size() != 1)
        return error(Args[1].Offset,
                     quoted(Owner) + " takes exactly one loop or kernel name",
                     "write it as: " + Example);
      return expectKind(Args[0], DirectiveArg::Identifier, "a name");
    case ArgShape::Identifiers:
      for (size_t I = 0; I < Args.size(); ++I) {
        if (llvm::Error E =
                expectKind(Args[I], DirectiveArg::Identifier, "names"))
          return E;
        for (size_t J = 0; J < I; ++J)
          if (Args[J].Name == Args[I].Name)
            return error(Args[I].Offset,
                         quoted(Args[I].Name) + " is named twice in " +
                             quoted(Owner),
                         "name each loop or array once");
      }
      break;
    case ArgShape::Integers:
      for (const DirectiveArg &A : Args)
        if (llvm::Error E = expectKind(A, DirectiveArg::Integer, "integers"))
          return E;
      break;
    case ArgShape::ArrayAndLoop:
      if (Args.size() != 2)
        return error(Args.size() > 2 ? Args[2].Offset : Args.back().Offset,
                     quoted(Owner) + " takes two arguments: an input and a loop",
                     "write it as: " + Example);
      if (llvm::Error E = expectKind(Args[0], DirectiveArg::Identifier, "an array name"))
        return E;
      return expectKind(Args[1], DirectiveArg::Identifier, "a loop name");
    case ArgShape::LoopAndSteps:
      if (Args.size() != 2)
        return error(Args.size() > 2 ? Args[2].Offset : Args.back().Offset,
                     quoted(Owner) + " takes two arguments: a time loop and the least "
                     "number of steps of each of its iterations",
                     "write it as: " + Example);
      if (llvm::Error E = expectKind(Args[0], DirectiveArg::Identifier, "a loop name"))
        return E;
      if (llvm::Error E = expectKind(Args[1], DirectiveArg::Integer, "a number of steps"))
        return E;
      if (Args[1].Value < 1 || Args[1].Value > MaxRoundSteps)
        return error(Args[1].Offset,
                     "the least steps of a round in " + quoted(Owner) + " must lie between 1 "
                     "and " + std::to_string(MaxRoundSteps) + ", found " +
                         std::to_string(Args[1].Value),
                     "give the latency of the values the rounds carry, e.g. " + Example);
      break;
    case ArgShape::GatherArgs:
      if (Args.size() != 3)
        return error(Args.back().Offset,
                     quoted(Owner) +
                         " takes three arguments: the array, a space loop and "
                         "a direction",
                     "write it as: " + Example);
      if (llvm::Error E =
              expectKind(Args[0], DirectiveArg::Identifier, "an array name"))
        return E;
      if (llvm::Error E =
              expectKind(Args[1], DirectiveArg::Identifier, "a loop name"))
        return E;
      if (Args[2].Kind != DirectiveArg::Identifier ||
          (Args[2].Name != "up" && Args[2].Name != "down"))
        return error(Args[2].Offset,
                     "the direction of " + quoted(Owner) +
                         " must be 'up' or 'down', found " +
                         quoted(Args[2].str()),
                     "write it as: " + Example);
      break;
    }
    return llvm::Error::success();
  }

  // Rules that relate a directive's arguments to its clauses.
  static llvm::Error checkCounts(const Directive &D) {
    if (D.Kind != DirectiveKind::SpaceTime)
      return llvm::Error::success();
    const DirectiveClause *Schedule = D.clause("schedule");
    if (!Schedule || Schedule->Args.size() == D.Args.size())
      return llvm::Error::success();
    auto count = [](size_t N, llvm::StringRef Noun) {
      return std::to_string(N) + " " + Noun.str() + (N == 1 ? "" : "s");
    };
    return error(Schedule->Offset,
                 "schedule has " + count(Schedule->Args.size(), "coefficient") +
                     " but space_time names " +
                     count(D.Args.size(), "space loop"),
                 "give one coefficient per space loop, in the same order");
  }
};

} // namespace

std::string DirectiveArg::str() const {
  return Kind == Identifier ? Name : std::to_string(Value);
}

const DirectiveClause *Directive::clause(StringRef ClauseName) const {
  for (const DirectiveClause &C : Clauses)
    if (C.Name == ClauseName)
      return &C;
  return nullptr;
}

static void printArgs(llvm::raw_ostream &OS, llvm::ArrayRef<DirectiveArg> Args) {
  if (Args.empty())
    return;
  OS << '(';
  llvm::interleave(
      Args, OS, [&](const DirectiveArg &A) { OS << A.str(); }, ", ");
  OS << ')';
}

std::string Directive::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << Name;
  printArgs(OS, Args);
  for (const DirectiveClause &C : Clauses) {
    OS << ' ' << C.Name;
    printArgs(OS, C.Args);
  }
  return S;
}

llvm::ArrayRef<StringRef> directiveNames() {
  static const llvm::SmallVector<StringRef, 8> Names = [] {
    llvm::SmallVector<StringRef, 8> N;
    for (const DirectiveSpec &S : Specs)
      N.push_back(S.Name);
    return N;
  }();
  return Names;
}

llvm::Expected<Directive> parseDirective(StringRef Text) {
  return Parser(Text).parse();
}

} // namespace t2s
