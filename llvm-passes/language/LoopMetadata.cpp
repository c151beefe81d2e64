//===- LoopMetadata.cpp - T2S directives on '!llvm.loop' ------------------===//

#include "language/LoopMetadata.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

namespace t2s {

namespace {

// The tag of a tagged tuple operand (!{!"tag", ...}), or "".
llvm::StringRef tagOf(const llvm::Metadata *Op) {
  auto *Node = llvm::dyn_cast_or_null<llvm::MDNode>(Op);
  if (!Node || Node->getNumOperands() == 0)
    return "";
  auto *Tag = llvm::dyn_cast<llvm::MDString>(Node->getOperand(0));
  return Tag ? Tag->getString() : "";
}

// The operands of L's loop ID that are tuples tagged with Tag.
llvm::SmallVector<const llvm::MDNode *, 4> taggedOperands(const llvm::Loop &L,
                                                          llvm::StringRef Tag) {
  llvm::SmallVector<const llvm::MDNode *, 4> Result;
  llvm::MDNode *ID = L.getLoopID();
  if (!ID)
    return Result;
  for (const llvm::MDOperand &Op : llvm::drop_begin(ID->operands()))
    if (tagOf(Op.get()) == Tag)
      Result.push_back(llvm::cast<llvm::MDNode>(Op.get()));
  return Result;
}

llvm::StringRef stringOperand(const llvm::MDNode *N, unsigned I) {
  if (I >= N->getNumOperands())
    return "";
  if (auto *S = llvm::dyn_cast_or_null<llvm::MDString>(N->getOperand(I)))
    return S->getString();
  return "";
}

unsigned intOperand(const llvm::MDNode *N, unsigned I) {
  if (I >= N->getNumOperands())
    return 0;
  if (auto *C = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
          N->getOperand(I)))
    return C->getZExtValue();
  return 0;
}

// Gives L a new loop ID: each operand it had, as Keep maps it (null drops
// it), then Append.
void rebuildLoopID(llvm::Loop &L,
                   llvm::function_ref<llvm::Metadata *(llvm::Metadata *)> Keep,
                   llvm::ArrayRef<llvm::Metadata *> Append) {
  llvm::LLVMContext &Ctx = L.getHeader()->getContext();
  llvm::SmallVector<llvm::Metadata *, 8> Ops;
  Ops.push_back(nullptr); // the self reference, filled in below
  if (llvm::MDNode *Old = L.getLoopID())
    for (const llvm::MDOperand &Op : llvm::drop_begin(Old->operands()))
      if (llvm::Metadata *New = Keep(Op.get()))
        Ops.push_back(New);
  Ops.append(Append.begin(), Append.end());
  llvm::MDNode *ID = llvm::MDNode::getDistinct(Ctx, Ops);
  ID->replaceOperandWith(0, ID);
  L.setLoopID(ID);
}

} // namespace

std::optional<std::string> getLoopSourceName(const llvm::Loop &L) {
  auto Nodes = taggedOperands(L, LoopNameTag);
  if (Nodes.empty())
    return std::nullopt;
  return stringOperand(Nodes.front(), 1).str();
}

llvm::SmallVector<std::string, 4> getWrittenOrder(const llvm::Loop &L) {
  llvm::SmallVector<std::string, 4> Names;
  auto Nodes = taggedOperands(L, WrittenOrderTag);
  if (!Nodes.empty())
    for (unsigned I = 1; I < Nodes.front()->getNumOperands(); ++I)
      Names.push_back(stringOperand(Nodes.front(), I).str());
  return Names;
}

std::string getChosenSchedule(const llvm::Loop &L) {
  auto Nodes = taggedOperands(L, ChosenScheduleTag);
  return Nodes.empty() ? std::string() : stringOperand(Nodes.front(), 1).str();
}

void replaceLoopDirective(llvm::Loop &L, const SourceLoc &Loc, const Directive &D) {
  llvm::LLVMContext &Ctx = L.getHeader()->getContext();
  rebuildLoopID(
      L,
      [&](llvm::Metadata *Op) -> llvm::Metadata * {
        auto *Node = llvm::dyn_cast_or_null<llvm::MDNode>(Op);
        bool Same = tagOf(Op) == DirectiveTag && stringOperand(Node, 2) == Loc.File &&
                    intOperand(Node, 3) == Loc.Line && intOperand(Node, 4) == Loc.Column;
        return Same ? makeDirectiveMD(Ctx, D, Loc) : Op;
      },
      {});
}

llvm::SmallVector<LocatedDirective, 2> getLoopDirectives(const llvm::Loop &L) {
  llvm::SmallVector<LocatedDirective, 2> Result;
  for (const llvm::MDNode *N : taggedOperands(L, DirectiveTag)) {
    SourceLoc Loc{stringOperand(N, 2).str(), intOperand(N, 3), intOperand(N, 4)};
    llvm::Expected<Directive> D = parseDirective(stringOperand(N, 1));
    if (!D) {
      reportError(*L.getHeader()->getParent(), Loc,
                  "malformed t2s.directive metadata: " +
                      llvm::toString(D.takeError()));
      continue;
    }
    Result.push_back({std::move(*D), std::move(Loc)});
  }
  return Result;
}

void addLoopMetadata(llvm::Loop &L, llvm::ArrayRef<llvm::Metadata *> Operands) {
  rebuildLoopID(L, [](llvm::Metadata *Op) { return Op; }, Operands);
}

void setLoopSourceName(llvm::Loop &L, llvm::StringRef Name) {
  rebuildLoopID(
      L,
      [](llvm::Metadata *Op) -> llvm::Metadata * {
        return tagOf(Op) == LoopNameTag ? nullptr : Op;
      },
      {makeLoopNameMD(L.getHeader()->getContext(), Name)});
}

llvm::MDNode *makeLoopNameMD(llvm::LLVMContext &Ctx, llvm::StringRef Name) {
  return llvm::MDNode::get(Ctx, {llvm::MDString::get(Ctx, LoopNameTag),
                                 llvm::MDString::get(Ctx, Name)});
}

llvm::MDNode *makeDirectiveMD(llvm::LLVMContext &Ctx, const Directive &D,
                              const SourceLoc &Loc) {
  llvm::Type *I32 = llvm::Type::getInt32Ty(Ctx);
  return llvm::MDNode::get(
      Ctx, {llvm::MDString::get(Ctx, DirectiveTag),
            llvm::MDString::get(Ctx, D.str()), llvm::MDString::get(Ctx, Loc.File),
            llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I32, Loc.Line)),
            llvm::ConstantAsMetadata::get(
                llvm::ConstantInt::get(I32, Loc.Column))});
}

// The parameter a parameter's alloca holds: it is stored to once, with the
// parameter, and goes away with mem2reg (the parameter's names and extents
// then belong to the argument); null for other storage.
static llvm::Argument *storedArgument(llvm::AllocaInst *Alloca) {
  llvm::Argument *Arg = nullptr;
  unsigned Stores = 0;
  for (llvm::User *U : Alloca->users())
    if (auto *St = llvm::dyn_cast<llvm::StoreInst>(U);
        St && St->getPointerOperand() == Alloca) {
      ++Stores;
      llvm::Value *V = St->getValueOperand();
      if (auto *Ext = llvm::dyn_cast<llvm::ZExtInst>(V)) // a bool, stored as i8
        V = Ext->getOperand(0);
      Arg = llvm::dyn_cast<llvm::Argument>(V);
    }
  return Stores == 1 ? Arg : nullptr;
}

// Sets operand Arg's of the function's tuple Tag (one operand per argument,
// Blank where none was set).
static void setArgOperand(llvm::Argument &Arg, llvm::StringRef Tag, llvm::Metadata *Blank,
                          llvm::Metadata *Value) {
  llvm::Function &F = *Arg.getParent();
  llvm::SmallVector<llvm::Metadata *, 8> Ops(F.arg_size(), Blank);
  if (llvm::MDNode *Old = F.getMetadata(Tag))
    for (unsigned I = 0; I < Old->getNumOperands() && I < Ops.size(); ++I)
      Ops[I] = Old->getOperand(I);
  Ops[Arg.getArgNo()] = Value;
  F.setMetadata(Tag, llvm::MDNode::get(F.getContext(), Ops));
}

void setSourceName(llvm::Value *Storage, llvm::StringRef Name) {
  auto *Alloca = llvm::dyn_cast<llvm::AllocaInst>(Storage->stripPointerCasts());
  if (!Alloca)
    return;
  llvm::LLVMContext &Ctx = Alloca->getContext();
  if (llvm::Argument *Arg = storedArgument(Alloca)) {
    setArgOperand(*Arg, ArgNamesTag, llvm::MDString::get(Ctx, ""),
                  llvm::MDString::get(Ctx, Name));
    return;
  }
  Alloca->setMetadata(NameTag, llvm::MDNode::get(Ctx, llvm::MDString::get(Ctx, Name)));
}

void setDeclaredExtent(llvm::Value *Storage, uint64_t Bytes) {
  auto *Alloca = llvm::dyn_cast<llvm::AllocaInst>(Storage->stripPointerCasts());
  llvm::Argument *Arg = Alloca ? storedArgument(Alloca) : nullptr;
  if (!Arg)
    return;
  llvm::Type *I64 = llvm::Type::getInt64Ty(Alloca->getContext());
  auto Count = [&](uint64_t N) {
    return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(I64, N));
  };
  setArgOperand(*Arg, ArgExtentsTag, Count(0), Count(Bytes));
}

std::optional<uint64_t> getDeclaredExtent(const llvm::Value *Object) {
  auto *Arg = llvm::dyn_cast<llvm::Argument>(Object->stripPointerCasts());
  if (!Arg)
    return std::nullopt;
  llvm::MDNode *Extents = Arg->getParent()->getMetadata(ArgExtentsTag);
  if (!Extents || Arg->getArgNo() >= Extents->getNumOperands())
    return std::nullopt;
  auto *N = llvm::mdconst::dyn_extract<llvm::ConstantInt>(Extents->getOperand(Arg->getArgNo()));
  if (!N || N->isZero())
    return std::nullopt;
  return N->getZExtValue();
}

std::string getSourceName(const llvm::Value *Object) {
  Object = Object->stripPointerCasts();
  if (auto *Arg = llvm::dyn_cast<llvm::Argument>(Object)) {
    if (llvm::MDNode *Names = Arg->getParent()->getMetadata(ArgNamesTag))
      if (Arg->getArgNo() < Names->getNumOperands())
        return stringOperand(Names, Arg->getArgNo()).str();
    return Arg->getName().str();
  }
  if (auto *I = llvm::dyn_cast<llvm::Instruction>(Object)) {
    if (llvm::MDNode *N = I->getMetadata(NameTag))
      return stringOperand(N, 0).str();
    return I->getName().str();
  }
  if (auto *GV = llvm::dyn_cast<llvm::GlobalVariable>(Object)) {
    // "gemm(float const (*) [20], ...)::A" names the static local A.
    std::string Demangled = llvm::demangle(GV->getName());
    size_t Scope = Demangled.rfind("::");
    if (Scope != std::string::npos)
      return Demangled.substr(Scope + 2);
    // C names the static local S of pre "pre.S" (and a second one "pre.S.1").
    llvm::SmallVector<llvm::StringRef, 3> Parts;
    llvm::StringRef(Demangled).split(Parts, '.');
    if (Parts.size() >= 2 && GV->getParent() && GV->getParent()->getFunction(Parts[0]))
      return Parts[1].str();
    return Parts[0].str();
  }
  return Object->getName().str();
}

namespace {

// An error with a source position but no debug location to carry it: printed
// as "file:line:col: message".
class LocatedError : public llvm::DiagnosticInfo {
  const SourceLoc &Loc;
  const llvm::Twine &Message;

public:
  LocatedError(const SourceLoc &Loc, const llvm::Twine &Message,
               llvm::DiagnosticSeverity Severity)
      : llvm::DiagnosticInfo(kind(), Severity), Loc(Loc), Message(Message) {}
  static int kind() {
    static const int K = llvm::getNextAvailablePluginDiagnosticKind();
    return K;
  }
  void print(llvm::DiagnosticPrinter &DP) const override {
    DP << Loc.File << ":" << Loc.Line << ":" << Loc.Column << ": " << Message;
  }
};

} // namespace

void reportDiagnostic(const llvm::Function &F, const SourceLoc &Loc,
                      const llvm::Twine &Message,
                      llvm::DiagnosticSeverity Severity) {
  // With a subprogram (clang under the T2S front end always tracks locations)
  // the diagnostic carries a real DILocation, which clang maps to the source
  // line.
  llvm::DISubprogram *SP = F.getSubprogram();
  if (!SP || !Loc.Line) {
    F.getContext().diagnose(LocatedError(Loc, Message, Severity));
    return;
  }
  llvm::DebugLoc DL = llvm::DILocation::get(F.getContext(), Loc.Line, Loc.Column, SP);
  F.getContext().diagnose(
      llvm::DiagnosticInfoUnsupported(F, Message, DL, Severity));
}

void reportError(const llvm::Function &F, const SourceLoc &Loc,
                 const llvm::Twine &Message) {
  reportDiagnostic(F, Loc, Message, llvm::DS_Error);
}

} // namespace t2s
