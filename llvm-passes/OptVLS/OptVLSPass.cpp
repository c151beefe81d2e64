//===- OptVLSPass.cpp - Adjacent gathers/scatters to loads + shuffles -----===//

#include "OptVLSPass.h"
#include "OVLSClient.h"
#include "OVLSGrouping.h"
#include "OVLSSequence.h"
#include "OVLSShuffleGraph.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace {

llvm::cl::opt<std::string> DotOutput(
    "t2s-optvls-dot", llvm::cl::value_desc("file"),
    llvm::cl::desc("Append the shuffle graph of each group t2s-optvls "
                   "rewrites to file, in Graphviz form"));

llvm::cl::opt<bool> IgnoreCosts(
    "t2s-optvls-ignore-costs", llvm::cl::Hidden,
    llvm::cl::desc("Rewrite every group t2s-optvls can, cheaper or not (to "
                   "measure the cost model against the machine)"));

llvm::cl::opt<std::string> MeasuredFile(
    "t2s-optvls-measured", llvm::cl::value_desc("file"),
    llvm::cl::desc("The gains bench/optvls measured, for the remarks "
                   "(T2S_OPTVLS_MEASURED=file bench/optvls/run.sh writes it; "
                   "default: the table built into the plugin)"));

// Calibrated with bench/optvls/run.sh and llvm-mca-19 (docs/optvls-cost-model.md).
llvm::cl::opt<unsigned> CrossLanePercent(
    "t2s-optvls-cross-lane-weight", llvm::cl::init(200),
    llvm::cl::desc("Price of a t2s-optvls shuffle that crosses 128-bit lanes, "
                   "in percent of TargetTransformInfo's price"));

constexpr const char *PassName = "t2s-optvls";

} // namespace

namespace t2s {

namespace {

// Element types the server handles: integers and floats of 8 to 64 bits.
bool supportedElement(llvm::Type *T) {
  if (!T->isIntegerTy() && !T->isFloatingPointTy())
    return false;
  unsigned Bits = T->getPrimitiveSizeInBits().getFixedValue();
  return Bits >= 8 && Bits <= 64 && Bits % 8 == 0;
}

class FunctionRewriter {
  llvm::Function &F;
  const llvm::TargetTransformInfo &TTI;
  const MeasuredGains &Measured;
  llvm::AAResults &AA;
  llvm::OptimizationRemarkEmitter &ORE;
  const llvm::DataLayout &DL;
  uint32_t VectorBytes;
  bool Changed = false;

public:
  FunctionRewriter(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                   const MeasuredGains &Measured)
      : F(F), TTI(FAM.getResult<llvm::TargetIRAnalysis>(F)), Measured(Measured),
        AA(FAM.getResult<llvm::AAManager>(F)),
        ORE(FAM.getResult<llvm::OptimizationRemarkEmitterAnalysis>(F)),
        DL(F.getDataLayout()) {
    uint64_t Bits =
        TTI.getRegisterBitWidth(llvm::TargetTransformInfo::RGK_FixedWidthVector)
            .getFixedValue();
    VectorBytes = uint32_t(std::max<uint64_t>(Bits, 128) / 8);
  }

  bool run() {
    for (llvm::BasicBlock &BB : F)
      runOn(BB);
    return Changed;
  }

private:
  void missed(llvm::Instruction *I, llvm::StringRef Name, const llvm::Twine &Msg) {
    ORE.emit([&] {
      return llvm::OptimizationRemarkMissed(PassName, Name, I) << Msg.str();
    });
  }

  // The memref of I, if I is a gather, a scatter or the end of a scalarized
  // gather; Why says what prevented it when I looked like one.
  std::unique_ptr<LLVMMemref> memrefOf(llvm::Instruction *I, unsigned Position,
                                       std::string &Why) {
    LLVMMemref::Form Form;
    llvm::Type *DataTy;
    llvm::SmallVector<llvm::LoadInst *, 16> Loads;
    if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(I)) {
      if (II->getIntrinsicID() == llvm::Intrinsic::masked_gather) {
        Form = LLVMMemref::Gather;
        DataTy = II->getType();
      } else if (II->getIntrinsicID() == llvm::Intrinsic::masked_scatter) {
        Form = LLVMMemref::Scatter;
        DataTy = II->getArgOperand(0)->getType();
      } else {
        return nullptr;
      }
    } else if (auto *IE = llvm::dyn_cast<llvm::InsertElementInst>(I)) {
      // The last insert of a chain that fills every lane of poison with a
      // simple scalar load.
      if (llvm::any_of(IE->users(), [](llvm::User *U) {
            return llvm::isa<llvm::InsertElementInst>(U);
          }))
        return nullptr;
      auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(IE->getType());
      if (!VT)
        return nullptr;
      Loads.assign(VT->getNumElements(), nullptr);
      llvm::Value *V = IE;
      while (auto *Ins = llvm::dyn_cast<llvm::InsertElementInst>(V)) {
        auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(Ins->getOperand(2));
        auto *Ld = llvm::dyn_cast<llvm::LoadInst>(Ins->getOperand(1));
        if (!Idx || Idx->getZExtValue() >= Loads.size() || !Ld || !Ld->isSimple() ||
            !Ld->hasOneUse() || Ld->getParent() != IE->getParent() ||
            (Ins != IE && !Ins->hasOneUse()) || Loads[Idx->getZExtValue()])
          return nullptr;
        Loads[Idx->getZExtValue()] = Ld;
        V = Ins->getOperand(0);
      }
      if (!llvm::isa<llvm::UndefValue>(V) || llvm::is_contained(Loads, nullptr))
        return nullptr;
      Form = LLVMMemref::ScalarizedGather;
      DataTy = VT;
    } else {
      return nullptr;
    }
    auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(DataTy);
    if (!VT) {
      Why = "it is a scalable vector";
      return nullptr;
    }
    llvm::Type *Elem = VT->getElementType();
    if (!supportedElement(Elem)) {
      Why = "its elements are not integers or floats of 8 to 64 bits";
      return nullptr;
    }
    unsigned N = VT->getNumElements();
    llvm::SmallVector<bool, 16> Mask(N, true);
    llvm::Value *RuntimeMask = nullptr;
    if (Form != LLVMMemref::ScalarizedGather) {
      llvm::Value *M = I->getOperand(Form == LLVMMemref::Gather ? 2 : 3);
      if (auto *C = llvm::dyn_cast<llvm::Constant>(M)) {
        for (unsigned L = 0; L < N; ++L) {
          llvm::Constant *E = C->getAggregateElement(L);
          if (!E || !llvm::isa<llvm::ConstantInt>(E)) {
            Why = "its mask is not a constant nor a value";
            return nullptr;
          }
          Mask[L] = llvm::cast<llvm::ConstantInt>(E)->isOne();
        }
      } else {
        RuntimeMask = M;
      }
    }
    llvm::SmallVector<LinearAddress, 16> Addresses;
    for (unsigned L = 0; L < N; ++L) {
      const llvm::Value *P = Form == LLVMMemref::ScalarizedGather
                                 ? Loads[L]->getPointerOperand()
                                 : I->getOperand(Form == LLVMMemref::Gather ? 0 : 1);
      if (P->getType()->getScalarType()->getPointerAddressSpace() != 0) {
        Why = "it is not in address space 0";
        return nullptr;
      }
      std::optional<LinearAddress> A =
          decomposeLane(P, Form == LLVMMemref::ScalarizedGather ? 0 : L, DL);
      if (!A) {
        Why = "its addresses are not understood";
        return nullptr;
      }
      Addresses.push_back(std::move(*A));
    }
    OVLSType Ty(N, unsigned(Elem->getPrimitiveSizeInBits().getFixedValue()));
    return std::make_unique<LLVMMemref>(Form, I, Loads, Addresses, Ty, Mask,
                                        RuntimeMask, Elem, Position, AA);
  }

  // Moves the pure instructions V depends on in BB (address arithmetic) as
  // early as their operands allow, so that a group's insertion point sees
  // every member's addresses. Returns the instruction V ends up after.
  llvm::Instruction *hoist(llvm::Value *V, llvm::BasicBlock &BB, unsigned Depth = 0) {
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    if (!I || I->getParent() != &BB || llvm::isa<llvm::PHINode>(I))
      return nullptr;
    bool Pure = !I->mayReadOrWriteMemory() && !I->mayHaveSideEffects() &&
                !I->isTerminator() && !llvm::isa<llvm::AllocaInst>(I);
    if (!Pure || Depth > 12)
      return I;
    llvm::Instruction *After = nullptr;
    for (llvm::Value *Op : I->operands())
      if (llvm::Instruction *D = hoist(Op, BB, Depth + 1))
        if (!After || After->comesBefore(D))
          After = D;
    llvm::Instruction *Want = After ? After->getNextNode() : &*BB.getFirstNonPHIOrDbgOrAlloca();
    if (Want != I && Want->comesBefore(I)) {
      I->moveBefore(Want);
      Changed = true;
    }
    return I;
  }

  void hoistAddresses(llvm::BasicBlock &BB) {
    llvm::SmallVector<llvm::Value *, 16> Addresses;
    for (llvm::Instruction &I : BB) {
      if (auto *II = llvm::dyn_cast<llvm::IntrinsicInst>(&I)) {
        if (II->getIntrinsicID() == llvm::Intrinsic::masked_gather)
          Addresses.push_back(II->getArgOperand(0));
        else if (II->getIntrinsicID() == llvm::Intrinsic::masked_scatter)
          Addresses.push_back(II->getArgOperand(1));
      } else if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(&I)) {
        if (Ld->hasOneUse() && llvm::isa<llvm::InsertElementInst>(*Ld->user_begin()))
          Addresses.push_back(Ld->getPointerOperand());
      }
    }
    for (llvm::Value *A : Addresses)
      hoist(A, BB);
  }

  void runOn(llvm::BasicBlock &BB) {
    hoistAddresses(BB);
    std::vector<std::unique_ptr<LLVMMemref>> All;
    unsigned Position = 0;
    for (llvm::Instruction &I : BB) {
      std::string Why;
      if (std::unique_ptr<LLVMMemref> M = memrefOf(&I, Position++, Why))
        All.push_back(std::move(M));
      else if (!Why.empty())
        missed(&I, "Unsupported", "cannot optimize this access: " + Why);
    }
    if (All.size() < 2)
      return;
    // Classes of memrefs that may share groups: same kind, element type and
    // runtime mask. (The server checks sizes and distances.)
    llvm::MapVector<std::tuple<unsigned, llvm::Type *, llvm::Value *>,
                    llvm::SmallVector<OVLSMemref *, 8>>
        Classes;
    for (auto &M : All)
      Classes[{unsigned(M->isLoad()), M->getElementType(), M->getRuntimeMask()}].push_back(M.get());
    for (auto &[Key, Members] : Classes) {
      OVLSGrouping G = getGroups(Members, VectorBytes);
      for (auto &[M, Why] : G.Alone)
        if (Members.size() > 1)
          missed(static_cast<const LLVMMemref *>(M)->getInstruction(), "Alone",
                 "no adjacent access to combine with: " + Why.getMessage());
      for (auto &Group : G.Groups)
        if (Group->size() > 1)
          rewrite(*Group, std::get<1>(Key), std::get<2>(Key));
    }
  }

  void rewrite(const OVLSGroup &Group, llvm::Type *Elem, llvm::Value *RuntimeMask) {
    auto *Leader = static_cast<LLVMMemref *>(Group.getLeader());
    llvm::Instruction *Anchor =
        static_cast<LLVMMemref *>(Group.getInsertPoint())->getFirstInstruction();
    // Every byte a lane's block covers must be one the original accesses
    // too (the members leave no gap), or lie inside one object between
    // such bytes: one root, inbounds addresses.
    int64_t Covered = 0;
    for (int64_t Off : Group.getOffsets())
      if (Off <= Covered)
        Covered = std::max<int64_t>(Covered, Off + Leader->getElementBytes());
    bool NoGap = Covered >= Group.getSpanBytes();
    for (OVLSMemref *M : Group.getMembers()) {
      auto *LM = static_cast<LLVMMemref *>(M);
      if (NoGap)
        break;
      if (!LM->isInbounds() || LM->getAddress(0).Root != Leader->getAddress(0).Root) {
        missed(Anchor, "NotDereferenceable",
               "cannot combine " + std::to_string(Group.size()) +
                   " accesses: the bytes between them, which they do not "
                   "access, may not be dereferenceable (their addresses are not "
                   "inbounds of one object)");
        return;
      }
    }
    TTICostModel Costs(TTI, Elem, CrossLanePercent);
    OVLSSequence Seq;
    OVLSReason Why;
    OVLSSequenceOptions Options;
    // A runtime mask is applied per lane: each block must belong to a lane.
    Options.AllowStrided = RuntimeMask == nullptr;
    Options.RequireProfit = !IgnoreCosts;
    if (!getSequence(Group, Costs, Seq, &Why, Options)) {
      missed(Anchor, OVLSReason::getKindName(Why.getKind()),
             "did not combine " + std::to_string(Group.size()) + " " +
                 describe(*Leader) + ": " + Why.getMessage() + costParts(Seq));
      return;
    }
    emit(Group, Seq, Elem, RuntimeMask, Anchor);
  }

  // Whether a masked load of Wide costs less than a load of Narrow.
  bool cheaperWide(llvm::FixedVectorType *Narrow, llvm::FixedVectorType *Wide,
                   llvm::Align A) const {
    constexpr auto Kind = llvm::TargetTransformInfo::TCK_RecipThroughput;
    llvm::InstructionCost W =
        TTI.getMaskedMemoryOpCost(llvm::Instruction::Load, Wide, A, 0, Kind);
    llvm::InstructionCost N = TTI.getMemoryOpCost(llvm::Instruction::Load, Narrow, A, 0, Kind);
    return W.isValid() && N.isValid() && W < N;
  }

  // What a sequence's cost is made of, and the gain it predicts.
  static std::string costParts(const OVLSSequence &Seq) {
    if (!Seq.getCost())
      return "";
    std::string S;
    llvm::raw_string_ostream OS(S);
    OS << "; sequence: loads/stores " << Seq.getMemoryCost() << " + shuffles "
       << Seq.getShuffleCost() << " (lane-crossing at " << CrossLanePercent
       << "%); predicted "
       << llvm::format("%.2f", double(Seq.getOriginalCost()) / double(Seq.getCost()))
       << "x";
    return S;
  }

  static std::string describe(const LLVMMemref &M) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    switch (M.getForm()) {
    case LLVMMemref::Gather: OS << "gathers"; break;
    case LLVMMemref::Scatter: OS << "scatters"; break;
    case LLVMMemref::ScalarizedGather: OS << "scalarized gathers"; break;
    }
    OS << " of <" << M.getNumElements() << " x " << *M.getElementType() << ">";
    return S;
  }

  void emit(const OVLSGroup &Group, const OVLSSequence &Seq, llvm::Type *Elem,
            llvm::Value *RuntimeMask, llvm::Instruction *Anchor) {
    auto *Leader = static_cast<LLVMMemref *>(Group.getLeader());
    // The remark's place: the anchor itself may be one of the replaced.
    llvm::DebugLoc Loc = Anchor->getDebugLoc();
    llvm::BasicBlock *Block = Anchor->getParent();
    llvm::IRBuilder<> B(Anchor);
    llvm::Align ElemAlign = Leader->getAlign();
    for (OVLSMemref *M : Group.getMembers())
      ElemAlign = std::min(ElemAlign, static_cast<LLVMMemref *>(M)->getAlign());
    llvm::DenseMap<const OVLSInstruction *, llvm::Value *> Values;
    unsigned Loads = 0, Stores = 0, Shuffles = 0;
    llvm::Type *BlockTy = nullptr;
    auto address = [&](const OVLSAddress &A) {
      auto *Base = static_cast<const LLVMMemref *>(A.Base);
      llvm::Value *P = Base->lanePointer(A.Lane, Anchor);
      if (A.ByteOffset)
        P = B.CreateGEP(B.getInt8Ty(), P, B.getInt64(A.ByteOffset), "optvls.addr");
      return P;
    };
    auto mask = [&](llvm::ArrayRef<bool> Elements, const OVLSAddress &A) -> llvm::Value * {
      llvm::SmallVector<llvm::Constant *, 16> Bits;
      for (bool E : Elements)
        Bits.push_back(B.getInt1(E));
      llvm::Value *M = llvm::ConstantVector::get(Bits);
      if (!RuntimeMask)
        return M;
      llvm::Value *Lane = B.CreateExtractElement(RuntimeMask, B.getInt64(A.Lane));
      return B.CreateAnd(M, B.CreateVectorSplat(unsigned(Elements.size()), Lane));
    };
    for (const auto &IPtr : Seq) {
      const OVLSInstruction &I = *IPtr;
      auto *VT = llvm::FixedVectorType::get(Elem, I.getType().getNumElements());
      if (auto *Ld = llvm::dyn_cast<OVLSLoad>(&I)) {
        llvm::Value *P = address(Ld->getAddress());
        unsigned Lanes = VT->getNumElements();
        auto *Wide = llvm::FixedVectorType::get(Elem, llvm::PowerOf2Ceil(Lanes));
        if (Wide != VT && cheaperWide(VT, Wide, ElemAlign)) {
          // A block of 3 (5, 6, 7) elements: one masked load of 4 (8) that
          // reads only those, rather than the pieces the back end would
          // split an odd-sized load into.
          llvm::SmallVector<bool, 16> M(Ld->getMask().begin(), Ld->getMask().end());
          M.resize(Wide->getNumElements(), false);
          llvm::Value *W = B.CreateMaskedLoad(Wide, P, ElemAlign, mask(M, Ld->getAddress()),
                                              nullptr, "optvls.load");
          Values[&I] = B.CreateShuffleVector(
              W, llvm::to_vector(llvm::seq<int>(0, int(Lanes))), "optvls.block");
        } else if (!Ld->isMasked() && !RuntimeMask)
          Values[&I] = B.CreateAlignedLoad(VT, P, ElemAlign, "optvls.load");
        else
          Values[&I] = B.CreateMaskedLoad(VT, P, ElemAlign, mask(Ld->getMask(), Ld->getAddress()),
                                          nullptr, "optvls.load");
        BlockTy = VT;
        ++Loads;
      } else if (auto *Sh = llvm::dyn_cast<OVLSShuffle>(&I)) {
        llvm::Value *A = Values.lookup(Sh->getOperand1());
        llvm::Value *C = Sh->getOperand2() ? Values.lookup(Sh->getOperand2())
                                           : llvm::PoisonValue::get(A->getType());
        Values[&I] = B.CreateShuffleVector(A, C, Sh->getMask(), "optvls.shuffle");
        ++Shuffles;
      } else if (auto *SV = llvm::dyn_cast<OVLSScatterValue>(&I)) {
        Values[&I] = static_cast<const LLVMMemref *>(SV->getMemref())->getDataOperand();
      } else if (auto *St = llvm::dyn_cast<OVLSStore>(&I)) {
        llvm::Value *V = Values.lookup(St->getValue());
        llvm::Value *P = address(St->getAddress());
        if (!St->isMasked() && !RuntimeMask)
          B.CreateAlignedStore(V, P, ElemAlign);
        else
          B.CreateMaskedStore(V, P, ElemAlign, mask(St->getMask(), St->getAddress()));
        BlockTy = VT;
        ++Stores;
      }
    }
    for (OVLSMemref *M : Group.getMembers()) {
      auto *LM = static_cast<LLVMMemref *>(M);
      llvm::Instruction *I = LM->getInstruction();
      if (LM->isLoad()) {
        llvm::Value *R = Values.lookup(Seq.getResult(M));
        llvm::Value *Pass = LM->getDataOperand();
        if (RuntimeMask && Pass && !llvm::isa<llvm::UndefValue>(Pass))
          R = B.CreateSelect(RuntimeMask, R, Pass, "optvls.passthru");
        I->replaceAllUsesWith(R);
      }
      llvm::SmallVector<llvm::Instruction *, 16> Dead{I};
      if (LM->getForm() == LLVMMemref::ScalarizedGather) {
        for (llvm::Value *V = I->getOperand(0); auto *IE = llvm::dyn_cast<llvm::InsertElementInst>(V);
             V = IE->getOperand(0))
          Dead.push_back(IE);
        for (llvm::LoadInst *L : LM->getLaneLoads())
          Dead.push_back(L);
      }
      for (llvm::Instruction *D : Dead) {
        D->replaceAllUsesWith(llvm::PoisonValue::get(D->getType()));
        D->eraseFromParent();
      }
    }
    Changed = true;
    ORE.emit([&] {
      std::string S;
      llvm::raw_string_ostream OS(S);
      OS << "replaced " << Group.size() << " " << describe(*Leader) << " by ";
      if (Loads)
        OS << Loads << " load" << (Loads > 1 ? "s" : "");
      if (Stores)
        OS << Stores << " store" << (Stores > 1 ? "s" : "");
      if (BlockTy)
        OS << " of " << *BlockTy;
      OS << " and " << Shuffles << " shuffle" << (Shuffles == 1 ? "" : "s")
         << " (cost " << Seq.getCost() << " instead of " << Seq.getOriginalCost() << ")"
         << costParts(Seq)
         << Measured.remarkText(
                F.getFnAttribute("target-cpu").getValueAsString(),
                std::to_string(Group.size()) + " " + describe(*Leader));
      return llvm::OptimizationRemark(PassName, "Combined", Loc, Block) << OS.str();
    });
    if (!DotOutput.empty() && Seq.getGraph()) {
      std::error_code EC;
      llvm::raw_fd_ostream Out(DotOutput, EC, llvm::sys::fs::OF_Append);
      if (EC) {
        F.getContext().emitError("cannot write " + DotOutput + ": " + EC.message());
        return;
      }
      Seq.getGraph()->printDot(Out, (F.getName() + "_" + llvm::Twine(DotGroups++)).str());
    }
  }

  unsigned DotGroups = 0;
};

} // namespace

unsigned getCrossLanePercent() { return CrossLanePercent; }

llvm::PreservedAnalyses OptVLSPass::run(llvm::Function &F,
                                        llvm::FunctionAnalysisManager &FAM) {
  if (F.isDeclaration())
    return llvm::PreservedAnalyses::all();
  if (MeasuredFile != MeasuredFrom) {
    MeasuredFrom = MeasuredFile;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(MeasuredFrom);
    if (!Text) {
      F.getContext().emitError("cannot read " + MeasuredFrom + ": " +
                               Text.getError().message());
      Measured = MeasuredGains();
    } else {
      Measured = MeasuredGains::parse((*Text)->getBuffer());
    }
  }
  if (!FunctionRewriter(F, FAM, Measured).run())
    return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses PA;
  PA.preserveSet<llvm::CFGAnalyses>();
  return PA;
}

} // namespace t2s
