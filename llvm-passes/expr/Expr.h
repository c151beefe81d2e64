//===- Expr.h - Expressions of a systolic design ----------------*- C++ -*-===//
//
// The values a design computes, as a tree that knows nothing of LLVM IR: the
// right-hand sides of the URE statements, their guards, the conditions under
// which a PE reads, and the buffer elements the loaders and drainers move.
// systolic/LiftExpr.h builds these trees once from the IR of the nest, rejecting
// what a back end could not spell; the back ends (backends/c/CExpr.h) print
// them. A tree's leaves name the design's things by number: a parameter of
// the design's function, a loop of its URE system, a URE read, a load. The
// URE model lifts the sizes of run-time loops into such trees
// (ure/RunTimeSizes.h). This folder is below ure/ and systolic/, and
// Expr.* includes no IR header.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_EXPR_H
#define T2S_EXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <string>

namespace t2s {

/// The type of a value: bool, a signless integer of 8 to 64 bits or a
/// floating-point number of 16, 32 or 64 bits; a vector of Lanes of those
/// when Lanes > 1.
struct DType {
  enum class Kind : uint8_t { Bool, Int, Float };
  Kind K = Kind::Int;
  unsigned Bits = 32;
  unsigned Lanes = 1;

  static DType boolean() { return {Kind::Bool, 1, 1}; }
  static DType integer(unsigned Bits) { return {Kind::Int, Bits, 1}; }
  static DType floating(unsigned Bits) { return {Kind::Float, Bits, 1}; }

  bool isVector() const { return Lanes > 1; }
  bool isBool() const { return K == Kind::Bool; }
  bool isFloat() const { return K == Kind::Float; }
  DType element() const { return {K, Bits, 1}; }
  DType withLanes(unsigned N) const { return {K, Bits, N}; }
  /// The bits a value of this type takes in memory, on chip or off: a bool
  /// takes a byte, a vector each of its lanes. The estimate, the traffic,
  /// the timing and the reuse buffers size storage by this one rule.
  uint64_t storageBits() const { return uint64_t(isBool() ? 8 : Bits) * (isVector() ? Lanes : 1); }

  bool operator==(const DType &O) const {
    return K == O.K && Bits == O.Bits && Lanes == O.Lanes;
  }
  bool operator!=(const DType &O) const { return !(*this == O); }
};

enum class ExprKind : uint8_t {
  IntConst,      ///< Int (a bool type: 0 or 1)
  FloatConst,    ///< Float, exact in the type
  VectorLiteral, ///< Operands: the lanes
  Param,         ///< Index: the argument number of the design's function
  LoopVar,       ///< Index: the loop of the URE system
  UREValue,      ///< Index: the statement, Index2: its read (a shift register)
  Load,          ///< Index: the load's number; Operands[0]: the element,
                 ///< none for a value received from another kernel
  BufferElement, ///< Index: the parameter; Operands: index terms times Scales
  Lane,          ///< Operands[0]: a vector; Index: the lane
  Neg,           ///< -Operands[0]
  Not,           ///< !Operands[0]
  Binary,        ///< Op: a BinaryOp; Unsigned
  Compare,       ///< Op: a CompareOp; Unsigned; Operands' type is theirs
  Cast,          ///< Op: a CastKind; to Type
  Select,        ///< Operands[0] ? Operands[1] : Operands[2]
  And,           ///< Operands[0] && Operands[1]
  Or,            ///< Operands[0] || Operands[1]
  AllOf,         ///< every operand holds (a list of guards)
  MulAdd,        ///< Operands[0] * Operands[1] + Operands[2], contracted
  Call,          ///< Name(Operands...): library math
  // The leaves of a kernel's statements (systolic/Stmt.h), in place of the
  // design's loops, URE reads and received loads:
  Var,           ///< Name, plus Int: a variable of the kernel, or an index
                 ///< relative to one ('i - 1')
  Subscript,     ///< Operands[0][Operands[1]]...: an element of an array
  ChannelRead,   ///< the next value on the channel Operands[0]
};

enum class BinaryOp : uint8_t { Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor };
enum class CompareOp : uint8_t { EQ, NE, LT, LE, GT, GE };

/// How a conversion treats its operand, where C's rules differ from IR's.
enum class CastKind : uint8_t {
  Plain,        ///< as C converts
  FromUnsigned, ///< the operand is read as unsigned (zext, uitofp)
  BoolToSigned, ///< a bool to 0 or -1 (sext, sitofp)
  BoolToValue,  ///< a bool to 0 or 1
  ToBool,       ///< the low bit (trunc to i1)
};

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

struct Expr {
  ExprKind Kind;
  DType Type;
  uint8_t Op = 0; ///< BinaryOp, CompareOp or CastKind
  bool Unsigned = false;
  int64_t Int = 0;
  double Float = 0;
  unsigned Index = 0, Index2 = 0;
  std::string Name; ///< a called function, a variable
  llvm::SmallVector<ExprPtr, 3> Operands;
  llvm::SmallVector<int64_t, 3> Scales; ///< BufferElement: per index term
  /// The source line of a value read from memory or computed by a call (0:
  /// unknown), for errors that name it; no part of the value (equal()
  /// ignores it).
  unsigned Line = 0;
  /// The local variable of the source that holds this value, if any: the
  /// printers name the value after it (no part of the value either).
  std::string Local;

  Expr(ExprKind K, DType T) : Kind(K), Type(T) {}

  BinaryOp binaryOp() const { return BinaryOp(Op); }
  CompareOp compareOp() const { return CompareOp(Op); }
  CastKind castKind() const { return CastKind(Op); }
  const Expr &operand(unsigned I) const { return *Operands[I]; }
};

ExprPtr intConst(DType T, int64_t V);
ExprPtr floatConst(DType T, double V);
ExprPtr vectorLiteral(DType T, llvm::ArrayRef<ExprPtr> Lanes);
ExprPtr param(DType T, unsigned ArgNo);
ExprPtr loopVar(DType T, unsigned Loop);
ExprPtr ureValue(DType T, unsigned Statement, unsigned Read);
ExprPtr load(DType T, unsigned Number, ExprPtr Element);
ExprPtr bufferElement(DType T, unsigned ArgNo, llvm::ArrayRef<ExprPtr> Terms,
                      llvm::ArrayRef<int64_t> Scales);
ExprPtr lane(ExprPtr Vector, unsigned L);
ExprPtr neg(ExprPtr A);
ExprPtr logicalNot(ExprPtr A);
ExprPtr binary(BinaryOp Op, bool Unsigned, ExprPtr A, ExprPtr B);
ExprPtr compare(CompareOp Op, bool Unsigned, ExprPtr A, ExprPtr B);
ExprPtr cast(CastKind K, DType To, ExprPtr A);
ExprPtr select(ExprPtr C, ExprPtr A, ExprPtr B);
ExprPtr logicalAnd(ExprPtr A, ExprPtr B);
ExprPtr logicalOr(ExprPtr A, ExprPtr B);
ExprPtr allOf(llvm::ArrayRef<ExprPtr> Terms);
ExprPtr mulAdd(ExprPtr A, ExprPtr B, ExprPtr C);
/// Unsigned: min or max of integers read as unsigned (LLVM's umin, umax).
ExprPtr call(DType T, std::string Name, llvm::ArrayRef<ExprPtr> Args, bool Unsigned = false);
/// A kernel's variable: Name, or 'Name + Offset' (a PE's or lane's index).
ExprPtr var(std::string Name, int64_t Offset = 0, DType T = DType::integer(32));
/// Base[Index0][Index1]...; T is the element's type.
ExprPtr subscript(DType T, ExprPtr Base, llvm::ArrayRef<ExprPtr> Indices);
/// The next value of type \p T on the channel \p Ref.
ExprPtr channelRead(DType T, ExprPtr Ref);

/// E, stamped with the source line it was computed at (no copy if it has it).
ExprPtr atLine(ExprPtr E, unsigned Line);

/// E, stamped with the local variable \p Name that holds it in the source
/// (no copy if it has it).
ExprPtr asLocal(ExprPtr E, std::string Name);

/// A - B and A * B of 32-bit integers, folded where both are constants
/// (and A itself where B is 0, the other operand where one is 1).
ExprPtr intDifference(ExprPtr A, ExprPtr B);
ExprPtr intProduct(ExprPtr A, ExprPtr B);

/// Whether A and B are the same tree.
bool equal(const Expr &A, const Expr &B);

/// Whether \p P holds for \p E or for an expression inside it (false for
/// a null E). A tree is a graph that shares operands (a local the source
/// reads twice): each node is asked once.
bool anyNode(const ExprPtr &E, llvm::function_ref<bool(const Expr &)> P);

/// Calls \p Visit once for each node of \p E (shared operands once), each
/// after its operands.
void forEachNode(const ExprPtr &E, llvm::function_ref<void(const Expr &)> Visit);

/// The value of \p E where it is an integer constant (null: none).
std::optional<int64_t> intConstant(const ExprPtr &E);

/// \p E with nodes replaced: \p Map returns a node's replacement, or null
/// to keep the node with its operands rewritten. Shared operands are
/// rewritten once and stay shared, so the result is as large as \p E.
ExprPtr rewrite(const ExprPtr &E, llvm::function_ref<ExprPtr(const ExprPtr &)> Map);

/// Whether a back end can name the type: scalars, and vectors of 2 to 32
/// lanes of numbers.
bool hasCName(DType T);

/// The most lanes of a bundled chain's transfer (Design::Channel::Bundle):
/// every PE's value along a chain, each with its lanes.
inline constexpr unsigned MaxWideLanes = 4096;

/// Whether a back end can name the type of a channel: hasCName, or a
/// bundled chain's vector of up to MaxWideLanes lanes.
bool hasWideCName(DType T);

/// A vector with a C name but no OpenCL C type (5 lanes, or more than 32
/// of a bundled chain): the back ends spell it as a struct, with functions
/// for its operators.
bool isStructVector(DType T);

} // namespace t2s

#endif // T2S_EXPR_H
