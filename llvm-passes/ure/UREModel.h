//===- UREModel.h - The URE model of a marked loop nest -------*- C++ -*-===//
//
// A loop nest marked '#pragma t2s ure' is a system of uniform recurrence
// equations. UREAnalysis builds this model from the IR with LoopInfo and
// ScalarEvolution; every later T2S pass reads it. It accepts (and otherwise
// rejects with a URERejection naming the broken rule and a fix):
//
//  * a perfect nest of counted loops, each with a source name, step +1 and
//    bounds that are compile-time constants or affine in the variables of
//    outer loops with constant coefficients (ure/IterationDomain.h), no
//    early exit, no call with side effects;
//  * URE statements: stores to a local or static, non-volatile array used
//    nowhere outside this nest, at exactly the loop variables, each once, in
//    any fixed order (so each loop's range lies within the array's extent),
//    unconditional, one per array; their reads of URE arrays, also in the
//    conditions that choose a value ('?:', '&&', '||'), are the loop
//    variables plus or minus constants in the order of the write; the distance vector (iteration minus the one
//    read) is lexicographically positive (T2SP's rule: the value was computed
//    earlier in the sequential order), and a read at distance 0 follows the
//    statement it reads;
//  * extended URE statements (the outputs): stores to any other array, possibly
//    guarded, after all URE statements; outputs are not read inside the nest;
//  * every URE has an initial value (seed merge_ures.md, "Recursive Reference").
//
// Preconditions: the IR is in SSA form for scalars (PrepareNestsPass ran), and
// t2s-attach-pragmas has attached the directives.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_UREMODEL_H
#define T2S_UREMODEL_H

#include "expr/Expr.h"
#include "language/LoopMetadata.h"
#include "ure/Guards.h"
#include "ure/InitialValues.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>

namespace llvm {
class Argument;
class BasicBlock;
class DominatorTree;
class ICmpInst;
class Instruction;
class LoadInst;
class Loop;
class PHINode;
class ScalarEvolution;
class SCEVAddRecExpr;
class StoreInst;
class Type;
class Use;
class Value;
class raw_ostream;
} // namespace llvm

namespace t2s {

struct URELoop;

/// Sum of Coeffs[d] * (loop variable d) + Constant, loops in nest order
/// (missing coefficients are 0).
struct AffineExpr {
  llvm::SmallVector<int64_t, 4> Coeffs;
  int64_t Constant = 0;

  /// The loop d such that this is "loop d + Constant", if any.
  std::optional<unsigned> singleLoop() const;
  /// Whether no loop variable has a coefficient.
  bool isConstant() const;
  void print(llvm::raw_ostream &OS, llvm::ArrayRef<URELoop> Loops) const;
};

/// One loop of the nest: for (Name = Lower; Name < Upper; ++Name).
struct URELoop {
  std::string Name;
  llvm::Loop *L = nullptr;
  llvm::PHINode *IV = nullptr;
  int64_t Lower = 0;
  int64_t Upper = 0;
  /// Bounds that name outer loop variables (for (j = k; j < N; ++j)): the
  /// exact bounds, and [Lower, Upper) is the box of the loop's values over
  /// the nest's iterations (ure/IterationDomain.h). A bound without
  /// coefficients is the constant Lower (Upper).
  AffineExpr LowerBound, UpperBound;

  /// A bound the caller passes (ure/RunTimeSizes.h): the loop runs while
  /// its variable is below RunTimeBoundValue + RunTimeOffset, a value computed
  /// before the nest from the function's integer parameters; [Lower, Upper)
  /// is then the stand-in range the analyses count with.
  llvm::Value *RunTimeBoundValue = nullptr;
  int64_t RunTimeOffset = 0;
  /// RunTimeBoundValue lifted once (ure/RunTimeSizes.h: setRunTimeBound): the
  /// expression over the function's parameters that every later reader
  /// (the stand-ins, the messages, the host's buffer sizes, the kernels)
  /// uses, and the parameters it reads, in the order it names them.
  ExprPtr RunTimeBound;
  llvm::SmallVector<const llvm::Argument *, 2> SizeArgs;

  int64_t extent() const { return Upper - Lower; }
  /// Whether a bound names an outer loop.
  bool affine() const { return !LowerBound.isConstant() || !UpperBound.isConstant(); }
  /// Whether the upper bound is known only at run time.
  bool runTime() const { return RunTimeBoundValue != nullptr; }
};

/// How a URE array's storage follows one loop of the nest. The sequential
/// reference keeps only what is live: a dimension indexed by the loop
/// variable (Full), by the loop variable modulo a window of W iterations
/// (Rolled, 'C[k % 2]'), or no dimension at all (Dropped). The kernels keep
/// their own registers either way; the storage is the reference's.
struct ArrayStorage {
  enum Kind { Full, Rolled, Dropped } K = Full;
  uint64_t Window = 0; // Rolled: W
  unsigned Dim = 0;    // Full, Rolled: the declared dimension it indexes
};

/// An array written by a URE statement: the recurrence variable.
struct UREArray {
  std::string Name;
  llvm::Value *Object = nullptr; // the alloca or global
  llvm::Type *ElementType = nullptr;
  llvm::SmallVector<uint64_t, 4> Extents; // as declared, outermost first
  /// Per nest loop, outermost first.
  llvm::SmallVector<ArrayStorage, 4> Storage;
  unsigned Writer = 0; // index of the statement that writes it

  /// Whether some loop has a rolled or dropped dimension.
  bool windowed() const;
  /// The loop each of the array's dimensions stands for, outermost
  /// dimension first ('Phi[i][t]' in a t-outer nest: i, then t).
  llvm::SmallVector<unsigned, 4> loopOfDims() const;
  /// "C[k % 2][j][i]": how the array is written, in the source's spelling.
  std::string writeText(llvm::ArrayRef<URELoop> Loops) const;
};

/// The reads of one URE array at one distance in a statement.
struct URERead {
  unsigned Array = 0;
  /// Nest order; lexicographically positive (or zero).
  llvm::SmallVector<int64_t, 4> Distance;
  /// A component reaches its loop's extent (j - 1 in a loop of one
  /// iteration): the read names no iteration of the nest, so a well-defined
  /// program never runs it (its condition discards it). The schedule gives
  /// it no dependence; the kernels read this PE's newest word in its place.
  bool NamesNoIteration = false;
  llvm::SmallVector<llvm::LoadInst *, 1> Loads;
};

/// A read of anything else (an input).
struct InputRead {
  std::string Name;
  llvm::Value *Object = nullptr;
  llvm::LoadInst *Load = nullptr;
  /// Subscripts, outermost first; std::nullopt where not affine.
  llvm::SmallVector<std::optional<AffineExpr>, 4> Subscripts;
};

struct UREStatement {
  bool Extended = false;
  llvm::StoreInst *Store = nullptr;
  unsigned Array = 0;                       // URE statements: what it writes
  std::string OutputName;                   // extended: the output written
  llvm::Value *Output = nullptr;            // extended: the output object
  llvm::SmallVector<AffineExpr, 4> OutputSubscripts; // extended
  /// Extended: whether every subscript is affine in the loops (with
  /// constant coefficients); OutputSubscripts is empty if not (an index
  /// with a run-time stride, 'i * N + j').
  bool AffineOutput = true;
  llvm::SmallVector<URERead, 4> Reads;
  llvm::SmallVector<unsigned, 4> Inputs;    // indices into URESystem::Inputs
  llvm::SmallVector<Guard, 2> Guards;       // all must hold, outermost first
  InitFormula Init; // when this statement's value exists (InitialValues.h)
  SourceLoc Loc;
};

/// One URE system: a marked perfect loop nest and its statements.
struct URESystem {
  std::string Function;
  SourceLoc Loc; // the 'ure' (or, for a plain kernel nest, 'kernel') directive
  /// From 'kernel(name)': the name of the OpenCL kernel the nest becomes. A
  /// nest with 'kernel' but without 'ure' is a plain kernel nest: no URE
  /// arrays, only statements that read inputs and write outputs.
  std::string KernelName;
  llvm::SmallVector<URELoop, 4> Loops; // outermost first
  llvm::SmallVector<UREArray, 4> Arrays;
  llvm::SmallVector<UREStatement, 8> Statements; // source order
  llvm::SmallVector<InputRead, 8> Inputs;
  llvm::SmallVector<LocatedDirective, 4> Directives;
  /// The loops (indices into Loops) in the order the source nests them,
  /// which the sequential reference runs, when t2s-space-loops-inward moved
  /// the space loops inward (systolic/SpaceLoopsInward.h); else empty.
  llvm::SmallVector<unsigned, 4> WrittenOrder;
  /// When t2s-space-loops-inward gave the first space_time the schedule it
  /// now has (the nest had none, and a read kept its space loops from moving
  /// without one): the read, as its remark says. Else empty.
  std::string ScheduleChosenBecause;
  /// WrittenOrder, or the nest order when the loops did not move.
  llvm::SmallVector<unsigned, 4> referenceOrder() const;
  /// The values of the integer parameters that the run-time loops' bounds
  /// are computed from, at which the analyses count (ure/RunTimeSizes.h).
  llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2> StandIns;

  llvm::Loop *outermost() const { return Loops.front().L; }
  void printCondition(llvm::raw_ostream &OS, const llvm::ICmpInst *Cmp) const;
  llvm::Loop *innermost() const { return Loops.back().L; }
  /// The loops, time loops first, then the first space_time's (each in nest
  /// order): the order the systolic array runs them in.
  llvm::SmallVector<unsigned, 4> timeThenSpaceOrder() const;
  /// A 'kernel(name)' nest without 'ure'.
  bool isPlainKernel() const;
  /// Index of the loop called Name, if any.
  std::optional<unsigned> loopIndex(llvm::StringRef Name) const;
  void print(llvm::raw_ostream &OS) const;
};

/// The seeds' rules; each rejection names one.
enum class URERule {
  PerfectNest,
  ConstantBounds,
  AffineBounds,
  NoEarlyExit,
  NoSideEffects,
  Address,
  WriteAtLoopVariables,
  WrittenOnce,
  Unconditional,
  ExtendedLast,
  OutputNotRead,
  SimpleArgs,
  Order,
  PositiveDistance,
  ReadAfterWrite,
  InitialValue,
  LoopNames,
  SpaceLoops,
  Isolation,
  KernelNest,
  Channel,
  GatherScatter,
  Vectorize,
  ScheduleSize,
  NotVolatile,
  ArrayBounds,
  ArrayStorage,
  RunTimeSizes,
  Buffer,  // buffer(a, k): the reuse buffer of a loader
  OpenCL,  // what the OpenCL back end can print
  Offload, // what --emulate and --opencl can run in place of the nests
  LastWrite, // systolic/OutputOrder.h
  PadRounds, // pad_rounds(i, N) (systolic/SpaceTimeSchedule.cpp)
};

llvm::StringRef ruleName(URERule R);

/// The sign of the first non-zero component of \p V (0 if there is none):
/// positive for a distance to an iteration that runs earlier in nest order.
int lexicographicSign(llvm::ArrayRef<int64_t> V);

struct URERejection {
  URERule Rule;
  SourceLoc Loc;
  std::string Message; // the rule broken and how to fix it
};

struct UREModel {
  llvm::SmallVector<URESystem, 2> Systems;
  llvm::SmallVector<URERejection, 2> Rejections;

  void print(llvm::raw_ostream &OS) const;
};

/// Builds the model of every '#pragma t2s ure' nest of a function.
class UREAnalysis : public llvm::AnalysisInfoMixin<UREAnalysis> {
  friend llvm::AnalysisInfoMixin<UREAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = UREModel;
  UREModel run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

/// print<t2s-ure>: dumps the model (and the rejections) of each function.
class UREPrinterPass : public llvm::PassInfoMixin<UREPrinterPass> {
  llvm::raw_ostream &OS;

public:
  explicit UREPrinterPass(llvm::raw_ostream &OS) : OS(OS) {}
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

/// The array type of a local or global array object, else null.
llvm::Type *arrayObjectType(const llvm::Value *V);

/// The first instruction that uses Object - directly or through GEPs and
/// bitcasts, not counting lifetime, assume and debug intrinsics - for which
/// Where holds; null if none.
const llvm::Instruction *
firstUseWhere(const llvm::Value *Object,
              llvm::function_ref<bool(const llvm::Instruction &)> Where);

/// A subscript of a rolled dimension of a URE array, 'e % W' or
/// 'e & (W - 1)' with W a power of two: e and W. Anything else: the
/// subscript itself and 0.
std::pair<llvm::Value *, uint64_t> splitWindow(llvm::Value *Subscript);

/// Splits an address into the object and one subscript per array dimension,
/// outermost first, following clang's GEP chains. False for struct fields.
bool decomposeAddress(llvm::Value *Ptr, llvm::Value *&Base,
                      llvm::SmallVectorImpl<llvm::Use *> &Subscripts);
bool decomposeAddress(llvm::Value *Ptr, llvm::Value *&Base,
                      llvm::SmallVectorImpl<llvm::Value *> &Subscripts);

enum class CountedLoop {
  Ok,
  NoInductionVariable,
  EarlyExit,
  NonConstantBound,
  OutOfRange, // values beyond the 32-bit 'int' the kernels count in
};

/// The variable of \p L that counts up by one from a constant: sets UL.IV
/// and UL.Lower and returns its recurrence; null (UL untouched) if none.
const llvm::SCEVAddRecExpr *countFromConstant(llvm::Loop &L, llvm::ScalarEvolution &SE,
                                               URELoop &UL);

/// The compare in \p L's header that decides whether the body runs, and in
/// \p Enter the predicate under which it does; null unless L exits only at
/// its header.
llvm::ICmpInst *headerTest(llvm::Loop &L, llvm::CmpInst::Predicate &Enter);

/// What 'v P b' adds to b to give v's exclusive upper bound: 0 for '<' and
/// '!=', 1 for '<='; none for a predicate that is no upper bound.
std::optional<int64_t> upperBoundOffset(llvm::CmpInst::Predicate P);

/// Reads \p L as 'for (v = Lower; v < Upper; ++v)' with constant bounds, no
/// exit but at the header or latch. Fills UL.L, UL.IV, UL.Lower, UL.Upper.
/// Every value of the loop must fit a 32-bit 'int' (OutOfRange otherwise).
CountedLoop analyzeCountedLoop(llvm::Loop &L, llvm::ScalarEvolution &SE,
                               URELoop &UL);

/// The source position of an instruction (its debug location), if known.
SourceLoc sourceLocOf(const llvm::Instruction *I);

/// The source position of a loop's 'for', if known.
SourceLoc sourceLocOf(const llvm::Loop *L);

} // namespace t2s

#endif // T2S_UREMODEL_H
