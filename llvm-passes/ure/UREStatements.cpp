//===- UREStatements.cpp - A nest's statements in the URE model -----------===//
//
// The second half of NestExtractor (NestExtractor.h): each store of the nest
// body classified as a URE statement or an output, its reads as URE reads
// with distance vectors or input reads with affine subscripts, the guards
// and deciding conditions, array bounds, the order of statements and the
// initial values. The rules of the directives that isolate accesses
// (loader, drainer, buffer) are in DirectiveRules.cpp.
//
//===----------------------------------------------------------------------===//

#include "ure/Guards.h"
#include "ure/NestExtractor.h"
#include "ure/RunTimeSizes.h"
#include "ure/InitialValues.h"
#include "language/LoopMetadata.h"

#define DEBUG_TYPE "t2s-ure"

namespace t2s {

// "struct 'P'" (the type copied or cleared, as the addresses tell it), or
// "a struct or array".
std::string NestExtractor::aggregateName(const llvm::MemIntrinsic *MI) {
  llvm::Type *T = nullptr;
  llvm::SmallVector<const llvm::Value *, 2> Ptrs{MI->getDest()};
  if (auto *MT = llvm::dyn_cast<llvm::MemTransferInst>(MI))
    Ptrs.push_back(MT->getSource());
  for (const llvm::Value *Ptr : Ptrs) {
    if (auto *G = llvm::dyn_cast<llvm::GEPOperator>(Ptr))
      T = G->getResultElementType();
    else if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(Ptr))
      T = A->getAllocatedType();
    if (T && T->isAggregateType())
      break;
    T = nullptr;
  }
  if (auto *ST = llvm::dyn_cast_or_null<llvm::StructType>(T);
      ST && ST->hasName()) {
    llvm::StringRef Name = ST->getName();
    if (!Name.consume_front("struct."))
      Name.consume_front("class.");
    return "struct '" + Name.str() + "'";
  }
  if (T && T->isArrayTy())
    return "an array";
  return "a struct or array";
}

std::optional<AffineExpr> NestExtractor::affineOf(const llvm::SCEV *S) {
  if (auto *C = llvm::dyn_cast<llvm::SCEVConstant>(S)) {
    AffineExpr E;
    E.Coeffs.assign(Sys.Loops.size(), 0);
    E.Constant = C->getValue()->getSExtValue();
    return E;
  }
  if (auto *Cast = llvm::dyn_cast<llvm::SCEVCastExpr>(S))
    return affineOf(Cast->getOperand(0)); // C++: signed overflow is UB
  if (auto *Add = llvm::dyn_cast<llvm::SCEVAddExpr>(S)) {
    AffineExpr Sum;
    Sum.Coeffs.assign(Sys.Loops.size(), 0);
    for (const llvm::SCEV *Op : Add->operands()) {
      std::optional<AffineExpr> E = affineOf(Op);
      if (!E)
        return std::nullopt;
      for (unsigned D = 0; D < Sum.Coeffs.size(); ++D)
        Sum.Coeffs[D] += E->Coeffs[D];
      Sum.Constant += E->Constant;
    }
    return Sum;
  }
  if (auto *Mul = llvm::dyn_cast<llvm::SCEVMulExpr>(S)) {
    if (Mul->getNumOperands() != 2)
      return std::nullopt;
    auto *C = llvm::dyn_cast<llvm::SCEVConstant>(Mul->getOperand(0));
    std::optional<AffineExpr> E = affineOf(Mul->getOperand(1));
    if (!C || !E)
      return std::nullopt;
    int64_t K = C->getValue()->getSExtValue();
    for (int64_t &Coeff : E->Coeffs)
      Coeff *= K;
    E->Constant *= K;
    return E;
  }
  if (auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S)) {
    if (!AR->isAffine())
      return std::nullopt;
    std::optional<unsigned> D;
    for (unsigned I = 0; I < Sys.Loops.size(); ++I)
      if (Sys.Loops[I].L == AR->getLoop())
        D = I;
    auto *Step = llvm::dyn_cast<llvm::SCEVConstant>(AR->getStepRecurrence(SE));
    std::optional<AffineExpr> E = affineOf(AR->getStart());
    if (!D || !Step || !E)
      return std::nullopt;
    // {start,+,c}<loop d> = start + c * (v_d - lower_d), where lower_d may
    // name outer loops.
    int64_t C = Step->getValue()->getSExtValue();
    E->Coeffs[*D] += C;
    const AffineExpr &Lower = Sys.Loops[*D].LowerBound;
    if (Lower.isConstant()) {
      E->Constant -= C * Sys.Loops[*D].Lower;
      return E;
    }
    for (unsigned I = 0; I < Lower.Coeffs.size(); ++I)
      E->Coeffs[I] -= C * Lower.Coeffs[I];
    E->Constant -= C * Lower.Constant;
    return E;
  }
  return std::nullopt;
}

std::optional<AffineExpr> NestExtractor::affineOf(llvm::Value *V) {
  if (!SE.isSCEVable(V->getType()))
    return std::nullopt;
  return affineOf(SE.getSCEV(V));
}

std::string NestExtractor::accessText(llvm::StringRef Name,
                       llvm::ArrayRef<llvm::Value *> Subscripts) {
  std::string Text = Name.str();
  llvm::raw_string_ostream OS(Text);
  for (llvm::Value *S : Subscripts) {
    OS << "[";
    auto [Of, Window] = splitWindow(S);
    if (std::optional<AffineExpr> E = affineOf(Of)) {
      bool Paren = Window && (E->Constant != 0 || !E->singleLoop());
      OS << (Paren ? "(" : "");
      E->print(OS, Sys.Loops);
      OS << (Paren ? ")" : "");
      if (Window)
        OS << " % " << Window;
    } else {
      OS << "...";
    }
    OS << "]";
  }
  return Text;
}

std::optional<llvm::SmallVector<ArrayStorage, 4>>
NestExtractor::storageOf(llvm::ArrayRef<llvm::Value *> Subs) {
  llvm::SmallVector<ArrayStorage, 4> Storage(Sys.Loops.size());
  for (ArrayStorage &S : Storage)
    S.K = ArrayStorage::Dropped;
  // Each subscript one loop variable, each loop at most once, in any order
  // ('Phi[i][t]' in a t-outer nest): Dim says which dimension a loop has.
  for (unsigned Dim = 0; Dim < Subs.size(); ++Dim) {
    auto [Of, Window] = splitWindow(Subs[Dim]);
    std::optional<AffineExpr> E = affineOf(Of);
    std::optional<unsigned> L = E ? E->singleLoop() : std::nullopt;
    if (!L || E->Constant != 0 || Storage[*L].K != ArrayStorage::Dropped)
      return std::nullopt;
    Storage[*L].K = Window ? ArrayStorage::Rolled : ArrayStorage::Full;
    Storage[*L].Window = Window;
    Storage[*L].Dim = Dim;
  }
  return Storage;
}

// "[k][j][i]": the subscripts of a URE array written at the loop variables.
std::string NestExtractor::nestOrder() const {
  std::string S;
  for (const URELoop &L : Sys.Loops)
    S += "[" + L.Name + "]";
  return S;
}

void NestExtractor::classifyStatement(llvm::StoreInst *St) {
  UREStatement S;
  S.Store = St;
  S.Loc = sourceLocOf(St);
  llvm::Value *Base;
  llvm::SmallVector<llvm::Value *, 4> Subs;
  if (!decomposeAddress(St->getPointerOperand(), Base, Subs)) {
    reject(URERule::Address, S.Loc,
           "this store does not index an array (struct fields and pointer "
           "arithmetic are not supported in a URE nest); write to an array "
           "element 'X[k][j][i]'");
    return;
  }
  unsigned Index = Sys.Statements.size();
  llvm::Type *ArrayTy = arrayObjectType(Base);
  // A URE array: an array of the function written at the loop variables,
  // each once, in any order, each maybe modulo a window, some maybe left out (its
  // storage, ArrayStorage); with one subscript per loop, anything else is
  // an error. Other stores write outputs.
  // (Subscripts that are each one loop variable, one of them twice or plus
  // a constant, mean a URE array written wrongly, not an output.)
  std::optional<llvm::SmallVector<ArrayStorage, 4>> Storage;
  bool AtLoopVariables = !Subs.empty() && Subs.size() <= Sys.Loops.size();
  for (llvm::Value *Sub : Subs) {
    std::optional<AffineExpr> E = affineOf(splitWindow(Sub).first);
    AtLoopVariables &= E && E->singleLoop();
  }
  bool Local = ArrayTy && !useOutsideNest(Base);
  if (Local && AtLoopVariables)
    Storage = storageOf(Subs);
  if (Local && (AtLoopVariables || Subs.size() == Sys.Loops.size())) {
    std::string Name = getSourceName(Base);
    if (!Storage) {
      reject(URERule::WriteAtLoopVariables, S.Loc,
             "the URE array '" + Name +
                 "' must be written at exactly the loop variables, each once "
                 "and in any order, e.g. " + Name + nestOrder() +
                 " (or, to keep less storage, some of them modulo a window "
                 "or left out: docs/language.md, 'URE array storage'); this "
                 "writes " + accessText(Name, Subs));
      return;
    }
    if (auto It = ArrayOf.find(Base); It != ArrayOf.end()) {
      const UREStatement &First = Sys.Statements[Sys.Arrays[It->second].Writer];
      reject(URERule::WrittenOnce, S.Loc,
             "the URE array '" + Name + "' is written a second time (first at "
             "line " + llvm::Twine(First.Loc.Line) +
                 "); a URE array is written once per iteration: use another "
                 "array for the second value");
      return;
    }
    UREArray A;
    A.Name = Name;
    A.Object = Base;
    A.ElementType = arrayShape(ArrayTy, A.Extents);
    A.Storage = std::move(*Storage);
    A.Writer = Index;
    if (St->isVolatile()) {
      reject(URERule::NotVolatile, S.Loc,
             "the URE array '" + Name + "' is volatile, but URE arrays "
             "become registers of the PEs and their accesses are reordered "
             "with the iterations; remove 'volatile' from '" + Name + "'");
      return;
    }
    if (!checkArrayBounds(A, S.Loc))
      return;
    S.Array = Sys.Arrays.size();
    ArrayOf[Base] = S.Array;
    Sys.Arrays.push_back(std::move(A));
  } else {
    S.Extended = true;
    S.Output = Base;
    S.OutputName = getSourceName(Base);
    for (llvm::Value *Sub : Subs) {
      std::optional<AffineExpr> E = affineOf(Sub);
      llvm::SmallPtrSet<const llvm::Value *, 8> Visited;
      if (!E && computedValue(Sub, Visited)) {
        reject(URERule::Address, S.Loc,
               "the output " + accessText(S.OutputName, Subs) +
                   " is not indexed by the loop variables, the function's "
                   "parameters and constants alone; compute the index from "
                   "those");
        return;
      }
      // An index with a run-time stride ('i * N + j') is no affine
      // expression of the loops; the kernels compute it as written.
      if (!E)
        S.AffineOutput = false;
      else if (S.AffineOutput)
        S.OutputSubscripts.push_back(*E);
    }
    if (!S.AffineOutput)
      S.OutputSubscripts.clear();
    OutputOf[Base] = Index;
  }
  S.Guards = guardsOf(St->getParent());
  if (!S.Extended && !S.Guards.empty()) {
    reject(URERule::Unconditional, S.Loc,
           "the URE array '" + Sys.Arrays[S.Array].Name +
               "' is written only under a condition; a URE is defined at "
               "every iteration: move the condition into the value, e.g. "
               "'X[k][j][i] = c ? v : X[k][j - 1][i]'");
  }
  Sys.Statements.push_back(std::move(S));
}

// A URE array holds a value for every iteration: each loop's range lies in
// the array's extent along that loop.
bool NestExtractor::checkArrayBounds(const UREArray &A, const SourceLoc &Loc) {
  for (unsigned D = 0; D < Sys.Loops.size() && D < A.Storage.size(); ++D) {
    const URELoop &L = Sys.Loops[D];
    const ArrayStorage &St = A.Storage[D];
    if (L.runTime() && St.K == ArrayStorage::Full) {
      reject(URERule::RunTimeSizes, Loc,
             "the URE array '" + A.Name + "' has a dimension for every "
             "iteration of loop '" + L.Name + "', which runs up to '" +
                 runTimeUpperText(L) + "', known only at run time, so no "
                 "declared size is sure to hold it; keep only the iterations "
                 "its reads reach ('" + L.Name + " % 2' for a read of '" +
                 L.Name + " - 1') or leave the dimension out (docs/language.md, "
                 "\"URE array storage\")");
      return false;
    }
    if (L.Upper <= L.Lower || St.K == ArrayStorage::Dropped ||
        St.Dim >= A.Extents.size())
      continue; // no iteration, or no dimension
    int64_t Extent = int64_t(A.Extents[St.Dim]);
    std::string Where = A.Name;
    for (unsigned E : A.loopOfDims()) {
      std::string Sub = E == D ? std::to_string(L.Lower < 0 ? L.Lower : L.Upper - 1)
                               : Sys.Loops[E].Name;
      if (A.Storage[E].K == ArrayStorage::Rolled)
        Sub += " % " + std::to_string(A.Storage[E].Window);
      Where += "[" + Sub + "]";
    }
    if (L.Lower < 0) {
      reject(URERule::ArrayBounds, Loc,
             "loop '" + L.Name + "' starts at " + std::to_string(L.Lower) +
                 ", so the URE array '" + A.Name + "' is written at " +
                 Where + ", before its first element (the sequential "
                 "program's behaviour is undefined); a URE array is indexed "
                 "by the loop variables, so loops start at 0 or above: "
                 "shift the loop, 'for (int " + L.Name + " = 0; " + L.Name +
                 " < " + std::to_string(L.Upper - L.Lower) + "; ++" +
                 L.Name + ")', and write '" + L.Name + " - " +
                 std::to_string(-L.Lower) + "' where the body uses the "
                 "value of '" + L.Name + "' (input and output subscripts, "
                 "conditions)");
      return false;
    }
    if (St.K == ArrayStorage::Rolled && int64_t(St.Window) > Extent) {
      reject(URERule::ArrayBounds, Loc,
             "the URE array '" + A.Name + "' keeps a window of " +
                 std::to_string(St.Window) + " iterations of '" + L.Name +
                 "' (" + A.writeText(Sys.Loops) + ") in a dimension of " +
                 std::to_string(Extent) + " elements; declare '" + A.Name +
                 "' with " + std::to_string(St.Window) +
                 " elements in that dimension");
      return false;
    }
    if (St.K == ArrayStorage::Full && L.Upper > Extent) {
      reject(URERule::ArrayBounds, Loc,
             "loop '" + L.Name + "' runs to " + std::to_string(L.Upper - 1) +
                 ", so the URE array '" + A.Name + "' is written at " +
                 Where + ", past its last element (extent " +
                 std::to_string(Extent) + " along '" + L.Name + "'); "
                 "declare '" + A.Name + "' with at least " +
                 std::to_string(L.Upper) + " elements along '" + L.Name +
                 "'");
      return false;
    }
  }
  return true;
}

// The branch conditions that must hold for BB to run, outermost first.
llvm::SmallVector<Guard, 2> NestExtractor::guardsOf(llvm::BasicBlock *BB) {
  llvm::SmallVector<Guard, 2> Guards;
  llvm::BasicBlock *Header = Sys.innermost()->getHeader(), *Start = BB;
  while (BB != Header) {
    llvm::DomTreeNode *Node = DT.getNode(BB)->getIDom();
    if (!Node)
      break;
    llvm::BasicBlock *P = Node->getBlock();
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
    if (Br && Br->isConditional() && P != Header)
      for (unsigned S = 0; S < 2; ++S)
        if (DT.dominates(llvm::BasicBlockEdge(P, Br->getSuccessor(S)), BB))
          Guards.insert(Guards.begin(), {Br->getCondition(), S == 0});
    BB = P;
  }
  Guards.append(joinedGuards(Sys, DT, Start));
  return Guards;
}

// Records the reads of the value S stores and returns when it exists: a
// branch merge or select is an OR of its alternatives, everything else an
// AND of its operands (seed merge_ures.md).
InitFormula NestExtractor::visitValue(llvm::Value *V, UREStatement &S, unsigned Index,
                       llvm::DenseMap<llvm::Value *, InitFormula> &Memo) {
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  if (!I || !Sys.innermost()->contains(I) ||
      llvm::any_of(Sys.Loops, [&](const URELoop &L) { return L.IV == I; }))
    return InitFormula::trueValue();
  if (auto It = Memo.find(V); It != Memo.end())
    return It->second;
  Memo[V] = InitFormula::trueValue(); // cut cycles through phis
  InitFormula Result;
  if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(I)) {
    Result = visitLoad(Ld, S, Index);
  } else if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I)) {
    // The conditions that choose the alternative ('c ? a : b', and the
    // left operands of '&&' and '||') are read too, like a select's.
    llvm::SmallVector<InitFormula, 4> Parts;
    for (llvm::Value *Cond : decidingConditions(Phi))
      Parts.push_back(visitValue(Cond, S, Index, Memo));
    llvm::SmallVector<InitFormula, 2> Alternatives;
    for (llvm::Value *In : Phi->incoming_values())
      Alternatives.push_back(visitValue(In, S, Index, Memo));
    Parts.push_back(InitFormula::anyOf(Alternatives));
    Result = InitFormula::allOf(Parts);
  } else if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(I)) {
    InitFormula Cond = visitValue(Sel->getCondition(), S, Index, Memo);
    InitFormula Alt = InitFormula::anyOf(
        {visitValue(Sel->getTrueValue(), S, Index, Memo),
         visitValue(Sel->getFalseValue(), S, Index, Memo)});
    Result = InitFormula::allOf({Cond, Alt});
  } else {
    llvm::SmallVector<InitFormula, 4> Ops;
    for (llvm::Value *Op : I->operands())
      Ops.push_back(visitValue(Op, S, Index, Memo));
    Result = InitFormula::allOf(Ops);
  }
  Memo[V] = Result;
  return Result;
}

// The conditions that decide which value a merge of the innermost body
// receives: those of the branches between the merge's immediate dominator
// and the merge whose two ways reach the merge through different incoming
// blocks. (A branch inside one alternative, such as the '&&' in
// 'c ? a && b : d', belongs to that alternative's value.)
llvm::SmallVector<llvm::Value *, 2> NestExtractor::decidingConditions(llvm::PHINode *Phi) {
  llvm::SmallVector<llvm::Value *, 2> Conditions;
  llvm::Loop *Inner = Sys.innermost();
  llvm::BasicBlock *Merge = Phi->getParent();
  llvm::DomTreeNode *Node = DT.getNode(Merge);
  if (Merge == Inner->getHeader() || !Node || !Node->getIDom())
    return Conditions;
  llvm::BasicBlock *Decider = Node->getIDom()->getBlock();
  using Blocks = llvm::SmallVector<llvm::BasicBlock *, 2>;
  llvm::DenseMap<llvm::BasicBlock *, Blocks> Memo;
  auto inRegion = [&](llvm::BasicBlock *BB) {
    return Inner->contains(BB) && BB != Inner->getHeader() &&
           DT.dominates(Decider, BB);
  };
  // The incoming blocks of the merge that control reaches from BB.
  std::function<Blocks(llvm::BasicBlock *)> reach;
  auto viaEdge = [&](llvm::BasicBlock *From, llvm::BasicBlock *To) {
    if (To == Merge)
      return Blocks{From};
    return inRegion(To) ? reach(To) : Blocks{};
  };
  reach = [&](llvm::BasicBlock *BB) -> Blocks {
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second;
    Memo[BB] = {}; // the innermost body has no cycle; stay safe if it had
    Blocks Result;
    for (llvm::BasicBlock *Succ : llvm::successors(BB))
      for (llvm::BasicBlock *In : viaEdge(BB, Succ))
        if (!llvm::is_contained(Result, In))
          Result.push_back(In);
    llvm::sort(Result);
    return Memo[BB] = Result;
  };
  llvm::SmallPtrSet<llvm::BasicBlock *, 8> Seen;
  llvm::SmallVector<llvm::BasicBlock *, 8> Work(llvm::predecessors(Merge));
  while (!Work.empty()) {
    llvm::BasicBlock *BB = Work.pop_back_val();
    if (!inRegion(BB) || !Seen.insert(BB).second)
      continue;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(BB->getTerminator());
    if (Br && Br->isConditional() &&
        viaEdge(BB, Br->getSuccessor(0)) != viaEdge(BB, Br->getSuccessor(1)) &&
        !llvm::is_contained(Conditions, Br->getCondition()))
      Conditions.push_back(Br->getCondition());
    if (BB != Decider)
      Work.append(llvm::pred_begin(BB), llvm::pred_end(BB));
  }
  return Conditions;
}

InitFormula NestExtractor::visitLoad(llvm::LoadInst *Ld, UREStatement &S, unsigned Index) {
  llvm::Value *Base;
  llvm::SmallVector<llvm::Value *, 4> Subs;
  bool Decomposed = decomposeAddress(Ld->getPointerOperand(), Base, Subs);
  if (Decomposed)
    if (auto It = ArrayOf.find(Base); It != ArrayOf.end())
      return visitUREArrayRead(Ld, It->second, Subs, S, Index);
  if (Decomposed && OutputOf.count(Base)) {
    std::string Name = getSourceName(Base);
    std::string Why = "";
    if (const llvm::Instruction *Out = useOutsideNest(Base))
      Why = " (it is also used outside the nest, at line " +
            std::to_string(sourceLocOf(Out).Line) +
            ", so it is an output, not a URE array)";
    reject(URERule::OutputNotRead, sourceLocOf(Ld),
           "the output '" + Name + "' is read inside the URE nest" + Why +
               "; outputs are only written, by the last (extended) UREs: "
               "keep the recurrence in a URE array that lives only in the "
               "nest and copy results out, e.g. 'if (i == N - 1) out[0] = "
               "S[i];'");
    return InitFormula::trueValue();
  }
  InputRead In;
  In.Load = Ld;
  In.Object = Decomposed ? Base : nullptr;
  In.Name = Decomposed ? getSourceName(Base) : "<memory>";
  for (llvm::Value *Sub : Subs)
    In.Subscripts.push_back(affineOf(Sub));
  S.Inputs.push_back(Sys.Inputs.size());
  Sys.Inputs.push_back(std::move(In));
  // A subscript computed from values of the array ('b[OFF[i][k]]', a gather
  // whose index a PE computes) reads them as the statement's value does.
  llvm::SmallVector<InitFormula, 2> Parts;
  llvm::DenseMap<llvm::Value *, InitFormula> Memo;
  for (llvm::Value *Sub : Subs)
    if (!affineOf(Sub))
      Parts.push_back(visitValue(Sub, S, Index, Memo));
  return Parts.empty() ? InitFormula::trueValue() : InitFormula::allOf(Parts);
}

// T2SP's rule: a read names an iteration that runs before this one in the
// sequential order, so its distance is lexicographically positive (zero is
// the read-after-write rule's).
// The reference keeps a URE array's value written at iteration w until an
// iteration after w writes the same element. A read at distance d whose
// first non-zero component is along loop c runs at x = w + d; the
// iterations between w and x agree with w on the loops outside c, and run
// every value of the loops inside c. So a loop outside c may be rolled or
// dropped, c itself may be rolled by a window W > d_c, and a loop inside c
// needs its full dimension.
bool NestExtractor::checkStorage(const URERead &R, const UREArray &A,
                                 const std::string &Text, const SourceLoc &Loc) {
  // In the order the sequential reference runs the loops (the source's).
  llvm::SmallVector<unsigned, 4> Order = Sys.referenceOrder();
  auto First = llvm::find_if(Order, [&](unsigned D) { return R.Distance[D] != 0; });
  if (First == Order.end())
    return true;
  unsigned C = *First;
  const std::string &Carried = Sys.Loops[C].Name;
  for (unsigned D : llvm::ArrayRef(Order).drop_front(First - Order.begin())) {
    const ArrayStorage &St = A.Storage[D];
    const std::string &Name = Sys.Loops[D].Name;
    if (St.K == ArrayStorage::Full ||
        (D == C && St.K == ArrayStorage::Rolled && int64_t(St.Window) > R.Distance[C]))
      continue;
    std::string Reach = "the read " + Text + " reaches back " +
                        std::to_string(R.Distance[C]) + " iteration" +
                        (R.Distance[C] == 1 ? "" : "s") + " of '" + Carried + "'";
    std::string Window = "'" + Carried + " % " + std::to_string(R.Distance[C] + 1) + "'";
    // (A dropped loop has distance 0 in every read: it is never C.)
    std::string Why;
    if (D == C)
      Why = ", but the URE array '" + A.Name + "' keeps a window of " +
            std::to_string(St.Window) + " iterations of '" + Name + "' (" +
            A.writeText(Sys.Loops) + "), so the value is overwritten before "
            "the read; use a window of at least " +
            std::to_string(R.Distance[C] + 1) + " iterations: " + Window;
    else
      Why = ", and loop '" + Name + "' runs inside '" + Carried +
            "', but the URE array '" + A.Name + "' keeps " +
            (St.K == ArrayStorage::Dropped
                 ? std::string("no dimension")
                 : "a window of " + std::to_string(St.Window) + " iterations") +
            " for '" + Name + "' (" + A.writeText(Sys.Loops) +
            "), so the iterations of '" + Name + "' in between overwrite the "
            "value before the read; give '" + A.Name + "' its full dimension "
            "for '" + Name + "'";
    reject(URERule::ArrayStorage, Loc, Reach + Why);
    return false;
  }
  return true;
}

bool NestExtractor::checkDistance(const URERead &R, const std::string &Text,
                                  const SourceLoc &Loc) {
  // In the order the reference runs the loops: a nest whose space loops
  // moved inward under a schedule may read against the moved order, and
  // the schedule then keeps the read forward in time.
  llvm::SmallVector<int64_t, 4> InReference;
  for (unsigned L : Sys.referenceOrder())
    InReference.push_back(R.Distance[L]);
  if (lexicographicSign(InReference) >= 0)
    return true;
  std::string Dist;
  llvm::raw_string_ostream OS(Dist);
  llvm::interleave(R.Distance, OS, ", ");
  auto First = llvm::find_if(R.Distance, [](int64_t D) { return D != 0; });
  std::string Earlier;
  for (unsigned D = 0; D < unsigned(First - R.Distance.begin()); ++D)
    Earlier += (Earlier.empty() ? "" : ", ") + Sys.Loops[D].Name;
  const URELoop &L = Sys.Loops[First - R.Distance.begin()];
  reject(URERule::PositiveDistance, Loc,
         "the read " + Text + " has distance (" + Dist + "), which reads a "
             "value the sequential loops compute later: " +
             (Earlier.empty() ? std::string()
                              : "with " + Earlier + " unchanged, ") +
             "it reads '" + L.Name + " + " + llvm::Twine(-*First) +
             "'; a URE reads iterations that come earlier in nest order "
             "(the first non-zero component of the distance is positive): "
             "read '" + L.Name + " - c', or an earlier value of an outer loop");
  return false;
}

InitFormula NestExtractor::visitUREArrayRead(llvm::LoadInst *Ld, unsigned ArrayIdx,
                              llvm::ArrayRef<llvm::Value *> Subs,
                              UREStatement &S, unsigned Index) {
  const UREArray &A = Sys.Arrays[ArrayIdx];
  SourceLoc Loc = sourceLocOf(Ld);
  std::string Text = accessText(A.Name, Subs);
  // The loop each subscript stands for, in the array's dimensions.
  llvm::SmallVector<unsigned, 4> LoopOfDim = A.loopOfDims();
  if (Subs.size() != LoopOfDim.size()) {
    reject(URERule::SimpleArgs, Loc,
           "the read " + Text + " has " + llvm::Twine(Subs.size()) +
               " subscripts; a URE array is read with one subscript per " +
               (A.windowed() ? "dimension, as it is written" : "loop") +
               ", each a loop variable plus or minus a constant: " +
               A.writeText(Sys.Loops));
    return InitFormula::var(ArrayIdx);
  }
  URERead R;
  R.Array = ArrayIdx;
  R.Loads.push_back(Ld);
  R.Distance.assign(Sys.Loops.size(), 0); // dropped loops: the same iteration
  for (unsigned Dim = 0; Dim < Subs.size(); ++Dim) {
    unsigned D = LoopOfDim[Dim];
    const ArrayStorage &St = A.Storage[D];
    auto [Of, Window] = splitWindow(Subs[Dim]);
    std::optional<AffineExpr> E = affineOf(Of);
    std::optional<unsigned> L = E ? E->singleLoop() : std::nullopt;
    if (!L) {
      reject(URERule::SimpleArgs, Loc,
             "subscript " + llvm::Twine(Dim + 1) + " of the read " + Text +
                 " must be the loop variable '" + Sys.Loops[D].Name +
                 "' plus or minus a constant" +
                 (St.K == ArrayStorage::Rolled
                      ? " modulo " + std::to_string(St.Window)
                      : std::string()) +
                 " (simple args)");
      return InitFormula::var(ArrayIdx);
    }
    if (*L != D) {
      reject(URERule::Order, Loc,
             "the read " + Text + " uses '" + Sys.Loops[*L].Name +
                 "' where '" + Sys.Loops[D].Name +
                 "' belongs; a URE array is read with the loop variables "
                 "in the order it is written: " + A.writeText(Sys.Loops));
      return InitFormula::var(ArrayIdx);
    }
    if (Window != St.Window) {
      std::string Want =
          St.K == ArrayStorage::Rolled
              ? "modulo " + std::to_string(St.Window) + ", as it is written"
              : "without a modulo, as it is written";
      reject(URERule::ArrayStorage, Loc,
             "the read " + Text + " indexes '" + Sys.Loops[D].Name + "' " +
                 (Window ? "modulo " + std::to_string(Window)
                         : std::string("without a modulo")) +
                 ", but the URE array '" + A.Name + "' is written as " +
                 A.writeText(Sys.Loops) + "; read it " + Want);
      return InitFormula::var(ArrayIdx);
    }
    R.Distance[D] = -E->Constant;
  }
  if (!checkDistance(R, Text, Loc))
    return InitFormula::var(ArrayIdx);
  // The PEs keep the values of every iteration of the loops inside the
  // loop that carries the read: a run-time loop there would size them. (In
  // the order the array runs them: space loops that enclose time loops move
  // inside them, systolic/SpaceLoopsInward.h.)
  llvm::SmallVector<unsigned, 4> Order = Sys.timeThenSpaceOrder();
  auto Carrier = llvm::find_if(Order, [&](unsigned D) { return R.Distance[D] != 0; });
  for (auto It = Carrier == Order.end() ? Carrier : std::next(Carrier); It != Order.end(); ++It)
    if (unsigned D = *It; Sys.Loops[D].runTime()) {
      const URELoop &C = Sys.Loops[*Carrier];
      reject(URERule::RunTimeSizes, Loc,
             "the read " + Text + " reaches back across an iteration of loop '" +
                 C.Name + "', inside which loop '" + Sys.Loops[D].Name +
                 "' runs up to '" + runTimeUpperText(Sys.Loops[D]) +
                 "', known only at run time: the PEs would keep the values of "
                 "all its iterations, as many as the parameter is large; give '" +
                 Sys.Loops[D].Name + "' a constant bound, or move it outside '" +
                 C.Name + "'");
      return InitFormula::var(ArrayIdx);
    }
  // (In a nest that runs no iteration nothing runs; its reads keep their
  // distances.)
  for (unsigned D = 0; D < R.Distance.size(); ++D)
    R.NamesNoIteration |= Sys.Loops[D].extent() > 0 &&
                          (R.Distance[D] <= -Sys.Loops[D].extent() ||
                           R.Distance[D] >= Sys.Loops[D].extent());
  if (!R.NamesNoIteration && !checkStorage(R, A, Text, Loc))
    return InitFormula::var(ArrayIdx);
  if (llvm::all_of(R.Distance, [](int64_t D) { return D == 0; }) &&
      A.Writer >= Index) {
    reject(URERule::ReadAfterWrite, Loc,
           "the read " + Text + " at distance 0 comes " +
               (A.Writer == Index ? "from the statement that writes it"
                                  : "before the statement that writes it") +
               " (line " + llvm::Twine(Sys.Statements[A.Writer].Loc.Line) +
               "); within an iteration a URE reads only values already "
               "written: move the statement of '" + A.Name +
               "' up, or read an earlier iteration");
    return InitFormula::var(ArrayIdx);
  }
  auto Same = llvm::find_if(S.Reads, [&](const URERead &Old) {
    return Old.Array == R.Array && Old.Distance == R.Distance;
  });
  if (Same == S.Reads.end())
    S.Reads.push_back(std::move(R));
  else if (!llvm::is_contained(Same->Loads, Ld))
    Same->Loads.push_back(Ld);
  return InitFormula::var(ArrayIdx);
}

void NestExtractor::analyzeReads(UREStatement &S, unsigned Index) {
  llvm::DenseMap<llvm::Value *, InitFormula> Memo;
  S.Init = visitValue(S.Store->getValueOperand(), S, Index, Memo);
  // Reads in the conditions of an output count as its reads too (they do
  // not decide whether a value exists, so they stay out of Init).
  for (const Guard &G : S.Guards)
    visitValue(G.Condition, S, Index, Memo);
}

void NestExtractor::checkStatementOrder() {
  const UREStatement *FirstExtended = nullptr;
  for (const UREStatement &S : Sys.Statements) {
    if (S.Extended) {
      if (!FirstExtended)
        FirstExtended = &S;
      continue;
    }
    if (FirstExtended)
      reject(URERule::ExtendedLast, S.Loc,
             "the URE statement of '" + Sys.Arrays[S.Array].Name +
                 "' follows the extended URE (output) at line " +
                 llvm::Twine(FirstExtended->Loc.Line) +
                 "; extended UREs must be the last statements: move it below");
  }
}

// The first instruction outside the nest that uses Object, if any. A URE
// array lives only inside its nest (it becomes shift registers); an array
// also used elsewhere is an output.
const llvm::Instruction *NestExtractor::useOutsideNest(const llvm::Value *Object) const {
  return firstUseWhere(Object, [&](const llvm::Instruction &I) {
    return !Sys.outermost()->contains(&I);
  });
}

// A value computed in the nest (not from loop variables, parameters and
// constants alone) that decides whether BB runs, or null. The branches that
// decide it are those BB is control dependent on, and theirs in turn: a
// branch decides whether X runs when X post-dominates one of its successors
// but not the branch itself. The two arms of a '?:' in a statement's value
// meet again before a guarded write, so its condition decides the value,
// not whether the write happens.
const llvm::Value *NestExtractor::computedCondition(llvm::BasicBlock *BB) {
  llvm::Loop *Inner = Sys.innermost();
  llvm::SmallPtrSet<llvm::BasicBlock *, 16> Seen{BB};
  llvm::SmallVector<llvm::BasicBlock *, 16> Work{BB};
  llvm::SmallPtrSet<const llvm::Value *, 16> Visited;
  while (!Work.empty()) {
    llvm::BasicBlock *X = Work.pop_back_val();
    for (llvm::BasicBlock *P : Inner->blocks()) {
      auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
      if (!Br || !Br->isConditional() || P == Inner->getHeader() || PDT.dominates(X, P) ||
          llvm::none_of(llvm::successors(P),
                        [&](llvm::BasicBlock *S) { return PDT.dominates(X, S); }))
        continue;
      if (const llvm::Value *Bad = computedValue(Br->getCondition(), Visited))
        return Bad;
      if (Seen.insert(P).second)
        Work.push_back(P);
    }
  }
  return nullptr;
}

const llvm::Value *NestExtractor::computedValue(const llvm::Value *V,
                                 llvm::SmallPtrSetImpl<const llvm::Value *> &Visited) {
  if (llvm::isa<llvm::Constant>(V) || !Visited.insert(V).second)
    return nullptr;
  if (auto *A = llvm::dyn_cast<llvm::Argument>(V))
    return A->getType()->isPointerTy() ? A : nullptr;
  if (llvm::any_of(Sys.Loops, [&](const URELoop &L) { return L.IV == V; }))
    return nullptr;
  auto *I = llvm::dyn_cast<llvm::Instruction>(V);
  // std::min and std::max of integers are llvm.smin and friends
  // (StdMinMax.h): functions of their operands, as a select is.
  if (!I || !(llvm::isa<llvm::BinaryOperator, llvm::CmpInst, llvm::CastInst,
                        llvm::SelectInst, llvm::PHINode, llvm::MinMaxIntrinsic>(I)))
    return V;
  for (const llvm::Value *Op : I->operands())
    if (const llvm::Value *Bad = computedValue(Op, Visited))
      return Bad;
  return nullptr;
}

void NestExtractor::checkInitialValues() {
  llvm::SmallVector<InitFormula, 4> Formulas;
  for (const UREArray &A : Sys.Arrays)
    Formulas.push_back(Sys.Statements[A.Writer].Init);
  InitialValueResult R = findUREsWithoutInitialValue(Formulas);
  if (R.allHaveInitialValue())
    return;
  std::string Names, Waits;
  for (unsigned K = 0; K < R.WithoutInitialValue.size(); ++K) {
    unsigned Id = R.WithoutInitialValue[K];
    Names += (K ? ", '" : "'") + Sys.Arrays[Id].Name + "'";
    std::string On;
    for (unsigned W : R.DependsOn[K])
      On += (On.empty() ? "'" : " or '") + Sys.Arrays[W].Name + "'";
    Waits += (K ? "; '" : "'") + Sys.Arrays[Id].Name + "' waits on " + On;
  }
  const UREStatement &First =
      Sys.Statements[Sys.Arrays[R.WithoutInitialValue.front()].Writer];
  reject(URERule::InitialValue, First.Loc,
         "no initial value for " + Names + " (" + Waits +
             "): every URE needs a starting value that does not depend on "
             "itself, e.g. 'X[k][j][i] = j == 0 ? input : X[k][j - 1][i]'");
}

} // namespace t2s
