//===- StripChecks.h - The sanitizer's checks out of a nest -----*- C++ -*-===//
//
// Takes out of the loops of T2S nests the checks that -fsanitize=undefined
// (and its -fsanitize-trap form) and -ftrapv put around each operation: a
// branch to a block that calls the sanitizer's handler (__ubsan_handle_*)
// or traps (llvm.ubsantrap, llvm.trap), whose other edge goes on; the branch
// then goes on unconditionally, and the overflow-checked arithmetic of the
// checks (llvm.sadd.with.overflow and friends) becomes the plain operation.
// A systolic array's kernels cannot call the handlers or trap, and the
// URE model reads a nest's statements, not its checks; the rest of the
// program keeps them (docs/language.md, "Element types").
//
// Preconditions: F holds a T2S nest (its loops carry source names).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STRIPCHECKS_H
#define T2S_STRIPCHECKS_H

namespace llvm {
class Function;
} // namespace llvm

namespace t2s {

/// Strips the checks inside F's T2S loops; whether it changed F.
bool stripChecks(llvm::Function &F);

} // namespace t2s

#endif // T2S_STRIPCHECKS_H
