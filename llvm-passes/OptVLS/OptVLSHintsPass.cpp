//===- OptVLSHintsPass.cpp - Vector widths for loops bound by gathers -----===//

#include "OptVLSHintsPass.h"
#include "OVLSClient.h"
#include "OVLSGrouping.h"
#include "OVLSSequence.h"
#include "OptVLSPass.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Format.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <optional>

#define DEBUG_TYPE "t2s-optvls-hints"

STATISTIC(NumHinted, "Loops given a vectorization width for their gathers");
STATISTIC(NumDeclined, "Loops with adjacent gathers left without a width");

namespace {

llvm::cl::opt<bool> EnableHints(
    "t2s-optvls-hints", llvm::cl::init(true),
    llvm::cl::desc("Give a vectorization width to loops the loop vectorizer "
                   "would leave scalar when t2s-optvls's sequences for their "
                   "gathers make the vector loop cheaper"));

constexpr const char *PassName = "t2s-optvls-hints";

} // namespace

namespace t2s {

namespace {

constexpr auto CostKind = llvm::TargetTransformInfo::TCK_RecipThroughput;

// How a load or store of the loop reaches memory, from its address's
// scalar evolution.
enum class Access { Uniform, Consecutive, Strided, Indexed };

// A load through an index, seen as the gather of VF lanes the loop
// vectorizer will write for it (and t2s-optvls will find after it).
class IndexedLoad : public OVLSMemref {
  llvm::LoadInst *Load;
  LinearAddress Address;
  llvm::AAResults &AA;

public:
  IndexedLoad(llvm::LoadInst *Load, LinearAddress Address, OVLSType Type,
              llvm::AAResults &AA)
      : OVLSMemref(Type, OVLSAccessType::IndexedLoad), Load(Load),
        Address(std::move(Address)), AA(AA) {}

  llvm::LoadInst *getLoad() const { return Load; }
  bool isInbounds() const { return Address.Inbounds; }
  const llvm::Value *getRoot() const { return Address.Root; }

  bool isAConstDistanceFrom(const OVLSMemref &Other, int64_t *Dist) const override {
    auto &O = static_cast<const IndexedLoad &>(Other);
    if (!Address.sameBase(O.Address))
      return false;
    *Dist = Address.Offset - O.Address.Offset;
    return true;
  }
  bool haveSameNumElements(const OVLSMemref &Other) const override {
    return getNumElements() == Other.getNumElements();
  }
  // The lanes are iterations, their addresses whatever the index holds.
  bool hasAConstStride(int64_t *) const override { return false; }
  // As t2s-optvls will ask of the vector loop: nothing between here and the
  // group's first load may write the object this load reads.
  bool canMoveTo(const OVLSMemref &Other) const override {
    llvm::LoadInst *There = static_cast<const IndexedLoad &>(Other).Load;
    if (There->getParent() != Load->getParent())
      return false;
    if (There == Load || Load->comesBefore(There))
      return true;
    llvm::MemoryLocation Object = llvm::MemoryLocation::getBeforeOrAfter(
        llvm::getUnderlyingObject(Load->getPointerOperand()), Load->getAAMetadata());
    for (llvm::Instruction *X = There->getNextNode(); X != Load; X = X->getNextNode())
      if (X->mayWriteToMemory() && llvm::isModSet(AA.getModRefInfo(X, Object)))
        return false;
    return true;
  }
  void print(llvm::raw_ostream &OS) const override {
    OS << "load through an index of <" << getNumElements() << " x " << *Load->getType()
       << ">";
  }
};

// The server's costs for the vector loop: TTI's, with the gathers the loop
// vectorizer would write for each load.
class VectorLoopCosts : public TTICostModel {
  const llvm::TargetTransformInfo &TTI;

public:
  VectorLoopCosts(const llvm::TargetTransformInfo &TTI, llvm::Type *Element)
      : TTICostModel(TTI, Element, getCrossLanePercent()), TTI(TTI) {}
  int64_t getGatherScatterCost(const OVLSMemref &M) const override {
    llvm::LoadInst *L = static_cast<const IndexedLoad &>(M).getLoad();
    return getVectorizerGatherScatterCost(TTI, vectorType(M.getType()), /*IsLoad=*/true,
                                          L->getPointerOperand(), L->getAlign(),
                                          /*VariableMask=*/false);
  }
};

// Why a loop gets no width: a remark name and the sentence the user reads.
struct Refusal {
  const char *Name;
  std::string Message;
};

// The loop's costs at one vector width, per VF iterations.
struct WidthCosts {
  unsigned VF = 0;
  int64_t WithSequences = 0; // the gather groups as t2s-optvls rewrites them
  int64_t WithGathers = 0;   // every indexed load a gather (the vectorizer's view)
  unsigned Rewritten = 0;    // groups t2s-optvls rewrites
  unsigned Combined = 0;     // loads in those groups
  bool Scalarized = false;   // the target has no gather of some of the loads
};

std::optional<int64_t> value(llvm::InstructionCost C) {
  if (!C.isValid())
    return std::nullopt;
  return *C.getValue();
}

class LoopHinter {
  llvm::LoopInfo &LI;
  llvm::ScalarEvolution &SE;
  const llvm::TargetTransformInfo &TTI;
  llvm::AAResults &AA;
  llvm::OptimizationRemarkEmitter &ORE;
  const llvm::DataLayout &DL;
  unsigned RegisterBits;

public:
  LoopHinter(llvm::Function &F, llvm::FunctionAnalysisManager &FAM)
      : LI(FAM.getResult<llvm::LoopAnalysis>(F)),
        SE(FAM.getResult<llvm::ScalarEvolutionAnalysis>(F)),
        TTI(FAM.getResult<llvm::TargetIRAnalysis>(F)), AA(FAM.getResult<llvm::AAManager>(F)),
        ORE(FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F)),
        DL(F.getDataLayout()) {
    RegisterBits = unsigned(std::max<uint64_t>(
        TTI.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector)
            .getFixedValue(),
        128));
  }

  bool run() {
    bool Changed = false;
    for (llvm::Loop *L : LI.getLoopsInPreorder())
      if (L->isInnermost())
        Changed |= visit(*L);
    return Changed;
  }

private:
  Access accessOf(llvm::Value *Ptr, llvm::Type *Ty, const llvm::Loop &L) const {
    const llvm::SCEV *S = SE.getSCEV(Ptr);
    if (SE.isLoopInvariant(S, &L))
      return Access::Uniform;
    auto *AR = llvm::dyn_cast<llvm::SCEVAddRecExpr>(S);
    if (!AR || AR->getLoop() != &L)
      return Access::Indexed;
    auto *Step = llvm::dyn_cast<llvm::SCEVConstant>(AR->getStepRecurrence(SE));
    if (AR->isAffine() && Step &&
        Step->getAPInt().getSExtValue() == int64_t(DL.getTypeStoreSize(Ty).getFixedValue()))
      return Access::Consecutive;
    return Access::Strided;
  }

  // The scalar loads of L through an index whose elements t2s-optvls handles.
  llvm::SmallVector<llvm::LoadInst *, 8> indexedLoads(const llvm::Loop &L) const {
    llvm::SmallVector<llvm::LoadInst *, 8> Loads;
    for (llvm::BasicBlock *BB : L.blocks())
      for (llvm::Instruction &I : *BB)
        if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
          if (Ld->isSimple() && (Ld->getType()->isIntegerTy() || Ld->getType()->isFloatingPointTy()) &&
              OVLSType(1, unsigned(Ld->getType()->getPrimitiveSizeInBits())).isSupported() &&
              Ld->getPointerAddressSpace() == 0 &&
              accessOf(Ld->getPointerOperand(), Ld->getType(), L) == Access::Indexed)
            Loads.push_back(Ld);
    return Loads;
  }

  std::optional<Refusal> checkLegality(llvm::Loop &L, bool &UserEnabled) const {
    llvm::TransformationMode Mode = llvm::hasVectorizeTransformation(&L);
    if (Mode == llvm::TM_Disable || Mode == llvm::TM_SuppressedByUser)
      return Refusal{"Disabled", "vectorization is disabled for this loop"};
    if (std::optional<llvm::ElementCount> W = llvm::getOptionalElementCountLoopAttribute(&L))
      return W->isScalar()
                 ? Refusal{"Disabled", "vectorization is disabled for this loop (width 1)"}
                 : Refusal{"HasWidth", "the loop has a vectorization width already"};
    UserEnabled = llvm::getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.enable")
                      .value_or(false);
    if (L.getNumBlocks() != 1)
      return Refusal{"ControlFlow", "the loop body has control flow"};
    if (llvm::isa<llvm::SCEVCouldNotCompute>(SE.getBackedgeTakenCount(&L)))
      return Refusal{"NotCountable", "its trip count is not computable"};
    llvm::BasicBlock *Body = L.getHeader();
    for (llvm::Instruction &I : *Body) {
      if (auto *CB = llvm::dyn_cast<llvm::CallBase>(&I))
        if (!llvm::isAssumeLikeIntrinsic(CB) &&
            (CB->mayHaveSideEffects() || CB->mayWriteToMemory()))
          return Refusal{"Call", "it calls a function that may have side effects"};
      if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
        if (accessOf(Ld->getPointerOperand(), Ld->getType(), L) == Access::Strided)
          return Refusal{"Strided", "it reads at a constant stride other than the "
                                    "element's size (interleaved accesses, which this "
                                    "pass does not price)"};
      if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
        if (!St->isSimple() || accessOf(St->getPointerOperand(),
                                        St->getValueOperand()->getType(), L) !=
                                   Access::Consecutive)
          return Refusal{"Store", "it stores to other than consecutive addresses"};
    }
    llvm::PredicatedScalarEvolution PSE(SE, L);
    for (llvm::PHINode &Phi : Body->phis()) {
      llvm::InductionDescriptor ID;
      if (llvm::InductionDescriptor::isInductionPHI(&Phi, &L, PSE, ID)) {
        if (ID.getExactFPMathInst() && !UserEnabled)
          return Refusal{"FPInduction",
                         "it has a floating-point induction whose additions do not "
                         "allow reassociation: vector code would change its values"};
        continue;
      }
      llvm::RecurrenceDescriptor RD;
      if (llvm::RecurrenceDescriptor::isReductionPHI(&Phi, &L, RD, nullptr, nullptr,
                                                     nullptr, &SE)) {
        if (llvm::RecurrenceDescriptor::isFloatingPointRecurrenceKind(
                RD.getRecurrenceKind()) &&
            !UserEnabled &&
            (RD.getExactFPMathInst() || !RD.getFastMathFlags().allowReassoc()))
          return Refusal{"FPReduction",
                         "it has a floating-point reduction whose operations do not "
                         "allow reassociation: vector code would change its result "
                         "(-ffast-math, -fassociative-math or '#pragma clang loop "
                         "vectorize(enable)' allow it)"};
        continue;
      }
      return Refusal{"Recurrence", "a value of one iteration feeds the next "
                                   "(neither an induction nor a reduction)"};
    }
    return std::nullopt;
  }

  static llvm::Type *widen(llvm::Type *T, unsigned VF) {
    if (T->isIntegerTy() || T->isFloatingPointTy() || T->isPointerTy())
      return llvm::FixedVectorType::get(T, VF);
    return nullptr;
  }

  // What instruction I costs in the vector loop, for VF iterations; the
  // loads through an index are priced by the caller.
  std::optional<int64_t> vectorCost(llvm::Instruction &I, unsigned VF,
                                    const llvm::Loop &L) const {
    llvm::InstructionCost Scalar = TTI.getInstructionCost(&I, CostKind);
    if (llvm::isa<llvm::PHINode>(I) || llvm::isa<llvm::GetElementPtrInst>(I) ||
        llvm::isAssumeLikeIntrinsic(&I))
      return 0;
    // The loop's control and what scalar evolution computes from the
    // induction stay scalar.
    if (I.isTerminator() || &I == L.getLatchCmpInst())
      return value(Scalar);
    if (SE.isSCEVable(I.getType())) {
      const llvm::SCEV *S = SE.getSCEV(&I);
      if (SE.isLoopInvariant(S, &L) || llvm::isa<llvm::SCEVAddRecExpr>(S))
        return value(Scalar);
    }
    if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I)) {
      Access A = accessOf(Ld->getPointerOperand(), Ld->getType(), L);
      if (A == Access::Uniform)
        return value(Scalar);
      llvm::Type *VT = widen(Ld->getType(), VF);
      if (!VT)
        return std::nullopt;
      if (A != Access::Consecutive) // a gather t2s-optvls does not handle
        return getVectorizerGatherScatterCost(TTI, llvm::cast<llvm::FixedVectorType>(VT),
                                              /*IsLoad=*/true, Ld->getPointerOperand(),
                                              Ld->getAlign(), /*VariableMask=*/false);
      return value(TTI.getMemoryOpCost(llvm::Instruction::Load, VT, Ld->getAlign(),
                                       Ld->getPointerAddressSpace(), CostKind));
    }
    if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I)) {
      llvm::Type *VT = widen(St->getValueOperand()->getType(), VF);
      if (!VT)
        return std::nullopt;
      return value(TTI.getMemoryOpCost(llvm::Instruction::Store, VT, St->getAlign(),
                                       St->getPointerAddressSpace(), CostKind));
    }
    llvm::Type *VT = widen(I.getType(), VF);
    if (!VT)
      return std::nullopt;
    if (auto *C = llvm::dyn_cast<llvm::CastInst>(&I)) {
      llvm::Type *Src = widen(C->getSrcTy(), VF);
      if (!Src)
        return std::nullopt;
      return value(TTI.getCastInstrCost(C->getOpcode(), VT, Src,
                                        llvm::TargetTransformInfo::CastContextHint::None,
                                        CostKind));
    }
    if (llvm::isa<llvm::BinaryOperator>(I) || llvm::isa<llvm::UnaryOperator>(I)) {
      llvm::SmallVector<const llvm::Value *, 2> Operands(I.operand_values());
      return value(TTI.getArithmeticInstrCost(
          I.getOpcode(), VT, CostKind, TTI.getOperandInfo(I.getOperand(0)),
          I.getNumOperands() > 1 ? TTI.getOperandInfo(I.getOperand(1))
                                 : llvm::TargetTransformInfo::OperandValueInfo(),
          Operands));
    }
    if (auto *Cmp = llvm::dyn_cast<llvm::CmpInst>(&I)) {
      llvm::Type *Src = widen(Cmp->getOperand(0)->getType(), VF);
      if (!Src)
        return std::nullopt;
      return value(TTI.getCmpSelInstrCost(I.getOpcode(), Src, VT, Cmp->getPredicate(),
                                          CostKind));
    }
    if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(&I))
      return value(TTI.getCmpSelInstrCost(
          I.getOpcode(), VT, widen(Sel->getCondition()->getType(), VF),
          llvm::CmpInst::BAD_ICMP_PREDICATE, CostKind));
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I)) {
      llvm::SmallVector<llvm::Type *, 4> Args;
      for (llvm::Value *A : II->args()) {
        llvm::Type *W = widen(A->getType(), VF);
        Args.push_back(W && !llvm::isa<llvm::Constant>(A) ? W : A->getType());
      }
      llvm::FastMathFlags FMF;
      if (llvm::isa<llvm::FPMathOperator>(II))
        FMF = II->getFastMathFlags();
      return value(TTI.getIntrinsicInstrCost(
          llvm::IntrinsicCostAttributes(II->getIntrinsicID(), VT, Args, FMF), CostKind));
    }
    return std::nullopt;
  }

  // The loop's costs at width VF; none when something cannot be priced.
  std::optional<WidthCosts> costsAt(unsigned VF, const llvm::Loop &L,
                                    llvm::ArrayRef<llvm::LoadInst *> Loads) const {
    WidthCosts W;
    W.VF = VF;
    // Where the target has no gather of these loads, the vectorizer loads
    // each lane by itself, and computes each lane's address as a scalar.
    bool Scalarized = llvm::any_of(Loads, [&](llvm::LoadInst *Ld) {
      return !TTI.isLegalMaskedGather(llvm::FixedVectorType::get(Ld->getType(), VF),
                                      Ld->getAlign());
    });
    llvm::SmallPtrSet<llvm::Instruction *, 16> Addresses = addressSlice(L, Loads);
    int64_t Rest = 0;
    for (llvm::Instruction &I : *L.getHeader()) {
      if (llvm::is_contained(Loads, &I))
        continue;
      std::optional<int64_t> C =
          Scalarized && Addresses.contains(&I)
              ? value(TTI.getInstructionCost(&I, CostKind) * VF)
              : vectorCost(I, VF, L);
      if (!C)
        return std::nullopt;
      Rest += *C;
    }
    W.WithSequences = W.WithGathers = Rest;
    W.Scalarized = Scalarized;
    // Loads that may share groups: same element type (as t2s-optvls classes them).
    llvm::MapVector<llvm::Type *, llvm::SmallVector<OVLSMemref *, 8>> Classes;
    llvm::SmallVector<std::unique_ptr<IndexedLoad>, 8> Memrefs;
    for (llvm::LoadInst *Ld : Loads) {
      std::optional<LinearAddress> A = decomposeLane(Ld->getPointerOperand(), 0, DL);
      if (!A)
        A = LinearAddress{Ld->getPointerOperand(), {}, 0, false};
      OVLSType Ty(VF, unsigned(Ld->getType()->getPrimitiveSizeInBits()));
      Memrefs.push_back(std::make_unique<IndexedLoad>(Ld, std::move(*A), Ty, AA));
      Classes[Ld->getType()].push_back(Memrefs.back().get());
    }
    for (auto &[Elem, Members] : Classes) {
      VectorLoopCosts Costs(TTI, Elem);
      OVLSGrouping G = getGroups(Members, RegisterBits / 8);
      for (auto &Group : G.Groups) {
        int64_t Gathers = 0;
        for (OVLSMemref *M : Group->getMembers())
          Gathers += Costs.getGatherScatterCost(*M);
        W.WithGathers += Gathers;
        OVLSSequence Seq;
        if (Group->size() > 1 && rewritable(*Group) && getSequence(*Group, Costs, Seq)) {
          W.WithSequences += Seq.getCost();
          ++W.Rewritten;
          W.Combined += unsigned(Group->size());
        } else {
          W.WithSequences += Gathers;
        }
      }
    }
    return W;
  }

  // The instructions of L that only compute the addresses of Loads.
  static llvm::SmallPtrSet<llvm::Instruction *, 16>
  addressSlice(const llvm::Loop &L, llvm::ArrayRef<llvm::LoadInst *> Loads) {
    llvm::SmallPtrSet<llvm::Instruction *, 16> Slice;
    llvm::SmallVector<llvm::Instruction *, 16> Work;
    auto addOperand = [&](llvm::Value *V) {
      auto *I = llvm::dyn_cast<llvm::Instruction>(V);
      if (I && !llvm::isa<llvm::PHINode>(I) && L.contains(I))
        Work.push_back(I);
    };
    for (llvm::LoadInst *Ld : Loads)
      addOperand(Ld->getPointerOperand());
    while (!Work.empty()) {
      llvm::Instruction *I = Work.pop_back_val();
      if (Slice.contains(I) || I->mayReadOrWriteMemory() != llvm::isa<llvm::LoadInst>(I))
        continue;
      bool OnlyAddresses = llvm::all_of(I->users(), [&](llvm::User *U) {
        auto *UI = llvm::cast<llvm::Instruction>(U);
        auto *Ld = llvm::dyn_cast<llvm::LoadInst>(UI);
        return Slice.contains(UI) || (Ld && llvm::is_contained(Loads, Ld)) ||
               llvm::isa<llvm::GetElementPtrInst>(UI);
      });
      if (!OnlyAddresses)
        continue;
      Slice.insert(I);
      for (llvm::Value *Op : I->operands())
        addOperand(Op);
    }
    return Slice;
  }

  // What t2s-optvls checks before it rewrites a group: the bytes its blocks
  // cover that no member reads lie inside one object.
  static bool rewritable(const OVLSGroup &Group) {
    auto *Leader = static_cast<IndexedLoad *>(Group.getLeader());
    int64_t Covered = 0;
    for (int64_t Off : Group.getOffsets())
      if (Off <= Covered)
        Covered = std::max<int64_t>(Covered, Off + Leader->getElementBytes());
    if (Covered >= Group.getSpanBytes())
      return true;
    return llvm::all_of(Group.getMembers(), [&](OVLSMemref *M) {
      auto *IL = static_cast<IndexedLoad *>(M);
      return IL->isInbounds() && IL->getRoot() == Leader->getRoot();
    });
  }

  // The widest type the vectorizer sizes its widths by: what the loop loads
  // and stores, and its recurrences.
  unsigned widestBits(llvm::Loop &L) const {
    unsigned Bits = 8;
    for (llvm::Instruction &I : *L.getHeader()) {
      llvm::Type *T = nullptr;
      if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I))
        T = Ld->getType();
      else if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I))
        T = St->getValueOperand()->getType();
      else if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(&I)) {
        llvm::InductionDescriptor ID; // legality left only reductions besides
        if (!llvm::InductionDescriptor::isInductionPHI(Phi, &L, &SE, ID))
          T = Phi->getType();
      }
      if (T && T->isSized())
        Bits = std::max(Bits, unsigned(DL.getTypeSizeInBits(T).getFixedValue()));
    }
    return Bits;
  }

  void missed(const llvm::Loop &L, const Refusal &R) {
    ++NumDeclined;
    LLVM_DEBUG(llvm::dbgs() << PassName << ": no width: " << R.Message << "\n");
    ORE.emit([&] {
      return llvm::OptimizationRemarkMissed(PassName, R.Name, L.getStartLoc(),
                                            L.getHeader())
             << "no vectorization width for this loop: " << R.Message;
    });
  }

  static std::string perIteration(int64_t Cost, unsigned VF) {
    std::string S;
    llvm::raw_string_ostream(S) << Cost << " per " << VF << " iterations";
    return S;
  }

  bool visit(llvm::Loop &L) {
    llvm::SmallVector<llvm::LoadInst *, 8> Loads = indexedLoads(L);
    if (Loads.size() < 2)
      return false; // no group of gathers: none of this pass's business
    bool UserEnabled = false;
    if (std::optional<Refusal> R = checkLegality(L, UserEnabled)) {
      missed(L, *R);
      return false;
    }
    int64_t Scalar = 0;
    for (llvm::Instruction &I : *L.getHeader()) {
      std::optional<int64_t> C = value(TTI.getInstructionCost(&I, CostKind));
      if (!C) {
        missed(L, {"Unpriced", "the target cannot price its scalar code"});
        return false;
      }
      Scalar += *C;
    }
    unsigned MaxVF = std::min(32u, RegisterBits / widestBits(L));
    std::optional<WidthCosts> Best, BestGathers;
    for (unsigned VF = 2; VF <= MaxVF; VF *= 2) {
      std::optional<WidthCosts> W = costsAt(VF, L, Loads);
      if (!W)
        continue;
      LLVM_DEBUG(llvm::dbgs() << PassName << ": VF " << VF << ": scalar " << Scalar * VF
                              << ", with sequences " << W->WithSequences
                              << ", with gathers " << W->WithGathers << "\n");
      // Compare costs per iteration, as cross products.
      if (!BestGathers || W->WithGathers * BestGathers->VF < BestGathers->WithGathers * VF)
        BestGathers = W;
      if (W->Rewritten &&
          (!Best || W->WithSequences * Best->VF < Best->WithSequences * VF))
        Best = W;
    }
    if (!Best) {
      missed(L, {"NoGroup", "t2s-optvls would combine none of its " +
                                std::to_string(Loads.size()) +
                                " loads through an index at any width"});
      return false;
    }
    // A loop the vectorizer takes by itself keeps its choice. Where the
    // target gathers the loads, that prediction is the vectorizer's own
    // arithmetic. Where it has no gather of them (x86 gathers 32- and 64-bit
    // elements only; generic x86-64-v3 none at all), the vectorizer prices
    // each lane's load, insert and address its own way and, with AVX-512,
    // turns down int16 and int8 record loops priced here as profitable.
    // There the pass sets the width the vectorizer would choose, if the
    // sequences are cheaper than the gathers at that width: where it would
    // have vectorized anyway nothing changes, and where it would not, the
    // loop is vectorized and rewritten. Another width would override a
    // choice the vectorizer makes well (measured: width 4 instead of 8 on
    // 4-float records at x86-64-v3 lost 10-20 %).
    if (BestGathers && BestGathers->WithGathers < Scalar * BestGathers->VF) {
      const WidthCosts &G = *BestGathers;
      if (!G.Scalarized || !G.Rewritten || G.WithSequences >= G.WithGathers) {
        missed(L, {"VectorizerWill",
                   "the loop vectorizer prices it profitable by itself (width " +
                       std::to_string(G.VF) + ": " + perIteration(G.WithGathers, G.VF) +
                       " with gathers, against " + std::to_string(Scalar) +
                       " per iteration for the scalar loop)"});
        return false;
      }
      Best = G;
    }
    if (Best->WithSequences >= Scalar * Best->VF) {
      missed(L, {"NotProfitable",
                 "the scalar loop is cheaper (" + std::to_string(Scalar) +
                     " per iteration; at the best width, " + std::to_string(Best->VF) +
                     ", t2s-optvls's sequences make the vector loop " +
                     perIteration(Best->WithSequences, Best->VF) + ")"});
      return false;
    }
    llvm::addStringMetadataToLoop(&L, "llvm.loop.vectorize.width", Best->VF);
    ++NumHinted;
    ORE.emit([&] {
      std::string S;
      llvm::raw_string_ostream OS(S);
      OS << "set vectorization width " << Best->VF << ": t2s-optvls will combine "
         << Best->Combined << " loads through an index in " << Best->Rewritten
         << (Best->Rewritten == 1 ? " group" : " groups") << ", and the vector loop costs "
         << perIteration(Best->WithSequences, Best->VF) << " against "
         << perIteration(Scalar * Best->VF, Best->VF) << " for the scalar loop and "
         << Best->WithGathers << " with gathers; predicted "
         << llvm::format("%.2f", double(Scalar * Best->VF) / double(Best->WithSequences))
         << "x";
      return llvm::OptimizationRemark(PassName, "Hinted", L.getStartLoc(), L.getHeader())
             << OS.str();
    });
    return true;
  }
};

} // namespace

llvm::PreservedAnalyses OptVLSHintsPass::run(llvm::Function &F,
                                             llvm::FunctionAnalysisManager &FAM) {
  if (!EnableHints || F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  if (!LoopHinter(F, FAM).run())
    return llvm::PreservedAnalyses::all();
  // Only loop metadata changed.
  llvm::PreservedAnalyses PA;
  PA.preserveSet<llvm::CFGAnalyses>();
  PA.preserve<llvm::LoopAnalysis>();
  PA.preserve<llvm::ScalarEvolutionAnalysis>();
  return PA;
}

} // namespace t2s
