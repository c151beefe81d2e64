//===- LoaderDrainer.cpp - The loaders' and drainers' statements ----------===//
//
// The unroll step's builder of loader and drainer kernels (KernelBuilder.h):
// in each time step of the array a loader visits the PEs in the order the
// array reads its channel and sends each PE's element (a drainer receives
// each PE's value and writes it), with the lanes of a vector, the PEs along
// a vectorized space loop as one vector, or the values of a stream from
// (to) another kernel.
//
//===----------------------------------------------------------------------===//

#include "systolic/lowering/KernelBuilder.h"

namespace t2s {
namespace unroll {

// One time step: a stream's values received first (sent on last), and the
// pass over the PEs.
void LoaderDrainerKernel::stepPasses(Stmts &Out) {
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
  // Windows the PEs share: read where the PE loops they name are set.
  PEHeads.assign(Sch.PELoops.size(), {});
  for (const PEChannel &C : Channels) {
    std::optional<unsigned> Depth = windowDepth(C);
    if (!Depth)
      continue;
    Stmts &Head = *Depth ? PEHeads[*Depth] : Out;
    Head.push_back(decl(C.Scalar, C.LaneTemp, {C->Window->Width}));
    Head.back().Text = *Depth ? "the elements the reads of the PEs inside may pick"
                              : "the elements this step's reads may pick, for every PE";
    if (ExprPtr Cond = accessCondition(C))
      Head.push_back(when(Cond, block(fillWindow(C))));
    else
      for (Stmt &S : fillWindow(C))
        Head.push_back(std::move(S));
  }
  pePass(Out, PEPass::Normal);
  PEHeads.clear();
  if (Stream && Role == KernelRole::Drainer)
    pePass(Out, PEPass::ToStream);
}

std::string LoaderDrainerKernel::passComment() const {
  switch (Pass) {
  case PEPass::FromStream:
    return "Receive this step's values, in the order the PEs read them.";
  case PEPass::ToStream:
    return "Send this step's values on, in the order the PEs wrote them.";
  default:
    return Role == KernelRole::Loader ? "What each PE reads, when it reads it."
                                      : "What each PE writes, when it writes it.";
  }
}

// A loader (drainer) of a chain visits the PEs in the order the chain's end
// sends (receives); one of a vectorized space loop serves the PEs along it
// at once. The stream passes (one channel, a local buffer) run the PEs as
// an ordinary loop.
void LoaderDrainerKernel::passOrder(int &Descending, int &Skip) const {
  if (Pass != PEPass::Normal)
    return;
  for (const PEChannel &C : Channels) {
    if (C->Buffer != K.Buffer)
      continue;
    if (C.Bundle)
      Skip = C->Chain->Loop;
    else if (C->Chain && !C->Chain->ascending())
      Descending = C->Chain->Loop;
    if (C->PEVector)
      Skip = SVec->Loop;
  }
}

// What one PE's element needs in the current pass.
Stmts LoaderDrainerKernel::peWork() {
  Stmts Out;
  for (const PEChannel &C : Channels)
    if (C->Output == (Role == KernelRole::Drainer) && C->Buffer == K.Buffer) {
      if (C->Output)
        drain(Out, C);
      else
        load(Out, C);
    }
  return Out;
}

// A statement for a channel of one PE (an access that happens at one PE
// along a vectorized space loop), in an unrolled loop over the PEs the
// pass left out, which its condition and index name.
Stmt LoaderDrainerKernel::aroundSkippedPEs(Stmt S) const {
  if (SkippedPELoop < 0)
    return S;
  Stmt L = upLoop(LoopKind::PE, loop(SkippedPELoop), {std::move(S)});
  L.Braces = false;
  return L;
}

// vectorize: a stream loader's (drainer's) pass over the lanes of one PE:
// all lanes, the pinned one, or each lane.
Stmt LoaderDrainerKernel::forLanes(const PEChannel &C, Stmt Lane) const {
  if (C.Lanes.Mode == LaneMode::Pinned) {
    Stmt B = block({std::move(Lane)});
    B.Head.push_back(let(vecLoop().Name, C.Lanes.Pinned));
    return B;
  }
  return lanes({std::move(Lane)});
}

ExprPtr LoaderDrainerKernel::bufferRef(const PEChannel &C) const {
  llvm::SmallVector<ExprPtr, 6> Subs = peSubscripts();
  if (Vec)
    Subs.push_back(laneIndex(0, 0));
  return subscript(C.Scalar, var(bufferOf(C)), Subs);
}

// A bundled chain's loader reads every PE's value along the chain (each
// with its lanes) and sends them in one transfer.
void LoaderDrainerKernel::loadBundle(Stmts &Out, const PEChannel &C) {
  std::string Lanes = C.LaneTemp;
  Stmt Fill = assign(bundleSlot(C, Lanes, Vec ? laneIndex(0, 0) : num(0)), address(C));
  if (Vec && C.Lanes.Mode == LaneMode::Vector)
    Fill = lanes({std::move(Fill)});
  Stmt Body = when(accessCondition(C),
                   block({bundleLanes(C, Lanes), alongChain(C, {std::move(Fill)}),
                          write(wideRef(C), packBundle(C, Lanes))}));
  if (Vec && C.Lanes.Mode == LaneMode::Pinned)
    Body = pinnedBlock(C, std::move(Body));
  Out.push_back(std::move(Body));
}

// A bundled chain's drainer receives every PE's value along the chain in
// one transfer and writes each.
void LoaderDrainerKernel::drainBundle(Stmts &Out, const PEChannel &C, unsigned St) {
  std::string Lanes = C.LaneTemp, V = readTemp(C.LaneTemp);
  ExprPtr Value = bundleSlot(C, Lanes, Vec ? laneIndex(0, 0) : num(0));
  Stmt Store = assign(targetOf(St), Value);
  if (Vec && C.Lanes.Mode == LaneMode::Vector)
    Store = lanes({std::move(Store)});
  Stmt Body = when(guardOf(St), block({decl(C.Wide, V, {}, DeclInit::Value,
                                            channelRead(C.Wide, wideRef(C))),
                                       bundleLanes(C, Lanes), unpackBundle(C, V, Lanes),
                                       alongChain(C, {std::move(Store)})}));
  if (Vec && C.Lanes.Mode == LaneMode::Pinned)
    Body = pinnedBlock(C, std::move(Body));
  Out.push_back(std::move(Body));
}

void LoaderDrainerKernel::load(Stmts &Out, const PEChannel &C) {
  if (C.Bundle) {
    loadBundle(Out, C);
    return;
  }
  ExprPtr Cond = accessCondition(C);
  if (C->Window) {
    // A gather: the elements the PE may pick, in one transfer.
    if (windowDepth(C)) {
      Out.push_back(when(Cond, write(channelRef(C), packLanes(C, C.LaneTemp))));
      return;
    }
    Stmts Fill{decl(C.Scalar, C.LaneTemp, {C->Window->Width})};
    Fill.back().Text = "the elements this read may pick";
    for (Stmt &S : fillWindow(C))
      Fill.push_back(std::move(S));
    Fill.push_back(write(channelRef(C), packLanes(C, C.LaneTemp)));
    Out.push_back(aroundSkippedPEs(when(Cond, block(std::move(Fill)))));
    return;
  }
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

std::optional<unsigned> LoaderDrainerKernel::windowDepth(const PEChannel &C) const {
  if (!C->Window || C->Output || Role != KernelRole::Loader || C->Buffer != K.Buffer ||
      llvm::any_of(Sch.Steps, [](const SpaceTimeStep &St) { return St.needsRecovery(); }))
    return std::nullopt;
  // The pass visits the PEs in nest order, none left out or reversed.
  int Descending = -1, Skip = -1;
  passOrder(Descending, Skip);
  if (Descending >= 0 || Skip >= 0)
    return std::nullopt;
  // One past the innermost PE loop the window's place or its condition names.
  unsigned Depth = 0;
  for (const ExprPtr &E : {C->Window->First, C->Condition})
    forEachNode(E, [&](const Expr &X) {
      if (X.Kind != ExprKind::LoopVar)
        return;
      auto It = llvm::find(Sch.PELoops, X.Index);
      if (It != Sch.PELoops.end())
        Depth = std::max(Depth, unsigned(It - Sch.PELoops.begin()) + 1);
    });
  if (Depth >= Sch.PELoops.size())
    return std::nullopt;
  return Depth;
}

Stmts LoaderDrainerKernel::fillWindow(const PEChannel &C) {
  Stmts Fill;
  for (int64_t W = 0; W < C->Window->Width; ++W)
    Fill.push_back(assign(subscript(C.Scalar, var(C.LaneTemp), {num(W)}),
                          resolve(windowLane(*C->Window, W))));
  return Fill;
}

// The PE channel whose loader or drainer (this kernel) talks to another
// kernel, if any.
const PEChannel *LoaderDrainerKernel::streamOfThisKernel() const {
  if (Role != KernelRole::Loader && Role != KernelRole::Drainer)
    return nullptr;
  for (const PEChannel &C : Channels)
    if (C->Buffer == K.Buffer && !C->Stream.empty() &&
        C->Output == (Role == KernelRole::Drainer))
      return &C;
  return nullptr;
}

void LoaderDrainerKernel::drain(Stmts &Out, const PEChannel &C) {
  std::optional<unsigned> St = storeOf(C);
  if (!St)
    return;
  if (C.Bundle) {
    drainBundle(Out, C, *St);
    return;
  }
  ExprPtr Guard = guardOf(*St);
  ExprPtr Stream = var(C->Stream);
  if (Vec && !C->Stream.empty()) {
    // Lane matching: whole vectors (a pinned lane, single lanes) from the
    // PEs, single values to the stream.
    if (Pass == PEPass::ToStream) {
      Out.push_back(forLanes(C, when(Guard, write(Stream, bufferRef(C)))));
    } else if (C.Lanes.Mode == LaneMode::Vector) {
      std::string V = vectorTemp(C.LaneTemp);
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
    Out.push_back(when(Guard, block({decl(C.Element, vectorTemp(C.LaneTemp), {}, DeclInit::Value,
                                          readChannel(C)),
                                     decl(C.Scalar, C.LaneTemp, {L.extent()}),
                                     unpackLanes(C, vectorTemp(C.LaneTemp), C.LaneTemp),
                                     std::move(Scatter)})));
    return;
  }
  if (Vec && C.Lanes.Mode == LaneMode::Vector) {
    Stmt Scatter = lanes({assign(targetOf(*St),
                                 subscript(C.Scalar, var(C.LaneTemp), {laneIndex(0, 0)}))});
    Out.push_back(when(Guard, block({decl(C.Element, vectorTemp(C.LaneTemp), {}, DeclInit::Value,
                                          readChannel(C)),
                                     decl(C.Scalar, C.LaneTemp, {Vec->Lanes}),
                                     unpackLanes(C, vectorTemp(C.LaneTemp), C.LaneTemp),
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
llvm::SmallVector<ExprPtr, 16> LoaderDrainerKernel::bufferLanes(const PEChannel &C) const {
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
