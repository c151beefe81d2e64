//===- StdMinMax.cpp - std::min, std::max, std::clamp as selects ----------===//

#include "ure/StdMinMax.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"

#include <optional>

namespace t2s {
namespace {

enum class Kind { Min, Max, Clamp };
enum class Order { Signed, Unsigned, Float };

struct StdCall {
  Kind K;
  Order O;
  unsigned Bits; // of the type as memory holds it
};

// The Itanium name of std::min<T>(const T&, const T&) is _ZSt3minI<T>ERKT_S2_S2_,
// with <T> one letter for a builtin type.
std::optional<StdCall> stdCall(llvm::StringRef Name) {
  static const struct {
    llvm::StringRef Prefix, Suffix;
    Kind K;
  } Forms[] = {{"_ZSt3minI", "ERKT_S2_S2_", Kind::Min},
               {"_ZSt3maxI", "ERKT_S2_S2_", Kind::Max},
               {"_ZSt5clampI", "ERKT_S2_S2_S2_", Kind::Clamp}};
  for (const auto &F : Forms) {
    if (!Name.starts_with(F.Prefix) || !Name.ends_with(F.Suffix) ||
        Name.size() != F.Prefix.size() + 1 + F.Suffix.size())
      continue;
    switch (Name[F.Prefix.size()]) {
    case 'a': case 'c': return StdCall{F.K, Order::Signed, 8};
    case 's': return StdCall{F.K, Order::Signed, 16};
    case 'i': return StdCall{F.K, Order::Signed, 32};
    case 'l': case 'x': return StdCall{F.K, Order::Signed, 64};
    case 'b': case 'h': return StdCall{F.K, Order::Unsigned, 8};
    case 't': return StdCall{F.K, Order::Unsigned, 16};
    case 'j': return StdCall{F.K, Order::Unsigned, 32};
    case 'm': case 'y': return StdCall{F.K, Order::Unsigned, 64};
    case 'f': return StdCall{F.K, Order::Float, 32};
    case 'd': return StdCall{F.K, Order::Float, 64};
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

class Expander {
  llvm::Function &F;
  llvm::MapVector<llvm::CallInst *, StdCall> Calls; // program order
  llvm::DenseMap<llvm::CallInst *, llvm::Value *> Values;

public:
  explicit Expander(llvm::Function &F) : F(F) {}

  bool run() {
    for (llvm::BasicBlock &BB : F)
      for (llvm::Instruction &I : BB)
        if (auto *Call = llvm::dyn_cast<llvm::CallInst>(&I))
          if (llvm::Function *Callee = Call->getCalledFunction())
            if (std::optional<StdCall> What = stdCall(Callee->getName());
                What && Call->arg_size() == (What->K == Kind::Clamp ? 3u : 2u) &&
                Call->getType()->isPointerTy())
              Calls.insert({Call, *What});
    // Keep the calls whose every use reads the value at once: a load, or
    // the argument of another call kept (std::max(std::max(a, b), c)).
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (auto It = Calls.begin(); It != Calls.end(); ++It)
        if (!usesReadValue(It->first, It->second)) {
          Calls.erase(It);
          Changed = true;
          break;
        }
    }
    for (auto &[Call, What] : Calls)
      expand(Call, What);
    for (auto &[Call, What] : llvm::reverse(Calls))
      Call->eraseFromParent();
    return !Calls.empty();
  }

private:
  llvm::Type *typeOf(const StdCall &What) const {
    llvm::LLVMContext &C = F.getContext();
    if (What.O == Order::Float)
      return What.Bits == 32 ? llvm::Type::getFloatTy(C) : llvm::Type::getDoubleTy(C);
    return llvm::Type::getIntNTy(C, What.Bits);
  }

  // The objects a call's result may point to: its arguments' (through the
  // calls it takes the result of).
  void referents(llvm::CallInst *Call, llvm::SmallPtrSetImpl<const llvm::Value *> &Out) const {
    for (llvm::Value *A : Call->args()) {
      auto *Inner = llvm::dyn_cast<llvm::CallInst>(A);
      if (Inner && Calls.count(Inner))
        referents(Inner, Out);
      else
        Out.insert(llvm::getUnderlyingObject(A));
    }
  }

  // Whether I may change what the call's result points to: a write, other
  // than a store to a local variable it does not point to or a call kept.
  bool clobbers(llvm::Instruction &I, const llvm::SmallPtrSetImpl<const llvm::Value *> &Refs) const {
    if (!I.mayWriteToMemory())
      return false;
    if (auto *C = llvm::dyn_cast<llvm::CallInst>(&I); C && Calls.count(C))
      return false;
    // A store, or the start or end of a temporary's life (clang marks
    // them at -O1 and above), to a local variable it does not point to.
    const llvm::Value *Ptr = nullptr;
    if (auto *St = llvm::dyn_cast<llvm::StoreInst>(&I); St && !St->isVolatile())
      Ptr = St->getPointerOperand();
    else if (I.isLifetimeStartOrEnd())
      Ptr = llvm::cast<llvm::IntrinsicInst>(I).getArgOperand(1);
    if (!Ptr)
      return true;
    const llvm::Value *Obj = llvm::getUnderlyingObject(Ptr);
    return !llvm::isa<llvm::AllocaInst>(Obj) || Refs.contains(Obj);
  }

  bool usesReadValue(llvm::CallInst *Call, const StdCall &What) const {
    if (Call->use_empty())
      return false;
    llvm::SmallPtrSet<const llvm::Value *, 4> Refs;
    referents(Call, Refs);
    llvm::SmallPtrSet<const llvm::User *, 4> Left;
    for (llvm::User *U : Call->users()) {
      auto *L = llvm::dyn_cast<llvm::LoadInst>(U);
      auto *C = llvm::dyn_cast<llvm::CallInst>(U);
      bool Read = (L && !L->isVolatile() && L->getType() == typeOf(What)) ||
                  (C && Calls.count(C));
      if (!Read || llvm::cast<llvm::Instruction>(U)->getParent() != Call->getParent())
        return false;
      Left.insert(U);
    }
    for (llvm::Instruction *I = Call->getNextNode(); I && !Left.empty(); I = I->getNextNode()) {
      if (Left.erase(I))
        continue;
      if (clobbers(*I, Refs))
        return false;
    }
    return Left.empty();
  }

  void expand(llvm::CallInst *Call, const StdCall &What) {
    llvm::IRBuilder<> B(Call);
    llvm::Type *T = typeOf(What);
    llvm::SmallVector<llvm::Value *, 3> Args;
    for (llvm::Value *Ptr : Call->args()) {
      auto *Inner = llvm::dyn_cast<llvm::CallInst>(Ptr);
      Args.push_back(Inner && Values.count(Inner) ? Values.lookup(Inner) : B.CreateLoad(T, Ptr));
    }
    // Integers: the min/max intrinsics (what __builtin_elementwise_min
    // gives, and what run-time sizes are read from); floating point: the
    // standard's selects, min(a, b) = b < a ? b : a, max(a, b) = a < b ? b : a.
    auto extreme = [&](bool Max, llvm::Value *X, llvm::Value *Y) -> llvm::Value * {
      switch (What.O) {
      case Order::Signed:
        return B.CreateBinaryIntrinsic(Max ? llvm::Intrinsic::smax : llvm::Intrinsic::smin, X, Y);
      case Order::Unsigned:
        return B.CreateBinaryIntrinsic(Max ? llvm::Intrinsic::umax : llvm::Intrinsic::umin, X, Y);
      case Order::Float:
        return B.CreateSelect(Max ? B.CreateFCmpOLT(X, Y) : B.CreateFCmpOLT(Y, X), Y, X);
      }
      llvm_unreachable("unknown order");
    };
    auto minOf = [&](llvm::Value *X, llvm::Value *Y) { return extreme(false, X, Y); };
    auto maxOf = [&](llvm::Value *X, llvm::Value *Y) { return extreme(true, X, Y); };
    llvm::Value *Result = nullptr;
    switch (What.K) {
    case Kind::Min:
      Result = minOf(Args[0], Args[1]);
      break;
    case Kind::Max:
      Result = maxOf(Args[0], Args[1]);
      break;
    case Kind::Clamp: // libstdc++: min(max(v, lo), hi)
      Result = minOf(maxOf(Args[0], Args[1]), Args[2]);
      break;
    }
    Values[Call] = Result;
    for (llvm::User *U : llvm::make_early_inc_range(Call->users()))
      if (auto *L = llvm::dyn_cast<llvm::LoadInst>(U)) {
        L->replaceAllUsesWith(Result);
        L->eraseFromParent();
      }
  }
};

} // namespace

bool expandStdMinMax(llvm::Function &F) { return Expander(F).run(); }

} // namespace t2s
