//===- DirectiveCheck.cpp - Invariants of the directive grammar -----------===//

#include "DirectiveCheck.h"
#include "language/Directive.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace t2s {

namespace {

[[noreturn]] void violated(llvm::StringRef Text, const llvm::Twine &Invariant) {
  llvm::errs() << "t2s directive invariant broken: " << Invariant << "\n"
               << "  input (escaped): \"";
  llvm::printEscapedString(Text, llvm::errs());
  llvm::errs() << "\"\n";
  llvm::errs().flush();
  std::abort();
}

bool sameArgs(llvm::ArrayRef<DirectiveArg> A, llvm::ArrayRef<DirectiveArg> B) {
  return A.size() == B.size() &&
         llvm::all_of(llvm::zip(A, B), [](auto P) {
           const DirectiveArg &X = std::get<0>(P), &Y = std::get<1>(P);
           return X.Kind == Y.Kind && X.Name == Y.Name && X.Value == Y.Value;
         });
}

bool sameDirective(const Directive &A, const Directive &B) {
  if (A.Kind != B.Kind || A.Name != B.Name || !sameArgs(A.Args, B.Args) ||
      A.Clauses.size() != B.Clauses.size())
    return false;
  for (size_t I = 0; I < A.Clauses.size(); ++I)
    if (A.Clauses[I].Name != B.Clauses[I].Name ||
        !sameArgs(A.Clauses[I].Args, B.Clauses[I].Args))
      return false;
  return true;
}

bool validUTF8(llvm::StringRef S) {
  const llvm::UTF8 *P = reinterpret_cast<const llvm::UTF8 *>(S.data());
  return llvm::isLegalUTF8String(&P, P + S.size());
}

void checkArgOffsets(llvm::StringRef Text, llvm::ArrayRef<DirectiveArg> Args) {
  for (const DirectiveArg &A : Args) {
    if (A.Offset >= Text.size())
      violated(Text, "argument '" + A.str() + "' has an offset past the text");
    llvm::StringRef At = Text.substr(A.Offset);
    if (A.Kind == DirectiveArg::Identifier ? !At.starts_with(A.Name)
                                           : !(llvm::isDigit(At[0]) || At[0] == '-'))
      violated(Text, "argument '" + A.str() + "' does not start at its offset " +
                         llvm::Twine(A.Offset));
  }
}

void checkRejection(llvm::StringRef Text, const DirectiveError &E) {
  if (E.Offset > Text.size())
    violated(Text, "error offset " + llvm::Twine(E.Offset) + " is past the text");
  if (E.Message.empty())
    violated(Text, "error without a message");
  std::string Whole = E.Message + "; " + E.Hint;
  // A message quotes the text's tokens; a '#pragma t2s' line has no breaks.
  auto multiline = [](llvm::StringRef S) { return S.find_first_of("\r\n") != S.npos; };
  if (!multiline(Text) && multiline(Whole))
    violated(Text, "error message spans lines: " + Whole);
  if (validUTF8(Text) && !validUTF8(Whole))
    violated(Text, "error message is not valid UTF-8: " + Whole);
}

void checkAccepted(llvm::StringRef Text, const Directive &D) {
  if (!llvm::is_contained(directiveNames(), llvm::StringRef(D.Name)))
    violated(Text, "accepted an unknown directive '" + D.Name + "'");
  checkArgOffsets(Text, D.Args);
  for (const DirectiveClause &C : D.Clauses) {
    if (C.Offset >= Text.size() || !Text.substr(C.Offset).starts_with(C.Name))
      violated(Text, "clause '" + C.Name + "' does not start at its offset");
    checkArgOffsets(Text, C.Args);
  }

  std::string Printed = D.str();
  llvm::Expected<Directive> Again = parseDirective(Printed);
  if (!Again)
    violated(Text, "the printed directive '" + Printed +
                       "' does not parse: " + llvm::toString(Again.takeError()));
  if (!sameDirective(D, *Again))
    violated(Text, "the printed directive '" + Printed +
                       "' parses to a different directive '" + Again->str() + "'");
  if (Again->str() != Printed)
    violated(Text, "printing is not a fixed point: '" + Printed + "' then '" +
                       Again->str() + "'");
}

} // namespace

bool checkDirectiveText(llvm::StringRef Text) {
  llvm::Expected<Directive> D = parseDirective(Text);
  if (!D) {
    llvm::handleAllErrors(
        D.takeError(),
        [&](const DirectiveError &E) { checkRejection(Text, E); },
        [&](const llvm::ErrorInfoBase &E) {
          violated(Text, "rejected with an error that is not a DirectiveError: " +
                             E.message());
        });
    return false;
  }
  checkAccepted(Text, *D);
  return true;
}

} // namespace t2s
