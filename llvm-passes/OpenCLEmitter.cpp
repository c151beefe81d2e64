//===- OpenCLEmitter.cpp - OpenCL C for Intel FPGAs -----------------------===//

#include "OpenCLEmitter.h"
#include "LoopMetadata.h"
#include "SpaceTimeSchedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>
#include <optional>

namespace {

llvm::cl::opt<std::string> OpenCLOutput(
    "t2s-opencl", llvm::cl::value_desc("file"),
    llvm::cl::desc("Write the T2S designs as OpenCL C for Intel FPGAs to file"));

} // namespace

namespace t2s {

namespace {

// The C name of a scalar IR type, or "" if it has none here.
std::string cType(llvm::Type *T) {
  if (T->isFloatTy())
    return "float";
  if (T->isDoubleTy())
    return "double";
  if (T->isIntegerTy(1))
    return "bool";
  if (T->isIntegerTy(8))
    return "char";
  if (T->isIntegerTy(16))
    return "short";
  if (T->isIntegerTy(32))
    return "int";
  if (T->isIntegerTy(64))
    return "long";
  return "";
}

class KernelPrinter {
  llvm::Function &F;
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::DominatorTree &DT;
  llvm::raw_ostream &OS;
  // Pointer parameters: element type, and whether the kernel writes them.
  llvm::DenseMap<const llvm::Argument *, llvm::Type *> ElementOf;
  llvm::DenseMap<const llvm::Argument *, bool> Written;
  llvm::DenseMap<const llvm::LoadInst *, std::pair<unsigned, int64_t>> UREReadOf;
  std::string Failure; // why printing stopped, if it did

public:
  KernelPrinter(llvm::Function &F, const SpaceTimeSchedule &Sch,
                llvm::DominatorTree &DT, llvm::raw_ostream &OS)
      : F(F), Sch(Sch), S(Sch.System), DT(DT), OS(OS) {}

  /// Prints the kernel; on failure prints nothing and returns the reason.
  std::optional<std::string> print() {
    for (const ScheduledRead &SR : Sch.Reads) {
      const URERead &R = S.Statements[SR.Statement].Reads[SR.Read];
      for (llvm::LoadInst *Ld : R.Loads)
        UREReadOf[Ld] = {SR.Statement, SR.Read};
    }
    findBufferTypes();
    std::string Body;
    llvm::raw_string_ostream B(Body);
    printBody(B);
    if (!Failure.empty())
      return Failure;
    printSignature();
    OS << " {\n" << Body << "}\n";
    return std::nullopt;
  }

private:
  const URELoop &loop(unsigned L) const { return S.Loops[L]; }

  void fail(const llvm::Twine &Why) {
    if (Failure.empty())
      Failure = Why.str();
  }

  std::string argName(const llvm::Argument *A) const {
    std::string N = getSourceName(A);
    return N.empty() ? "arg" + std::to_string(A->getArgNo()) : N;
  }

  // Element types of the buffers, from the scalar loads and stores through them.
  void findBufferTypes() {
    auto note = [&](llvm::Value *Ptr, llvm::Type *T, bool Store) {
      llvm::Value *Base;
      llvm::SmallVector<llvm::Value *, 4> Subs;
      if (!decomposeAddress(Ptr, Base, Subs))
        return;
      if (auto *A = llvm::dyn_cast<llvm::Argument>(Base)) {
        ElementOf[A] = T;
        Written[A] |= Store;
      }
    };
    for (llvm::BasicBlock *BB : S.innermost()->blocks())
      for (llvm::Instruction &I : *BB) {
        if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
          note(Ld->getPointerOperand(), Ld->getType(), false);
        else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
          note(St->getPointerOperand(), St->getValueOperand()->getType(), true);
      }
  }

  void printSignature() {
    OS << "__kernel __attribute__((max_global_work_dim(0)))\nvoid "
       << kernelName() << "(";
    bool First = true;
    for (llvm::Argument &A : F.args()) {
      OS << (First ? "" : ", ");
      First = false;
      if (A.getType()->isPointerTy()) {
        llvm::Type *T = ElementOf.lookup(&A);
        std::string Ty = T ? cType(T) : "char";
        OS << "__global " << (Written.lookup(&A) ? "" : "const ") << Ty
           << " *restrict " << argName(&A);
      } else {
        OS << cType(A.getType()) << " " << argName(&A);
      }
    }
    OS << ")";
  }

  std::string kernelName() const {
    std::string D = llvm::demangle(F.getName());
    return D.substr(0, D.find('('));
  }

  std::string registerName(unsigned A) const { return "sr_" + S.Arrays[A].Name; }

  // The register index of PE 'L.Name - Offset' along loop L.
  static std::string peIndex(const URELoop &L, int64_t Offset) {
    int64_t Minus = L.Lower + Offset;
    if (Minus == 0)
      return L.Name;
    return L.Name + (Minus > 0 ? " - " : " + ") + std::to_string(Minus > 0 ? Minus : -Minus);
  }

  void printBody(llvm::raw_ostream &B) {
    // The shift registers, one set per PE.
    for (const RegisterPlan &P : Sch.Registers) {
      B << "  " << cType(S.Arrays[P.Array].ElementType) << " "
        << registerName(P.Array) << "[" << P.ConservativeWords << "]";
      for (unsigned L : Sch.PELoops)
        B << "[" << loop(L).extent() << "]";
      B << ";\n";
    }
    std::string Indent = "  ";
    // Loops outside the first time loop, then one loop per time variable.
    const SpaceTimeStep &First = Sch.Steps.front();
    unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
    for (unsigned L = 0; L < Outer; ++L) {
      B << Indent << "for (int " << loop(L).Name << " = " << loop(L).Lower
        << "; " << loop(L).Name << " < " << loop(L).Upper << "; "
        << loop(L).Name << "++) {\n";
      Indent += "  ";
    }
    unsigned NumTime = 0;
    for (unsigned K = 0; K < Sch.Steps.size(); ++K) {
      const SpaceTimeStep &St = Sch.Steps[K];
      if (!St.HasTimeLoop)
        continue;
      std::string T = timeName(K);
      B << Indent << "for (int " << T << " = " << St.TimeLower << "; " << T
        << " < " << St.TimeUpper << "; " << T << "++) {\n";
      Indent += "  ";
      ++NumTime;
    }
    if (NumTime)
      printShifts(B, Indent);
    printPEs(B, Indent);
    for (unsigned L = 0; L < Outer + NumTime; ++L) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
  }

  // A step without a schedule keeps its loop's name: its time is the loop.
  std::string timeName(unsigned K) const {
    const SpaceTimeStep &St = Sch.Steps[K];
    return needsRecovery(St) ? "t" + std::to_string(K + 1) : loop(St.TimeLoop).Name;
  }

  static bool needsRecovery(const SpaceTimeStep &St) {
    return St.HasTimeLoop &&
           llvm::any_of(St.Schedule, [](int64_t C) { return C != 0; });
  }

  // Open '#pragma unroll' loops over every PE; returns the subscript text.
  std::string openPELoops(llvm::raw_ostream &B, std::string &Indent) {
    std::string Subs;
    for (unsigned L : Sch.PELoops) {
      const URELoop &P = loop(L);
      B << Indent << "#pragma unroll\n"
        << Indent << "for (int " << P.Name << " = " << P.Lower << "; " << P.Name
        << " < " << P.Upper << "; " << P.Name << "++) {\n";
      Indent += "  ";
      Subs += "[" + peIndex(P, 0) + "]";
    }
    return Subs;
  }

  void closePELoops(llvm::raw_ostream &B, std::string &Indent) {
    for (size_t I = 0; I < Sch.PELoops.size(); ++I) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
  }

  void printShifts(llvm::raw_ostream &B, std::string Indent) {
    bool Any = llvm::any_of(Sch.Registers, [](const RegisterPlan &P) {
      return P.ConservativeWords > 1;
    });
    if (!Any)
      return;
    B << Indent << "// Shift the registers: one time step passes.\n";
    std::string Subs = openPELoops(B, Indent);
    for (const RegisterPlan &P : Sch.Registers) {
      if (P.ConservativeWords < 2)
        continue;
      std::string R = registerName(P.Array);
      B << Indent << "#pragma unroll\n"
        << Indent << "for (int x = " << P.ConservativeWords - 1
        << "; x > 0; x--)\n"
        << Indent << "  " << R << "[x]" << Subs << " = " << R << "[x - 1]"
        << Subs << ";\n";
    }
    closePELoops(B, Indent);
  }

  void printPEs(llvm::raw_ostream &B, std::string Indent) {
    B << Indent << "// The PEs.\n";
    openPELoops(B, Indent);
    // Recover the loop variables from the time (last space_time first).
    std::string Check;
    for (const SpaceTimeStep &St : llvm::reverse(Sch.Steps)) {
      if (!needsRecovery(St))
        continue;
      unsigned K = &St - Sch.Steps.begin();
      const URELoop &T = loop(St.TimeLoop);
      B << Indent << "int " << T.Name << " = " << timeName(K);
      for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
        if (int64_t C = St.Schedule[I])
          B << " - " << C << " * " << loop(St.SpaceLoops[I]).Name;
      B << ";\n";
      Check += std::string(Check.empty() ? "" : " && ") + T.Name +
               " >= " + std::to_string(T.Lower) + " && " + T.Name + " < " +
               std::to_string(T.Upper);
    }
    if (!Check.empty()) {
      B << Indent << "if (" << Check << ") { // this PE's time step\n";
      Indent += "  ";
    }
    for (const UREStatement &St : S.Statements)
      printStatement(B, Indent, St);
    if (!Check.empty()) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
    closePELoops(B, Indent);
  }

  void printStatement(llvm::raw_ostream &B, const std::string &Indent,
                      const UREStatement &St) {
    std::string Value = expr(St.Store->getValueOperand());
    if (!St.Extended) {
      B << Indent << registerName(St.Array) << "[0]";
      for (unsigned L : Sch.PELoops)
        B << "[" << peIndex(loop(L), 0) << "]";
      B << " = " << Value << ";\n";
      return;
    }
    std::string Cond;
    for (const Guard &G : St.Guards)
      Cond += std::string(Cond.empty() ? "" : " && ") + (G.WhenTrue ? "" : "!") +
              expr(G.Condition);
    B << Indent << (Cond.empty() ? "" : "if (" + unwrap(Cond) + ") ")
      << address(St.Store->getPointerOperand()) << " = " << Value << ";\n";
  }

  // Text without one pair of parentheses around all of it.
  static std::string unwrap(const std::string &Text) {
    if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
      return Text;
    int Depth = 0;
    for (size_t I = 0; I + 1 < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        return Text; // the first '(' closes before the end
    }
    return Text.substr(1, Text.size() - 2);
  }

  // 'name[flattened index]' of a buffer element.
  std::string address(llvm::Value *Ptr) {
    llvm::SmallVector<llvm::GEPOperator *, 4> Chain;
    llvm::Value *P = Ptr;
    while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
      Chain.push_back(G);
      P = G->getPointerOperand();
    }
    auto *A = llvm::dyn_cast<llvm::Argument>(P);
    if (!A) {
      fail("an access that is not to a parameter's buffer");
      return "?";
    }
    const llvm::DataLayout &DL = F.getParent()->getDataLayout();
    llvm::Type *Elem = ElementOf.lookup(A);
    uint64_t ElemSize = Elem ? DL.getTypeAllocSize(Elem) : 1;
    std::string Index;
    for (llvm::GEPOperator *G : llvm::reverse(Chain)) {
      llvm::Type *T = G->getSourceElementType();
      bool FirstIndex = true;
      for (llvm::Use &U : G->indices()) {
        uint64_t Scale = DL.getTypeAllocSize(T) / ElemSize;
        if (!FirstIndex)
          T = T->isArrayTy() ? T->getArrayElementType() : T;
        if (!FirstIndex)
          Scale = DL.getTypeAllocSize(T) / ElemSize;
        FirstIndex = false;
        if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(U.get()); C && C->isZero())
          continue;
        std::string Term = expr(U.get());
        if (Scale != 1)
          Term = Term + " * " + std::to_string(Scale);
        Index += (Index.empty() ? "" : " + ") + Term;
      }
    }
    return argName(A) + "[" + (Index.empty() ? "0" : Index) + "]";
  }

  std::string constant(const llvm::Constant *C) {
    if (auto *I = llvm::dyn_cast<llvm::ConstantInt>(C))
      return I->getType()->isIntegerTy(1) ? (I->isOne() ? "true" : "false")
                                           : std::to_string(I->getSExtValue());
    if (auto *FP = llvm::dyn_cast<llvm::ConstantFP>(C)) {
      bool Single = FP->getType()->isFloatTy();
      double V = Single ? FP->getValueAPF().convertToFloat()
                        : FP->getValueAPF().convertToDouble();
      if (std::isinf(V))
        return V > 0 ? "INFINITY" : "(-INFINITY)";
      if (std::isnan(V))
        return "NAN";
      // The shortest decimal that reads back as the same value.
      std::string Text;
      for (int Digits = 1; Digits <= 17; ++Digits) {
        Text = llvm::formatv("{0}", llvm::format("%.*g", Digits, V)).str();
        if (Single ? std::strtof(Text.c_str(), nullptr) == float(V)
                   : std::strtod(Text.c_str(), nullptr) == V)
          break;
      }
      if (Text.find_first_of(".e") == std::string::npos)
        Text += ".0";
      return Single ? Text + "f" : Text;
    }
    fail("a constant expression");
    return "?";
  }

  std::string expr(llvm::Value *V) {
    if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
      return constant(C);
    if (auto *A = llvm::dyn_cast<llvm::Argument>(V))
      return argName(A);
    for (const URELoop &L : S.Loops)
      if (V == L.IV)
        return L.Name;
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    if (!I) {
      fail("a value of an unknown kind");
      return "?";
    }
    if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(I))
      return load(Ld);
    if (auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I))
      return binary(BO);
    if (auto *Cmp = llvm::dyn_cast<llvm::CmpInst>(I))
      return compare(Cmp);
    if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(I)) {
      std::string T = cType(Cast->getType());
      if (T.empty()) {
        fail("a cast to a type without a C name");
        return "?";
      }
      std::string Op = expr(Cast->getOperand(0));
      if (Cast->getOpcode() == llvm::Instruction::ZExt ||
          Cast->getOpcode() == llvm::Instruction::UIToFP)
        Op = "(u" + cType(Cast->getOperand(0)->getType()) + ")" + Op;
      return "((" + T + ")" + Op + ")";
    }
    if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(I))
      return "(" + expr(Sel->getCondition()) + " ? " + expr(Sel->getTrueValue()) +
             " : " + expr(Sel->getFalseValue()) + ")";
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I))
      return conditional(Phi);
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(I))
      return call(Call);
    fail(llvm::Twine("the instruction '") + I->getOpcodeName() + "'");
    return "?";
  }

  std::string load(llvm::LoadInst *Ld) {
    auto It = UREReadOf.find(Ld);
    if (It == UREReadOf.end())
      return address(Ld->getPointerOperand());
    auto [SI, RI] = It->second;
    const URERead &R = S.Statements[SI].Reads[RI];
    const ScheduledRead *SR = nullptr;
    for (const ScheduledRead &X : Sch.Reads)
      if (X.Statement == SI && X.Read == RI)
        SR = &X;
    std::string Text = registerName(R.Array) + "[" + std::to_string(SR->TimeDistance) + "]";
    for (unsigned P = 0; P < Sch.PELoops.size(); ++P) {
      const URELoop &L = loop(Sch.PELoops[P]);
      Text += "[" + peIndex(L, SR->PEDistance[P]) + "]";
    }
    return Text;
  }

  std::string binary(llvm::BinaryOperator *BO) {
    const char *Op = nullptr;
    bool Unsigned = false;
    switch (BO->getOpcode()) {
    case llvm::Instruction::Add: case llvm::Instruction::FAdd: Op = "+"; break;
    case llvm::Instruction::Sub: case llvm::Instruction::FSub: Op = "-"; break;
    case llvm::Instruction::Mul: case llvm::Instruction::FMul: Op = "*"; break;
    case llvm::Instruction::SDiv: case llvm::Instruction::FDiv: Op = "/"; break;
    case llvm::Instruction::UDiv: Op = "/"; Unsigned = true; break;
    case llvm::Instruction::SRem: case llvm::Instruction::FRem: Op = "%"; break;
    case llvm::Instruction::URem: Op = "%"; Unsigned = true; break;
    case llvm::Instruction::Shl: Op = "<<"; break;
    case llvm::Instruction::AShr: Op = ">>"; break;
    case llvm::Instruction::LShr: Op = ">>"; Unsigned = true; break;
    case llvm::Instruction::And: Op = "&"; break;
    case llvm::Instruction::Or: Op = "|"; break;
    case llvm::Instruction::Xor: Op = "^"; break;
    default: break;
    }
    if (!Op) {
      fail(llvm::Twine("the operator '") + BO->getOpcodeName() + "'");
      return "?";
    }
    std::string A = expr(BO->getOperand(0)), B = expr(BO->getOperand(1));
    if (Unsigned) {
      std::string U = "(u" + cType(BO->getType()) + ")";
      return "((" + cType(BO->getType()) + ")(" + U + A + " " + Op + " " + U + B + "))";
    }
    return "(" + A + " " + Op + " " + B + ")";
  }

  std::string compare(llvm::CmpInst *Cmp) {
    using P = llvm::CmpInst::Predicate;
    const char *Op = nullptr;
    bool Unsigned = false;
    switch (Cmp->getPredicate()) {
    case P::ICMP_EQ: case P::FCMP_OEQ: case P::FCMP_UEQ: Op = "=="; break;
    case P::ICMP_NE: case P::FCMP_ONE: case P::FCMP_UNE: Op = "!="; break;
    case P::ICMP_SLT: case P::FCMP_OLT: case P::FCMP_ULT: Op = "<"; break;
    case P::ICMP_SLE: case P::FCMP_OLE: case P::FCMP_ULE: Op = "<="; break;
    case P::ICMP_SGT: case P::FCMP_OGT: case P::FCMP_UGT: Op = ">"; break;
    case P::ICMP_SGE: case P::FCMP_OGE: case P::FCMP_UGE: Op = ">="; break;
    case P::ICMP_ULT: Op = "<"; Unsigned = true; break;
    case P::ICMP_ULE: Op = "<="; Unsigned = true; break;
    case P::ICMP_UGT: Op = ">"; Unsigned = true; break;
    case P::ICMP_UGE: Op = ">="; Unsigned = true; break;
    default: break;
    }
    if (!Op) {
      fail("a comparison without a C operator");
      return "?";
    }
    std::string A = expr(Cmp->getOperand(0)), B = expr(Cmp->getOperand(1));
    if (Unsigned) {
      std::string U = "(u" + cType(Cmp->getOperand(0)->getType()) + ")";
      A = U + A;
      B = U + B;
    }
    return "(" + A + " " + Op + " " + B + ")";
  }

  // A merge of two branches is the C conditional it came from. The condition
  // under which the first value arrives is rebuilt from the branches between
  // the block that decides (the merge's immediate dominator) and the merge,
  // which also covers conditions with '||' and '&&'.
  std::string conditional(llvm::PHINode *Phi) {
    llvm::DomTreeNode *Node = DT.getNode(Phi->getParent());
    llvm::BasicBlock *Decider =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    if (!Decider || Phi->getNumIncomingValues() != 2) {
      fail("a merge of more than two branches");
      return "?";
    }
    llvm::DenseMap<llvm::BasicBlock *, std::string> Memo;
    std::optional<std::string> Cond = edgeCondition(
        Phi->getIncomingBlock(0), Phi->getParent(), Decider, Memo);
    if (!Cond || Cond->empty()) {
      fail("a merge whose branches cannot be told apart");
      return "?";
    }
    llvm::Value *First = Phi->getIncomingValue(0), *Second = Phi->getIncomingValue(1);
    // 'a || b' and 'a && b' as clang emits them.
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(First); C && Phi->getType()->isIntegerTy(1))
      return C->isOne() ? "(" + *Cond + " || " + expr(Second) + ")"
                        : "(!" + *Cond + " && " + expr(Second) + ")";
    return "(" + *Cond + " ? " + expr(First) + " : " + expr(Second) + ")";
  }

  // The condition for the edge From -> To to be taken once control is in
  // Decider ("" is true), or std::nullopt if it cannot be told.
  std::optional<std::string>
  edgeCondition(llvm::BasicBlock *From, llvm::BasicBlock *To,
                llvm::BasicBlock *Decider,
                llvm::DenseMap<llvm::BasicBlock *, std::string> &Memo) {
    std::optional<std::string> Reach = reachCondition(From, Decider, Memo);
    if (!Reach)
      return std::nullopt;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(From->getTerminator());
    if (!Br)
      return std::nullopt;
    std::string Edge;
    if (Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
      Edge = (Br->getSuccessor(0) == To ? "" : "!") + expr(Br->getCondition());
    if (Reach->empty())
      return Edge;
    if (Edge.empty())
      return Reach;
    return "(" + *Reach + " && " + Edge + ")";
  }

  std::optional<std::string>
  reachCondition(llvm::BasicBlock *BB, llvm::BasicBlock *Decider,
                 llvm::DenseMap<llvm::BasicBlock *, std::string> &Memo) {
    if (BB == Decider)
      return std::string();
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second;
    if (!DT.dominates(Decider, BB))
      return std::nullopt;
    llvm::SmallVector<std::string, 2> Terms;
    for (llvm::BasicBlock *Pred : llvm::predecessors(BB)) {
      std::optional<std::string> T = edgeCondition(Pred, BB, Decider, Memo);
      if (!T)
        return std::nullopt;
      if (T->empty())
        return Memo[BB] = "";
      Terms.push_back(*T);
    }
    // 'A || (!A && B)' (a short-circuit '||') reads better as 'A || B'.
    if (Terms.size() == 2)
      for (unsigned First = 0; First < 2; ++First) {
        const std::string &A = Terms[First], &Other = Terms[1 - First];
        std::string Negated = "(!" + A + " && ";
        if (llvm::StringRef(Other).starts_with(Negated) && Other.back() == ')')
          return Memo[BB] = "(" + A + " || " +
                            Other.substr(Negated.size(),
                                         Other.size() - Negated.size() - 1) +
                            ")";
      }
    std::string Or;
    for (const std::string &T : Terms)
      Or = Or.empty() ? T : "(" + Or + " || " + T + ")";
    return Memo[BB] = Or;
  }

  // Library math, by its OpenCL name (overloaded, without the 'f').
  std::string call(llvm::CallInst *Call) {
    llvm::Function *Callee = Call->getCalledFunction();
    if (!Callee) {
      fail("an indirect call");
      return "?";
    }
    auto args = [&] {
      std::string Args;
      for (llvm::Value *A : Call->args())
        Args += (Args.empty() ? "" : ", ") + expr(A);
      return Args;
    };
    switch (Callee->getIntrinsicID()) {
    case llvm::Intrinsic::fmuladd: // contraction allowed, as in OpenCL C
      return "(" + expr(Call->getArgOperand(0)) + " * " +
             expr(Call->getArgOperand(1)) + " + " + expr(Call->getArgOperand(2)) + ")";
    case llvm::Intrinsic::fma: return "fma(" + args() + ")";
    case llvm::Intrinsic::fabs: return "fabs(" + args() + ")";
    case llvm::Intrinsic::sqrt: return "sqrt(" + args() + ")";
    case llvm::Intrinsic::minnum: return "fmin(" + args() + ")";
    case llvm::Intrinsic::maxnum: return "fmax(" + args() + ")";
    case llvm::Intrinsic::smin: return "min(" + args() + ")";
    case llvm::Intrinsic::smax: return "max(" + args() + ")";
    default: break;
    }
    std::string Name = llvm::demangle(Callee->getName());
    Name = Name.substr(0, Name.find('('));
    if (llvm::StringRef(Name).starts_with("std::"))
      Name = Name.substr(5);
    static const char *Math[] = {"sqrt", "exp", "exp2", "log", "log2", "log10",
                                 "sin", "cos", "tan", "pow", "fabs", "fmin",
                                 "fmax", "floor", "ceil", "round", "trunc",
                                 "tanh", "atan", "atan2", "fmod"};
    std::string Base = Name;
    if (!Base.empty() && Base.back() == 'f' && !llvm::is_contained(Math, Base))
      Base.pop_back();
    if (!llvm::is_contained(Math, Base)) {
      fail("a call to '" + Name + "'");
      return "?";
    }
    return Base + "(" + args() + ")";
  }
};

} // namespace

llvm::PreservedAnalyses OpenCLEmitterPass::run(llvm::Function &F,
                                               llvm::FunctionAnalysisManager &FAM) {
  if (OpenCLOutput.empty() || F.isDeclaration() || F.getMetadata(MergeFailedTag))
    return llvm::PreservedAnalyses::all();
  const SpaceTimeResult &R = FAM.getResult<SpaceTimeAnalysis>(F);
  if (R.Schedules.empty() || !R.Rejections.empty() ||
      !FAM.getResult<UREAnalysis>(F).Rejections.empty())
    return llvm::PreservedAnalyses::all();
  llvm::DominatorTree &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);

  std::string Text;
  llvm::raw_string_ostream OS(Text);
  for (const SpaceTimeSchedule &Sch : R.Schedules) {
    OS << "\n// " << llvm::demangle(F.getName()) << ": the URE system at "
       << Sch.System.Loc.File << ":" << Sch.System.Loc.Line << "\n";
    if (std::optional<std::string> Why = KernelPrinter(F, Sch, DT, OS).print()) {
      reportError(F, Sch.System.Loc,
                  "cannot write this design as OpenCL: it uses " + *Why +
                      "; the OpenCL back end prints arithmetic, comparisons, "
                      "conditionals, casts and library math");
      return llvm::PreservedAnalyses::all();
    }
  }
  // Kernels of every function go to one file, in the order clang runs them.
  std::error_code EC;
  llvm::raw_fd_ostream Out(OpenCLOutput, EC, llvm::sys::fs::OF_Append);
  if (EC) {
    F.getContext().emitError("cannot write " + OpenCLOutput + ": " + EC.message());
    return llvm::PreservedAnalyses::all();
  }
  Out << Text;
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
