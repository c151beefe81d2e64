//===- IslText.h - A nest's domain and guards in isl's notation -*- C++ -*-===//
//
// The questions the compiler asks of a nest's iterations that need exact
// integer sets (which iterations write one element, how far a guarded
// access reaches) go to isl (libisl-dev's headers, libLLVM-19's functions:
// llvm-passes/CMakeLists.txt). IslText writes what they are about in isl's
// notation: the loop variables X0, X1, ... (nest order, one letter X per
// copy of the nest), the bounds (constant, affine, run-time: N<d> for loop
// d's) and the conditions of guards that compare affine values of the loop
// variables and the function's integer parameters (P<argno>), collecting
// the parameters it names. A guard it cannot read is left out: the sets are
// then larger than the program's, never smaller.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_ISLTEXT_H
#define T2S_ISLTEXT_H

#include "ure/UREModel.h"

#include <isl/ctx.h>
#include <isl/set.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace t2s {

/// isl objects freed at the end of their scope.
struct IslCtxFree {
  void operator()(isl_ctx *C) const { isl_ctx_free(C); }
};
struct IslSetFree {
  void operator()(isl_set *S) const { isl_set_free(S); }
};
using IslCtx = std::unique_ptr<isl_ctx, IslCtxFree>;
using IslSet = std::unique_ptr<isl_set, IslSetFree>;

/// A context whose errors return null instead of aborting.
IslCtx makeIslCtx();

/// "A <lex B" (Strict) or "A <=lex B", over vectors of isl terms.
std::string islLexLess(llvm::ArrayRef<std::string> A, llvm::ArrayRef<std::string> B,
                       bool Strict);

class IslText {
  const URESystem &S;

public:
  /// Parameter name -> its value at the stand-in sizes.
  std::map<std::string, int64_t> Params;

  explicit IslText(const URESystem &S) : S(S) {}

  /// The variable of loop Loop in copy X of the nest ("a2").
  static std::string var(char X, unsigned Loop) { return X + std::to_string(Loop); }
  /// "[a0, a1, ...]".
  std::string tuple(char X) const;
  /// E over the loop variables X...
  std::string affine(const AffineExpr &E, char X) const;
  /// V over the loop variables X... and the integer parameters, if affine.
  std::optional<std::string> affine(const llvm::Value *V, char X);
  /// The condition that V has the value WhenTrue, if it compares affine
  /// values (combined with '&&', '||', '!').
  std::optional<std::string> condition(const llvm::Value *V, bool WhenTrue, char X);
  /// The nest's domain over X... and what the exact Guards say of it.
  std::string domain(char X, llvm::ArrayRef<Guard> Guards);
  /// The constraints on an iteration a of output statement A and an
  /// iteration b of B (the loops in copies 'a' and 'b') that both run and
  /// write one element: each in the domain under its guards, the
  /// subscripts equal.
  llvm::SmallVector<std::string, 8> sameElement(const UREStatement &A,
                                                const UREStatement &B);
  /// "[N0, P1]": the parameters named so far.
  std::string paramList() const;
};

} // namespace t2s

#endif // T2S_ISLTEXT_H
