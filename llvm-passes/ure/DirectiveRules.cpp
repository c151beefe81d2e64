//===- DirectiveRules.cpp - The rules of loader, drainer and buffer -------===//
//
// Part of NestExtractor (NestExtractor.h): the rules of the directives that
// move a nest's accesses into kernels of their own. loader(a) and
// drainer(c) need a systolic array and an input (output) of the nest whose
// reads (writes) happen where and when the loop variables alone tell;
// buffer(a, k) needs a's loader. The rules of vectorize, gather and scatter
// that need the schedule are checked with it (systolic/VectorizePlan.cpp,
// systolic/GatherScatterPlan.cpp), those of buffer(a, k) that do as well
// (systolic/ReuseBufferPlan.cpp).
//
//===----------------------------------------------------------------------===//

#include "ure/NestExtractor.h"

#include "llvm/ADT/StringExtras.h"

namespace t2s {

// loader(a) and drainer(c): the kernel that reads a (writes c) for the PEs
// must know, from the loop variables alone, when and where a PE reads
// (writes) it, so that it sends (receives) the same values in the same
// order through the channel.
void NestExtractor::checkIsolation() {
  llvm::StringMap<const LocatedDirective *> Isolated;
  bool Scheduled = hasDirective(Sys.Directives, DirectiveKind::SpaceTime);
  for (const LocatedDirective &LD : Sys.Directives) {
    bool DataPath = LD.D.Kind == DirectiveKind::Vectorize ||
                    LD.D.Kind == DirectiveKind::Gather ||
                    LD.D.Kind == DirectiveKind::Scatter;
    if (DataPath && !Scheduled)
      reject(LD.D.Kind == DirectiveKind::Vectorize ? URERule::Vectorize
                                                   : URERule::GatherScatter,
             LD.Loc,
             "'" + quotedText(LD.D) + "' shapes the data path of a systolic array: "
             "add '#pragma t2s space_time(...)' to this nest");
    if (LD.D.Kind == DirectiveKind::Buffer) {
      checkBuffer(LD, Scheduled);
      continue;
    }
    // The rest of pad_rounds' rules need the schedule
    // (systolic/SpaceTimeSchedule.cpp).
    if (LD.D.Kind == DirectiveKind::PadRounds && !Scheduled)
      reject(URERule::PadRounds, LD.Loc,
             "'" + quotedText(LD.D) + "' pads the rounds of a systolic array's time loop: "
             "add '#pragma t2s space_time(...)' to this nest");
    bool IsLoader = LD.D.Kind == DirectiveKind::Loader;
    if (!IsLoader && LD.D.Kind != DirectiveKind::Drainer)
      continue;
    if (!Scheduled) {
      reject(URERule::Isolation, LD.Loc,
             "'" + quotedText(LD.D) + "' needs a systolic array to feed: add "
             "'#pragma t2s space_time(...)' to this nest");
      continue;
    }
    for (const DirectiveArg &A : LD.D.Args) {
      if (auto [It, New] = Isolated.try_emplace(A.Name, &LD); !New) {
        reject(URERule::Isolation, LD.Loc,
               "'" + A.Name + "' is named twice, in '" + quotedText(It->second->D) +
                   "' and '" + quotedText(LD.D) + "'; name it once");
        continue;
      }
      checkIsolatedAccess(LD, A.Name, /*Output=*/!IsLoader);
    }
  }
}

// An access named by loader(...) (an input read, \p Output false) or
// drainer(...) (an output write): where and when the PEs make it must follow
// from the loop variables, so that the kernel that makes it for them sends
// (receives) the same values in the same order.
void NestExtractor::checkIsolatedAccess(const LocatedDirective &LD, llvm::StringRef Name,
                                        bool Output) {
  const char *Kernel = Output ? "drainer" : "loader";
  const char *Verb = Output ? "write" : "read";
  llvm::SmallVector<std::string, 4> Names; // the outputs
  bool Found = false;
  auto check = [&](const SourceLoc &Loc, llvm::BasicBlock *BB) {
    if (const llvm::Value *Bad = computedCondition(BB))
      reject(URERule::Isolation, Loc,
             "the " + std::string(Kernel) + " of '" + Name + "' must know when the PEs " +
                 Verb + " it, but this " + Verb + " of '" + Name +
                 "' happens under a condition that depends on a computed value" +
                 valueLine(Bad) +
                 "; make the condition a test of the loop variables, or "
                 "drop '" + Name + "' from '" + quotedText(LD.D) + "'");
  };
  if (Output) {
    for (const UREStatement &St : Sys.Statements) {
      if (!St.Extended)
        continue;
      if (!llvm::is_contained(Names, St.OutputName))
        Names.push_back(St.OutputName);
      if (St.OutputName != Name)
        continue;
      Found = true;
      check(St.Loc, St.Store->getParent());
    }
  } else {
    for (const InputRead &In : Sys.Inputs) {
      if (In.Name != Name)
        continue;
      Found = true;
      SourceLoc Loc = sourceLocOf(In.Load);
      // Affine subscripts, or ones with run-time strides ('i * N + j').
      llvm::Value *Base = nullptr;
      llvm::SmallVector<llvm::Value *, 4> Subs;
      llvm::SmallPtrSet<const llvm::Value *, 8> Visited;
      if (!In.Object || !decomposeAddress(In.Load->getPointerOperand(), Base, Subs)) {
        reject(URERule::Isolation, Loc,
               "the loader of '" + Name + "' must compute where the PEs read "
               "it from the loop variables, but this read of '" + Name +
                   "' is not indexed by the loop variables, the function's "
                   "parameters and constants alone; index it with those, "
                   "or drop '" + Name + "' from '" + quotedText(LD.D) + "'");
        continue;
      }
      // A gather: the loader streams the elements the read may pick
      // (systolic/GatherWindow.h), within the extent the parameter was
      // declared with.
      if (llvm::any_of(Subs, [&](llvm::Value *Sub) { return computedValue(Sub, Visited); }) &&
          !getDeclaredExtent(Base)) {
        reject(URERule::Isolation, Loc,
               "the loader of '" + Name + "' streams each PE the elements of '" + Name +
                   "' this read may pick, since its index depends on a value computed in "
                   "the array, and so must know how many elements '" + Name +
                   "' has; declare the parameter as an array of constant extent (as in "
                   "'const float " + Name + "[16]'), or drop '" + Name + "' from '" +
                   quotedText(LD.D) + "'");
        continue;
      }
      check(Loc, In.Load->getParent());
    }
  }
  if (!Found)
    reject(URERule::Isolation, LD.Loc,
           "'" + Name + "' in '" + quotedText(LD.D) + "' is not " +
               (Output ? "an output this nest writes; its outputs are " +
                             (Names.empty() ? std::string("none") : llvm::join(Names, ", "))
                       : "an input this nest reads; its inputs are " + inputList()));
}

// buffer(a, k) keeps a's values in a's loader: a needs a loader of this
// nest, and one buffer. What the schedule must allow is checked with it
// (systolic/SpaceTimeSchedule.cpp).
void NestExtractor::checkBuffer(const LocatedDirective &LD, bool Scheduled) {
  llvm::StringRef Name = LD.D.Args[0].Name;
  if (!Scheduled) {
    reject(URERule::Buffer, LD.Loc,
           "'" + quotedText(LD.D) + "' keeps values in the loader of a systolic "
           "array: add '#pragma t2s space_time(...)' and 'loader(" + Name.str() +
               ")' to this nest");
    return;
  }
  for (const LocatedDirective &Other : Sys.Directives) {
    if (&Other == &LD)
      break;
    if (Other.D.Kind == DirectiveKind::Buffer && Other.D.Args[0].Name == Name) {
      reject(URERule::Buffer, LD.Loc,
             "'" + Name.str() + "' has a buffer already, in '" + quotedText(Other.D) +
                 "'; keep one buffer(" + Name.str() + ", ...) line");
      return;
    }
  }
  if (llvm::none_of(Sys.Inputs, [&](const InputRead &In) { return In.Name == Name; })) {
    reject(URERule::Buffer, LD.Loc,
           "'" + Name.str() + "' in '" + quotedText(LD.D) +
               "' is not an input this nest reads; a buffer keeps an input's values in its "
               "loader; the inputs are " + inputList());
    return;
  }
  bool Loaded = llvm::any_of(Sys.Directives, [&](const LocatedDirective &X) {
    return X.D.Kind == DirectiveKind::Loader &&
           llvm::any_of(X.D.Args, [&](const DirectiveArg &A) { return A.Name == Name; });
  });
  if (!Loaded)
    reject(URERule::Buffer, LD.Loc,
           "'" + quotedText(LD.D) + "' keeps the values of '" + Name.str() +
               "' in its loader, but '" + Name.str() + "' has no loader: add '" + Name.str() +
               "' to a '#pragma t2s loader(...)' line of this nest");
}

// The nest's inputs for an error that names them: "a, b", or "none"; a read
// through a pointer chosen while the nest runs has no name, and the list
// says where it is and why no loader follows it.
std::string NestExtractor::inputList() const {
  llvm::SmallVector<std::string, 4> Names;
  unsigned Unnamed = 0;
  for (const InputRead &In : Sys.Inputs) {
    if (In.Name.empty()) {
      if (!Unnamed)
        Unnamed = sourceLocOf(In.Load).Line;
    } else if (!llvm::is_contained(Names, In.Name)) {
      Names.push_back(In.Name);
    }
  }
  return (Names.empty() ? std::string("none") : llvm::join(Names, ", ")) +
         (Unnamed ? " (the read at line " + std::to_string(Unnamed) +
                        " goes through a pointer chosen while the nest runs, which no "
                        "loader can follow; read each array in an access of its own)"
                  : std::string());
}

std::string NestExtractor::valueLine(const llvm::Value *V) {
  if (auto *I = llvm::dyn_cast<llvm::Instruction>(V))
    if (unsigned Line = sourceLocOf(I).Line)
      return " (line " + std::to_string(Line) + ")";
  return "";
}

} // namespace t2s
