//===- KernelSkeleton.cpp - What every kernel's statements share ----------===//
//
// The unroll step (Lowering.h): lays out what each kernel of the Design runs,
// as a statement tree (systolic/Stmt.h), with the builder of its role
// (KernelBuilder.h). Every kernel of a systolic array keeps the loops
// outside the first time loop, then one loop per time variable; in each time
// step it runs its passes over the PEs, in which each PE recovers its loop
// variables from the time and does its part where its iteration is one of
// the nest's. The nest's lifted expressions get the kernel's leaves:
// shift-register words for URE reads, the received temporaries for isolated
// reads, variables for loops.
//
//===----------------------------------------------------------------------===//

#include "systolic/lowering/KernelBuilder.h"

namespace t2s {
namespace unroll {

Stmts KernelSkeleton::body() {
  Stmts Out;
  declarations(Out);
  // Loops outside the first time loop, then one loop per time variable.
  // A vectorized loop is no time loop: its lanes run inside the PEs.
  const SpaceTimeStep &First = Sch.Steps.front();
  unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
  llvm::SmallVector<Stmt, 6> Wrappers;
  // Loops with affine bounds run exactly their iterations (a step under a
  // schedule counts its time variable between constant bounds).
  auto exactLoop = [&](LoopKind Kind, const URELoop &L) {
    return t2s::loop(Kind, L.Name, affineValue(L.LowerBound, L.Lower), upperOf(L), {});
  };
  // pad_rounds: the padded loop and the one inside it run as one loop of
  // steps (roundSteps), the last wrapper.
  const RoundPadding *Pad = padsRounds() ? &*Sch.Padding : nullptr;
  for (unsigned L = 0; L < Outer; ++L)
    if ((!Vec || L != Vec->Loop) && !(Pad && L == Pad->Loop))
      Wrappers.push_back(exactLoop(LoopKind::Serial, loop(L)));
  unsigned Opened = Wrappers.size();
  for (unsigned T = 0; T < Sch.Steps.size(); ++T) {
    const SpaceTimeStep &St = Sch.Steps[T];
    if (!St.HasTimeLoop || (Vec && St.TimeLoop == Vec->Loop))
      continue;
    if (Pad && St.TimeLoop == Pad->Inner) {
      Wrappers.push_back(t2s::loop(LoopKind::Time, fresh("step"), num(0),
                                   num(Pad->RoundSteps), {}));
      continue;
    }
    if (!St.needsRecovery() && (loop(St.TimeLoop).affine() || loop(St.TimeLoop).runTime())) {
      Wrappers.push_back(exactLoop(LoopKind::Time, loop(St.TimeLoop)));
      continue;
    }
    Wrappers.push_back(t2s::loop(LoopKind::Time, timeName(T), num(St.TimeLower),
                                 num(St.TimeUpper), {}));
  }
  Stmts Step;
  if (Wrappers.size() > Opened || (Vec && Opened))
    beginStep(Step);
  stepPasses(Step);
  Stmts Counters;
  if (Pad)
    roundSteps(*Pad, Step, Wrappers.back(), Counters);
  for (Stmt &W : llvm::reverse(Wrappers)) {
    W.Body = std::move(Step);
    Step.clear();
    if (&W == &Wrappers.back())
      Step = std::move(Counters);
    Step.push_back(std::move(W));
  }
  Out.insert(Out.end(), std::make_move_iterator(Step.begin()),
             std::make_move_iterator(Step.end()));
  return Out;
}

// pad_rounds(i, N) (RoundPadding): the loop Flat of steps runs each round
// of i, its values of j, in at least N steps. The counters i and j are
// declared before it (Counters); a step runs the Step of (i, j) where j is
// one of the round's, else idles, then moves j on, and i at the round's
// end, where j starts again min(lo(i), hi(i) - N). Flat tells the FPGA
// compiler how far apart the buffers crossing i are accessed.
void KernelSkeleton::roundSteps(const RoundPadding &Pad, Stmts &Step, Stmt &Flat,
                                Stmts &Counters) {
  const URELoop &I = loop(Pad.Loop), &J = loop(Pad.Inner);
  ExprPtr Lo = affineValue(J.LowerBound, J.Lower), Hi = upperOf(J);
  ExprPtr Early = binary(BinaryOp::Sub, false, Hi, num(Pad.Least));
  ExprPtr Start = select(is(CompareOp::LT, Early, Lo), Early, Lo);
  DType Int = DType::integer(32);
  auto counter = [](Stmt S) {
    S.Counts = true;
    return S;
  };
  Counters.push_back(counter(decl(Int, I.Name, {}, DeclInit::Value, num(I.Lower))));
  Counters.push_back(counter(decl(Int, J.Name, {}, DeclInit::Value, Start)));
  Stmts Run;
  Run.push_back(comment("A step of round " + I.Name + " (its values of " + J.Name +
                        "), or an idle one that pads a round shorter than " +
                        std::to_string(Pad.Least) + " steps."));
  Stmt In = ifElse(is(CompareOp::GE, var(J.Name), Lo), {block(std::move(Step))});
  In.Inline = true;
  Run.push_back(std::move(In));
  Run.push_back(counter(assign(var(J.Name), binary(BinaryOp::Add, false, var(J.Name), num(1)))));
  Run.push_back(ifElse(
      is(CompareOp::EQ, var(J.Name), Hi),
      {counter(assign(var(I.Name), binary(BinaryOp::Add, false, var(I.Name), num(1)))),
       counter(assign(var(J.Name), Start))}));
  Step = std::move(Run);
  for (unsigned A : Pad.Arrays)
    Flat.Apart.push_back(registerName(A));
  Flat.Safelen = Pad.Apart;
}

llvm::SmallVector<int64_t, 4> KernelSkeleton::peExtents() const {
  llvm::SmallVector<int64_t, 4> E;
  for (unsigned L : Sch.PELoops)
    E.push_back(loop(L).extent());
  return E;
}

// Body inside loops over every PE (unrolled, or run in order); loop
// Descending (an index into S.Loops) counts down, Skip is left out.
void KernelSkeleton::overPEs(Stmts &Out, Stmts Body, bool Unroll, int Descending, int Skip) const {
  LoopKind Kind = Unroll ? LoopKind::PE : LoopKind::Serial;
  for (unsigned K = Sch.PELoops.size(); K-- > 0;) {
    unsigned L = Sch.PELoops[K];
    if (K + 1 < PEHeads.size() && !PEHeads[K + 1].empty())
      Body.insert(Body.begin(), PEHeads[K + 1].begin(), PEHeads[K + 1].end());
    if (int(L) == Skip)
      continue;
    const URELoop &P = loop(L);
    Stmt Loop = int(L) == Descending
                    ? t2s::loop(Kind, P.Name, num(P.Upper - 1), num(P.Lower), std::move(Body),
                                /*Down=*/true)
                    : upLoop(Kind, P, std::move(Body));
    Body.clear();
    Body.push_back(std::move(Loop));
  }
  Out.insert(Out.end(), std::make_move_iterator(Body.begin()),
             std::make_move_iterator(Body.end()));
}

void KernelSkeleton::pePass(Stmts &Out, PEPass P) {
  Pass = P;
  Out.push_back(comment(passComment()));
  // Channel indices must be constants: only the stream passes (one
  // channel, local buffer) may run the PEs as an ordinary loop. A chain
  // runs its PEs so that each value is sent before it is received (the
  // emulator runs a kernel's PEs one after the other); a loader (drainer)
  // of a chain visits the PEs in the order the chain's end sends
  // (receives). The passes that move one vector for the PEs along a
  // vectorized space loop run once for all of them.
  int Descending = -1, Skip = -1;
  passOrder(Descending, Skip);
  SkippedPELoop = Pass == PEPass::Normal ? Skip : -1;
  Stmts Body = peWork();
  // Affine bounds: a PE of the box runs only the iterations of the nest,
  // unless the pass tests each PE's place itself.
  if (ExprPtr InDomain = peDomain(); InDomain && !passTestsDomain() && !Body.empty()) {
    Stmt If = ifElse(InDomain, {block(std::move(Body))});
    If.Inline = true;
    Body = {std::move(If)};
  }
  // Recover the loop variables from the time (last space_time first).
  Stmt Recover(StmtKind::Recover);
  for (const SpaceTimeStep &St : llvm::reverse(Sch.Steps)) {
    if (!St.needsRecovery())
      continue;
    const URELoop &T = loop(St.TimeLoop);
    Recovery R{T.Name, timeName(&St - Sch.Steps.begin()), {}, T.Lower, T.Upper};
    for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
      if (int64_t C = St.Schedule[I])
        R.Terms.push_back({C, loop(St.SpaceLoops[I]).Name});
    Recover.Recoveries.push_back(std::move(R));
  }
  if (!Recover.Recoveries.empty()) {
    Recover.Body = std::move(Body);
    Body.clear();
    Body.push_back(std::move(Recover));
  }
  // With no PE loop around it (the one space loop is the vectorized one),
  // a pass gets a block of its own, so that the loop variables it recovers
  // do not clash with those of the next pass.
  bool Block = Sch.PELoops.size() == (Skip >= 0 ? 1u : 0u) &&
               llvm::any_of(Sch.Steps, [](const SpaceTimeStep &St) {
                 return St.needsRecovery();
               });
  if (Block)
    Body = {block(std::move(Body))};
  overPEs(Out, std::move(Body), Pass != PEPass::FromStream && Pass != PEPass::ToStream,
          Descending, Skip);
}

// v's affine bound as an expression of the kernel's loop variables; the
// constant Box where it has no coefficient.
ExprPtr KernelSkeleton::affineValue(const AffineExpr &E, int64_t Box) const {
  if (E.isConstant())
    return num(Box);
  ExprPtr Sum;
  for (unsigned D = 0; D < E.Coeffs.size(); ++D) {
    if (!E.Coeffs[D])
      continue;
    ExprPtr Term = var(loop(D).Name);
    if (E.Coeffs[D] != 1)
      Term = binary(BinaryOp::Mul, false, num(E.Coeffs[D]), Term);
    Sum = Sum ? binary(BinaryOp::Add, false, Sum, Term) : Term;
  }
  if (!Sum)
    return num(E.Constant);
  if (E.Constant)
    Sum = binary(E.Constant > 0 ? BinaryOp::Add : BinaryOp::Sub, false, Sum,
                 num(E.Constant > 0 ? E.Constant : -E.Constant));
  return Sum;
}

// The end of loop L's range: a constant, affine in outer loops, or a value
// of the function's parameters (a run-time loop).
ExprPtr KernelSkeleton::upperOf(const URELoop &L) {
  if (!L.runTime())
    return affineValue(L.UpperBound, L.Upper);
  return resolve(Nest.SourceLoops[&L - S.Loops.begin()].RunTimeUpper);
}

// Whether this PE's iteration is one of the nest's: the affine bounds of the
// PE loops (the time loops run their exact bounds); null if none.
ExprPtr KernelSkeleton::peDomain() const {
  llvm::SmallVector<ExprPtr, 4> Terms;
  for (unsigned L : Sch.PELoops) {
    const URELoop &P = loop(L);
    if (!P.LowerBound.isConstant())
      Terms.push_back(is(CompareOp::GE, var(P.Name), affineValue(P.LowerBound, P.Lower)));
    if (!P.UpperBound.isConstant())
      Terms.push_back(is(CompareOp::LT, var(P.Name), affineValue(P.UpperBound, P.Upper)));
  }
  if (Terms.empty())
    return nullptr;
  ExprPtr All = Terms.front();
  for (unsigned I = 1; I < Terms.size(); ++I)
    All = logicalAnd(All, Terms[I]);
  return All;
}

} // namespace unroll

std::optional<std::string> unrollKernels(Design &D, NestPlans Plans) {
  using namespace unroll;
  std::vector<llvm::SmallVector<PEChannel, 4>> Channels;
  for (const std::unique_ptr<NestPlan> &P : Plans) {
    Channels.emplace_back();
    for (const ChannelPlan &C : P->Channels)
      Channels.back().emplace_back(C, D);
  }
  for (Design::Kernel &K : D.Kernels) {
    const NestPlan &P = *Plans[K.Nest];
    std::optional<Stmts> Body;
    switch (K.Role) {
    case KernelRole::Systolic:
      Body = ArrayKernel(P, D, K, Channels[K.Nest]).build();
      break;
    case KernelRole::KernelNest:
      Body = NestKernel(P, D, K, Channels[K.Nest]).build();
      break;
    case KernelRole::Loader:
    case KernelRole::Drainer:
      Body = LoaderDrainerKernel(P, D, K, Channels[K.Nest]).build();
      break;
    }
    if (!Body)
      return "an expression that was not lifted";
    K.Body = std::move(*Body);
  }
  return std::nullopt;
}

} // namespace t2s
