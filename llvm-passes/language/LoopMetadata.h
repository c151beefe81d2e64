//===- LoopMetadata.h - T2S directives on '!llvm.loop' --------*- C++ -*-===//
//
// The contract between the front end's markers and every T2S pass. A loop of a
// marked nest carries, in its loop ID:
//
//   !{!"t2s.loop.name", !"k"}                       the source name of its variable
//   !{!"t2s.directive", !"<text>", !"<file>", i32 <line>, i32 <column>}
//                                                   one per '#pragma t2s' line, in
//                                                   source order, on the nest's
//                                                   outermost loop
//
//   !t2s.name !{!"A"}               on the alloca of a named local variable
//   !t2s.arg.names !{!"a", !"", ...} on a function: its parameters' names
//
// <text> is the canonical form printed by Directive::str(). Hand-written '.ll'
// tests use these operands directly.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_LOOPMETADATA_H
#define T2S_LOOPMETADATA_H

#include "language/Directive.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DiagnosticInfo.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class LLVMContext;
class Loop;
class MDNode;
class Metadata;
class Twine;
class Value;
} // namespace llvm

namespace t2s {

inline constexpr llvm::StringLiteral LoopNameTag = "t2s.loop.name";
inline constexpr llvm::StringLiteral DirectiveTag = "t2s.directive";
// On the outermost loop of a nest whose space loops t2s-space-loops-inward
// moved inward: the loops' names in the order the source nests them.
inline constexpr llvm::StringLiteral WrittenOrderTag = "t2s.written.order";
// On the outermost loop of a nest whose first space_time had no schedule and
// whose space loops could not move inward as they stand: t2s-space-loops-
// inward gave it the schedule it names, and says why (the read that kept the
// loops from moving).
inline constexpr llvm::StringLiteral ChosenScheduleTag = "t2s.schedule.chosen";
inline constexpr llvm::StringLiteral NameTag = "t2s.name"; // on allocas, and the values stored to them
inline constexpr llvm::StringLiteral ArgNamesTag = "t2s.arg.names"; // on functions
// On functions: per argument, the bytes of a parameter declared as an
// array of constant extents, 0 for the others.
inline constexpr llvm::StringLiteral ArgExtentsTag = "t2s.arg.extents";
inline constexpr llvm::StringLiteral MergeFailedTag = "t2s.merge.failed"; // ditto

/// A position in the user's source, carried without debug info.
struct SourceLoc {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

/// A directive together with the pragma line it came from.
struct LocatedDirective {
  Directive D;
  SourceLoc Loc;
};

/// The source name of the loop's variable, if the loop belongs to a marked nest.
std::optional<std::string> getLoopSourceName(const llvm::Loop &L);

/// The directives attached to \p L, in source order. Operands that do not parse
/// are reported to \p F's context as errors and skipped.
llvm::SmallVector<LocatedDirective, 2> getLoopDirectives(const llvm::Loop &L);

/// Appends \p Operands to \p L's loop ID (creating the ID if needed) and keeps
/// the operands it already had.
void addLoopMetadata(llvm::Loop &L, llvm::ArrayRef<llvm::Metadata *> Operands);

/// The loop names of WrittenOrderTag on L, if it has them.
llvm::SmallVector<std::string, 4> getWrittenOrder(const llvm::Loop &L);

/// The reason recorded with ChosenScheduleTag on L, or empty.
std::string getChosenSchedule(const llvm::Loop &L);

/// Replaces L's directive at Loc (the pragma line) with D, keeping its place
/// among L's operands.
void replaceLoopDirective(llvm::Loop &L, const SourceLoc &Loc, const Directive &D);

/// Gives L the source name Name (replacing the one it has, if any), keeping
/// its other operands (directives, llvm.loop hints).
void setLoopSourceName(llvm::Loop &L, llvm::StringRef Name);

/// Builds the operand !{!"t2s.loop.name", !"Name"}.
llvm::MDNode *makeLoopNameMD(llvm::LLVMContext &Ctx, llvm::StringRef Name);

/// Builds the operand !{!"t2s.directive", !"text", !"file", i32 line, i32 col}.
llvm::MDNode *makeDirectiveMD(llvm::LLVMContext &Ctx, const Directive &D,
                              const SourceLoc &Loc);

/// Records that \p Storage (an alloca, or the alloca that holds a parameter)
/// is the source variable \p Name: as !t2s.name on the alloca, or, for a
/// parameter, in the function's !t2s.arg.names.
void setSourceName(llvm::Value *Storage, llvm::StringRef Name);

/// Records that the parameter \p Storage holds (its alloca) was declared as
/// an array of \p Bytes bytes, in the function's !t2s.arg.extents.
void setDeclaredExtent(llvm::Value *Storage, uint64_t Bytes);

/// The bytes a parameter (\p Object) was declared with, if it was declared
/// as an array of constant extents.
std::optional<uint64_t> getDeclaredExtent(const llvm::Value *Object);

/// The source name of a memory object: a named local or parameter, a global or
/// a static local (from its symbol). Empty if unknown.
std::string getSourceName(const llvm::Value *Object);

/// Reports a T2S error at \p Loc through the context's diagnostic handler: clang
/// prints it as "file:line:col: error: ...", opt as an error naming the function.
void reportError(const llvm::Function &F, const SourceLoc &Loc,
                 const llvm::Twine &Message);

/// reportError with another severity (warnings: Warnings.h).
void reportDiagnostic(const llvm::Function &F, const SourceLoc &Loc,
                      const llvm::Twine &Message,
                      llvm::DiagnosticSeverity Severity);

} // namespace t2s

#endif // T2S_LOOPMETADATA_H
