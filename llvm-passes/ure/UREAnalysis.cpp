//===- UREAnalysis.cpp - Build the URE model from a marked nest -----------===//
//
// UREAnalysis: reads each '#pragma t2s ure' nest with LoopInfo, the dominator
// tree and ScalarEvolution, and either builds its URESystem or records why not
// (UREModel.h lists the rules). Addresses are decomposed along clang's GEP
// chains (one subscript per array dimension); subscripts become affine forms
// of the loop variables through SCEV.
//
//===----------------------------------------------------------------------===//

#include "expr/MathFunctions.h"
#include "ure/IterationDomain.h"
#include "ure/NestExtractor.h"
#include "ure/RunTimeSizes.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

#define DEBUG_TYPE "t2s-ure"

namespace t2s {

llvm::AnalysisKey UREAnalysis::Key;

bool hasDirective(llvm::ArrayRef<LocatedDirective> Ds, DirectiveKind K) {
  return llvm::any_of(Ds, [&](const LocatedDirective &D) { return D.D.Kind == K; });
}

// A directive as messages quote it: whole, unless it is long (a generated
// directive may name thousands of loops or arrays).
std::string quotedText(const Directive &D) {
  std::string Text = D.str();
  if (Text.size() <= 80)
    return Text;
  std::string Short = D.Name + "(";
  for (unsigned K = 0; K < D.Args.size() && K < 3; ++K)
    Short += (K ? ", " : "") + D.Args[K].str();
  return Short + ", ...)";
}

// Array dimensions of T, outermost first, and the element type.
llvm::Type *arrayShape(llvm::Type *T, llvm::SmallVectorImpl<uint64_t> &Extents) {
  while (auto *AT = llvm::dyn_cast<llvm::ArrayType>(T)) {
    Extents.push_back(AT->getNumElements());
    T = AT->getElementType();
  }
  return T;
}

llvm::Type *arrayObjectType(const llvm::Value *V) {
  if (auto *A = llvm::dyn_cast<llvm::AllocaInst>(V))
    return A->getAllocatedType()->isArrayTy() ? A->getAllocatedType() : nullptr;
  if (auto *G = llvm::dyn_cast<llvm::GlobalVariable>(V))
    return G->getValueType()->isArrayTy() ? G->getValueType() : nullptr;
  return nullptr;
}

// Like Value::stripPointerCasts, but keeps GEPs with zero indices: 'out[0]'
// and a struct's first field are subscripts here.
static llvm::Value *stripCasts(llvm::Value *V) {
  while (auto *Op = llvm::dyn_cast<llvm::Operator>(V)) {
    if (Op->getOpcode() != llvm::Instruction::BitCast &&
        Op->getOpcode() != llvm::Instruction::AddrSpaceCast)
      break;
    V = Op->getOperand(0);
  }
  return V;
}

std::pair<llvm::Value *, uint64_t> splitWindow(llvm::Value *Sub) {
  llvm::Value *V = Sub;
  while (auto *Cast = llvm::dyn_cast<llvm::CastInst>(V))
    if (Cast->isIntegerCast())
      V = Cast->getOperand(0);
    else
      break;
  auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(V);
  auto *C = BO ? llvm::dyn_cast<llvm::ConstantInt>(BO->getOperand(1)) : nullptr;
  if (!C || C->isNegative() || C->getValue().getActiveBits() > 32)
    return {Sub, 0};
  uint64_t N = C->getZExtValue();
  switch (BO->getOpcode()) {
  case llvm::Instruction::SRem:
  case llvm::Instruction::URem:
    if (N > 0)
      return {BO->getOperand(0), N};
    break;
  case llvm::Instruction::And:
    if (llvm::isPowerOf2_64(N + 1))
      return {BO->getOperand(0), N + 1};
    break;
  default:
    break;
  }
  return {Sub, 0};
}

bool decomposeAddress(llvm::Value *Ptr, llvm::Value *&Base,
                      llvm::SmallVectorImpl<llvm::Use *> &Subscripts) {
  llvm::SmallVector<llvm::GEPOperator *, 4> Chain;
  Ptr = stripCasts(Ptr);
  while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(Ptr)) {
    Chain.push_back(G);
    Ptr = stripCasts(G->getPointerOperand());
  }
  Base = Ptr;
  for (llvm::GEPOperator *G : llvm::reverse(Chain)) {
    // A GEP into an array object or into a previous GEP starts with the
    // decaying index 0; a GEP on a raw pointer does not.
    llvm::Value *From = stripCasts(G->getPointerOperand());
    bool Decays = llvm::isa<llvm::GEPOperator>(From) || arrayObjectType(From);
    auto Idx = G->idx_begin();
    auto *First = llvm::dyn_cast<llvm::ConstantInt>(Idx->get());
    if (!(Decays && First && First->isZero()))
      Subscripts.push_back(&*Idx);
    llvm::Type *T = G->getSourceElementType();
    for (++Idx; Idx != G->idx_end(); ++Idx) {
      if (!T->isArrayTy())
        return false; // struct fields are not array subscripts
      Subscripts.push_back(&*Idx);
      T = T->getArrayElementType();
    }
  }
  return true;
}

bool decomposeAddress(llvm::Value *Ptr, llvm::Value *&Base,
                      llvm::SmallVectorImpl<llvm::Value *> &Subscripts) {
  llvm::SmallVector<llvm::Use *, 4> Uses;
  if (!decomposeAddress(Ptr, Base, Uses))
    return false;
  for (llvm::Use *U : Uses)
    Subscripts.push_back(U->get());
  return true;
}

const llvm::SCEVAddRecExpr *countFromConstant(llvm::Loop &L, llvm::ScalarEvolution &SE,
                                               URELoop &UL) {
  for (llvm::PHINode &Phi : L.getHeader()->phis()) {
    if (!Phi.getType()->isIntegerTy() || !SE.isSCEVable(Phi.getType()))
      continue;
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      continue;
    auto *Start = llvm::dyn_cast<llvm::SCEVConstant>(AR->getStart());
    auto *Step = llvm::dyn_cast<llvm::SCEVConstant>(AR->getStepRecurrence(SE));
    if (!Start || !Step || !Step->getValue()->isOne())
      continue;
    UL.IV = &Phi;
    UL.Lower = Start->getValue()->getSExtValue();
    return AR;
  }
  return nullptr;
}

llvm::ICmpInst *headerTest(llvm::Loop &L, llvm::CmpInst::Predicate &Enter) {
  auto *Br = llvm::dyn_cast<llvm::BranchInst>(L.getHeader()->getTerminator());
  auto *Cmp = Br && Br->isConditional()
                  ? llvm::dyn_cast<llvm::ICmpInst>(Br->getCondition())
                  : nullptr;
  if (!Cmp || L.getExitingBlock() != L.getHeader())
    return nullptr;
  Enter = Cmp->getPredicate();
  if (!L.contains(Br->getSuccessor(0)))
    Enter = llvm::CmpInst::getInversePredicate(Enter);
  return Cmp;
}

std::optional<int64_t> upperBoundOffset(llvm::CmpInst::Predicate P) {
  switch (P) {
  case llvm::CmpInst::ICMP_SLT:
  case llvm::CmpInst::ICMP_ULT:
  case llvm::CmpInst::ICMP_NE:
    return 0;
  case llvm::CmpInst::ICMP_SLE:
  case llvm::CmpInst::ICMP_ULE:
    return 1;
  default:
    return std::nullopt;
  }
}

CountedLoop analyzeCountedLoop(llvm::Loop &L, llvm::ScalarEvolution &SE,
                               URELoop &UL) {
  UL.L = &L;
  UL.IV = nullptr;
  countFromConstant(L, SE, UL);
  if (!UL.IV)
    return CountedLoop::NoInductionVariable;
  llvm::BasicBlock *Exiting = L.getExitingBlock();
  if (!Exiting)
    return CountedLoop::EarlyExit;
  auto *Count = llvm::dyn_cast<llvm::SCEVConstant>(SE.getBackedgeTakenCount(&L));
  if (!Count)
    return CountedLoop::NonConstantBound;
  // A loop that exits at its header runs its body once per back edge; one that
  // exits at its latch once more. The count is unsigned.
  const llvm::APInt &Back = Count->getAPInt();
  if (Back.getActiveBits() > 32) {
    int64_t Far = Back.getActiveBits() > 62 ? INT64_MAX : int64_t(Back.getZExtValue());
    if (__builtin_add_overflow(UL.Lower, Far, &UL.Upper))
      UL.Upper = INT64_MAX;
    return CountedLoop::OutOfRange;
  }
  int64_t Trips = int64_t(Back.getZExtValue()) + (Exiting == L.getHeader() ? 0 : 1);
  UL.Upper = UL.Lower + Trips;
  if (UL.Lower < INT32_MIN || UL.Upper - 1 > INT32_MAX)
    return CountedLoop::OutOfRange;
  return CountedLoop::Ok;
}


void NestExtractor::run() {
  llvm::SmallPtrSet<llvm::Loop *, 8> Done;
  for (llvm::Loop *L : LI.getLoopsInPreorder()) {
    if (llvm::any_of(Done, [&](llvm::Loop *R) { return R->contains(L); }))
      continue;
    llvm::SmallVector<LocatedDirective, 2> Ds = getLoopDirectives(*L);
    if (Ds.empty())
      continue;
    Done.insert(L);
    checkLoopNames(L, Ds);
    if (hasDirective(Ds, DirectiveKind::URE) ||
        hasDirective(Ds, DirectiveKind::Kernel)) {
      StandInNeed.clear();
      size_t Rejected = Model.Rejections.size();
      while (extract(L, Ds))
        Model.Rejections.resize(Rejected);
    }
  }
}

void NestExtractor::reject(URERule Rule, const SourceLoc &Loc, const llvm::Twine &Message) {
  Model.Rejections.push_back({Rule, Loc, Message.str()});
  Failed = true;
}

std::string NestExtractor::loopName(const llvm::Loop *L) {
  return getLoopSourceName(*L).value_or("<unnamed>");
}

// Directives that name loops must name loops of their nest.
void NestExtractor::checkLoopNames(llvm::Loop *Root, llvm::ArrayRef<LocatedDirective> Ds) {
  llvm::SmallVector<std::string, 4> Names;
  for (llvm::Loop *L : Root->getLoopsInPreorder())
    Names.push_back(loopName(L));
  // One error per unknown name, the first few of a directive only: a
  // generated directive may name thousands.
  constexpr unsigned MaxErrors = 3;
  auto check = [&](const LocatedDirective &LD,
                   llvm::ArrayRef<DirectiveArg> Args) {
    llvm::SmallVector<const DirectiveArg *, 4> Unknown;
    for (const DirectiveArg &A : Args)
      if (!llvm::is_contained(Names, A.Name))
        Unknown.push_back(&A);
    for (unsigned K = 0; K < Unknown.size() && K < MaxErrors; ++K) {
      std::string More;
      if (K + 1 == MaxErrors && Unknown.size() > MaxErrors)
        More = " (and " + std::to_string(Unknown.size() - MaxErrors) +
               " more names in this '" + LD.D.Name + "' that are not "
               "loops of this nest)";
      reject(URERule::LoopNames, LD.Loc,
             "'" + Unknown[K]->Name + "' in '" + quotedText(LD.D) +
                 "' is not a loop of this nest; its loops are " +
                 llvm::join(Names, ", ") + More);
    }
  };
  for (const LocatedDirective &LD : Ds) {
    switch (LD.D.Kind) {
    case DirectiveKind::SpaceTime:
    case DirectiveKind::Vectorize:
    case DirectiveKind::Unroll:
      check(LD, LD.D.Args);
      break;
    case DirectiveKind::Gather:
    case DirectiveKind::Scatter:
    case DirectiveKind::Buffer:
      check(LD, LD.D.Args[1]);
      break;
    case DirectiveKind::PadRounds:
      check(LD, LD.D.Args[0]);
      break;
    default:
      break;
    }
  }
}

bool NestExtractor::extract(llvm::Loop *Root, llvm::SmallVector<LocatedDirective, 2> Ds) {
  Sys = URESystem();
  Failed = false;
  ArrayOf.clear();
  OutputOf.clear();
  Sys.Function = llvm::demangle(F.getName());
  Sys.Directives = std::move(Ds);
  for (const LocatedDirective &D : Sys.Directives)
    if (D.D.Kind == DirectiveKind::Kernel) {
      Sys.KernelName = D.D.Args[0].Name;
      Sys.Loc = D.Loc;
    }
  for (const LocatedDirective &D : Sys.Directives)
    if (D.D.Kind == DirectiveKind::URE)
      Sys.Loc = D.Loc;

  if (!buildLoops(Root))
    return false;
  if (llvm::SmallVector<std::string, 4> Written = getWrittenOrder(*Root); !Written.empty())
    for (const std::string &Name : Written)
      if (std::optional<unsigned> L = Sys.loopIndex(Name))
        Sys.WrittenOrder.push_back(*L);
  Sys.ScheduleChosenBecause = getChosenSchedule(*Root);
  checkSpaceLoops();
  // The boxes of loops with affine bounds count the run-time loops at their
  // stand-in sizes, so they come after those are chosen.
  if (!checkRunTimeLoops() || !boxAffineLoops())
    return false;
  llvm::SmallVector<llvm::StoreInst *, 8> Stores;
  if (!scanBody(Stores))
    return false;
  // A 'ure' nest without statements computes nothing: as a design it would
  // be an array that never stops and has nothing to wait on. (An empty
  // kernel(name) nest is a kernel that runs and ends.)
  if (Stores.empty() && !Sys.isPlainKernel()) {
    reject(URERule::PerfectNest, Sys.Loc,
           "the nest's innermost loop has no statements, so it computes nothing; write "
           "the statements that define its arrays and outputs in the innermost loop, or "
           "remove the '#pragma t2s' lines above it");
    return false;
  }
  for (llvm::StoreInst *St : Stores)
    classifyStatement(St);
  if (Failed)
    return false;
  for (UREStatement &S : Sys.Statements)
    analyzeReads(S, &S - Sys.Statements.begin());
  if (standInsTooShort())
    return true;
  checkStatementOrder();
  // Also after a bad read: the formulas are complete, and a system can
  // break both rules (the seed's Example 3 does).
  checkInitialValues();
  if (!Failed)
    checkIsolation();
  if (!Failed && Sys.isPlainKernel() && !Sys.Arrays.empty())
    reject(URERule::KernelNest, Sys.Statements[Sys.Arrays[0].Writer].Loc,
           "the kernel nest '" + Sys.KernelName + "' writes '" +
               Sys.Arrays[0].Name + "', an array no later nest reads: a "
               "kernel nest without 'ure' only reads inputs and writes "
               "outputs; add '#pragma t2s ure' to compute with URE arrays, "
               "or write a parameter or an array a later nest reads");
  if (!Failed)
    Model.Systems.push_back(std::move(Sys));
  return false;
}

bool NestExtractor::checkRunTimeLoops() {
  auto named = [&](DirectiveKind K, llvm::StringRef Name) -> const LocatedDirective * {
    for (const LocatedDirective &LD : Sys.Directives)
      if (LD.D.Kind == K && llvm::any_of(LD.D.Args, [&](const DirectiveArg &A) {
            return A.Name == Name;
          }))
        return &LD;
    return nullptr;
  };
  std::optional<unsigned> Vector;
  for (const LocatedDirective &LD : Sys.Directives)
    if (LD.D.Kind == DirectiveKind::Vectorize && !LD.D.Args.empty())
      Vector = Sys.loopIndex(LD.D.Args[0].Name);
  bool Ok = true;
  for (unsigned D = 0; D < Sys.Loops.size(); ++D) {
    const URELoop &L = Sys.Loops[D];
    if (!L.runTime())
      continue;
    std::string Runs = "loop '" + L.Name + "' runs up to '" + runTimeUpperText(L) +
                       "', known only at run time";
    const char *Fix = "; give it a constant bound: split it into a run-time "
                      "loop over tiles and a constant loop within a tile";
    if (const LocatedDirective *LD = named(DirectiveKind::SpaceTime, L.Name)) {
      reject(URERule::RunTimeSizes, LD->Loc,
             Runs + ", but space_time makes it PEs: the array's size is "
                    "hardware and cannot follow a run-time value" + Fix);
      Ok = false;
    } else if (const LocatedDirective *LD = named(DirectiveKind::Vectorize, L.Name)) {
      reject(URERule::RunTimeSizes, LD->Loc,
             Runs + ", but vectorize makes it the lanes of a vector: their "
                    "number is hardware and cannot follow a run-time value" + Fix);
      Ok = false;
    } else if (const LocatedDirective *LD = named(DirectiveKind::Unroll, L.Name)) {
      reject(URERule::RunTimeSizes, LD->Loc,
             Runs + ", but unroll copies its body once per iteration, a number "
                    "of copies fixed in hardware" + Fix);
      Ok = false;
    } else if (Vector && *Vector < D) {
      reject(URERule::RunTimeSizes, sourceLocOf(L.L),
             Runs + ", inside the vectorized loop '" + Sys.Loops[*Vector].Name +
                 "', whose lanes each run all of its iterations at once; move '" +
                 L.Name + "' outside '" + Sys.Loops[*Vector].Name +
                 "', or give it a constant bound");
      Ok = false;
    } else if (const URELoop *By = loopNaming(Sys.Loops, D)) {
      reject(URERule::RunTimeSizes, sourceLocOf(By->L),
             "the bounds of loop '" + By->Name + "' name loop '" + L.Name +
                 "', which runs up to '" + runTimeUpperText(L) +
                 "', known only at run time; a loop with affine bounds needs "
                 "the loops its bounds name to have constant bounds");
      Ok = false;
    }
  }
  if (!Ok)
    return false;
  if (llvm::none_of(Sys.Loops, [](const URELoop &L) { return L.runTime(); }))
    return true;
  // Each run-time loop runs at least 4 iterations in the analyses (more
  // where a read reaches further back).
  StandInNeed.resize(Sys.Loops.size(), 4);
  auto StandIns = chooseStandIns(Sys.Loops, StandInNeed);
  if (!StandIns) {
    const URELoop &L = *llvm::find_if(Sys.Loops, [](const URELoop &L) { return L.runTime(); });
    reject(URERule::RunTimeSizes, sourceLocOf(L.L),
           "no values of the parameters up to 2^24 make the run-time loops of "
           "this nest run " + std::to_string(StandInNeed.front()) +
               " iterations or more (loop '" + L.Name + "' runs up to '" +
               runTimeUpperText(L) + "'); the analyses count the iterations at "
               "such values: write bounds that grow with the parameters");
    return false;
  }
  Sys.StandIns = std::move(*StandIns);
  return true;
}

bool NestExtractor::standInsTooShort() {
  bool Short = false;
  for (const UREStatement &S : Sys.Statements)
    for (const URERead &R : S.Reads)
      for (unsigned D = 0; D < R.Distance.size(); ++D) {
        if (!Sys.Loops[D].runTime())
          continue;
        int64_t Reach = R.Distance[D] < 0 ? -R.Distance[D] : R.Distance[D];
        if (Reach + 2 > Sys.Loops[D].extent() && Reach + 2 > StandInNeed[D]) {
          StandInNeed[D] = Reach + 2;
          Short = true;
        }
      }
  return Short;
}

bool NestExtractor::buildLoops(llvm::Loop *Root) {
  for (llvm::Loop *L = Root;;) {
    URELoop UL;
    UL.L = L;
    UL.Name = loopName(L);
    if (!getLoopSourceName(*L)) {
      reject(URERule::LoopNames, sourceLocOf(L),
             "this loop of a URE nest has no T2S name; declare its variable "
             "in the for-init: 'for (int i = 0; i < N; ++i)'");
      return false;
    }
    if (!findInductionVariable(UL))
      return false;
    Sys.Loops.push_back(UL);
    if (L->getSubLoops().empty())
      break;
    if (L->getSubLoops().size() != 1) {
      reject(URERule::PerfectNest, sourceLocOf(L->getSubLoops()[1]),
             "loop '" + UL.Name + "' holds " +
                 llvm::Twine(L->getSubLoops().size()) +
                 " loops; a URE nest is a perfect nest: one loop directly "
                 "inside the other, statements in the innermost loop (write "
                 "separate nests and merge them with merge_ures)");
      return false;
    }
    L = L->getSubLoops()[0];
  }
  // Statements belong in the innermost loop.
  for (unsigned D = 0; D + 1 < Sys.Loops.size(); ++D) {
    llvm::Loop *L = Sys.Loops[D].L, *Inner = Sys.Loops[D + 1].L;
    for (llvm::BasicBlock *BB : L->blocks()) {
      if (Inner->contains(BB))
        continue;
      for (llvm::Instruction &I : *BB)
        if (I.mayWriteToMemory() && !isIgnorableIntrinsic(I)) {
          if (std::optional<std::string> Why = scalarReduction(I, *Inner, D)) {
            reject(URERule::PerfectNest, sourceLocOf(&I), *Why);
            return false;
          }
          reject(URERule::PerfectNest, sourceLocOf(&I),
                 "this statement sits between loop '" + Sys.Loops[D].Name +
                     "' and loop '" + Sys.Loops[D + 1].Name +
                     "'; a URE nest is a perfect nest: move it into the "
                     "innermost loop '" +
                     Sys.Loops.back().Name + "' or out of the nest");
          return false;
        }
    }
  }
  return true;
}

// A store between loop D and the next of a value that loop carries in a
// scalar ('int s = 0; for (t ...) s += ...; y[i] = s;'): a reduction, and
// the way to write it as UREs; none for another statement.
std::optional<std::string> NestExtractor::scalarReduction(const llvm::Instruction &I,
                                                          const llvm::Loop &Inner,
                                                          unsigned D) const {
  auto *St = llvm::dyn_cast<llvm::StoreInst>(&I);
  if (!St)
    return std::nullopt;
  const llvm::Value *V = St->getValueOperand();
  while (auto *Cast = llvm::dyn_cast<llvm::CastInst>(V))
    V = Cast->getOperand(0);
  auto *Phi = llvm::dyn_cast<llvm::PHINode>(V);
  const llvm::Loop *Carrier = Phi ? LI.getLoopFor(Phi->getParent()) : nullptr;
  if (!Carrier || !Inner.contains(Carrier) || Carrier->getHeader() != Phi->getParent())
    return std::nullopt;
  // The scalar's name: the values stored to it carry it (PrepareNests.h).
  std::string Name;
  for (const llvm::Value *In : Phi->incoming_values())
    if (auto *X = llvm::dyn_cast<llvm::Instruction>(In))
      if (llvm::MDNode *MD = X->getMetadata(NameTag))
        if (auto *S = llvm::dyn_cast<llvm::MDString>(MD->getOperand(0)))
          Name = S->getString().str();
  const std::string &Outer = Sys.Loops[D].Name, &Loop = Sys.Loops[D + 1].Name;
  std::string Scalar = Name.empty() ? std::string("a scalar") : "the scalar '" + Name + "'";
  return "this stores a value that loop '" + Loop + "' accumulates in " + Scalar +
         " (a reduction), between loop '" + Outer + "' and loop '" + Loop +
         "'; a URE nest is a perfect nest that carries each value in a URE array, one "
         "element per iteration: write the reduction as a recurrence in the innermost "
         "loop, 'S[" + Outer + "][" + Loop + "] = (" + Loop + " == 0 ? 0 : S[" + Outer + "][" +
         Loop + " - 1]) + ...;', and the output under the last iteration, 'if (" + Loop +
         " == N - 1) out[" + Outer + "] = S[" + Outer + "][" + Loop +
         "];' (docs/language.md, \"URE nests\")";
}

// for (v = constant; v < constant; ++v), exiting only at the header or latch.
bool NestExtractor::findInductionVariable(URELoop &UL) {
  llvm::Loop *L = UL.L;
  CountedLoop Counted = analyzeCountedLoop(*L, SE, UL);
  if (Counted == CountedLoop::NoInductionVariable ||
      Counted == CountedLoop::NonConstantBound) {
    URELoop Affine = UL;
    switch (affineLoop(Affine)) {
    case AffineLoop::Ok:
      UL = Affine;
      return true;
    case AffineLoop::Shape:
      return false;
    case AffineLoop::NotAffine:
      break;
    }
    URELoop RunTime = UL;
    if (runTimeLoop(*L, SE, RunTime)) {
      UL = RunTime;
      return true;
    }
  }
  switch (Counted) {
  case CountedLoop::Ok:
    return true;
  case CountedLoop::NoInductionVariable:
    reject(URERule::ConstantBounds, sourceLocOf(L),
           "loop '" + UL.Name +
               "' must count up by one from a constant (or from an affine "
               "expression of outer loops): 'for (int " +
               UL.Name + " = 0; " + UL.Name + " < N; ++" + UL.Name + ")'");
    return false;
  case CountedLoop::EarlyExit: {
    llvm::SmallVector<llvm::BasicBlock *, 4> Exitings;
    L->getExitingBlocks(Exitings);
    SourceLoc Loc = sourceLocOf(L);
    const llvm::CallBase *NoReturn = nullptr;
    // Optimized code may have lost the branch's line: keep the loop's.
    auto pointAt = [&](const llvm::Instruction *I) {
      if (SourceLoc At = sourceLocOf(I); At.Line)
        Loc = At;
    };
    for (llvm::BasicBlock *BB : Exitings) {
      if (BB == L->getHeader() || BB == L->getLoopLatch())
        continue;
      // A 'break' is a block of its own outside the loop: point at it.
      pointAt(BB->getTerminator());
      for (llvm::BasicBlock *Succ : llvm::successors(BB)) {
        if (L->contains(Succ))
          continue;
        if (Succ->getSinglePredecessor() == BB && Succ->size() == 1)
          pointAt(Succ->getTerminator());
        if (const llvm::CallBase *CB = noReturnCall(Succ)) {
          NoReturn = CB;
          pointAt(CB);
        }
      }
    }
    if (NoReturn) {
      const llvm::Function *Callee = NoReturn->getCalledFunction();
      llvm::StringRef Name = Callee ? Callee->getName() : "";
      std::string What =
          Name == "__cxa_throw" || Name == "__cxa_rethrow"
              ? std::string("a 'throw'")
              : "the call to " +
                    (Callee ? "'" + llvm::demangle(Name) + "'"
                            : std::string("this function")) +
                    ", which does not return,";
      reject(URERule::NoEarlyExit, Loc,
             What + " leaves loop '" + UL.Name +
                 "' before its last iteration; every iteration of a URE "
                 "nest runs, so it may not throw or end the program: check "
                 "the inputs before the nest");
      return false;
    }
    reject(URERule::NoEarlyExit, Loc,
           "'break', 'return' or 'goto' out of loop '" + UL.Name +
               "' is not supported; every iteration of a URE nest runs");
    return false;
  }
  case CountedLoop::NonConstantBound: {
    std::string Outer;
    for (const URELoop &O : Sys.Loops)
      Outer += (Outer.empty() ? "'" : ", '") + O.Name + "'";
    reject(URERule::ConstantBounds, sourceLocOf(L),
           "the bound of loop '" + UL.Name + "' is not a compile-time constant" +
               (Outer.empty() ? ""
                              : ", nor affine in the loops outside it (" + Outer +
                                    ") with constant coefficients") +
               ", nor computed before the nest from the function's integer "
               "parameters; make the bound a constexpr value" +
               (Outer.empty() ? std::string()
                              : ", such an expression, e.g. '" +
                                    Sys.Loops.back().Name + " + 1'") +
               ", or a parameter ('" + UL.Name + " < N', 'N / 16')");
    return false;
  }
  case CountedLoop::OutOfRange:
    rejectOutOfRange(UL);
    return false;
  }
  llvm_unreachable("unknown CountedLoop");
}

// The box of each loop with affine bounds, which the PEs, time steps and
// URE arrays span.
bool NestExtractor::boxAffineLoops() {
  if (!hasAffineBounds(Sys.Loops))
    return true;
  // A bound that names a run-time loop is refused by checkRunTimeLoops.
  for (unsigned D = 0; D < Sys.Loops.size(); ++D)
    if (Sys.Loops[D].runTime() && loopNaming(Sys.Loops, D))
      return true;
  if (!computeBoxes(Sys.Loops)) {
    reject(URERule::AffineBounds, sourceLocOf(Sys.Loops.front().L),
           "the bounds of this nest's loops leave it no iteration; a URE "
           "nest computes at least one point");
    return false;
  }
  for (const URELoop &L : Sys.Loops)
    if (L.affine() && (L.Lower < INT32_MIN || L.Upper - 1 > INT32_MAX)) {
      rejectOutOfRange(L);
      return false;
    }
  return true;
}

void NestExtractor::rejectOutOfRange(const URELoop &UL) {
  reject(URERule::ConstantBounds, sourceLocOf(UL.L),
         "loop '" + UL.Name + "' runs over [" + llvm::Twine(UL.Lower) + ", " +
             llvm::Twine(UL.Upper) +
             "), beyond the 32-bit 'int' range the systolic array counts "
             "its loops and time steps in ([-2147483648, 2147483647]); "
             "split the loop into a tile loop and a loop within the tile");
}

NestExtractor::AffineLoop NestExtractor::affineLoop(URELoop &UL) {
  llvm::Loop *L = UL.L;
  const llvm::SCEVAddRecExpr *IV = nullptr;
  for (llvm::PHINode &Phi : L->getHeader()->phis()) {
    if (!Phi.getType()->isIntegerTy() || !SE.isSCEVable(Phi.getType()))
      continue;
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(SE.getSCEV(&Phi));
    auto *Step = AR ? llvm::dyn_cast<llvm::SCEVConstant>(AR->getStepRecurrence(SE))
                    : nullptr;
    if (!AR || AR->getLoop() != L || !AR->isAffine() || !Step ||
        !Step->getValue()->isOne())
      continue;
    std::optional<AffineExpr> Start = affineOf(AR->getStart());
    if (!Start)
      continue;
    UL.IV = &Phi;
    UL.LowerBound = *Start;
    IV = AR;
    break;
  }
  if (!IV)
    return AffineLoop::NotAffine;
  // The header decides: 'v < upper' (or '<=', or '!=') enters the body.
  llvm::CmpInst::Predicate Pred;
  llvm::ICmpInst *Cmp = headerTest(*L, Pred);
  if (!Cmp)
    return AffineLoop::NotAffine;
  const llvm::SCEV *A = SE.getSCEV(Cmp->getOperand(0)),
                   *B = SE.getSCEV(Cmp->getOperand(1));
  if (!SE.isLoopInvariant(B, L)) {
    std::swap(A, B);
    Pred = llvm::CmpInst::getSwappedPredicate(Pred);
  }
  // A is the variable plus a constant: 'v + c < b' is 'v < b - c'.
  auto *Offset = llvm::dyn_cast<llvm::SCEVConstant>(
      SE.getMinusSCEV(A, IV, llvm::SCEV::FlagAnyWrap));
  std::optional<AffineExpr> Bound = affineOf(B);
  if (!Offset || !Bound || !SE.isLoopInvariant(B, L))
    return AffineLoop::NotAffine;
  std::optional<int64_t> Exclusive = upperBoundOffset(Pred);
  if (!Exclusive)
    return AffineLoop::NotAffine;
  Bound->Constant += *Exclusive - Offset->getValue()->getSExtValue();
  UL.UpperBound = *Bound;
  // A constant bound is the box's end; an affine one gets its box later.
  if (UL.LowerBound.isConstant()) {
    UL.Lower = UL.LowerBound.Constant;
    UL.LowerBound = AffineExpr();
  }
  if (UL.UpperBound.isConstant()) {
    UL.Upper = UL.UpperBound.Constant;
    UL.UpperBound = AffineExpr();
  }
  if (!UL.affine())
    return AffineLoop::NotAffine; // counted by analyzeCountedLoop, or not at all
  return AffineLoop::Ok;
}

// The call that ends BB without returning ('throw', abort(), exit()), if
// BB ends in 'unreachable' behind one.
const llvm::CallBase *NestExtractor::noReturnCall(const llvm::BasicBlock *BB) {
  if (!llvm::isa<llvm::UnreachableInst>(BB->getTerminator()))
    return nullptr;
  for (const llvm::Instruction &I : llvm::reverse(*BB))
    if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I))
      if (CB->doesNotReturn())
        return CB;
  return nullptr;
}

// Each later space_time's loops are a proper subset of the previous one's
// (seed space_time_transform.md, "Front-end"); a schedule needs a time loop.
void NestExtractor::checkSpaceLoops() {
  const LocatedDirective *Previous = nullptr;
  size_t Depth = Sys.Loops.size();
  for (const LocatedDirective &LD : Sys.Directives) {
    if (LD.D.Kind != DirectiveKind::SpaceTime)
      continue;
    auto isSpace = [&](const LocatedDirective &Of, llvm::StringRef Name) {
      return llvm::any_of(Of.D.Args,
                          [&](const DirectiveArg &A) { return A.Name == Name; });
    };
    if (Previous) {
      bool Subset = LD.D.Args.size() < Previous->D.Args.size() &&
                    llvm::all_of(LD.D.Args, [&](const DirectiveArg &A) {
                      return isSpace(*Previous, A.Name);
                    });
      if (!Subset)
        reject(URERule::SpaceLoops, LD.Loc,
               "the space loops of a later space_time must be a proper subset "
               "of the previous one's (" + quotedText(Previous->D) +
                   "); drop at least one of its loops");
      Previous = &LD;
      continue;
    }
    Previous = &LD;
    size_t N = LD.D.Args.size();
    if (N >= Depth && LD.D.clause("schedule")) {
      reject(URERule::SpaceLoops, LD.Loc,
             "space_time names all " + llvm::Twine(Depth) +
                 " loops as space and gives a schedule, but a schedule "
                 "needs a time loop: keep the outermost loop out of "
                 "space_time, or drop the schedule");
      continue;
    }
    // Space loops that enclose time loops are moved inward by
    // t2s-space-loops-inward where every dependence allows it; where none
    // does, the schedule says which (systolic/SpaceLoopsInward.h).
  }
}

// Lifetime markers, assumptions and debug records: they use an object
// without reading or writing it.
static bool ignorableIntrinsic(const llvm::Instruction &I) {
  auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I);
  return II && (II->isLifetimeStartOrEnd() || II->isAssumeLikeIntrinsic() ||
                llvm::isa<llvm::DbgInfoIntrinsic>(II));
}

const llvm::Instruction *
firstUseWhere(const llvm::Value *Object,
              llvm::function_ref<bool(const llvm::Instruction &)> Where) {
  llvm::SmallVector<const llvm::User *, 8> Work(Object->users());
  llvm::SmallPtrSet<const llvm::User *, 8> Seen;
  while (!Work.empty()) {
    const llvm::User *U = Work.pop_back_val();
    if (!Seen.insert(U).second)
      continue;
    if (llvm::isa<llvm::GEPOperator>(U) || llvm::isa<llvm::BitCastOperator>(U)) {
      Work.append(U->user_begin(), U->user_end());
      continue;
    }
    auto *I = llvm::dyn_cast<llvm::Instruction>(U);
    if (I && !ignorableIntrinsic(*I) && Where(*I))
      return I;
  }
  return nullptr;
}

bool NestExtractor::isIgnorableIntrinsic(const llvm::Instruction &I) {
  return ignorableIntrinsic(I);
}

// Library math functions only set errno, which a URE body may ignore.
bool NestExtractor::isMathLibraryFunction(const llvm::Function &Callee) const {
  llvm::StringRef N = Callee.getName();
  if (!mathFunction(N) && !isRoundToInteger(N))
    return false;
  // The library's, not a function of the program's own of that name (the
  // library info does not know every one: lroundf).
  llvm::LibFunc LF;
  return TLI.getLibFunc(Callee, LF) || Callee.isDeclaration();
}

// A call writes nothing the program can see if it calls library math or a
// function whose body writes only its own locals and makes such calls
// (std::sqrt wraps sqrtf, and nothing is inlined at -O0).
bool NestExtractor::isSideEffectFree(const llvm::CallBase &CB, unsigned Depth) const {
  if (!CB.mayHaveSideEffects() || isIgnorableIntrinsic(CB))
    return true;
  const llvm::Function *Callee = CB.getCalledFunction();
  if (!Callee)
    return false;
  if (isMathLibraryFunction(*Callee))
    return true;
  if (Callee->isDeclaration() || Callee->isVarArg() || Depth > 4)
    return false;
  for (const llvm::BasicBlock &BB : *Callee)
    for (const llvm::Instruction &I : BB) {
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
        if (St->isVolatile() || !llvm::isa<llvm::AllocaInst>(
                                    llvm::getUnderlyingObject(St->getPointerOperand())))
          return false;
      } else if (auto *Call = llvm::dyn_cast<llvm::CallBase>(&I)) {
        if (!isSideEffectFree(*Call, Depth + 1))
          return false;
      } else if (I.mayWriteToMemory() || I.isAtomic()) {
        return false;
      }
    }
  return true;
}

// Collects the stores of the innermost loop in source order and rejects
// calls with side effects.
bool NestExtractor::scanBody(llvm::SmallVectorImpl<llvm::StoreInst *> &Stores) {
  llvm::LoopBlocksRPO RPO(Sys.innermost());
  RPO.perform(&LI);
  for (llvm::BasicBlock *BB : RPO)
    for (llvm::Instruction &I : *BB) {
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
        Stores.push_back(St);
        continue;
      }
      auto *CB = llvm::dyn_cast<llvm::CallBase>(&I);
      if (!CB || isSideEffectFree(*CB))
        continue;
      if (auto *MI = llvm::dyn_cast<llvm::MemIntrinsic>(CB)) {
        reject(URERule::Address, sourceLocOf(&I),
               "this " +
                   std::string(llvm::isa<llvm::MemSetInst>(MI) ? "clears"
                                                                : "copies") +
                   " a whole value of " + aggregateName(MI) +
                   "; a URE nest reads and writes scalars (numbers): "
                   "keep one array per field or element, e.g. 'float "
                   "Ax[N], Ay[N];' for a struct with fields x and y");
        continue;
      }
      std::string Callee = "this function";
      if (const llvm::Function *Fn = CB->getCalledFunction())
        Callee = "'" + llvm::demangle(Fn->getName()) + "'";
      reject(URERule::NoSideEffects, sourceLocOf(&I),
             "the call to " + Callee +
                 " may have side effects, which a URE body does not support; "
                 "compute the value with expressions or pure functions");
    }
  return !Failed;
}

UREModel UREAnalysis::run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
  UREModel Model;
  if (!F.isDeclaration())
    NestExtractor(F, FAM, Model).run();
  return Model;
}

llvm::PreservedAnalyses UREPrinterPass::run(llvm::Function &F,
                                            llvm::FunctionAnalysisManager &FAM) {
  const UREModel &M = FAM.getResult<UREAnalysis>(F);
  if (!M.Systems.empty() || !M.Rejections.empty()) {
    OS << "URE model of '" << F.getName() << "':\n";
    M.print(OS);
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
