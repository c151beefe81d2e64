//===- ArrayKernel.cpp - The systolic array's and kernel nests' statements -===//
//
// The unroll step's builders of the kernels that run a nest's statements
// (KernelBuilder.h): the systolic array, whose PEs keep their URE arrays in
// shift registers, receive what loaders send (or a chain or a vector of PEs
// passes on), compute, and send to drainers; and a kernel(name) nest, run as
// written.
//
//===----------------------------------------------------------------------===//

#include "systolic/lowering/KernelBuilder.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

namespace t2s {
namespace unroll {

// The array's shift registers, one per URE array (and lane).
void ArrayKernel::declarations(Stmts &Out) {
  for (const Design::Register *R : Registers) {
    llvm::SmallVector<int64_t, 6> Dims{R->Words};
    Dims.append(R->PEExtents.begin(), R->PEExtents.end());
    if (R->Lanes)
      Dims.push_back(R->Lanes);
    Out.push_back(decl(R->Element, registerName(*R), Dims));
    Out.back().PEBuffer = !R->Buffer.empty();
  }
}

// One time step of the array, in the seeds' order: (receive vectors,)
// scatter, the PEs, gather(, send vectors); the PE loops are unrolled.
void ArrayKernel::stepPasses(Stmts &Out) {
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
      pePass(Out, C.Bundle ? PEPass::Unbundle : PEPass::Chain);
    }
  pePass(Out, PEPass::Normal);
  for (const PEChannel &C : Channels)
    if (C->Chain && C->Output) {
      ChainPass = &C;
      pePass(Out, C.Bundle ? PEPass::Bundle : PEPass::Chain);
    }
  for (const PEChannel &C : Channels)
    if (C->PEVector && !C->Chain && C->Output) {
      VectorPass = &C;
      pePass(Out, PEPass::Send);
    }
}

std::string ArrayKernel::passComment() const {
  switch (Pass) {
  case PEPass::Chain:
    return chainComment(*ChainPass);
  case PEPass::Unbundle:
  case PEPass::Bundle: {
    const PEChannel &C = *ChainPass;
    return std::string(C->Chain->Gather ? "Gather " : "Scatter ") + C->Buffer + " along " +
           chainLoop(C).Name + ": " + (C->Chain->Gather ? "send" : "receive") +
           " the values of the " + std::to_string(C.Bundle) + " PEs along " +
           chainLoop(C).Name + " in one transfer.";
  }
  case PEPass::Receive:
    return "Receive " + (*VectorPass)->Buffer + " as one vector for the PEs along " +
           loop(SVec->Loop).Name + ".";
  case PEPass::Send:
    return "Send " + (*VectorPass)->Buffer + " as one vector from the PEs along " +
           loop(SVec->Loop).Name + ".";
  default:
    return "The PEs.";
  }
}

// Channel indices must be constants, so the PE loops are unrolled. A chain
// runs its PEs so that each value is sent before it is received (the
// emulator runs a kernel's PEs one after the other). The passes that move
// one vector for the PEs along a vectorized space loop run once for all of
// them.
void ArrayKernel::passOrder(int &Descending, int &Skip) const {
  if (Pass == PEPass::Chain && (*ChainPass)->Chain->Down)
    Descending = (*ChainPass)->Chain->Loop;
  if (Pass == PEPass::Receive || Pass == PEPass::Send)
    Skip = SVec->Loop;
  if (Pass == PEPass::Unbundle || Pass == PEPass::Bundle)
    Skip = (*ChainPass)->Chain->Loop;
}

// A chain whose PEs access at their own steps tests each PE's place in the
// nest itself (chain()); the PEs of any other chain are all in the nest or
// all out of it at a step.
bool ArrayKernel::passTestsDomain() const {
  return Pass == PEPass::Chain && (*ChainPass)->Chain->PerPE;
}

// What one PE does in the current pass.
Stmts ArrayKernel::peWork() {
  Stmts Out;
  if (Pass == PEPass::Chain) {
    chain(Out, *ChainPass);
    return Out;
  }
  if (Pass == PEPass::Receive || Pass == PEPass::Send) {
    peVectorMove(Out, *VectorPass);
    return Out;
  }
  if (Pass == PEPass::Unbundle || Pass == PEPass::Bundle) {
    bundleMove(Out, *ChainPass);
    return Out;
  }
  if (Vec) {
    vectorPE(Out);
    return Out;
  }
  for (const PEChannel &C : Channels)
    if (!C->Output && inBody(C))
      channelReadInto(Out, C);
  Stmts Work;
  for (unsigned SI = 0; SI < S.Statements.size(); ++SI) {
    Work.push_back(statement(SI));
    roundCopy(Work, SI);
  }
  readBuffersOnce(Work);
  Out.insert(Out.end(), std::make_move_iterator(Work.begin()), std::make_move_iterator(Work.end()));
  return Out;
}

// Each word of its own buffer a PE's statements read, read once into a
// temporary before them (QRD reads A's word of the round before for the
// update and for q): a PE's buffer may be a RAM with one read port
// (FPGADevice::PEBuffersInBlockRAM). The reads cross rounds, so no
// statement of this step writes the words they read, and every word a read
// computes lies in the buffer, so reading it where a condition skips the
// statement is safe.
void ArrayKernel::readBuffersOnce(Stmts &Body) {
  llvm::StringSet<> Buffers;
  for (const Design::Register *R : Registers)
    if (!R->Buffer.empty())
      Buffers.insert(registerName(*R));
  if (Buffers.empty())
    return;
  auto isBufferWord = [&](const ExprPtr &E) {
    return E && E->Kind == ExprKind::Subscript && E->operand(0).Kind == ExprKind::Var &&
           Buffers.contains(E->operand(0).Name);
  };
  // A word of this PE's own buffer; a read of another PE's (QRD's X from the
  // last PE, under 'k == 0') names a PE that exists only where its
  // condition holds, and stays there.
  llvm::SmallVector<ExprPtr, 4> PE = peSubscripts();
  auto ownWord = [&](const ExprPtr &E) {
    if (!isBufferWord(E) || E->Operands.size() != PE.size() + 2)
      return false;
    for (size_t I = 0; I < PE.size(); ++I)
      if (!equal(*E->Operands[I + 2], *PE[I]))
        return false;
    return true;
  };
  Stmts Reads;
  llvm::SmallVector<std::pair<ExprPtr, ExprPtr>, 4> Words; // a word, its temporary
  auto hoist = [&](const ExprPtr &E) {
    return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
      if (!ownWord(X))
        return nullptr;
      for (const auto &[Word, Temp] : Words)
        if (equal(*Word, *X))
          return Temp;
      std::string Name = fresh(X->operand(0).Name + "_w" + std::to_string(Words.size()));
      Reads.push_back(decl(X->Type, Name, {}, DeclInit::Value, X));
      Words.push_back({X, var(Name, 0, X->Type)});
      return Words.back().second;
    });
  };
  std::function<void(Stmts &)> Walk = [&](Stmts &L) {
    for (Stmt &X : L) {
      if (X.Value)
        X.Value = hoist(X.Value);
      if (X.Bound)
        X.Bound = hoist(X.Bound);
      // A buffer word written stays; the subscripts are reads.
      if (isBufferWord(X.Target)) {
        llvm::SmallVector<ExprPtr, 4> Subs;
        for (size_t I = 1; I < X.Target->Operands.size(); ++I)
          Subs.push_back(hoist(X.Target->Operands[I]));
        X.Target = subscript(X.Target->Type, X.Target->Operands[0], Subs);
      } else if (X.Target) {
        X.Target = hoist(X.Target);
      }
      Walk(X.Head);
      Walk(X.Body);
      Walk(X.Else);
    }
  };
  Walk(Body);
  Body.insert(Body.begin(), std::make_move_iterator(Reads.begin()),
              std::make_move_iterator(Reads.end()));
}

// A statement that wrote the shift register of a buffered array's reads
// within a round: its buffer keeps the value for the reads across rounds.
void ArrayKernel::roundCopy(Stmts &Out, unsigned SI) {
  const UREStatement &St = S.Statements[SI];
  const Design::Register *Round = St.Extended ? nullptr : roundOf(St.Array);
  if (!Round)
    return;
  const Design::Register *Buf = bufferOf(St.Array);
  llvm::SmallVector<ExprPtr, 6> Word{num(0)}, Slot{bufferSlot(*Buf, {})};
  Word.append(peSubscripts());
  Slot.append(peSubscripts());
  Out.push_back(assign(subscript(Buf->Element, var(registerName(*Buf)), Slot),
                       subscript(Round->Element, var(registerName(*Round)), Word)));
}

void ArrayKernel::shifts(Stmts &Out) {
  auto shifted = [](const Design::Register *R) { return R->Words > 1 && R->Buffer.empty(); };
  if (llvm::none_of(Registers, shifted))
    return;
  Out.push_back(comment("Shift the registers: one time step passes."));
  Stmts InPE;
  for (const Design::Register *R : Registers) {
    if (!shifted(R))
      continue;
    // The counters must not hide a loop variable of the design.
    std::string Slot = fresh(ShiftSlot.str()), Lane = fresh("lane");
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

Stmt ArrayKernel::statement(unsigned SI) {
  const UREStatement &St = S.Statements[SI];
  ExprPtr Value = resolve(Nest.Statements[SI].Value);
  // The statement's place in the source, for a reader of the kernel (an
  // FPGA compiler's report names the kernel's lines).
  auto placed = [&](Stmt X) {
    if (St.Loc.Line)
      X.Text = llvm::sys::path::filename(St.Loc.File).str() + ":" + std::to_string(St.Loc.Line);
    return X;
  };
  if (!St.Extended) {
    // A buffered array with reads within a round writes its shift register
    // (roundCopy() copies the value into the buffer).
    const Design::Register *Round = roundOf(St.Array);
    const Design::Register *Buf = Round ? nullptr : bufferOf(St.Array);
    llvm::SmallVector<ExprPtr, 6> Subs{Buf ? bufferSlot(*Buf, {}) : num(0)};
    Subs.append(peSubscripts());
    if (Vec)
      Subs.push_back(laneIndex(0, Vec->LanePad[St.Array]));
    return placed(assign(
        subscript(Value->Type, var(Round ? registerName(*Round) : registerName(St.Array)), Subs),
        Value));
  }
  ExprPtr Guard = guardOf(SI);
  const PEChannel *C = channelOfStatement(SI);
  if (C && Vec && C->Lanes.Mode == LaneMode::Vector)
    return when(Guard, placed(assign(subscript(C->Scalar, var(C->LaneTemp), {laneIndex(0, 0)}),
                                     Value)));
  if (C && ((*C)->Chain || (*C)->PEVector))
    return when(Guard, placed(assign(perPE(Value->Type, C->PETemp), Value)));
  if (C)
    return when(Guard, placed(write(channelRef(*C), Value)));
  return when(Guard, placed(assign(targetOf(SI), Value)));
}

// A PE of a vectorized array: whole vectors in, the lanes (in order), whole
// vectors out; channels of one lane or of single lanes inside the lanes.
void ArrayKernel::vectorPE(Stmts &Out) {
  for (const PEChannel &C : Channels) {
    if (C->Output || !inBody(C))
      continue;
    ExprPtr Source = C->Chain ? perPE(C.Element, C.PETemp) : readChannel(C);
    ExprPtr Cond = accessCondition(C);
    if (C.Lanes.Mode == LaneMode::Vector) {
      Out.push_back(decl(C.Scalar, C.Temp, {Vec->Lanes}));
      Out.push_back(when(Cond, block(unpackInto(C, Source), /*Inline=*/true)));
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

Stmts ArrayKernel::unpackInto(const PEChannel &C, ExprPtr Source) const {
  Stmts Unpack{decl(C.Element, vectorTemp(C.Temp), {}, DeclInit::Value, std::move(Source))};
  for (Stmt &A : assignLanes(C.Element, vectorTemp(C.Temp), elementsOf(C.Scalar, C.Temp, C.lanes())))
    Unpack.push_back(std::move(A));
  return Unpack;
}

// The systolic kernel receives a loaded input before the statements use it.
void ArrayKernel::channelReadInto(Stmts &Out, const PEChannel &C) {
  ExprPtr Cond = accessCondition(C);
  if (C->Window) {
    // A gather's window, unpacked: the statements pick from it.
    Out.push_back(decl(C.Scalar, C.Temp, {C->Window->Width}));
    Out.push_back(when(Cond, block(unpackInto(C, readChannel(C)), /*Inline=*/!Cond)));
    return;
  }
  DType T = C->PEVector ? C.Scalar : C.Element;
  ExprPtr Source = C->Chain || C->PEVector ? perPE(T, C.PETemp) : readChannel(C);
  if (!Cond) {
    Out.push_back(decl(T, C.Temp, {}, DeclInit::Value, Source));
    return;
  }
  Out.push_back(decl(T, C.Temp, {}, DeclInit::Zero));
  Out.push_back(guarded(Cond, assign(var(C.Temp), Source)));
}

// The per-PE subscripts with the vectorized space loop's PE index at X.
llvm::SmallVector<ExprPtr, 4> ArrayKernel::peSubscriptsAt(int64_t X) const {
  llvm::SmallVector<ExprPtr, 4> Subs;
  for (unsigned L : Sch.PELoops)
    Subs.push_back(L == SVec->Loop ? num(X) : peIndex(loop(L), 0));
  return Subs;
}

// vectorize(i) of a space loop: one vector moves the values of the PEs
// along i between their per-PE copies and the loader's (drainer's) channel.
void ArrayKernel::peVectorMove(Stmts &Out, const PEChannel &C) {
  const URELoop &L = loop(SVec->Loop);
  ExprPtr Cond = accessCondition(C);
  std::string V = vectorTemp(C->Buffer);
  llvm::SmallVector<ExprPtr, 32> Lanes;
  for (int64_t X = L.Lower; X < L.Upper; ++X)
    Lanes.push_back(subscript(C.Scalar, var(C.PETemp), peSubscriptsAt(X - L.Lower)));
  if (C->Output) {
    Out.push_back(when(Cond, write(channelRef(C), vectorLiteral(C.Element, Lanes))));
    return;
  }
  Out.push_back(when(Cond, block({decl(C.Element, V, {}, DeclInit::Value, readChannel(C)),
                                  oneLine(assignLanes(C.Element, V, Lanes))})));
}

// A scatter receives the chain's transfer and hands each PE its value; a
// gather puts each PE's value into the transfer and sends it. The PEs
// along the chain all access at the same steps, so one condition decides
// for all of them.
void ArrayKernel::bundleMove(Stmts &Out, const PEChannel &C) {
  std::string Lanes = fresh(C->Buffer + "_bundle");
  int64_t W = C.lanes();
  ExprPtr Mine = perPE(C.Element, C.PETemp);
  Stmts Move{bundleLanes(C, Lanes)};
  Stmts PE;
  if (C->Output) {
    if (W == 1)
      PE.push_back(assign(bundleSlot(C, Lanes, num(0)), Mine));
    else
      for (int64_t L = 0; L < W; ++L)
        PE.push_back(assign(bundleSlot(C, Lanes, num(L)), lane(Mine, unsigned(L))));
    Move.push_back(alongChain(C, std::move(PE)));
    Move.push_back(write(wideRef(C), packBundle(C, Lanes)));
  } else {
    std::string V = readTemp(Lanes);
    Move.insert(Move.begin(), decl(C.Wide, V, {}, DeclInit::Value, channelRead(C.Wide, wideRef(C))));
    Move.push_back(unpackBundle(C, V, Lanes));
    llvm::SmallVector<ExprPtr, 16> Mine;
    for (int64_t L = 0; L < W; ++L)
      Mine.push_back(bundleSlot(C, Lanes, num(L)));
    Move.push_back(alongChain(
        C, {assign(perPE(C.Element, C.PETemp), W == 1 ? Mine[0] : vectorLiteral(C.Element, Mine))}));
  }
  Stmt Body = when(accessCondition(C), block(std::move(Move)));
  if (Vec && C.Lanes.Mode == LaneMode::Pinned)
    Body = pinnedBlock(C, std::move(Body));
  Out.push_back(std::move(Body));
}

std::string ArrayKernel::chainComment(const PEChannel &C) const {
  const PEChain &Ch = *C->Chain;
  const URELoop &L = loop(Ch.Loop);
  std::string End = L.Name + " = " + std::to_string(Ch.endPE(L));
  std::string Head = std::string(Ch.Gather ? "Gather " : "Scatter ") + C->Buffer + " along " +
                     L.Name + " (" + (Ch.Down ? "down" : "up") + "): PE " + End;
  return Ch.Gather ? Head + " sends every PE's value, each PE passes on those behind it."
                   : Head + " receives every PE's value, each PE keeps its own and passes "
                            "the rest on.";
}

// One PE's part of a gather or a scatter along a vectorized space loop
// (seed gather.md, Code 4): the chain passes one vector; each PE merges its
// own lane into it (gather) or takes its lane out of it (scatter).
void ArrayKernel::vectorChain(Stmts &Out, const PEChannel &C, const std::string &V) {
  const PEChain &Ch = *C->Chain;
  const URELoop &L = loop(Ch.Loop);
  std::string Lanes = fresh(lanesTemp(C->Buffer));
  ExprPtr Neighbour = chainRef(C, Ch.Down ? 1 : -1);
  int64_t End = Ch.endPE(L);
  int64_t Start = End == L.Lower ? L.Upper - 1 : L.Lower; // the far end
  ExprPtr Here = var(L.Name);
  ExprPtr Mine = subscript(C.Scalar, var(Lanes), {peIndex(L, 0)});
  Stmts In{decl(C.Scalar, Lanes, {L.extent()}, DeclInit::Zero)};
  if (Ch.Gather) {
    Stmts Receive{decl(C.Element, V, {}, DeclInit::Value, channelRead(C.Element, Neighbour))};
    for (Stmt &A : assignLanes(C.Element, V, elementsOf(C.Scalar, Lanes, C.lanes())))
      Receive.push_back(std::move(A));
    In.push_back(guarded(is(CompareOp::NE, Here, num(Start)), block(std::move(Receive), /*Inline=*/true)));
    In.push_back(assign(Mine, perPE(C.Scalar, C.PETemp)));
    In.push_back(ifElse(is(CompareOp::EQ, Here, num(End)),
                        {write(channelRef(C), packLanes(C, Lanes))},
                        {write(chainRef(C, 0), packLanes(C, Lanes))}));
  } else {
    In.push_back(decl(C.Element, V, {}, DeclInit::Value,
                      select(is(CompareOp::EQ, Here, num(End)), readChannel(C),
                             channelRead(C.Element, Neighbour))));
    In.push_back(unpackLanes(C, V, Lanes));
    In.push_back(assign(perPE(C.Scalar, C.PETemp), Mine));
    In.push_back(ifElse(is(CompareOp::NE, Here, num(Start)),
                        {write(chainRef(C, 0), var(V, 0, C.Element))}));
  }
  Out.push_back(when(accessCondition(C), block(std::move(In))));
}

// E with the variable From read as To.
static ExprPtr renamed(const ExprPtr &E, llvm::StringRef From, const std::string &To) {
  return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
    if (X->Kind == ExprKind::Var && X->Name == From)
      return var(To, X->Int, X->Type);
    return nullptr;
  });
}

void ArrayKernel::chain(Stmts &Out, const PEChannel &C) {
  const PEChain &Ch = *C->Chain;
  const URELoop &L = loop(Ch.Loop);
  std::string T = fresh("t"), V = fresh("v");
  if (C->PEVector) {
    vectorChain(Out, C, V);
    return;
  }
  ExprPtr Neighbour = chainRef(C, Ch.Down ? 1 : -1);
  ExprPtr AtEnd = is(CompareOp::EQ, var(L.Name), num(Ch.endPE(L)));
  ExprPtr Mine = is(CompareOp::EQ, var(T), var(L.Name));
  ExprPtr Value = var(V, 0, C.Element);
  Stmts Pass;
  if (Ch.Gather) {
    Pass.push_back(decl(C.Element, V, {}, DeclInit::Value,
                        select(Mine, perPE(C.Element, C.PETemp),
                               channelRead(C.Element, Neighbour))));
    Pass.push_back(ifElse(AtEnd, {write(channelRef(C), Value)}, {write(chainRef(C, 0), Value)}));
  } else {
    Pass.push_back(decl(C.Element, V, {}, DeclInit::Value,
                        select(AtEnd, readChannel(C), channelRead(C.Element, Neighbour))));
    Pass.push_back(ifElse(Mine, {assign(perPE(C.Element, C.PETemp), Value)},
                          {write(chainRef(C, 0), Value)}));
  }
  ExprPtr Cond = accessCondition(C);
  if (Ch.PerPE) {
    // The PEs along the chain access at their own steps: pass one value for
    // each PE T behind this one whose condition (and, with affine bounds,
    // whose place in the nest) holds at this step.
    ExprPtr At = Cond;
    if (ExprPtr InDomain = peDomain())
      At = At ? logicalAnd(InDomain, At) : InDomain;
    if (At)
      Pass = {guarded(renamed(At, L.Name, T), block(std::move(Pass)))};
    Cond = nullptr;
  }
  Stmt Count = Ch.ascending()
                   ? t2s::loop(LoopKind::Count, T, var(L.Name), num(L.Upper), std::move(Pass))
                   : t2s::loop(LoopKind::Count, T, var(L.Name), num(L.Lower), std::move(Pass),
                               /*Down=*/true);
  if (Vec && C.Lanes.Mode == LaneMode::Pinned) {
    Stmt Pinned = block({when(Cond, block({std::move(Count)}))});
    Pinned.Head.push_back(let(vecLoop().Name, C.Lanes.Pinned));
    Out.push_back(std::move(Pinned));
    return;
  }
  Out.push_back(Cond ? guarded(Cond, block({std::move(Count)})) : std::move(Count));
}

// A kernel(name) nest: its loops as they are, its statements in order;
// values from and to other kernels go through their channels.
Stmts NestKernel::body() {
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
  return Body;
}

} // namespace unroll
} // namespace t2s
