//===- SerialDrains.cpp - A drainer's results in the host's layout --------===//

#include "backends/hls/SerialDrains.h"
#include "backends/c/StubCommon.h"
#include "backends/hls/SerialFeeds.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>

namespace t2s {

namespace {

const DType Int = DType::integer(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }

// A loop around the drainer's step, or an unrolled loop in it.
struct Range {
  std::string Name;
  ExprPtr From, Bound;
};

// Whether Target is an element of buffer parameter Port.
bool storesInto(const ExprPtr &Target, unsigned Port) {
  return Target && Target->Kind == ExprKind::BufferElement && Target->Index == Port;
}

void conjuncts(const ExprPtr &C, llvm::SmallVectorImpl<ExprPtr> &Out) {
  if (C->Kind == ExprKind::And) {
    conjuncts(C->Operands[0], Out);
    conjuncts(C->Operands[1], Out);
  } else if (C->Kind == ExprKind::AllOf) {
    for (const ExprPtr &X : C->Operands)
      conjuncts(X, Out);
  } else {
    Out.push_back(C);
  }
}


// The analysis of a drainer's step: its stores' slots and pins.
class DrainPlan {
public:
  const Design::Kernel &K;
  unsigned Port;
  llvm::SmallVector<Range, 6> Around; // the loops around the step, outermost first
  const Stmt *StepLoop = nullptr;
  // Per store statement (by address): its first slot and the unrolled
  // loops around it in the step.
  struct Store {
    int64_t First = 0;
    llvm::SmallVector<Range, 4> Unrolled;
  };
  std::map<const Stmt *, Store> Stores;
  int64_t Slots = 0;
  std::map<std::string, ExprPtr> Pins; // of every store
  bool Failed = false;

  DrainPlan(const Design::Kernel &K, unsigned Port) : K(K), Port(Port) {
    const Stmts *Body = &K.Body;
    for (;;) {
      const Stmt *Loop = nullptr;
      for (const Stmt &S : *Body)
        if (S.Kind == StmtKind::Loop && !Loop)
          Loop = &S;
        else if (S.Kind != StmtKind::Comment) {
          fail();
          return;
        }
      if (!Loop || unrolledLoop(*Loop) || Loop->Down || !ofParams(Loop->Value) ||
          !ofParams(Loop->Bound)) {
        fail();
        return;
      }
      Around.push_back({Loop->Name, Loop->Value, Loop->Bound});
      if (!hasPipelinedLoop(Loop->Body)) {
        StepLoop = Loop;
        break;
      }
      Body = &Loop->Body;
    }
    llvm::SmallVector<Range, 4> Unrolled;
    llvm::StringSet<> Constant; // unrolled loops and Lets: constants per copy
    bool First = true;
    walk(StepLoop->Body, Unrolled, Constant, {}, First);
    if (Stores.empty())
      fail();
  }

private:
  void fail() { Failed = true; }

  const Range *around(llvm::StringRef Name) const {
    for (const Range &R : Around)
      if (R.Name == Name)
        return &R;
    return nullptr;
  }

  // Whether E is a value of loop R's range.
  static bool inRange(const ExprPtr &E, const Range &R) {
    if (equal(*E, *R.From))
      return true;
    if (E->Kind == ExprKind::Binary && BinaryOp(E->Op) == BinaryOp::Sub &&
        intConstant(E->Operands[1]) == 1 && equal(*E->Operands[0], *R.Bound))
      return true;
    std::optional<int64_t> V = intConstant(E), F = intConstant(R.From), B = intConstant(R.Bound);
    return V && F && B && *F <= *V && *V < *B;
  }

  void walk(const Stmts &Body, llvm::SmallVectorImpl<Range> &Unrolled, llvm::StringSet<> &Constant,
            std::map<std::string, ExprPtr> Path, bool &First) {
    for (const Stmt &S : Body) {
      if (Failed)
        return;
      switch (S.Kind) {
      case StmtKind::Loop: {
        std::optional<int64_t> F = intConstant(S.Value), B = intConstant(S.Bound);
        if (!unrolledLoop(S) || S.Down || !F || !B)
          return fail();
        Unrolled.push_back({S.Name, S.Value, S.Bound});
        Constant.insert(S.Name);
        walk(S.Body, Unrolled, Constant, Path, First);
        Unrolled.pop_back();
        continue;
      }
      case StmtKind::Let:
        if (S.Value && namesOnly(S.Value, Constant))
          Constant.insert(S.Name);
        continue;
      case StmtKind::If: {
        std::map<std::string, ExprPtr> Then = Path;
        llvm::SmallVector<ExprPtr, 4> Terms;
        conjuncts(S.Value, Terms);
        for (const ExprPtr &T : Terms) {
          if (namesOnly(T, Constant))
            continue; // decided per copy, as the host decides it
          const Range *R = nullptr;
          ExprPtr V;
          if (T->Kind == ExprKind::Compare && CompareOp(T->Op) == CompareOp::EQ)
            for (int Side = 0; Side < 2 && !R; ++Side) {
              const ExprPtr &X = T->Operands[Side];
              if (X->Kind == ExprKind::Var && X->Int == 0 && (R = around(X->Name)))
                V = T->Operands[1 - Side];
            }
          if (!R || !ofParams(V) || !inRange(V, *R) || Then.count(R->Name))
            return fail();
          Then[R->Name] = V;
        }
        walk(S.Body, Unrolled, Constant, Then, First);
        walk(S.Else, Unrolled, Constant, Path, First);
        continue;
      }
      case StmtKind::Assign:
        if (storesInto(S.Target, Port)) {
          if (First)
            Pins = Path, First = false;
          else if (!samePins(Path))
            return fail();
          Store &St = Stores[&S];
          St.First = Slots;
          St.Unrolled.assign(Unrolled.begin(), Unrolled.end());
          int64_t Copies = 1;
          for (const Range &U : Unrolled)
            Copies *= *intConstant(U.Bound) - *intConstant(U.From);
          Slots += Copies;
        }
        continue;
      case StmtKind::Recover:
      case StmtKind::Shift:
        return fail();
      default:
        for (const Stmts *L : nestedLists(S))
          walk(*L, Unrolled, Constant, Path, First);
        continue;
      }
    }
  }

  bool samePins(const std::map<std::string, ExprPtr> &Path) const {
    if (Path.size() != Pins.size())
      return false;
    for (const auto &[Name, V] : Path) {
      auto It = Pins.find(Name);
      if (It == Pins.end() || !equal(*It->second, *V))
        return false;
    }
    return true;
  }
};

// The slot of a store's copy: its first plus the unrolled loops' values,
// the innermost fastest.
ExprPtr slotOf(const DrainPlan::Store &St) {
  ExprPtr Slot = St.First ? num(St.First) : nullptr;
  int64_t Stride = 1;
  for (size_t I = St.Unrolled.size(); I-- > 0;) {
    const Range &U = St.Unrolled[I];
    ExprPtr Term = intDifference(var(U.Name), U.From);
    if (Stride != 1)
      Term = binary(BinaryOp::Mul, false, Term, num(Stride));
    Slot = Slot ? binary(BinaryOp::Add, false, Slot, Term) : Term;
    Stride *= *intConstant(U.Bound) - *intConstant(U.From);
  }
  return Slot ? Slot : num(0);
}

ExprPtr conjunction(const std::map<std::string, ExprPtr> &Pins) {
  ExprPtr C;
  for (const auto &[Name, V] : Pins) {
    ExprPtr T = compare(CompareOp::EQ, false, var(Name), V);
    C = C ? logicalAnd(C, T) : T;
  }
  return C;
}

// Rewrites the stores of Body in place; Host: leaves out every statement
// but loops, conditions, scopes, Lets and the stores.
void rewriteStores(Stmts &Body, const DrainPlan &P, const std::map<const Stmt *, const Stmt *> &Orig,
                   llvm::function_ref<void(Stmt &, const DrainPlan::Store &)> Store, bool Host) {
  Stmts Out;
  for (Stmt &S : Body) {
    auto O = Orig.find(&S);
    const Stmt *From = O == Orig.end() ? nullptr : O->second;
    if (From && P.Stores.count(From)) {
      Store(S, P.Stores.at(From));
      Out.push_back(std::move(S));
      continue;
    }
    if (Host && (S.Kind == StmtKind::Decl || S.Kind == StmtKind::Assign ||
                 S.Kind == StmtKind::Write || S.Kind == StmtKind::Shift))
      continue;
    for (Stmts *L : {&S.Head, &S.Body, &S.Else})
      rewriteStores(*L, P, Orig, Store, Host);
    bool Empty = S.Head.empty() && S.Body.empty() && S.Else.empty();
    if (Host && Empty &&
        (S.Kind == StmtKind::Block || S.Kind == StmtKind::If || S.Kind == StmtKind::Loop))
      continue; // all it held was left out
    Out.push_back(std::move(S));
  }
  Body = std::move(Out);
}

// Pairs each statement of a copy with the statement it copies.
void pairUp(Stmts &Copy, const Stmts &Orig, std::map<const Stmt *, const Stmt *> &Out) {
  for (size_t I = 0; I < Copy.size() && I < Orig.size(); ++I) {
    Out[&Copy[I]] = &Orig[I];
    pairUp(Copy[I].Head, Orig[I].Head, Out);
    pairUp(Copy[I].Body, Orig[I].Body, Out);
    pairUp(Copy[I].Else, Orig[I].Else, Out);
  }
}

// The copy of K's step loop in Copy (the same path of loops).
Stmt *stepIn(Stmts &Copy, const DrainPlan &P) {
  Stmts *Body = &Copy;
  Stmt *Loop = nullptr;
  for (size_t L = 0; L < P.Around.size(); ++L) {
    Loop = nullptr;
    for (Stmt &S : *Body)
      if (S.Kind == StmtKind::Loop)
        Loop = &S;
    if (!Loop)
      return nullptr;
    Body = &Loop->Body;
  }
  return Loop;
}


// The host's replay: K's loops and conditions with each store taking its
// slot from the record In of the step; Record counts the records.
Design::Kernel unpacker(const Design::Kernel &K, const DrainPlan &P, const SerialDrain &F,
                        const std::string &In, const std::string &Record) {
  Design::Kernel Out = K;
  std::map<const Stmt *, const Stmt *> Orig;
  pairUp(Out.Body, K.Body, Orig);
  Stmt *Step = stepIn(Out.Body, P);
  ExprPtr Base = binary(BinaryOp::Mul, false, var(Record, 0, DType::integer(64)),
                        intConst(DType::integer(64), F.recordLanes()));
  rewriteStores(Step->Body, P, Orig, [&](Stmt &S, const DrainPlan::Store &St) {
    S.Value = subscript(F.Lane, var(In, 0, F.Lane),
                        {binary(BinaryOp::Add, false, Base, slotOf(St))});
  }, /*Host=*/true);
  Step->Body.push_back(ifElse(F.When, {assign(var(Record, 0, DType::integer(64)),
                                              binary(BinaryOp::Add, false,
                                                     var(Record, 0, DType::integer(64)),
                                                     intConst(DType::integer(64), 1)))}));
  Out.Body.insert(Out.Body.begin(),
                  decl(DType::integer(64), Record, {}, DeclInit::Zero));
  Out.Name = F.Unpacker;
  Out.Params = paramsNamed(Out.Body);
  return Out;
}

} // namespace

std::optional<SerialDrain> serialDrain(const Design &D, const Design::Kernel &K) {
  if (!D.HostLayouts || K.Role != KernelRole::Drainer || K.Reuse)
    return std::nullopt;
  SerialDrain F;
  bool Found = false;
  for (unsigned A : K.Params)
    if (D.Params[A].Pointer && D.Params[A].Name == K.Buffer)
      F.Port = A, Found = true;
  if (!Found || !D.writes(F.Port) || measuresReach(D, K.Buffer))
    return std::nullopt;
  for (const Design::Kernel &X : D.Kernels)
    if (&X != &K && llvm::is_contained(X.Params, F.Port))
      return std::nullopt;
  std::optional<DType> Element = D.elementOf(F.Port);
  if (!Element || Element->isVector() || Element->isBool() ||
      (Element->isFloat() && Element->Bits == 16) ||
      !llvm::is_contained({8u, 16u, 32u, 64u}, Element->Bits))
    return std::nullopt;
  F.Lane = *Element;
  // The output is only stored into.
  bool ReadsIt = false;
  forEachStmt(K.Body, [&](const Stmt &S) {
    for (const ExprPtr *E : {&S.Value, &S.Bound})
      if (*E)
        ReadsIt |= anyNode(*E, [&](const Expr &X) {
          return X.Kind == ExprKind::BufferElement && X.Index == F.Port;
        });
    if (S.Target && !storesInto(S.Target, F.Port))
      ReadsIt |= anyNode(S.Target, [&](const Expr &X) {
        return X.Kind == ExprKind::BufferElement && X.Index == F.Port;
      });
  });
  if (ReadsIt)
    return std::nullopt;
  DrainPlan P(K, F.Port);
  if (P.Failed)
    return std::nullopt;
  unsigned Bytes = F.Lane.Bits / 8;
  F.BeatLanes = SerialBeatBytes / Bytes;
  F.Slots = P.Slots;
  F.RecordBeats = (P.Slots * Bytes + SerialBeatBytes - 1) / SerialBeatBytes;
  if (F.RecordBeats > 64)
    return std::nullopt;
  // The steps that write: the loops no pin names, each over its range. The
  // longest run of them: the loops inside the innermost pinned loop.
  ExprPtr Records;
  int64_t Run = 1;
  bool RunKnown = true;
  for (const Range &R : P.Around) {
    if (P.Pins.count(R.Name)) {
      Run = 1;
      RunKnown = true;
      continue;
    }
    ExprPtr Extent = intDifference(R.Bound, R.From);
    Records = Records ? intProduct(Records, Extent) : Extent;
    if (std::optional<int64_t> E = intConstant(Extent))
      Run *= *E;
    else
      RunKnown = false;
  }
  F.Records = Records ? Records : num(1);
  F.When = P.Pins.empty() ? intConst(DType::boolean(), 1) : conjunction(P.Pins);
  F.Depth = std::max<int64_t>(2, RunKnown ? std::min<int64_t>(Run, 1024) : 1024);
  // Nothing the host leaves out decides a store or its address.
  F.Unpacker = "t2s_unpack_" + K.Name;
  Design::Kernel Host = unpacker(K, P, F, "t2s_in", "t2s_record");
  llvm::StringSet<> Declared;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Decl)
      Declared.insert(S.Name);
  });
  bool Dangling = false;
  forEachStmt(Host.Body, [&](const Stmt &S) {
    forEachExpr(S, [&](const ExprPtr &E) {
      Dangling |= anyNode(E, [&](const Expr &X) {
        return X.Kind == ExprKind::ChannelRead ||
               (X.Kind == ExprKind::Var && Declared.contains(X.Name));
      });
    });
  });
  if (Dangling)
    return std::nullopt;
  llvm::StringSet<> Names = designNames(D); // the module's own names avoid them
  F.Channel = freshIn(Names, K.Name + "_records");
  F.Writer = freshIn(Names, D.Name + "_write_" + K.Buffer);
  F.Unpacker = freshIn(Names, F.Unpacker);
  return F;
}

Design::Kernel withSerialDrain(const Design::Kernel &K, const SerialDrain &F) {
  DrainPlan P(K, F.Port);
  if (P.Failed)
    return K;
  Design::Kernel Out = K;
  std::map<const Stmt *, const Stmt *> Orig;
  pairUp(Out.Body, K.Body, Orig);
  Stmt *Step = stepIn(Out.Body, P);
  llvm::StringSet<> Names;
  addNames(K.Body, Names);
  std::string Slots = freshIn(Names, "t2s_slots");
  rewriteStores(Step->Body, P, Orig, [&](Stmt &S, const DrainPlan::Store &St) {
    S.Target = subscript(F.Lane, var(Slots, 0, F.Lane), {slotOf(St)});
  }, /*Host=*/false);
  llvm::SmallVector<ExprPtr, 16> Lanes;
  for (int64_t L = 0; L < F.recordLanes(); ++L)
    Lanes.push_back(L < F.Slots ? subscript(F.Lane, var(Slots, 0, F.Lane), {num(L)})
                                : (F.Lane.isFloat() ? floatConst(F.Lane, 0) : intConst(F.Lane, 0)));
  Step->Body.push_back(comment("A step that writes sends its record, whole, to " + F.Writer +
                               " (the host stores it: " + F.Unpacker + ")."));
  Step->Body.push_back(ifElse(F.When, {write(var(F.Channel, 0, F.record()),
                                             vectorLiteral(F.record(), Lanes))}));
  Stmt Kept = decl(F.Lane, Slots, {F.Slots}, DeclInit::Zero);
  Kept.Text = "the step's results, a slot per store and copy";
  Out.Body.insert(Out.Body.begin(), std::move(Kept));
  Out.Params = paramsNamed(Out.Body);
  return Out;
}

Design::Kernel serialUnpacker(const Design::Kernel &K, const SerialDrain &F) {
  DrainPlan P(K, F.Port);
  return unpacker(K, P, F, "t2s_in", "t2s_record");
}

} // namespace t2s
