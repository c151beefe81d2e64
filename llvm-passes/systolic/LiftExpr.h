//===- LiftExpr.h - A URE nest's values as design expressions ---*- C++ -*-===//
//
// Lifts the IR of a URE nest into the expression trees of expr/Expr.h,
// once, before any back end prints: each statement's value, the guard under
// which it runs, the condition under which a read happens, and the buffer
// element of each access. C's conditionals, '&&' and '||' come back from the
// branches and merges clang made of them.
//
// What has no expression (a call the back ends do not know, a lane chosen at
// run time, an access to memory that is not a parameter's buffer) is a
// rejection located at the instruction; lifting stops at the first one.
// Preconditions: the URE model accepted the nest; its loops are in canonical
// form with their induction variables in the model.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_LIFTEXPR_H
#define T2S_LIFTEXPR_H

#include "expr/Expr.h"
#include "expr/FromIR.h"
#include "ure/UREModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Argument;
class BasicBlock;
class BinaryOperator;
class CallInst;
class CmpInst;
class Constant;
class DataLayout;
class DominatorTree;
class Instruction;
class LoadInst;
class PHINode;
class Type;
class Value;
} // namespace llvm

namespace t2s {

/// Why a value of the nest has no expression, and where.
struct LiftRejection {
  SourceLoc Loc;
  std::string Why; ///< "a call to 'foo'": what the nest uses
};

/// The expressions of one URE nest. Every query is answered from what was
/// lifted before, so the printers ask as often as they like.
class ExprLifter {
  const URESystem &S;
  llvm::DominatorTree &DT;
  const llvm::DataLayout &DL;
  /// Loads that are URE reads: (statement, read).
  llvm::DenseMap<const llvm::Value *, std::pair<unsigned, unsigned>> UREReadOf;
  /// Accesses of channels between kernel nests: they touch no memory.
  llvm::SmallPtrSet<const llvm::Instruction *, 4> StreamAccesses;
  llvm::DenseMap<const llvm::Argument *, llvm::Type *> ElementOf;
  llvm::DenseMap<const llvm::Value *, ExprPtr> Values;
  llvm::DenseMap<const llvm::Value *, ExprPtr> Elements;
  /// Conditions of reads and guards of statements; null is 'always'.
  llvm::DenseMap<const llvm::Instruction *, ExprPtr> Conditions;
  llvm::DenseMap<const llvm::Instruction *, ExprPtr> Guards; ///< by store
  std::vector<const llvm::Instruction *> Loads; ///< by a Load's number
  std::optional<LiftRejection> Rejected;
  const llvm::Instruction *Lifting = nullptr; ///< innermost being lifted

public:
  /// \p UREReads: the reads whose loads become UREValue leaves (a scheduled
  /// design's; a kernel nest reads its arrays as buffers).
  ExprLifter(const URESystem &S, llvm::DominatorTree &DT, const llvm::DataLayout &DL,
             llvm::ArrayRef<std::pair<unsigned, unsigned>> UREReads,
             llvm::ArrayRef<const llvm::Instruction *> StreamAccesses);

  /// The first rejection, if any.
  const std::optional<LiftRejection> &rejection() const { return Rejected; }

  /// The value \p V (a statement's stored value, an index).
  ExprPtr value(llvm::Value *V);
  /// The buffer element a load or store of \p Ptr accesses.
  ExprPtr element(llvm::Value *Ptr);
  /// The condition under which \p I runs in the nest's body; null if always.
  ExprPtr readCondition(const llvm::Instruction *I);
  /// The value \p St stores.
  ExprPtr storedValue(const UREStatement &St);
  /// The buffer element an extended statement \p St writes.
  ExprPtr target(const UREStatement &St);
  /// The guards of an extended statement, or null.
  ExprPtr guard(const UREStatement &St);
  /// The load a Load leaf of number \p N stands for.
  const llvm::Instruction *loadOf(unsigned N) const { return Loads[N]; }
  /// How many Load leaves were lifted.
  unsigned loads() const { return Loads.size(); }

private:
  void reject(const std::string &Why);
  ExprPtr lift(llvm::Value *V);
  ExprPtr constant(const llvm::Constant *C);
  ExprPtr liftLoad(llvm::LoadInst *Ld);
  ExprPtr liftCast(llvm::Instruction *I);
  ExprPtr liftBinary(llvm::BinaryOperator *BO);
  ExprPtr liftCompare(llvm::CmpInst *Cmp);
  ExprPtr liftCall(llvm::CallInst *Call);
  ExprPtr insertChain(llvm::Value *V);
  ExprPtr shuffle(llvm::Value *V);
  ExprPtr withContext(const llvm::Instruction *I, llvm::function_ref<ExprPtr()> Lift);
  ExprPtr laneOf(llvm::Value *V, unsigned L);
  ExprPtr conditional(llvm::Value *Phi);
  ExprPtr conditionalChain(llvm::PHINode *Phi, llvm::BasicBlock *Decider);
  using Memo = llvm::DenseMap<llvm::BasicBlock *, ExprPtr>;
  // The condition of an edge or a block, relative to Decider: false when it
  // cannot be told; a null Cond is 'always'.
  bool edgeCondition(llvm::BasicBlock *From, llvm::BasicBlock *To,
                     llvm::BasicBlock *Decider, Memo &M, ExprPtr &Cond);
  bool reachCondition(llvm::BasicBlock *BB, llvm::BasicBlock *Decider, Memo &M,
                      ExprPtr &Cond);
};

} // namespace t2s

#endif // T2S_LIFTEXPR_H
