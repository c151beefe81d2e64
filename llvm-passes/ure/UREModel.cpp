//===- UREModel.cpp - The URE model's small methods, and printing it ------===//

#include "ure/UREModel.h"
#include "ure/IterationDomain.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Type.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

std::optional<unsigned> AffineExpr::singleLoop() const {
  std::optional<unsigned> Found;
  for (unsigned D = 0; D < Coeffs.size(); ++D) {
    if (Coeffs[D] == 0)
      continue;
    if (Coeffs[D] != 1 || Found)
      return std::nullopt;
    Found = D;
  }
  return Found;
}

bool AffineExpr::isConstant() const {
  return llvm::all_of(Coeffs, [](int64_t C) { return C == 0; });
}

void AffineExpr::print(llvm::raw_ostream &OS,
                       llvm::ArrayRef<URELoop> Loops) const {
  bool First = true;
  for (unsigned D = 0; D < Coeffs.size(); ++D) {
    int64_t C = Coeffs[D];
    if (C == 0)
      continue;
    if (!First)
      OS << (C < 0 ? " - " : " + ");
    else if (C < 0)
      OS << "-";
    int64_t Abs = C < 0 ? -C : C;
    if (Abs != 1)
      OS << Abs << "*";
    OS << Loops[D].Name;
    First = false;
  }
  if (First)
    OS << Constant;
  else if (Constant)
    OS << (Constant < 0 ? " - " : " + ") << (Constant < 0 ? -Constant : Constant);
}

std::optional<unsigned> URESystem::loopIndex(llvm::StringRef Name) const {
  for (unsigned D = 0; D < Loops.size(); ++D)
    if (Loops[D].Name == Name)
      return D;
  return std::nullopt;
}

llvm::SmallVector<unsigned, 4> URESystem::referenceOrder() const {
  if (!WrittenOrder.empty())
    return WrittenOrder;
  llvm::SmallVector<unsigned, 4> Order;
  for (unsigned L = 0; L < Loops.size(); ++L)
    Order.push_back(L);
  return Order;
}

llvm::SmallVector<unsigned, 4> URESystem::timeThenSpaceOrder() const {
  auto First = llvm::find_if(Directives, [](const LocatedDirective &D) {
    return D.D.Kind == DirectiveKind::SpaceTime;
  });
  auto isSpace = [&](unsigned L) {
    return First != Directives.end() &&
           llvm::any_of(First->D.Args, [&](const DirectiveArg &A) { return A.Name == Loops[L].Name; });
  };
  llvm::SmallVector<unsigned, 4> Order;
  for (bool Space : {false, true})
    for (unsigned L = 0; L < Loops.size(); ++L)
      if (isSpace(L) == Space)
        Order.push_back(L);
  return Order;
}

bool UREArray::windowed() const {
  return llvm::any_of(Storage, [](const ArrayStorage &S) {
    return S.K != ArrayStorage::Full;
  });
}

llvm::SmallVector<unsigned, 4> UREArray::loopOfDims() const {
  llvm::SmallVector<unsigned, 4> Loops;
  for (unsigned D = 0; D < Storage.size(); ++D)
    if (Storage[D].K != ArrayStorage::Dropped)
      Loops.push_back(D);
  llvm::stable_sort(Loops, [&](unsigned A, unsigned B) {
    return Storage[A].Dim < Storage[B].Dim;
  });
  return Loops;
}

std::string UREArray::writeText(llvm::ArrayRef<URELoop> Loops) const {
  std::string Text = Name;
  for (unsigned D : loopOfDims()) {
    const ArrayStorage &S = Storage[D];
    if (S.K == ArrayStorage::Full)
      Text += "[" + Loops[D].Name + "]";
    else if (S.K == ArrayStorage::Rolled)
      Text += "[" + Loops[D].Name + " % " + std::to_string(S.Window) + "]";
  }
  return Text;
}

bool URESystem::isPlainKernel() const {
  return !KernelName.empty() &&
         llvm::none_of(Directives, [](const LocatedDirective &D) {
           return D.D.Kind == DirectiveKind::URE;
         });
}

llvm::StringRef ruleName(URERule R) {
  switch (R) {
  case URERule::PerfectNest: return "perfect nest";
  case URERule::ConstantBounds: return "constant bounds";
  case URERule::AffineBounds: return "affine bounds";
  case URERule::NoEarlyExit: return "no early exit";
  case URERule::NoSideEffects: return "no side effects";
  case URERule::Address: return "array access";
  case URERule::WriteAtLoopVariables: return "write at the loop variables";
  case URERule::WrittenOnce: return "written once";
  case URERule::Unconditional: return "unconditional URE";
  case URERule::ExtendedLast: return "extended UREs last";
  case URERule::OutputNotRead: return "outputs are not read";
  case URERule::SimpleArgs: return "simple args";
  case URERule::Order: return "order";
  case URERule::PositiveDistance: return "lexicographically positive distance";
  case URERule::ReadAfterWrite: return "read after write";
  case URERule::InitialValue: return "initial value";
  case URERule::LoopNames: return "loop names";
  case URERule::SpaceLoops: return "space loops";
  case URERule::Isolation: return "loader and drainer";
  case URERule::KernelNest: return "kernel nest";
  case URERule::Channel: return "channel";
  case URERule::GatherScatter: return "gather and scatter";
  case URERule::Vectorize: return "vectorize";
  case URERule::ScheduleSize: return "schedule size";
  case URERule::NotVolatile: return "not volatile";
  case URERule::ArrayBounds: return "array bounds";
  case URERule::ArrayStorage: return "array storage";
  case URERule::RunTimeSizes: return "run-time sizes";
  case URERule::Buffer: return "buffer";
  case URERule::OpenCL: return "opencl";
  case URERule::Offload: return "offload";
  case URERule::LastWrite: return "last write";
  case URERule::PadRounds: return "pad rounds";
  }
  llvm_unreachable("unknown URE rule");
}

SourceLoc sourceLocOf(const llvm::Instruction *I) {
  SourceLoc Loc;
  if (const llvm::DILocation *DL = I ? I->getDebugLoc().get() : nullptr) {
    // Code inlined into the nest (ure/InlineHelpers.h: a helper, std::sin's
    // wrapper in <cmath>) is where the nest calls it.
    while (const llvm::DILocation *At = DL->getInlinedAt())
      DL = At;
    Loc.File = DL->getFilename().str();
    Loc.Line = DL->getLine();
    Loc.Column = DL->getColumn();
  }
  return Loc;
}

SourceLoc sourceLocOf(const llvm::Loop *L) {
  SourceLoc Loc;
  if (llvm::DebugLoc DL = L->getStartLoc()) {
    Loc.File = DL->getFilename().str();
    Loc.Line = DL.getLine();
    Loc.Column = DL.getCol();
  }
  return Loc;
}

static void printLoc(llvm::raw_ostream &OS, const SourceLoc &Loc) {
  if (Loc.Line)
    OS << Loc.File << ":" << Loc.Line << ":" << Loc.Column;
  else
    OS << "<unknown>";
}

static void printType(llvm::raw_ostream &OS, llvm::Type *T) {
  if (T->isFloatTy())
    OS << "float";
  else if (T->isDoubleTy())
    OS << "double";
  else if (T->isIntegerTy())
    OS << "i" << T->getIntegerBitWidth();
  else
    T->print(OS);
}

int lexicographicSign(llvm::ArrayRef<int64_t> V) {
  for (int64_t X : V)
    if (X != 0)
      return X > 0 ? 1 : -1;
  return 0;
}

static void printDistance(llvm::raw_ostream &OS, llvm::ArrayRef<int64_t> D) {
  OS << "(";
  llvm::interleave(D, OS, ", ");
  OS << ")";
}

void URESystem::print(llvm::raw_ostream &OS) const {
  OS << "URE system in '" << Function << "' at ";
  printLoc(OS, Loc);
  OS << "\n  loops: ";
  llvm::interleave(
      Loops, OS,
      [&](const URELoop &L) {
        if (L.affine())
          OS << rangeText(L, Loops) << " within [" << L.Lower << ", " << L.Upper << ")";
        else if (L.runTime())
          OS << L.Name << " in [" << L.Lower << ", " << runTimeUpperText(L)
             << "), at run time (counted as [" << L.Lower << ", " << L.Upper << "))";
        else
          OS << L.Name << " in [" << L.Lower << ", " << L.Upper << ")";
      },
      ", ");
  OS << "\n";
  if (!WrittenOrder.empty()) {
    OS << "  written as: ";
    llvm::interleave(WrittenOrder, OS, [&](unsigned L) { OS << Loops[L].Name; }, ", ");
    OS << " (the space loops moved inward)\n";
  }
  for (const UREArray &A : Arrays) {
    OS << "  URE array " << A.Name << ": ";
    printType(OS, A.ElementType);
    for (uint64_t E : A.Extents)
      OS << "[" << E << "]";
    OS << ", written by statement " << A.Writer;
    if (A.windowed() || !llvm::is_sorted(A.loopOfDims()))
      OS << ", stored as " << A.writeText(Loops);
    OS << "\n";
  }
  for (unsigned S = 0; S < Statements.size(); ++S) {
    const UREStatement &St = Statements[S];
    OS << "  statement " << S << " at ";
    printLoc(OS, St.Loc);
    OS << ": ";
    if (St.Extended) {
      OS << "extended URE, output " << St.OutputName;
      for (const AffineExpr &E : St.OutputSubscripts) {
        OS << "[";
        E.print(OS, Loops);
        OS << "]";
      }
      if (!St.AffineOutput)
        OS << "[run-time index]";
    } else {
      OS << "URE " << Arrays[St.Array].Name << "(";
      llvm::interleave(Loops, OS, [&](const URELoop &L) { OS << L.Name; }, ", ");
      OS << ")";
    }
    OS << "\n";
    for (const Guard &G : St.Guards) {
      OS << (G.Exact ? "    when " : "    depends on ") << (G.WhenTrue ? "" : "not ");
      G.Condition->printAsOperand(OS, /*PrintType=*/false);
      if (auto *Cmp = llvm::dyn_cast<llvm::ICmpInst>(G.Condition)) {
        OS << " (";
        printCondition(OS, Cmp);
        OS << ")";
      }
      OS << "\n";
    }
    for (const URERead &R : St.Reads) {
      OS << "    reads " << Arrays[R.Array].Name << " at distance ";
      printDistance(OS, R.Distance);
      if (R.NamesNoIteration)
        OS << " (names no iteration of the nest)";
      OS << "\n";
    }
    for (unsigned In : St.Inputs) {
      const InputRead &I = Inputs[In];
      OS << "    reads input " << I.Name;
      for (const std::optional<AffineExpr> &E : I.Subscripts) {
        OS << "[";
        if (E)
          E->print(OS, Loops);
        else
          OS << "?";
        OS << "]";
      }
      OS << "\n";
    }
    OS << "    initial value: ";
    St.Init.print(OS, [&](unsigned Id) { return Arrays[Id].Name; });
    OS << "\n";
  }
  for (const LocatedDirective &D : Directives) {
    OS << "  directive " << D.D.str() << " at ";
    printLoc(OS, D.Loc);
    OS << "\n";
  }
}

static llvm::StringRef cOperator(llvm::CmpInst::Predicate P) {
  switch (P) {
  case llvm::CmpInst::ICMP_EQ: return "==";
  case llvm::CmpInst::ICMP_NE: return "!=";
  case llvm::CmpInst::ICMP_SLT: case llvm::CmpInst::ICMP_ULT: return "<";
  case llvm::CmpInst::ICMP_SLE: case llvm::CmpInst::ICMP_ULE: return "<=";
  case llvm::CmpInst::ICMP_SGT: case llvm::CmpInst::ICMP_UGT: return ">";
  case llvm::CmpInst::ICMP_SGE: case llvm::CmpInst::ICMP_UGE: return ">=";
  default: return llvm::CmpInst::getPredicateName(P);
  }
}

// "k == 19": a comparison of loop variables and constants, as the source had it.
void URESystem::printCondition(llvm::raw_ostream &OS,
                               const llvm::ICmpInst *Cmp) const {
  auto operand = [&](const llvm::Value *V) {
    V = V->stripPointerCasts();
    if (auto *Ext = llvm::dyn_cast<llvm::CastInst>(V))
      V = Ext->getOperand(0);
    for (const URELoop &L : Loops)
      if (V == L.IV) {
        OS << L.Name;
        return;
      }
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(V)) {
      OS << C->getSExtValue();
      return;
    }
    V->printAsOperand(OS, /*PrintType=*/false);
  };
  operand(Cmp->getOperand(0));
  OS << " " << cOperator(Cmp->getPredicate()) << " ";
  operand(Cmp->getOperand(1));
}

void UREModel::print(llvm::raw_ostream &OS) const {
  for (const URESystem &S : Systems)
    S.print(OS);
  for (const URERejection &R : Rejections) {
    OS << "rejected (" << ruleName(R.Rule) << ") at ";
    printLoc(OS, R.Loc);
    OS << ": " << R.Message << "\n";
  }
}

} // namespace t2s
