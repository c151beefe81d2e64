//===- ReadPaths.h - Where a nest's URE reads run --------------*- C++ -*-===//
//
// The paths to the URE reads in a nest's statements (Design::Nest): a
// select's arms run under its condition (or its negation), the right side of
// '&&' ('||') under its left side (negated), an output's value under its
// guard; conditions on computed values are not kept, they only make a path
// one that may be taken. A path can then be tried at every combination of the values of the
// loops it tests: taken, not taken, or (a condition on computed values) may
// be taken. Two clients: vectorize's one-lane registers (the one lane a read
// of an older step can want) and the check that every read names an
// iteration of the nest wherever it is taken.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_READPATHS_H
#define T2S_READPATHS_H

#include "systolic/Design.h"
#include "ure/UREModel.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace t2s {

struct ReadPath {
  unsigned Statement = 0, Read = 0; ///< URESystem::Statements[S].Reads[R]
  /// The conditions on the way to the read, each with the value it has.
  llvm::SmallVector<std::pair<ExprPtr, bool>, 4> Conditions;
  /// Whether conditions on computed values were on the way too: the read
  /// then only may be taken where Conditions hold.
  bool Opaque = false;
};

/// Every path to a URE read in \p N's statements (a read used in several
/// places has several).
llvm::SmallVector<ReadPath, 8> readPaths(const Design::Nest &N);

/// The loops (indices into S.Loops) the conditions of \p P test.
llvm::SmallVector<unsigned, 4> testedLoops(const ReadPath &P);

enum class PathAt { NotTaken, MayBeTaken, Taken };

/// Calls \p Visit with each combination of the values of \p Loops (indices
/// into S.Loops, each over its range, in that order) and whether \p P is
/// taken there, until Visit returns false. Returns false, visiting nothing,
/// if there are more than \p MaxPoints combinations.
bool forEachPoint(const URESystem &S, llvm::ArrayRef<unsigned> Loops, const ReadPath &P,
                  llvm::function_ref<bool(llvm::ArrayRef<int64_t>, PathAt)> Visit,
                  int64_t MaxPoints = int64_t(1) << 16);

/// forEachPoint over the iterations of the nest: \p Loops (indices into
/// S.Loops) gains every loop a bound has or names and is sorted into nest
/// order; Visit gets the whole point (one value per loop of S, a loop not
/// in Loops at its lower bound) of each combination that is an iteration.
bool forEachIteration(const URESystem &S, llvm::SmallVectorImpl<unsigned> &Loops,
                      const ReadPath &P,
                      llvm::function_ref<bool(llvm::ArrayRef<int64_t>, PathAt)> Visit,
                      int64_t MaxPoints = int64_t(1) << 16);

/// A read runs only where it names an iteration of the nest (the sequential
/// program's would read outside the URE array, or another element of it):
/// a located error ([initial value]) for the first point where a read's
/// path is surely taken and the iteration it names is outside a loop's
/// range. Paths that only may be taken (conditions on computed values) and
/// nests with too many points are not checked.
void checkReadsInDomain(const URESystem &S, const Design::Nest &N,
                        llvm::SmallVectorImpl<URERejection> &Rejections);

} // namespace t2s

#endif // T2S_READPATHS_H
