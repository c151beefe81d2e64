//===- NestExtractor.h - Reading a marked nest into the URE model -*- C++ -*-===//
//
// The builder behind UREAnalysis (ure/UREAnalysis.cpp: the nest's loops,
// names, space loops and body; ure/UREStatements.cpp: its statements, reads,
// outputs, bounds and initial values; ure/DirectiveRules.cpp: the rules of
// loader, drainer and buffer). Internal to ure/.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_NESTEXTRACTOR_H
#define T2S_NESTEXTRACTOR_H

#include "ure/UREModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>

namespace t2s {

bool hasDirective(llvm::ArrayRef<LocatedDirective> Ds, DirectiveKind K);

/// A directive as messages quote it: whole, unless it is long (a generated
/// directive may name thousands of loops or arrays).
std::string quotedText(const Directive &D);

/// Array dimensions of T, outermost first, and the element type.
llvm::Type *arrayShape(llvm::Type *T, llvm::SmallVectorImpl<uint64_t> &Extents);

/// Reads the '#pragma t2s ure' and 'kernel(name)' nests of a function into
/// the URE model, or records why not (the rules in UREModel.h).
class NestExtractor {
  llvm::Function &F;
  llvm::LoopInfo &LI;
  llvm::DominatorTree &DT;
  llvm::PostDominatorTree &PDT;
  llvm::ScalarEvolution &SE;
  llvm::TargetLibraryInfo &TLI;
  UREModel &Model;

  // State for the nest being extracted.
  URESystem Sys;
  bool Failed = false;
  llvm::DenseMap<const llvm::Value *, unsigned> ArrayOf;  // object -> array
  llvm::DenseMap<const llvm::Value *, unsigned> OutputOf; // object -> stmt

public:
  NestExtractor(llvm::Function &F, llvm::FunctionAnalysisManager &FAM, UREModel &M)
      : F(F), LI(FAM.getResult<llvm::LoopAnalysis>(F)),
        DT(FAM.getResult<llvm::DominatorTreeAnalysis>(F)),
        PDT(FAM.getResult<llvm::PostDominatorTreeAnalysis>(F)),
        SE(FAM.getResult<llvm::ScalarEvolutionAnalysis>(F)),
        TLI(FAM.getResult<llvm::TargetLibraryAnalysis>(F)), Model(M) {}

  void run();

private:
  void reject(URERule Rule, const SourceLoc &Loc, const llvm::Twine &Message);

  static std::string loopName(const llvm::Loop *L);

  // Directives that name loops must name loops of their nest.
  void checkLoopNames(llvm::Loop *Root, llvm::ArrayRef<LocatedDirective> Ds);

  // Reads one nest into the model; true if it must be read again with
  // longer stand-ins for its run-time loops (StandInNeed).
  bool extract(llvm::Loop *Root, llvm::SmallVector<LocatedDirective, 2> Ds);
  // Per loop of the nest being read: the least stand-in extent of a
  // run-time loop (ure/RunTimeSizes.h).
  llvm::SmallVector<int64_t, 4> StandInNeed;

  // Rule [run-time sizes] on the loops: a run-time loop is a time loop
  // outside the vectorized loop that no other bound names; then the
  // stand-ins.
  bool checkRunTimeLoops();
  // Whether a read's distance reaches a run-time loop's stand-in extent:
  // the nest is read again with longer ones.
  bool standInsTooShort();

  bool buildLoops(llvm::Loop *Root);

  // for (v = constant; v < constant; ++v), exiting only at the header or
  // latch; or with bounds affine in the outer loops (affineLoop).
  bool findInductionVariable(URELoop &UL);

  enum class AffineLoop { Ok, NotAffine, Shape };
  // for (v = lower; v < upper; ++v) where lower and upper are affine in the
  // variables of the loops found so far, exiting at the header compare.
  AffineLoop affineLoop(URELoop &UL);
  bool boxAffineLoops();
  // A loop's values beyond the 32-bit 'int' the kernels count in.
  void rejectOutOfRange(const URELoop &UL);

  // The call that ends BB without returning ('throw', abort(), exit()), if
  // BB ends in 'unreachable' behind one.
  static const llvm::CallBase *noReturnCall(const llvm::BasicBlock *BB);

  // The first space_time's loops are the innermost loops of the nest; each
  // later one's are a proper subset of the previous one's (seed
  // space_time_transform.md, "Front-end").
  void checkSpaceLoops();

  static bool isIgnorableIntrinsic(const llvm::Instruction &I);

  // Library math functions only set errno, which a URE body may ignore.
  bool isMathLibraryFunction(const llvm::Function &Callee) const;
  std::optional<std::string> scalarReduction(const llvm::Instruction &I,
                                             const llvm::Loop &Inner, unsigned D) const;

  // A call writes nothing the program can see if it calls library math or a
  // function whose body writes only its own locals and makes such calls
  // (std::sqrt wraps sqrtf, and nothing is inlined at -O0).
  bool isSideEffectFree(const llvm::CallBase &CB, unsigned Depth = 0) const;

  // Collects the stores of the innermost loop in source order and rejects
  // calls with side effects.
  bool scanBody(llvm::SmallVectorImpl<llvm::StoreInst *> &Stores);

  // "struct 'P'" (the type copied or cleared, as the addresses tell it), or
  // "a struct or array".
  static std::string aggregateName(const llvm::MemIntrinsic *MI);

  std::optional<AffineExpr> affineOf(const llvm::SCEV *S);

  std::optional<AffineExpr> affineOf(llvm::Value *V);

  std::string accessText(llvm::StringRef Name,
                         llvm::ArrayRef<llvm::Value *> Subscripts);

  // "[k][j][i]": the subscripts of a URE array written at the loop variables.
  std::string nestOrder() const;

  // The storage of a URE array written at Subs (UREModel.h, ArrayStorage):
  // one subscript per loop it keeps, 'v' or 'v % W', in nest order; none if
  // Subs is not so.
  std::optional<llvm::SmallVector<ArrayStorage, 4>>
  storageOf(llvm::ArrayRef<llvm::Value *> Subs);

  // A window too small for a read: the value the read names is overwritten
  // in the reference's storage before the read runs (rule [array storage]).
  bool checkStorage(const URERead &R, const UREArray &A,
                    const std::string &Text, const SourceLoc &Loc);

  void classifyStatement(llvm::StoreInst *St);

  // A URE array holds a value for every iteration: each loop's range lies in
  // the array's extent along that loop.
  bool checkArrayBounds(const UREArray &A, const SourceLoc &Loc);
  bool checkDistance(const URERead &R, const std::string &Text, const SourceLoc &Loc);

  // The branch conditions that must hold for BB to run, outermost first.
  llvm::SmallVector<Guard, 2> guardsOf(llvm::BasicBlock *BB);

  // Records the reads of the value S stores and returns when it exists: a
  // branch merge or select is an OR of its alternatives, everything else an
  // AND of its operands (seed merge_ures.md).
  InitFormula visitValue(llvm::Value *V, UREStatement &S, unsigned Index,
                         llvm::DenseMap<llvm::Value *, InitFormula> &Memo);

  // The conditions that decide which value a merge of the innermost body
  // receives: those of the branches between the merge's immediate dominator
  // and the merge whose two ways reach the merge through different incoming
  // blocks. (A branch inside one alternative, such as the '&&' in
  // 'c ? a && b : d', belongs to that alternative's value.)
  llvm::SmallVector<llvm::Value *, 2> decidingConditions(llvm::PHINode *Phi);

  InitFormula visitLoad(llvm::LoadInst *Ld, UREStatement &S, unsigned Index);

  InitFormula visitUREArrayRead(llvm::LoadInst *Ld, unsigned ArrayIdx,
                                llvm::ArrayRef<llvm::Value *> Subs,
                                UREStatement &S, unsigned Index);

  void analyzeReads(UREStatement &S, unsigned Index);

  void checkStatementOrder();

  // The first instruction outside the nest that uses Object, if any. A URE
  // array lives only inside its nest (it becomes shift registers); an array
  // also used elsewhere is an output.
  const llvm::Instruction *useOutsideNest(const llvm::Value *Object) const;

  // loader(a) and drainer(c): the kernel that reads a (writes c) for the PEs
  // must know, from the loop variables alone, when and where a PE reads
  // (writes) it, so that it sends (receives) the same values in the same
  // order through the channel.
  void checkIsolation();

  // (DirectiveRules.cpp) The reads of input Name (the writes of an output)
  // that loader(...) (drainer(...)) LD isolates.
  void checkIsolatedAccess(const LocatedDirective &LD, llvm::StringRef Name, bool Output);

  void checkBuffer(const LocatedDirective &LD, bool Scheduled);

  static std::string valueLine(const llvm::Value *V);
  std::string inputList() const;

  // A value computed in the nest (not from loop variables, parameters and
  // constants alone) that decides whether BB runs, or null.
  const llvm::Value *computedCondition(llvm::BasicBlock *BB);

  const llvm::Value *computedValue(const llvm::Value *V,
                                   llvm::SmallPtrSetImpl<const llvm::Value *> &Visited);

  void checkInitialValues();
};

} // namespace t2s

#endif // T2S_NESTEXTRACTOR_H
