//===- AttachPragmas.cpp - Markers to loop metadata -----------------------===//

#include "language/AttachPragmas.h"
#include "language/LoopMetadata.h"
#include "language/Markers.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "t2s-attach-pragmas"

STATISTIC(NumMarkers, "Number of t2s markers turned into loop metadata");

namespace t2s {

namespace {

struct Marker {
  llvm::IntrinsicInst *Call;
  llvm::StringRef Text; // the annotation string
  SourceLoc Loc;        // the pragma's position, else the annotation's
};

// Parses "<line>:<col>:<text>" of a directive marker.
bool splitDirectiveMarker(llvm::StringRef Body, SourceLoc &Loc,
                          llvm::StringRef &Text) {
  auto [LineText, Rest] = Body.split(':');
  auto [ColText, DirText] = Rest.split(':');
  if (LineText.getAsInteger(10, Loc.Line) || ColText.getAsInteger(10, Loc.Column))
    return false;
  Text = DirText;
  return true;
}

std::optional<Marker> asMarker(llvm::Instruction &I) {
  auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
  if (!II || II->getIntrinsicID() != llvm::Intrinsic::var_annotation)
    return std::nullopt;
  llvm::StringRef Text, File;
  if (!llvm::getConstantStringInfo(II->getArgOperand(1), Text) ||
      !Text.starts_with("t2s."))
    return std::nullopt;
  llvm::getConstantStringInfo(II->getArgOperand(2), File);
  unsigned Line = 0;
  if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(II->getArgOperand(3)))
    Line = C->getZExtValue();
  Marker M{II, Text, SourceLoc{File.str(), Line, 0}};
  SourceLoc PragmaLoc = M.Loc;
  llvm::StringRef DirectiveText;
  if (Text.starts_with(DirectiveMarkerPrefix) &&
      splitDirectiveMarker(Text.drop_front(DirectiveMarkerPrefix.size()),
                           PragmaLoc, DirectiveText))
    M.Loc = PragmaLoc;
  return M;
}

// The loop entered next after the marker: the only loop header reachable from
// the marker's block without entering another header or leaving the loop that
// holds the marker.
llvm::Loop *loopAfter(llvm::Instruction *MarkerCall, llvm::LoopInfo &LI) {
  llvm::BasicBlock *Start = MarkerCall->getParent();
  llvm::Loop *Enclosing = LI.getLoopFor(Start);
  llvm::SmallSetVector<llvm::Loop *, 2> Found;
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Visited;
  llvm::SmallVector<llvm::BasicBlock *, 8> Worklist(llvm::successors(Start));
  while (!Worklist.empty() && Visited.size() < 256) {
    llvm::BasicBlock *BB = Worklist.pop_back_val();
    if (!Visited.insert(BB).second)
      continue;
    if (Enclosing && !Enclosing->contains(BB))
      continue;
    if (Enclosing && BB == Enclosing->getHeader())
      continue; // a back edge: we went around the loop holding the marker
    if (llvm::Loop *L = LI.getLoopFor(BB); L && L->getHeader() == BB) {
      Found.insert(L);
      continue;
    }
    Worklist.append(llvm::succ_begin(BB), llvm::succ_end(BB));
  }
  return Found.size() == 1 ? Found.front() : nullptr;
}

void eraseIfDead(llvm::Value *V) {
  auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(V->stripPointerCasts());
  if (GV && GV->hasLocalLinkage() && GV->use_empty())
    GV->eraseFromParent();
}

void eraseMarkers(llvm::ArrayRef<Marker> Markers) {
  for (const Marker &M : Markers) {
    llvm::Value *Str = M.Call->getArgOperand(1);
    llvm::Value *File = M.Call->getArgOperand(2);
    M.Call->eraseFromParent();
    eraseIfDead(Str);
    eraseIfDead(File);
  }
}

// Whether LLVM's function-attribute inference ran on F: clang never writes
// 'nosync' or 'nofree' on a function it defines, the optimizer infers them.
bool optimizedBefore(const llvm::Function &F) {
  return F.hasFnAttribute(llvm::Attribute::NoSync) ||
         F.hasFnAttribute(llvm::Attribute::NoFree);
}

} // namespace

llvm::PreservedAnalyses AttachPragmasPass::run(llvm::Function &F,
                                               llvm::FunctionAnalysisManager &FAM) {
  llvm::SmallVector<Marker, 8> Markers;
  for (llvm::Instruction &I : llvm::instructions(F))
    if (std::optional<Marker> M = asMarker(I))
      Markers.push_back(*M);
  if (Markers.empty())
    return llvm::PreservedAnalyses::all();

  if (optimizedBefore(F)) {
    const Marker *First = &Markers.front();
    for (const Marker &M : Markers)
      if (M.Text.starts_with(DirectiveMarkerPrefix)) {
        First = &M;
        break;
      }
    reportError(F, First->Loc,
                "the IR of this function was optimized before the T2S passes ran "
                "(LLVM's optimizations moved, unrolled or merged the loops that "
                "'#pragma t2s' marks); give them the IR as clang emits it: "
                "'clang++-19 -O0 -Xclang -disable-llvm-passes -S -emit-llvm' (or -O2 "
                "with -Xclang -disable-llvm-passes) with the T2S clang plugin, or "
                "compile with t2s-clang");
    eraseMarkers(Markers);
    return llvm::PreservedAnalyses::none();
  }

  llvm::LoopInfo &LI = FAM.getResult<llvm::LoopAnalysis>(F);
  // Operands per loop, in marker order (the front end emits them in pragma order).
  llvm::MapVector<llvm::Loop *, llvm::SmallVector<llvm::Metadata *, 4>> Attach;
  llvm::LLVMContext &Ctx = F.getContext();
  for (const Marker &M : Markers) {
    if (M.Text.starts_with(ExtentMarkerPrefix)) {
      uint64_t Bytes = 0;
      if (M.Text.drop_front(ExtentMarkerPrefix.size()).getAsInteger(10, Bytes))
        reportError(F, M.Loc, "malformed t2s extent marker '" + M.Text + "'");
      else
        setDeclaredExtent(M.Call->getArgOperand(0), Bytes);
      ++NumMarkers;
      continue;
    }
    if (M.Text.starts_with(VarMarkerPrefix)) {
      setSourceName(M.Call->getArgOperand(0),
                    M.Text.drop_front(VarMarkerPrefix.size()));
      ++NumMarkers;
      continue;
    }
    llvm::Loop *L = loopAfter(M.Call, LI);
    if (!L) {
      reportError(F, M.Loc,
                  "t2s marker '" + M.Text +
                      "' is not directly followed by a loop; a '#pragma t2s' "
                      "line must stand right above the 'for' loop it applies to");
      continue;
    }
    if (M.Text.starts_with(LoopMarkerPrefix)) {
      llvm::StringRef Name = M.Text.drop_front(LoopMarkerPrefix.size());
      if (!getLoopSourceName(*L))
        Attach[L].push_back(makeLoopNameMD(Ctx, Name));
      LLVM_DEBUG(llvm::dbgs() << "t2s: loop " << L->getHeader()->getName()
                              << " is '" << Name << "'\n");
    } else if (M.Text.starts_with(DirectiveMarkerPrefix)) {
      SourceLoc Loc = M.Loc;
      llvm::StringRef Text;
      if (!splitDirectiveMarker(M.Text.drop_front(DirectiveMarkerPrefix.size()),
                                Loc, Text)) {
        reportError(F, M.Loc, "malformed t2s directive marker '" + M.Text + "'");
        continue;
      }
      llvm::Expected<Directive> D = parseDirective(Text);
      if (!D) {
        reportError(F, Loc, llvm::toString(D.takeError()));
        continue;
      }
      Attach[L].push_back(makeDirectiveMD(Ctx, *D, Loc));
      LLVM_DEBUG(llvm::dbgs() << "t2s: loop " << L->getHeader()->getName()
                              << " gets '" << D->str() << "'\n");
    } else {
      reportError(F, M.Loc, "unknown t2s marker '" + M.Text + "'");
      continue;
    }
    ++NumMarkers;
  }
  for (auto &[L, Ops] : Attach)
    addLoopMetadata(*L, Ops);

  eraseMarkers(Markers);
  llvm::PreservedAnalyses PA;
  PA.preserveSet<llvm::CFGAnalyses>();
  return PA;
}

} // namespace t2s
