//===- DirectiveCheck.h - Invariants of the directive grammar ---*- C++ -*-===//
//
// What must hold for any text handed to t2s::parseDirective, checked by the
// directive fuzzer (t2s-fuzz-directive) and by the replay driver that runs its
// corpus and every past finding in the default build (t2s-replay-directives):
//
//  * parsing never crashes;
//  * a rejection points inside the text (or at its end), says something, and
//    is one line of valid UTF-8 when the text is (a pragma line always is);
//  * an accepted directive names a known directive; every argument's and
//    clause's offset points at its own spelling in the text;
//  * printing an accepted directive (Directive::str) and parsing the print
//    gives the same directive, and printing that gives the same text.
//
// A broken invariant prints the input and the invariant to stderr and aborts.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_FUZZ_DIRECTIVECHECK_H
#define T2S_FUZZ_DIRECTIVECHECK_H

#include "llvm/ADT/StringRef.h"

namespace t2s {

/// Checks the invariants above for one directive text (what follows
/// '#pragma t2s'); returns true if the text parsed.
bool checkDirectiveText(llvm::StringRef Text);

} // namespace t2s

#endif // T2S_FUZZ_DIRECTIVECHECK_H
