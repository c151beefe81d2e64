//===- UnrollChannels.cpp - What each PE does with its channels -----------===//
//
// The unroll step's statements for a nest's channels (KernelBuilder.h): a
// loader's reads and a drainer's writes per PE, with the lanes of a vector
// and the values of a stream; the passes of a gather or a scatter along a
// chain of PEs; the vector that moves the values of the PEs along a
// vectorized space loop.
//
//===----------------------------------------------------------------------===//

#include "systolic/lowering/KernelBuilder.h"

namespace t2s {
namespace unroll {

// The per-PE subscripts with the vectorized space loop's PE index at X.
llvm::SmallVector<ExprPtr, 4> BodyBuilder::peSubscriptsAt(int64_t X) const {
  llvm::SmallVector<ExprPtr, 4> Subs;
  for (unsigned L : Sch.PELoops)
    Subs.push_back(L == SVec->Loop ? num(X) : peIndex(loop(L), 0));
  return Subs;
}

// vectorize(i) of a space loop: one vector moves the values of the PEs
// along i between their per-PE copies and the loader's (drainer's) channel.
void BodyBuilder::peVectorMove(Stmts &Out, const PEChannel &C) {
  const URELoop &L = loop(SVec->Loop);
  ExprPtr Cond = accessCondition(C);
  std::string V = C->Buffer + "_vec";
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

std::string BodyBuilder::chainComment(const PEChannel &C) const {
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
void BodyBuilder::vectorChain(Stmts &Out, const PEChannel &C, const std::string &V) {
  const PEChain &Ch = *C->Chain;
  const URELoop &L = loop(Ch.Loop);
  std::string Lanes = fresh(C->Buffer + "_lanes");
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

// One PE's part of a gather or a scatter (seed gather.md, Code 2): a count
// loop over the PEs whose values pass through this one.
// E with the variable From read as To.
static ExprPtr renamed(const ExprPtr &E, llvm::StringRef From, const std::string &To) {
  if (E->Kind == ExprKind::Var && E->Name == From)
    return var(To, E->Int, E->Type);
  if (E->Operands.empty())
    return E;
  auto Copy = std::make_shared<Expr>(*E);
  for (ExprPtr &Op : Copy->Operands)
    Op = renamed(Op, From, To);
  return Copy;
}

void BodyBuilder::chain(Stmts &Out, const PEChannel &C) {
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

// A statement for a channel of one PE (an access that happens at one PE
// along a vectorized space loop), in an unrolled loop over the PEs the
// pass left out, which its condition and index name.
Stmt BodyBuilder::aroundSkippedPEs(Stmt S) const {
  if (SkippedPELoop < 0)
    return S;
  Stmt L = upLoop(LoopKind::PE, loop(SkippedPELoop), {std::move(S)});
  L.Braces = false;
  return L;
}

// vectorize: a stream loader's (drainer's) pass over the lanes of one PE:
// all lanes, the pinned one, or each lane.
Stmt BodyBuilder::forLanes(const PEChannel &C, Stmt Lane) const {
  if (C.Lanes.Mode == LaneMode::Pinned) {
    Stmt B = block({std::move(Lane)});
    B.Head.push_back(let(vecLoop().Name, C.Lanes.Pinned));
    return B;
  }
  return lanes({std::move(Lane)});
}

ExprPtr BodyBuilder::bufferRef(const PEChannel &C) const {
  llvm::SmallVector<ExprPtr, 6> Subs = peSubscripts();
  if (Vec)
    Subs.push_back(laneIndex(0, 0));
  return subscript(C.Scalar, var(bufferOf(C)), Subs);
}

void BodyBuilder::load(Stmts &Out, const PEChannel &C) {
  ExprPtr Cond = accessCondition(C);
  ExprPtr Stream = var(C->Stream);
  if (Vec && !C->Stream.empty()) {
    // Lane matching: single values from the stream, whole vectors (a
    // pinned lane, single lanes) to the PEs.
    if (Pass == PEPass::FromStream)
      Out.push_back(forLanes(C, when(Cond, assign(bufferRef(C), channelRead(C.Scalar, Stream)))));
    else if (C.Lanes.Mode == LaneMode::Vector)
      Out.push_back(when(Cond, write(channelRef(C), vectorLiteral(C.Element, bufferLanes(C)))));
    else
      Out.push_back(forLanes(C, when(Cond, write(channelRef(C), bufferRef(C)))));
    return;
  }
  if (C->PEVector) {
    // The lanes are the PEs along the vectorized space loop.
    const URELoop &L = loop(SVec->Loop);
    Stmt Gather = upLoop(LoopKind::PE, L, {assign(subscript(C.Scalar, var(C.LaneTemp),
                                                            {peIndex(L, 0)}),
                                                  address(C))});
    Gather.Braces = false;
    Out.push_back(when(Cond, block({decl(C.Scalar, C.LaneTemp, {L.extent()}),
                                    std::move(Gather),
                                    write(channelRef(C), packLanes(C, C.LaneTemp))})));
  } else if (Vec && C.Lanes.Mode == LaneMode::Vector) {
    Stmt Gather = lanes({assign(subscript(C.Scalar, var(C.LaneTemp), {laneIndex(0, 0)}),
                                address(C))});
    Out.push_back(when(Cond, block({decl(C.Scalar, C.LaneTemp, {Vec->Lanes}),
                                    std::move(Gather),
                                    write(channelRef(C), packLanes(C, C.LaneTemp))})));
  } else if (Vec && C.Lanes.Mode == LaneMode::Pinned) {
    Out.push_back(pinned(C, when(Cond, write(channelRef(C), address(C)))));
  } else if (Vec) {
    Out.push_back(lanes({when(Cond, write(channelRef(C), address(C)))}));
  } else if (C->Stream.empty()) {
    Out.push_back(aroundSkippedPEs(when(Cond, write(channelRef(C), address(C)))));
  } else if (Pass == PEPass::FromStream) {
    Out.push_back(when(Cond, assign(bufferRef(C), channelRead(C.Element, Stream))));
  } else {
    Out.push_back(when(Cond, write(channelRef(C), bufferRef(C))));
  }
}

// The PE channel whose loader or drainer (this kernel) talks to another
// kernel, if any.
const PEChannel *BodyBuilder::streamOfThisKernel() const {
  if (Role != KernelRole::Loader && Role != KernelRole::Drainer)
    return nullptr;
  for (const PEChannel &C : Channels)
    if (C->Buffer == K.Buffer && !C->Stream.empty() &&
        C->Output == (Role == KernelRole::Drainer))
      return &C;
  return nullptr;
}

void BodyBuilder::drain(Stmts &Out, const PEChannel &C) {
  std::optional<unsigned> St = storeOf(C);
  if (!St)
    return;
  ExprPtr Guard = guardOf(*St);
  ExprPtr Stream = var(C->Stream);
  if (Vec && !C->Stream.empty()) {
    // Lane matching: whole vectors (a pinned lane, single lanes) from the
    // PEs, single values to the stream.
    if (Pass == PEPass::ToStream) {
      Out.push_back(forLanes(C, when(Guard, write(Stream, bufferRef(C)))));
    } else if (C.Lanes.Mode == LaneMode::Vector) {
      std::string V = C.LaneTemp + "_vec";
      Out.push_back(when(Guard, block({decl(C.Element, V, {}, DeclInit::Value, readChannel(C)),
                                       oneLine(assignLanes(C.Element, V,
                                                           bufferLanes(C)))})));
    } else {
      Out.push_back(forLanes(C, when(Guard, assign(bufferRef(C), readChannel(C)))));
    }
    return;
  }
  if (C->PEVector) {
    const URELoop &L = loop(SVec->Loop);
    Stmt Scatter = upLoop(LoopKind::PE, L,
                          {assign(targetOf(*St),
                                  subscript(C.Scalar, var(C.LaneTemp), {peIndex(L, 0)}))});
    Scatter.Braces = false;
    Out.push_back(when(Guard, block({decl(C.Element, C.LaneTemp + "_vec", {}, DeclInit::Value,
                                          readChannel(C)),
                                     decl(C.Scalar, C.LaneTemp, {L.extent()}),
                                     unpackLanes(C, C.LaneTemp + "_vec", C.LaneTemp),
                                     std::move(Scatter)})));
    return;
  }
  if (Vec && C.Lanes.Mode == LaneMode::Vector) {
    Stmt Scatter = lanes({assign(targetOf(*St),
                                 subscript(C.Scalar, var(C.LaneTemp), {laneIndex(0, 0)}))});
    Out.push_back(when(Guard, block({decl(C.Element, C.LaneTemp + "_vec", {}, DeclInit::Value,
                                          readChannel(C)),
                                     decl(C.Scalar, C.LaneTemp, {Vec->Lanes}),
                                     unpackLanes(C, C.LaneTemp + "_vec", C.LaneTemp),
                                     std::move(Scatter)})));
    return;
  }
  if (Vec && C.Lanes.Mode == LaneMode::Pinned) {
    Out.push_back(pinned(C, when(Guard, assign(targetOf(*St), readChannel(C)))));
    return;
  }
  if (Vec) {
    Out.push_back(lanes({when(Guard, assign(targetOf(*St), readChannel(C)))}));
    return;
  }
  if (C->Stream.empty())
    Out.push_back(aroundSkippedPEs(when(Guard, assign(targetOf(*St),
                                                      readChannel(C)))));
  else if (Pass == PEPass::ToStream)
    Out.push_back(when(Guard, write(Stream, bufferRef(C))));
  else
    Out.push_back(when(Guard, assign(bufferRef(C), readChannel(C))));
}

// This PE's lanes of the stream buffer: buffer[pe...][0], [1], ...
llvm::SmallVector<ExprPtr, 16> BodyBuilder::bufferLanes(const PEChannel &C) const {
  llvm::SmallVector<ExprPtr, 16> Out;
  for (int64_t X = 0; X < C.lanes(); ++X) {
    llvm::SmallVector<ExprPtr, 6> Subs = peSubscripts();
    Subs.push_back(num(X));
    Out.push_back(subscript(C.Scalar, var(bufferOf(C)), Subs));
  }
  return Out;
}

} // namespace unroll
} // namespace t2s
