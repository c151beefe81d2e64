//===- RunTimeSizes.h - Loop bounds known only at run time -----*- C++ -*-===//
//
// A time loop outside every space loop and the vectorized loop may run up to
// a bound the caller passes: 'for (int k = 0; k < K; ++k)' with K computed
// from the function's integer parameters and constants alone ('K',
// 'K / 64', 'M >> 5'), before the nest or in the loop's condition. The
// hardware does not change with it: only the outer loops of the kernels
// count further.
//
// The analyses of the URE model, the schedule and the report count
// iterations; for a run-time loop they use a stand-in extent, chosen here:
// values of the parameters for which each run-time loop runs at least a few
// iterations, more than any read reaches back along it. What they decide
// must then not depend on the extent (rule [run-time sizes], UREModel.h):
// the code the back ends write names the parameters, never the stand-ins.
//
// A bound is read from the IR once: lifted into an expression over the
// parameters (expr/Expr.h) when the loop is found, as the Design's lifter
// would spell it. The stand-ins are evaluated on it, the messages and dumps
// print it, the host stubs size the buffers from it (systolic/Buffers.h)
// and the kernels run their loops to it (Design::Nest::SourceLoop).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_RUNTIMESIZES_H
#define T2S_RUNTIMESIZES_H

#include "expr/Expr.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace llvm {
class Argument;
class Loop;
class PHINode;
class ScalarEvolution;
class Value;
} // namespace llvm

namespace t2s {

struct URELoop;

/// Values of some integer parameters of a function.
using ArgValues = llvm::ArrayRef<std::pair<const llvm::Argument *, int64_t>>;

/// The loop 'for (v = c; v < B; ++v)' (or 'v <= B', 'v != B') whose bound B
/// is computed from integer parameters and constants alone: fills UL.IV,
/// UL.Lower, UL.RunTimeOffset and the bound (setRunTimeBound). False if \p L
/// is not so.
bool runTimeLoop(llvm::Loop &L, llvm::ScalarEvolution &SE, URELoop &UL);

/// The first value \p V is computed from that is neither an integer
/// parameter, nor a constant, nor an integer operation on such values
/// (+ - * / % << >> & | ^, casts, min and max): what makes V no size. Null
/// if V is a size.
const llvm::Value *notASize(const llvm::Value *V);

/// V (a size: notASize(V) is null) as an expression over the function's
/// parameters, built as the Design's lifter builds values (systolic/LiftExpr.h:
/// casts, C's operators, 'min' and 'max' calls for the signed ones, a select
/// for the unsigned); the parameters it reads are added to \p Args in the
/// order it names them. Null for a value that is no size.
ExprPtr liftSize(const llvm::Value *V, llvm::SmallVectorImpl<const llvm::Argument *> &Args);

/// Makes \p L a run-time loop bounded by the size \p V: its RunTimeBoundValue,
/// and V lifted once into RunTimeBound and SizeArgs, which every later
/// reader uses.
void setRunTimeBound(URELoop &L, llvm::Value *V);

/// \p E (a lifted size) in C's spelling, parameters by their source names
/// (\p Args: the parameters it reads): "K / 64", "max(K, 8)".
std::string sizeText(const Expr &E, llvm::ArrayRef<const llvm::Argument *> Args);

/// A run-time loop's exclusive upper bound, below which its variable runs:
/// the lifted bound plus the loop's offset ('k <= K' runs below 'K + 1'),
/// as the kernels spell it. Null where the bound was not lifted. Every
/// reader of the bound adds the offset through one of these three.
ExprPtr exclusiveUpper(const URELoop &L);
/// The same where the lifted bound is the value \p Bound (at the stand-ins,
/// in an example); none if the sum overflows.
std::optional<int64_t> exclusiveUpper(const URELoop &L, int64_t Bound);
/// The same where the lifted bound is spelled \p Bound: "K", "K / 64 + 1",
/// "N0 - 1".
std::string exclusiveUpperText(const URELoop &L, std::string Bound);

/// A run-time loop's upper bound in C's spelling: "K", "K / 64 + 1".
std::string runTimeUpperText(const URELoop &L);

/// The value of \p E (a lifted size) with the parameters at \p Args, with
/// the IR's widths; none on a division by zero, a signed overflow, or a
/// parameter \p Args does not give.
std::optional<int64_t> evaluateSize(const Expr &E, ArgValues Args);

/// Stand-in values of the parameters the run-time loops of \p Loops name,
/// such that run-time loop D runs at least Need[D] iterations (D in nest
/// order; missing entries need 1), found by doubling the parameters from 1;
/// none if no such values reach 2^24. Sets each run-time loop's Upper.
std::optional<llvm::SmallVector<std::pair<const llvm::Argument *, int64_t>, 2>>
chooseStandIns(llvm::MutableArrayRef<URELoop> Loops, llvm::ArrayRef<int64_t> Need);

} // namespace t2s

#endif // T2S_RUNTIMESIZES_H
