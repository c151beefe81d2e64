//===- CKernelPrinter.h - A kernel's statements as C ------------*- C++ -*-===//
//
// The printer the C-family targets share: one kernel of a Design
// (systolic/Design.h), its statements (systolic/Stmt.h) as C, with the
// values a statement uses more than once declared as temporaries before it.
// What a dialect spells its own way -- the kernel's signature and what its
// body runs in, a channel's write (and, through ExprNames, its read), a
// loop's directives, a declaration's qualifier and layout, the shift loop --
// are hooks its subclass overrides (opencl/OpenCLKernels.cpp,
// hls/HLSKernels.cpp), as Halide's CodeGen_OpenCL_C overrides CodeGen_C.
// Where the clocked emulation asks, the pipelined loops carry its marks
// (t2s/clock.h), which the timing model computed (model/Timing.h)
// beforehand. Everything was decided by the lowering steps; this only spells
// it, and sees no LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_CKERNELPRINTER_H
#define T2S_CKERNELPRINTER_H

#include "backends/c/CExpr.h"
#include "backends/c/ClockMarks.h"
#include "backends/c/CTypes.h"
#include "systolic/Design.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace t2s {

class CKernelPrinter : public ExprNames {
protected:
  llvm::raw_ostream &OS;
  const Design &D;
  const Design::Kernel &K;
  CTypes &Types; ///< the names of types, and the definitions they need
  const ClockMarks *Marks; ///< the clocked emulation's, or null

private:
  llvm::SmallVector<unsigned, 4> Used; // parameters printed
  std::string Failure;                 // why printing stopped, if it did
  // Temporaries: the values a statement uses more than once, declared
  // before it and printed by name (Names: every name the kernel has).
  llvm::DenseMap<const Expr *, std::string> Temps;
  llvm::DenseMap<const Stmt *, std::vector<const Expr *>> Plans;
  llvm::StringSet<> Names;
  bool InLine = false; // printing statements that share a line
  std::string LineIndent; // of the line being printed

public:
  CKernelPrinter(llvm::raw_ostream &OS, const Design &D, const Design::Kernel &K,
                 CTypes &Types, const ClockMarks *Marks = nullptr)
      : OS(OS), D(D), K(K), Types(Types), Marks(Marks) {}
  ~CKernelPrinter() override = default;

  /// Prints the kernel; on failure prints nothing and returns the reason
  /// (an internal error).
  std::optional<std::string> print();

  static std::string internalError(const std::string &What) {
    return "internal error: " + What + "; please report this with the source";
  }

protected:
  // The dialect's hooks.
  /// Prints the kernel around its printed \p Body: its signature, braces,
  /// and what the body runs in.
  virtual void printFrame(const std::string &Body) = 0;
  /// The statement that writes \p Value to the channel printed as \p Channel.
  virtual std::string channelWrite(const std::string &Channel, const std::string &Value) = 0;
  /// Lines before a loop's 'for'.
  virtual void printBeforeLoop(llvm::raw_ostream &B, const Stmt &Loop,
                               const std::string &Indent) {}
  /// The directive on the first line of a loop's body, or "" (a loop with
  /// one has braces).
  virtual std::string loopDirective(const Stmt &Loop) { return ""; }
  /// Lines after the directive of a loop with braces.
  virtual void printLoopBodyHead(llvm::raw_ostream &B, const Stmt &Loop,
                                 const std::string &Indent) {}
  /// The initializer of an array declared zero (C's " = {0}").
  virtual std::string zeroArray(const Stmt &Decl) { return " = {0}"; }
  /// What a declaration says between its type and its name.
  virtual std::string declarationQualifier(const Stmt &Decl) { return ""; }
  /// Lines after a statement printed on its own line (a declaration's layout).
  virtual void printAfterStatement(llvm::raw_ostream &B, const Stmt &S,
                                   const std::string &Indent) {}
  /// The shift of a register array: the loop \p Head ("for (...)") and its
  /// one statement \p Move.
  virtual void printShift(llvm::raw_ostream &B, const std::string &Indent,
                          const std::string &Head, const std::string &Move) = 0;

  // ExprNames: the unroll step gave the statements the kernel's own leaves;
  // only the design's parameters remain.
  std::string param(unsigned ArgNo) override {
    Used.push_back(ArgNo);
    return D.Params[ArgNo].Name;
  }
  std::string offchip(const std::string &Buffer, std::string Access) override {
    return Marks ? "T2S_OFFCHIP(" + Buffer + ", " + Access + ")" : Access;
  }
  const std::string *temporary(const Expr &E) override {
    auto It = Temps.find(&E);
    return It == Temps.end() ? nullptr : &It->second;
  }
  std::string unresolved(const Expr &) override {
    fail("the kernel '" + K.Name + "' has a leaf of the nest the unroll step did not replace");
    return "?";
  }

private:
  void fail(const std::string &Why) {
    if (Failure.empty())
      Failure = internalError(Why);
  }
  std::string expr(const ExprPtr &E);
  // An 'if' condition or an initializer: without parentheses around it all.
  std::string bare(const ExprPtr &E);
  // The comment after an assignment, on a line of its own.
  std::string trailing(const Stmt &S) const;
  // A statement that fits on one line.
  std::string line(const Stmt &S);
  void emitAll(llvm::raw_ostream &B, const Stmts &Body, const std::string &Indent);
  // S at Indent, ending its last line.
  void emit(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent);
  void collectNames(const Stmts &Body);
  std::string temporaryName(const Expr &X);
  bool declaresIn(const Stmts &Body);
  bool hoists(const Stmt &S);
  void emitBlock(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent);
};

} // namespace t2s

#endif // T2S_CKERNELPRINTER_H
