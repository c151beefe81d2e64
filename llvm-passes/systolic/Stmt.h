//===- Stmt.h - The statements of a kernel ----------------------*- C++ -*-===//
//
// What one kernel of a Design runs, as a tree that knows nothing of LLVM IR:
// loops (serial, time, unrolled over the PEs, over the lanes of a vector, a
// count of PEs a chain passes values through), conditions, the recovery of
// the loop variables from a time variable, register shifts, declarations of
// the kernel's temporaries, assignments and channel writes. Expressions are
// expr/Expr.h trees whose leaves name the kernel's own variables (Var,
// Subscript, ChannelRead) and the design's parameters. The unroll step
// (systolic/lowering/Lowering.h) builds each kernel's statements; a back end
// prints them (backends/opencl/OpenCLKernels.cpp) without deciding anything.
//
// Statements carry two layout hints so that the printed kernel reads as a
// person would write it: an If or a Loop whose body is one statement may drop
// its braces, and a Block may sit on one line.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STMT_H
#define T2S_STMT_H

#include "expr/Expr.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace t2s {

enum class StmtKind : uint8_t {
  Comment, ///< Text: a line that explains what follows
  Decl,    ///< Type Name[Dims...], initialized by Init (Value: an expression)
  Let,     ///< const int Name = Value: a loop variable pinned to one value
  Assign,  ///< Target = Value
  Write,   ///< sends Value on the channel Target
  Loop,    ///< Name from From while < Bound (Down: >= Bound, counting down)
  If,      ///< if Value then Body, else Else
  Block,   ///< a scope: Head (on the brace's line), then Body
  Recover, ///< each step's loop variable from its time; Body in the time range
  Shift,   ///< register Name: words Words-1..1 take the word before them
};

enum class LoopKind : uint8_t {
  Serial, ///< a loop of the nest that runs as it is
  Time,   ///< a time variable of the schedule
  PE,     ///< over the PEs: unrolled, every PE runs its part at once
  Lanes,  ///< over the lanes of a vector: unrolled
  Count,  ///< a chain's PE passes on the values of the PEs behind it
  Unroll, ///< a loop the compiler unrolls (register words, lanes)
};

enum class DeclInit : uint8_t { None, Zero, Value };

/// A loop variable recovered from a time variable: Name = Time - sum(Coeff *
/// Space); the PE runs the step when Lower <= Name < Upper.
struct Recovery {
  std::string Name, Time;
  llvm::SmallVector<std::pair<int64_t, std::string>, 4> Terms;
  int64_t Lower = 0, Upper = 0;
};

struct Stmt {
  StmtKind Kind;
  LoopKind Loop = LoopKind::Serial;
  std::string Name; ///< Decl, Let, Loop: the variable; Shift: the register
  /// Comment: its text; Decl, Loop, Assign, Write: a comment after it
  /// (an assignment's place in the source, 'file.cpp:12'); Shift: the name of
  /// the counter the printed loop moves the words with (no loop or
  /// parameter of the design has it).
  std::string Text;
  DType Type;       ///< Decl; Loop: its variable's (int unless set wider)
  llvm::SmallVector<int64_t, 4> Dims; ///< Decl: array extents
  /// Decl: an on-chip memory of this many banks, selected by the low bits
  /// of the element's address (0: a variable as the compiler places it).
  int64_t Banks = 0;
  /// Decl: a buffer in each PE (systolic/PEBuffer.h), [word][PE...]; on a
  /// device that keeps them in block RAM (FPGADevice::PEBuffersInBlockRAM),
  /// one RAM per PE with a read and a write port.
  bool PEBuffer = false;
  /// Decl: a delay line kept as a circular buffer, [word][PE...][lane]:
  /// its words DelayLine steps apart, a memory per PE and lane with a read
  /// and a write port (the HLS target's, hls/CircularDelayLines.h).
  int64_t DelayLine = 0;
  DeclInit Init = DeclInit::None;
  ExprPtr Target, Value; ///< Value: also an If's condition, a Loop's start
  ExprPtr Bound;         ///< Loop
  bool Down = false;     ///< Loop: counts down
  int64_t Words = 0;     ///< Shift
  llvm::SmallVector<ExprPtr, 4> Subscripts; ///< Shift: a word's PE and lane
  llvm::SmallVector<Recovery, 2> Recoveries;
  /// Loop: arrays whose accesses in different iterations are at least
  /// Safelen iterations apart, which the printed loop tells the FPGA
  /// compiler (Intel's '#pragma ivdep safelen(N) array(A)'; pad_rounds).
  llvm::SmallVector<std::string, 4> Apart;
  int64_t Safelen = 0;
  /// Decl, Assign: a counter of the step loop (pad_rounds' round and its
  /// position in it), which decides what a step runs: the replays and
  /// counts of the kernel follow its value.
  bool Counts = false;
  std::vector<Stmt> Head, Body, Else;
  /// Layout: an If on the line of its condition, a Loop without braces
  /// around its one statement, a Block on one line (Braces: with braces).
  bool Inline = false, Braces = true;

  explicit Stmt(StmtKind K) : Kind(K) {}
};

using Stmts = std::vector<Stmt>;

Stmt comment(std::string Text);
Stmt decl(DType T, std::string Name, llvm::ArrayRef<int64_t> Dims = {},
          DeclInit Init = DeclInit::None, ExprPtr Value = nullptr);
Stmt let(std::string Name, int64_t Value);
/// const int Name = Value, a value of the loop variables and parameters.
Stmt let(std::string Name, ExprPtr Value);
Stmt assign(ExprPtr Target, ExprPtr Value);
Stmt write(ExprPtr Channel, ExprPtr Value);
/// for (Name = From; Name < Bound (Down: >= Bound); ...) Body.
Stmt loop(LoopKind K, std::string Name, ExprPtr From, ExprPtr Bound, Stmts Body,
          bool Down = false);
/// An If on its condition's line: 'if (c) s;'.
Stmt guarded(ExprPtr Cond, Stmt S);
/// 'if (c)' above its statements, and 'else' above Else's.
Stmt ifElse(ExprPtr Cond, Stmts Then, Stmts Else = {});
Stmt block(Stmts Body, bool Inline = false);
/// S under Cond, or S itself when Cond is null.
Stmt when(const ExprPtr &Cond, Stmt S);

} // namespace t2s

#endif // T2S_STMT_H
