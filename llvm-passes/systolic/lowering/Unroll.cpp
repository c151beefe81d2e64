//===- Unroll.cpp - Each kernel's statements ------------------------------===//
//
// The last lowering step: lays out what each kernel of the Design runs, as a
// statement tree (systolic/Stmt.h). The systolic array keeps its loops
// outside the first time loop, then one loop per time variable; in each time
// step it shifts its registers and runs its passes over the PEs, unrolled
// (the seeds' order: receive vectors, scatter, the PEs, gather, send
// vectors); each PE recovers its loop variables from the time and runs the
// statements of the nest when its step is in range. A loader (drainer) runs
// the same loops and visits the PEs in the order the array reads (writes)
// its channel. A kernel nest runs its loops as written. The nest's lifted
// expressions get the kernel's leaves: shift-register words for URE reads,
// the received temporaries for isolated reads, variables for loops.
//
//===----------------------------------------------------------------------===//

#include "systolic/lowering/KernelBuilder.h"

namespace t2s {
namespace unroll {

Stmts BodyBuilder::body() {
  Stmts Out;
  if (Role == KernelRole::Systolic)
    for (const Design::Register *R : Registers) {
      llvm::SmallVector<int64_t, 6> Dims{R->Words};
      Dims.append(R->PEExtents.begin(), R->PEExtents.end());
      if (R->Lanes)
        Dims.push_back(R->Lanes);
      Out.push_back(decl(R->Element, registerName(*R), Dims));
    }
  if (Role == KernelRole::KernelNest) {
    Out.push_back(plainNest());
    return Out;
  }
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
  for (unsigned L = 0; L < Outer; ++L)
    if (!Vec || L != Vec->Loop)
      Wrappers.push_back(exactLoop(LoopKind::Serial, loop(L)));
  unsigned Opened = Wrappers.size();
  for (unsigned T = 0; T < Sch.Steps.size(); ++T) {
    const SpaceTimeStep &St = Sch.Steps[T];
    if (!St.HasTimeLoop || (Vec && St.TimeLoop == Vec->Loop))
      continue;
    if (!St.needsRecovery() && (loop(St.TimeLoop).affine() || loop(St.TimeLoop).runTime())) {
      Wrappers.push_back(exactLoop(LoopKind::Time, loop(St.TimeLoop)));
      continue;
    }
    Wrappers.push_back(t2s::loop(LoopKind::Time, timeName(T), num(St.TimeLower),
                                 num(St.TimeUpper), {}));
  }
  Stmts Step;
  if ((Wrappers.size() > Opened || (Vec && Opened)) && Role == KernelRole::Systolic)
    shifts(Step);
  stepPasses(Step);
  for (Stmt &W : llvm::reverse(Wrappers)) {
    W.Body = std::move(Step);
    Step.clear();
    Step.push_back(std::move(W));
  }
  Out.insert(Out.end(), std::make_move_iterator(Step.begin()),
             std::make_move_iterator(Step.end()));
  return Out;
}

// One time step of the kernel: its passes over the PEs.
void BodyBuilder::stepPasses(Stmts &Out) {
  const PEChannel *Stream = streamOfThisKernel();
  if (Stream) {
    llvm::SmallVector<int64_t, 6> Dims;
    for (unsigned L : Sch.PELoops)
      Dims.push_back(loop(L).extent());
    if (Vec)
      Dims.push_back(Vec->Lanes);
    Stmt Buffer = decl(Vec ? Stream->Scalar : Stream->Element, bufferOf(*Stream), Dims);
    Buffer.Text = std::string("this step's values, one per PE") + (Vec ? " and lane" : "");
    Out.push_back(std::move(Buffer));
  }
  if (Stream && Role == KernelRole::Loader)
    pePass(Out, PEPass::FromStream);
  // The seeds' order: (vectorization,) scatter, the PEs, gather; the PE
  // loops are unrolled.
  if (Role == KernelRole::Systolic) {
    for (const PEChannel &C : Channels)
      if (C->Chain || C->PEVector) {
        Stmt D = decl(C->PEVector ? C.Scalar : C.Element, C.PETemp, peExtents());
        D.Text = C->Chain ? std::string("per PE, ") + (C->Output ? "gathered" : "scattered") +
                                " along " + loop(C->Chain->Loop).Name
                          : "per PE, one vector along " + loop(SVec->Loop).Name;
        Out.push_back(std::move(D));
      }
    for (const PEChannel &C : Channels)
      if (C->PEVector && !C->Chain && !C->Output) {
        VectorPass = &C;
        pePass(Out, PEPass::Receive);
      }
    for (const PEChannel &C : Channels)
      if (C->Chain && !C->Output) {
        ChainPass = &C;
        pePass(Out, PEPass::Chain);
      }
  }
  pePass(Out, PEPass::Normal);
  if (Role == KernelRole::Systolic) {
    for (const PEChannel &C : Channels)
      if (C->Chain && C->Output) {
        ChainPass = &C;
        pePass(Out, PEPass::Chain);
      }
    for (const PEChannel &C : Channels)
      if (C->PEVector && !C->Chain && C->Output) {
        VectorPass = &C;
        pePass(Out, PEPass::Send);
      }
  }
  if (Stream && Role == KernelRole::Drainer)
    pePass(Out, PEPass::ToStream);
}

llvm::SmallVector<int64_t, 4> BodyBuilder::peExtents() const {
  llvm::SmallVector<int64_t, 4> E;
  for (unsigned L : Sch.PELoops)
    E.push_back(loop(L).extent());
  return E;
}

void BodyBuilder::shifts(Stmts &Out) {
  if (llvm::none_of(Registers, [&](const Design::Register *R) { return R->Words > 1; }))
    return;
  Out.push_back(comment("Shift the registers: one time step passes."));
  Stmts InPE;
  for (const Design::Register *R : Registers) {
    if (R->Words < 2)
      continue;
    // The counters must not hide a loop variable of the design.
    std::string Slot = fresh("slot"), Lane = fresh("lane");
    Stmt Shift(StmtKind::Shift);
    Shift.Name = registerName(*R);
    Shift.Text = Slot;
    Shift.Words = R->Words;
    Shift.Subscripts = peSubscripts();
    if (!R->Lanes) {
      InPE.push_back(std::move(Shift));
      continue;
    }
    Shift.Subscripts.push_back(var(Lane));
    InPE.push_back(t2s::loop(LoopKind::Unroll, Lane, num(0), num(R->Lanes), {std::move(Shift)}));
  }
  overPEs(Out, std::move(InPE), /*Unroll=*/true);
}

// Body inside loops over every PE (unrolled, or run in order); loop
// Descending (an index into S.Loops) counts down, Skip is left out.
void BodyBuilder::overPEs(Stmts &Out, Stmts Body, bool Unroll, int Descending, int Skip) const {
  LoopKind Kind = Unroll ? LoopKind::PE : LoopKind::Serial;
  for (unsigned L : llvm::reverse(Sch.PELoops)) {
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

void BodyBuilder::pePass(Stmts &Out, PEPass P) {
  Pass = P;
  Out.push_back(comment(
      Pass == PEPass::FromStream ? "Receive this step's values, in the order the PEs read them."
      : Pass == PEPass::ToStream ? "Send this step's values on, in the order the PEs wrote them."
      : Pass == PEPass::Chain    ? chainComment(*ChainPass)
      : Pass == PEPass::Receive  ? "Receive " + (*VectorPass)->Buffer +
                                      " as one vector for the PEs along " +
                                      loop(SVec->Loop).Name + "."
      : Pass == PEPass::Send     ? "Send " + (*VectorPass)->Buffer +
                                   " as one vector from the PEs along " +
                                   loop(SVec->Loop).Name + "."
      : Role == KernelRole::Systolic ? "The PEs."
      : Role == KernelRole::Loader   ? "What each PE reads, when it reads it."
                                     : "What each PE writes, when it writes it."));
  // Channel indices must be constants: only the stream passes (one
  // channel, local buffer) may run the PEs as an ordinary loop. A chain
  // runs its PEs so that each value is sent before it is received (the
  // emulator runs a kernel's PEs one after the other); a loader (drainer)
  // of a chain visits the PEs in the order the chain's end sends
  // (receives). The passes that move one vector for the PEs along a
  // vectorized space loop run once for all of them.
  int Descending = -1, Skip = -1;
  if (Pass == PEPass::Chain && (*ChainPass)->Chain->Down)
    Descending = (*ChainPass)->Chain->Loop;
  if (Pass == PEPass::Receive || Pass == PEPass::Send)
    Skip = SVec->Loop;
  if (Pass == PEPass::Normal && (Role == KernelRole::Loader || Role == KernelRole::Drainer))
    for (const PEChannel &C : Channels) {
      if (C->Buffer != K.Buffer)
        continue;
      if (C->Chain && !C->Chain->ascending())
        Descending = C->Chain->Loop;
      if (C->PEVector)
        Skip = SVec->Loop;
    }
  SkippedPELoop = Pass == PEPass::Normal ? Skip : -1;
  Stmts Body = peWork();
  // Affine bounds: a PE of the box runs only the iterations of the nest. A
  // chain whose PEs access at their own steps tests each PE's place in the
  // nest itself (chain()); the PEs of any other chain are all in the nest
  // or all out of it at a step.
  bool OwnSteps = Pass == PEPass::Chain && (*ChainPass)->Chain->PerPE;
  if (ExprPtr InDomain = peDomain(); InDomain && !OwnSteps && !Body.empty()) {
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
ExprPtr BodyBuilder::affineValue(const AffineExpr &E, int64_t Box) const {
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
ExprPtr BodyBuilder::upperOf(const URELoop &L) {
  if (!L.runTime())
    return affineValue(L.UpperBound, L.Upper);
  return resolve(Nest.SourceLoops[&L - S.Loops.begin()].RunTimeUpper);
}

// Whether this PE's iteration is one of the nest's: the affine bounds of the
// PE loops (the time loops run their exact bounds); null if none.
ExprPtr BodyBuilder::peDomain() const {
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

// What one PE does in the current pass.
Stmts BodyBuilder::peWork() {
  Stmts Out;
  if (Pass == PEPass::Chain) {
    chain(Out, *ChainPass);
    return Out;
  }
  if (Pass == PEPass::Receive || Pass == PEPass::Send) {
    peVectorMove(Out, *VectorPass);
    return Out;
  }
  switch (Role) {
  case KernelRole::Systolic:
    if (Vec) {
      vectorPE(Out);
      break;
    }
    for (const PEChannel &C : Channels)
      if (!C->Output && inBody(C))
        channelReadInto(Out, C);
    for (unsigned SI = 0; SI < S.Statements.size(); ++SI)
      Out.push_back(statement(SI));
    break;
  case KernelRole::Loader:
    for (const PEChannel &C : Channels)
      if (!C->Output && C->Buffer == K.Buffer)
        load(Out, C);
    break;
  case KernelRole::Drainer:
    for (const PEChannel &C : Channels)
      if (C->Output && C->Buffer == K.Buffer)
        drain(Out, C);
    break;
  case KernelRole::KernelNest:
    break;
  }
  return Out;
}

Stmt BodyBuilder::statement(unsigned SI) {
  const UREStatement &St = S.Statements[SI];
  ExprPtr Value = resolve(Nest.Statements[SI].Value);
  if (!St.Extended) {
    llvm::SmallVector<ExprPtr, 6> Subs{num(0)};
    Subs.append(peSubscripts());
    if (Vec)
      Subs.push_back(laneIndex(0, Vec->LanePad[St.Array]));
    return assign(subscript(Value->Type, var(registerName(St.Array)), Subs), Value);
  }
  ExprPtr Guard = guardOf(SI);
  const PEChannel *C = channelOfStatement(SI);
  if (C && Vec && C->Lanes.Mode == LaneMode::Vector)
    return when(Guard, assign(subscript(C->Scalar, var(C->LaneTemp), {laneIndex(0, 0)}), Value));
  if (C && ((*C)->Chain || (*C)->PEVector))
    return when(Guard, assign(perPE(Value->Type, C->PETemp), Value));
  if (C)
    return when(Guard, write(channelRef(*C), Value));
  return when(Guard, assign(targetOf(SI), Value));
}

// A PE of a vectorized array: whole vectors in, the lanes (in order), whole
// vectors out; channels of one lane or of single lanes inside the lanes.
void BodyBuilder::vectorPE(Stmts &Out) {
  for (const PEChannel &C : Channels) {
    if (C->Output || !inBody(C))
      continue;
    ExprPtr Source = C->Chain ? perPE(C.Element, C.PETemp) : readChannel(C);
    ExprPtr Cond = accessCondition(C);
    if (C.Lanes.Mode == LaneMode::Vector) {
      Out.push_back(decl(C.Scalar, C.Temp, {Vec->Lanes}));
      Stmts Unpack{decl(C.Element, C.Temp + "_vec", {}, DeclInit::Value, Source)};
      for (Stmt &A : assignLanes(C.Element, C.Temp + "_vec",
                                 elementsOf(C.Scalar, C.Temp, C.lanes())))
        Unpack.push_back(std::move(A));
      Out.push_back(when(Cond, block(std::move(Unpack), /*Inline=*/true)));
    } else if (C.Lanes.Mode == LaneMode::Pinned) {
      Out.push_back(decl(C.Element, C.Temp, {}, DeclInit::Zero));
      Out.push_back(pinned(C, when(Cond, assign(var(C.Temp), Source))));
    }
  }
  for (const PEChannel &C : Channels)
    if (C->Output && C.Lanes.Mode == LaneMode::Vector)
      Out.push_back(decl(C.Scalar, C.LaneTemp, {Vec->Lanes}));
  Stmts Lanes;
  for (const PEChannel &C : Channels)
    if (!C->Output && inBody(C) && C.Lanes.Mode == LaneMode::Serial)
      channelReadInto(Lanes, C);
  for (unsigned SI = 0; SI < S.Statements.size(); ++SI)
    Lanes.push_back(statement(SI));
  Out.push_back(lanes(std::move(Lanes)));
  // The one-lane registers keep their lane of this step.
  for (const Design::Register *R : Registers) {
    if (R->Lane < 0)
      continue;
    unsigned A = llvm::find_if(S.Arrays, [&](const UREArray &X) { return X.Name == R->Array; }) -
                 S.Arrays.begin();
    llvm::SmallVector<ExprPtr, 6> Subs{num(0)};
    Subs.append(peSubscripts());
    ExprPtr Word = subscript(R->Element, var(registerName(*R)), Subs);
    Subs.push_back(num(R->Lane - vecLoop().Lower + Vec->LanePad[A]));
    Out.push_back(assign(Word, subscript(R->Element, var(registerName(A)), Subs)));
  }
  for (const PEChannel &C : Channels) {
    if (!C->Output || C.Lanes.Mode != LaneMode::Vector)
      continue;
    ExprPtr Value = packLanes(C, C.LaneTemp);
    Out.push_back(when(accessCondition(C), C->Chain ? assign(perPE(C.Element, C.PETemp), Value)
                                                    : write(channelRef(C), Value)));
  }
}

// The systolic kernel receives a loaded input before the statements use it.
void BodyBuilder::channelReadInto(Stmts &Out, const PEChannel &C) {
  ExprPtr Cond = accessCondition(C);
  DType T = C->PEVector ? C.Scalar : C.Element;
  ExprPtr Source = C->Chain || C->PEVector ? perPE(T, C.PETemp) : readChannel(C);
  if (!Cond) {
    Out.push_back(decl(T, C.Temp, {}, DeclInit::Value, Source));
    return;
  }
  Out.push_back(decl(T, C.Temp, {}, DeclInit::Zero));
  Out.push_back(guarded(Cond, assign(var(C.Temp), Source)));
}

// A kernel(name) nest: its loops as they are, its statements in order;
// values from and to other kernels go through their channels.
Stmt BodyBuilder::plainNest() {
  Stmts Body;
  for (const PEChannel &C : Channels)
    if (!C->Output && inBody(C))
      channelReadInto(Body, C);
  for (unsigned SI = 0; SI < S.Statements.size(); ++SI)
    Body.push_back(statement(SI));
  for (const URELoop &L : llvm::reverse(S.Loops)) {
    Stmt Loop = t2s::loop(LoopKind::Serial, L.Name, affineValue(L.LowerBound, L.Lower),
                          upperOf(L), std::move(Body));
    Body.clear();
    Body.push_back(std::move(Loop));
  }
  return std::move(Body.front());
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
    std::optional<Stmts> Body =
        BodyBuilder(*Plans[K.Nest], D, K, Channels[K.Nest]).build();
    if (!Body)
      return "an expression that was not lifted";
    K.Body = std::move(*Body);
  }
  return std::nullopt;
}

} // namespace t2s
