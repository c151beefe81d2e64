//===- KernelBuilder.h - Building a kernel's statements ---------*- C++ -*-===//
//
// The unroll step's builders (Lowering.h), one per kernel role: the
// channels of a nest with the names of the kernels' temporaries, the
// skeleton every kernel shares with the leaves it gives the nest's
// expressions, and the array's, the kernel nests' and the loaders' and
// drainers' parts. Internal to systolic/lowering.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_KERNELBUILDER_H
#define T2S_KERNELBUILDER_H

#include "systolic/DesignNames.h"
#include "systolic/KernelNames.h"
#include "systolic/lowering/Lowering.h"

#include <optional>
#include <string>

namespace t2s {
namespace unroll {

// A planned channel with the names of the kernels' temporaries for its
// values: '<buffer>_in<suffix>' for a read value, '_lanes' for the lanes
// collected, and per PE '<buffer>_out' (drained) or '<buffer>_in_pe'
// (loaded) on a chain or a vector of PEs; and how it carries the lanes, as
// the vectorize step decided (the Design's channel of that name).
struct PEChannel {
  const ChannelPlan *Plan;
  std::string Temp, PETemp, LaneTemp;
  DType Element, Scalar;
  ChannelLanes Lanes;
  /// A bundled chain (Design::Channel::Bundle): the PEs along the chain
  /// whose values one transfer of type Wide carries; 0 otherwise.
  int64_t Bundle = 0;
  DType Wide;

  PEChannel(const ChannelPlan &P, const Design &D) : Plan(&P) {
    Temp = readTemp(P.Buffer, P.Suffix);
    LaneTemp = lanesTemp(P.Buffer, P.Suffix);
    if (P.Chain || P.PEVector)
      PETemp = P.Output ? outTemp(P.Buffer, P.Suffix) : peTemp(Temp);
    Element = P.ElementType;
    Scalar = P.ScalarType;
    for (const Design::Channel &C : D.Channels)
      if (C.Name == P.Name &&
          (C.Kind == Design::ChannelKind::Loader || C.Kind == Design::ChannelKind::Drainer)) {
        Lanes = C.Lanes;
        Bundle = C.Bundle;
        Wide = C.Element;
      }
  }
  const ChannelPlan *operator->() const { return Plan; }
  int64_t lanes() const { return Element.Lanes; }
};

// What a loader or drainer of a stream runs in each pass over the PEs.
enum class PEPass {
  Normal, FromStream, ToStream, Chain,
  Receive, Send, // vectorized space loop: one vector for the PEs along it
  Unbundle, Bundle, // a bundled chain: one transfer for the PEs along it
};

inline ExprPtr num(int64_t V) { return intConst(DType::integer(32), V); }

inline ExprPtr is(CompareOp Op, ExprPtr A, ExprPtr B) {
  return compare(Op, false, std::move(A), std::move(B));
}

// A name for a kernel's own variable that hides no loop variable of the
// nest and no parameter of the design: N, or N with '_' appended.
inline std::string freshName(std::string N, const URESystem &S, const Design &D) {
  while (llvm::any_of(S.Loops, [&](const URELoop &L) { return L.Name == N; }) ||
         llvm::any_of(D.Params, [&](const Design::Param &P) { return P.Name == N; }))
    N += "_";
  return N;
}

// Several statements on one line, without braces.
inline Stmt oneLine(Stmts Body) {
  Stmt S = block(std::move(Body), /*Inline=*/true);
  S.Braces = false;
  return S;
}

// The statements of one kernel, by the kernel's role: what every role
// shares (KernelSkeleton.cpp: the loops outside the time loops, the time
// loops, the passes over the PEs with the recovery of the loop variables,
// and the nest's expressions with the kernel's leaves), the systolic array
// and kernel nests (ArrayKernel.cpp: registers, the PEs' statements, chains
// and vector moves) and loaders and drainers (LoaderDrainer.cpp: each PE's
// reads or writes, the lanes of a vector, the values of a stream).
class KernelSkeleton {
protected:
  const Design &Des;
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  const Design::Kernel &K;
  llvm::ArrayRef<PEChannel> Channels;
  llvm::SmallVector<const Design::Register *, 4> Registers; // of this nest
  const Design::Nest &Nest; // its statements, lifted
  KernelRole Role;
  PEPass Pass = PEPass::Normal;
  const VectorPlan *Vec = nullptr;  // vectorize: the lanes each PE runs
  const VectorPlan *SVec = nullptr; // vectorize of a space loop
  // A loader's (drainer's) loop over the PEs along SVec's loop that this
  // pass leaves out, because the buffer's vector channels serve them all at
  // once; -1 if none.
  int SkippedPELoop = -1;
  bool Failed = false;

public:
  KernelSkeleton(const NestPlan &P, const Design &D, const Design::Kernel &K,
                 llvm::ArrayRef<PEChannel> Channels)
      : Des(D), Sch(P.Sch), S(P.Sch.System), K(K), Channels(Channels), Nest(D.Nests[K.Nest]),
        Role(K.Role) {
    for (const Design::Register &R : D.Registers)
      if (R.Nest == K.Nest)
        Registers.push_back(&R);
    if (P.Vector && !P.Vector->Space && Role != KernelRole::KernelNest)
      Vec = &*P.Vector;
    if (P.Vector && P.Vector->Space)
      SVec = &*P.Vector;
  }
  virtual ~KernelSkeleton() = default;

  /// The kernel's statements; none if an expression it needs was not lifted.
  std::optional<Stmts> build() {
    Stmts Body = body();
    if (Failed)
      return std::nullopt;
    return Body;
  }

protected:
  const URELoop &loop(unsigned L) const { return S.Loops[L]; }

  // Loops over [Lower, Upper).
  static Stmt upLoop(LoopKind Kind, const URELoop &L, Stmts Body) {
    return t2s::loop(Kind, L.Name, num(L.Lower), num(L.Upper), std::move(Body));
  }

  // The expression E with the kernel's leaves; a leaf's replacement keeps
  // its source line. Shared operands stay shared.
  ExprPtr resolve(const ExprPtr &E) {
    if (!E) {
      Failed = true;
      return num(0);
    }
    return rewrite(E, [&](const ExprPtr &X) -> ExprPtr {
      ExprPtr Leaf = resolveLeaf(X);
      if (Leaf && X->Line && (X->Kind == ExprKind::UREValue || X->Kind == ExprKind::Load))
        return atLine(Leaf, X->Line);
      return Leaf;
    });
  }

  // The kernel's leaf for a leaf of the nest; null for other nodes.
  ExprPtr resolveLeaf(const ExprPtr &E) {
    switch (E->Kind) {
    case ExprKind::LoopVar:
      return var(loop(E->Index).Name, 0, E->Type);
    case ExprKind::UREValue:
      return registerWord(E->Type, E->Index, E->Index2);
    case ExprKind::Load:
      if (const PEChannel *C = channelOfLoad(E->Index)) {
        if ((*C)->Window) // a gather picks from its window
          return subscript(E->Type, var(C->Temp), {resolve((*C)->Window->Pick)});
        if (Vec && C->Lanes.Mode == LaneMode::Vector)
          return subscript(E->Type, var(C->Temp), {laneIndex(0, 0)});
        return var(C->Temp, 0, E->Type);
      }
      if (E->Operands.empty()) {
        Failed = true;
        return num(0);
      }
      return resolve(E->Operands[0]);
    default:
      return nullptr;
    }
  }

  // A URE read is a word of the shift register of its array.
  ExprPtr registerWord(DType T, unsigned SI, unsigned RI) {
    const URERead &R = S.Statements[SI].Reads[RI];
    const ScheduledRead *SR = nullptr;
    for (const ScheduledRead &X : Sch.Reads)
      if (X.Statement == SI && X.Read == RI)
        SR = &X;
    int64_t Time = Vec ? Vec->TimeDistance[SR - Sch.Reads.begin()] : SR->TimeDistance;
    // A register of one lane, or of a buffered array's reads within a round.
    const Design::Register *Own = nullptr;
    for (const Design::Register *Reg : Registers)
      if (llvm::is_contained(Reg->Reads, std::make_pair(SI, RI)))
        Own = Reg;
    const Design::Register *Buf = Own ? nullptr : bufferOf(R.Array);
    llvm::SmallVector<ExprPtr, 6> Subs{
        Buf ? bufferSlot(*Buf, R.NamesNoIteration ? llvm::ArrayRef<int64_t>() : R.Distance)
            : num(Time)};
    for (unsigned P = 0; P < Sch.PELoops.size(); ++P)
      Subs.push_back(peIndex(loop(Sch.PELoops[P]), SR->PEDistance[P]));
    if (Own)
      return subscript(T, var(registerName(*Own)), Subs);
    if (Vec)
      Subs.push_back(laneIndex(R.NamesNoIteration ? 0 : R.Distance[Vec->Loop],
                               Vec->LanePad[R.Array]));
    return subscript(T, var(registerName(R.Array)), Subs);
  }

  // The PE buffer of URE array A (systolic/PEBuffer.h), if it has one.
  const Design::Register *bufferOf(unsigned A) const {
    for (const Design::Register *Reg : Registers)
      if (Reg->Array == S.Arrays[A].Name && !Reg->Buffer.empty())
        return Reg;
    return nullptr;
  }

  // The shift register of a buffered array's reads within a round, if any.
  const Design::Register *roundOf(unsigned A) const {
    for (const Design::Register *Reg : Registers)
      if (Reg->Array == S.Arrays[A].Name && Reg->Round)
        return Reg;
    return nullptr;
  }

  // The word of a PE buffer that holds the iteration Dist before this one:
  // "((i - 1 + 2) % 2) * 8 + (j - 0)".
  ExprPtr bufferSlot(const Design::Register &Reg, llvm::ArrayRef<int64_t> Dist) const {
    ExprPtr Slot;
    for (const PEBufferDim &D : Reg.Buffer) {
      int64_t Off = -(Dist.empty() ? 0 : Dist[D.Loop]) - D.Lower;
      ExprPtr X = var(loop(D.Loop).Name, Off);
      if (D.Window) // Off + Extent > 0: the distance is below the window
        X = binary(BinaryOp::Rem, false,
                   binary(BinaryOp::Add, false, var(loop(D.Loop).Name), num(Off + D.Extent)),
                   num(D.Extent));
      Slot = Slot ? binary(BinaryOp::Add, false,
                           binary(BinaryOp::Mul, false, Slot, num(D.Extent)), X)
                  : X;
    }
    return Slot;
  }

  std::string registerName(unsigned A) const { return t2s::registerName(identifier(S.Arrays[A].Name)); }
  // sr_Z, sr_Z_kkk3 for the register of lane kkk = 3 of Z, sr_Z_round for
  // the reads of buffered Z within a round.
  static std::string registerName(const Design::Register &R) {
    std::string Id = identifier(R.Array);
    if (R.Round)
      return roundRegisterName(Id);
    return R.Lane < 0 ? t2s::registerName(Id) : laneRegisterName(Id, R.LaneLoop, R.Lane);
  }

  // The register index of PE 'L.Name - Offset' along loop L.
  static ExprPtr peIndex(const URELoop &L, int64_t Offset) {
    return var(L.Name, -(L.Lower + Offset));
  }

  // "[j][i]": this PE's element of a per-PE array.
  llvm::SmallVector<ExprPtr, 4> peSubscripts() const {
    llvm::SmallVector<ExprPtr, 4> Subs;
    for (unsigned L : Sch.PELoops)
      Subs.push_back(peIndex(loop(L), 0));
    return Subs;
  }

  // This PE's element of the per-PE array Name.
  ExprPtr perPE(DType T, const std::string &Name) const {
    return subscript(T, var(Name), peSubscripts());
  }

  // Name[0], ..., Name[N - 1].
  static llvm::SmallVector<ExprPtr, 16> elementsOf(DType T, const std::string &Name, int64_t N) {
    llvm::SmallVector<ExprPtr, 16> Out;
    for (int64_t X = 0; X < N; ++X)
      Out.push_back(subscript(T, var(Name), {num(X)}));
    return Out;
  }

  // "t0 = v.s0; t1 = v.s1; ...": the lanes of the vector V into Targets.
  static Stmts assignLanes(DType VT, const std::string &V, llvm::ArrayRef<ExprPtr> Targets) {
    Stmts Out;
    for (unsigned X = 0; X < Targets.size(); ++X)
      Out.push_back(assign(Targets[X], lane(var(V, 0, VT), X)));
    return Out;
  }

  // A vector channel's value from the lanes of array Name.
  ExprPtr packLanes(const PEChannel &C, const std::string &Name) const {
    return vectorLiteral(C.Element, elementsOf(C.Scalar, Name, C.lanes()));
  }

  // The lanes of the vector V into the array Name, on one line.
  Stmt unpackLanes(const PEChannel &C, const std::string &V, const std::string &Name) const {
    return oneLine(assignLanes(C.Element, V, elementsOf(C.Scalar, Name, C.lanes())));
  }

  ExprPtr channelRef(const PEChannel &C) const {
    if (C->Dims.empty())
      return var(C->Name);
    llvm::SmallVector<ExprPtr, 4> Subs;
    for (unsigned D : C->Dims)
      Subs.push_back(peIndex(loop(Sch.PELoops[D]), 0));
    return subscript(C.Element, var(C->Name), Subs);
  }

  ExprPtr readChannel(const PEChannel &C) const { return channelRead(C.Element, channelRef(C)); }

  // The chain channel of PE 'Name + Offset' along the chain's loop.
  ExprPtr chainRef(const PEChannel &C, int Offset) const {
    llvm::SmallVector<ExprPtr, 4> Subs;
    for (unsigned D : C->ChainDims) {
      unsigned L = Sch.PELoops[D];
      Subs.push_back(peIndex(loop(L), L != C->Chain->Loop ? 0 : -Offset));
    }
    return subscript(C.Element, var(chainChannel(C->Name)), Subs);
  }

  // A bundled chain (PEChannel::Bundle): its wide channel, and the lanes
  // of its transfer in a scalar array Name: PE i's lane l (0 for a scalar)
  // at Name[(i - lower) * lanes + l].
  ExprPtr wideRef(const PEChannel &C) const {
    ExprPtr Ref = channelRef(C);
    if (Ref->Kind != ExprKind::Subscript)
      return Ref;
    return subscript(C.Wide, Ref->Operands[0],
                     llvm::ArrayRef<ExprPtr>(Ref->Operands).drop_front());
  }
  const URELoop &chainLoop(const PEChannel &C) const { return loop(C->Chain->Loop); }
  ExprPtr bundleSlot(const PEChannel &C, const std::string &Name, ExprPtr Lane) const {
    const URELoop &L = chainLoop(C);
    ExprPtr PE = L.Lower ? binary(BinaryOp::Sub, false, var(L.Name), num(L.Lower)) : var(L.Name);
    if (C.lanes() > 1)
      PE = binary(BinaryOp::Add, false, binary(BinaryOp::Mul, false, PE, num(C.lanes())),
                  std::move(Lane));
    return subscript(C.Scalar, var(Name), {PE});
  }
  // "T Name[N]": the lanes of a bundled chain's transfer.
  Stmt bundleLanes(const PEChannel &C, const std::string &Name) const {
    return decl(C.Scalar, Name, {int64_t(C.Wide.Lanes)});
  }
  // The transfer from the lanes in array Name; the lanes of transfer V
  // into array Name, on one line.
  ExprPtr packBundle(const PEChannel &C, const std::string &Name) const {
    return vectorLiteral(C.Wide, elementsOf(C.Scalar, Name, C.Wide.Lanes));
  }
  Stmt unpackBundle(const PEChannel &C, const std::string &V, const std::string &Name) const {
    return oneLine(assignLanes(C.Wide, V, elementsOf(C.Scalar, Name, C.Wide.Lanes)));
  }
  // Body in an unrolled loop over the PEs along a bundled chain.
  Stmt alongChain(const PEChannel &C, Stmts Body) const {
    // Without braces only where the body is one statement C runs as one.
    bool One = Body.size() == 1 && Body[0].Kind != StmtKind::Block;
    Stmt L = upLoop(LoopKind::PE, chainLoop(C), std::move(Body));
    L.Braces = !One;
    return L;
  }

  // A step without a schedule keeps its loop's name: its time is the loop.
  std::string timeName(unsigned K) const {
    const SpaceTimeStep &St = Sch.Steps[K];
    return St.needsRecovery() ? timeVariable(K) : loop(St.TimeLoop).Name;
  }

  std::string fresh(std::string N) const { return freshName(std::move(N), S, Des); }


  // vectorize: the lane loop inside a PE, and lane subscripts.
  const URELoop &vecLoop() const { return loop(Vec->Loop); }
  ExprPtr laneIndex(int64_t Back, int64_t Pad) const { return peIndex(vecLoop(), Back - Pad); }
  Stmt lanes(Stmts Body) const {
    Stmt L = upLoop(LoopKind::Lanes, vecLoop(), std::move(Body));
    L.Text = "the lanes of " + vecLoop().Name + (Vec->Serialized.empty() ? "" : ", in order");
    return L;
  }
  // "{ const int k = 19; S }" where a channel carries one pinned lane.
  Stmt pinned(const PEChannel &C, Stmt Body) const {
    return block({let(vecLoop().Name, C.Lanes.Pinned), std::move(Body)}, /*Inline=*/true);
  }

  // The same around a statement of several lines.
  Stmt pinnedBlock(const PEChannel &C, Stmt Body) const {
    Stmt B = block({std::move(Body)});
    B.Head.push_back(let(vecLoop().Name, C.Lanes.Pinned));
    return B;
  }

  // The channel whose value a Load leaf (its number) is, in the PEs.
  const PEChannel *channelOfLoad(unsigned Load) const {
    if (Role != KernelRole::Systolic && Role != KernelRole::KernelNest)
      return nullptr;
    for (const PEChannel &C : Channels)
      if (llvm::is_contained(C->Loads, Load))
        return &C;
    return nullptr;
  }

  // The channel statement SI's store sends its value to, in the PEs.
  const PEChannel *channelOfStatement(unsigned SI) const {
    if (Role != KernelRole::Systolic && Role != KernelRole::KernelNest)
      return nullptr;
    for (const PEChannel &C : Channels)
      if (C->Output && C->Statement == int(SI))
        return &C;
    return nullptr;
  }

  // The statement whose value an output channel carries, or none.
  std::optional<unsigned> storeOf(const PEChannel &C) const {
    if (C->Statement < 0)
      return std::nullopt;
    return unsigned(C->Statement);
  }

  ExprPtr guardOf(unsigned SI) {
    const ExprPtr &G = Nest.Statements[SI].Guard;
    return G ? resolve(G) : nullptr;
  }

  ExprPtr targetOf(unsigned SI) { return resolve(Nest.Statements[SI].Target); }

  // The condition under which the PEs access a channel's element, or null:
  // an input's read condition, an output's guard.
  ExprPtr accessCondition(const PEChannel &C) {
    return C->Condition ? resolve(C->Condition) : nullptr;
  }

  ExprPtr address(const PEChannel &C) { return resolve(C->Address); }

  bool inBody(const PEChannel &C) const { return C->InBody; }

  // The kernel: its declarations, then the loops outside the first time
  // loop and one loop per time variable around each step's passes.
  virtual Stmts body();

  // pad_rounds: whether the kernel runs the padded rounds (the array does;
  // its loaders and drainers run the nest's steps, sending and receiving
  // the same values in the same order).
  virtual bool padsRounds() const { return false; }
  void roundSteps(const RoundPadding &Pad, Stmts &Step, Stmt &Flat, Stmts &Counters);

  // The role's part of the skeleton.
  virtual void declarations(Stmts &Out) {}
  // At the start of a step inside a time loop.
  virtual void beginStep(Stmts &Step) {}
  // One time step of the kernel: its passes over the PEs (pePass).
  virtual void stepPasses(Stmts &Out) = 0;
  // What one PE does in the current pass.
  virtual Stmts peWork() = 0;
  // The comment above the current pass.
  virtual std::string passComment() const = 0;
  // The PE loop the current pass runs down (Descending) and the one it
  // leaves out (Skip), indices into S.Loops; -1 for none.
  virtual void passOrder(int &Descending, int &Skip) const {}
  // Whether each PE of the current pass tests its place in the nest's
  // domain itself.
  virtual bool passTestsDomain() const { return false; }

  llvm::SmallVector<int64_t, 4> peExtents() const;

  // Body inside loops over every PE (unrolled, or run in order); loop
  // Descending (an index into S.Loops) counts down, Skip is left out.
  // PEHeads[k] (k >= 1), where given, runs inside the loop over PE loop k - 1
  // (an index into Sch.PELoops), before the loop over PE loop k.
  void overPEs(Stmts &Out, Stmts Body, bool Unroll, int Descending = -1, int Skip = -1) const;

  // What the current pass runs at each depth of its PE loops (overPEs'
  // heads); a loader's windows shared by the PEs inside.
  llvm::SmallVector<Stmts, 4> PEHeads;

  // A pass over the PEs: each PE recovers its loop variables and does
  // peWork() where its iteration is one of the nest's.
  void pePass(Stmts &Out, PEPass P);

  // An affine loop bound with the kernel's loop variables (Box if constant).
  ExprPtr affineValue(const AffineExpr &E, int64_t Box) const;
  ExprPtr upperOf(const URELoop &L);

  // Whether the PE's iteration is in the nest's domain (affine bounds of
  // the PE loops); null if every iteration of the box is.
  ExprPtr peDomain() const;

  static std::string bufferOf(const PEChannel &C) { return stepTemp(C->Buffer); }
};

// The systolic array (ArrayKernel.cpp): its registers, shifted each step;
// the passes of the seeds' order (receive vectors, scatter, the PEs,
// gather, send vectors); each PE's statements.
class ArrayKernel : public KernelSkeleton {
protected:
  const PEChannel *ChainPass = nullptr;  // the chain a PEPass::Chain runs
  const PEChannel *VectorPass = nullptr; // the channel a Receive/Send moves

public:
  using KernelSkeleton::KernelSkeleton;

protected:
  void declarations(Stmts &Out) override;
  void beginStep(Stmts &Step) override { shifts(Step); }
  bool padsRounds() const override { return Sch.Padding.has_value(); }
  void stepPasses(Stmts &Out) override;
  Stmts peWork() override;
  std::string passComment() const override;
  void passOrder(int &Descending, int &Skip) const override;
  bool passTestsDomain() const override;

  void shifts(Stmts &Out);

  Stmt statement(unsigned SI);
  void roundCopy(Stmts &Out, unsigned SI);
  void readBuffersOnce(Stmts &Body);

  // A PE of a vectorized array: whole vectors in, the lanes (in order), whole
  // vectors out; channels of one lane or of single lanes inside the lanes.
  void vectorPE(Stmts &Out);

  // The systolic kernel receives a loaded input before the statements use it.
  void channelReadInto(Stmts &Out, const PEChannel &C);
  // A received vector (Source) unpacked into the array C.Temp of its lanes:
  // "T C.Temp_vec = Source; C.Temp[0] = C.Temp_vec.s0; ...".
  Stmts unpackInto(const PEChannel &C, ExprPtr Source) const;

  // The per-PE subscripts with the vectorized space loop's PE index at X.
  llvm::SmallVector<ExprPtr, 4> peSubscriptsAt(int64_t X) const;

  // vectorize(i) of a space loop: one vector moves the values of the PEs
  // along i between their per-PE copies and the loader's (drainer's) channel.
  void peVectorMove(Stmts &Out, const PEChannel &C);

  std::string chainComment(const PEChannel &C) const;

  // A bundled chain (Design::Channel::Bundle): one transfer moves the
  // values of the PEs along the chain between their per-PE copies and the
  // loader's (drainer's) wide channel.
  void bundleMove(Stmts &Out, const PEChannel &C);

  // One PE's part of a gather or a scatter along a vectorized space loop
  // (seed gather.md, Code 4): the chain passes one vector; each PE merges its
  // own lane into it (gather) or takes its lane out of it (scatter).
  void vectorChain(Stmts &Out, const PEChannel &C, const std::string &V);

  // One PE's part of a gather or a scatter (seed gather.md, Code 2): a count
  // loop over the PEs whose values pass through this one.
  void chain(Stmts &Out, const PEChannel &C);
};

// A kernel(name) nest (ArrayKernel.cpp): its loops as they are, its
// statements in order; values from and to other kernels go through their
// channels.
class NestKernel : public ArrayKernel {
public:
  using ArrayKernel::ArrayKernel;

protected:
  Stmts body() override;
};

// A loader or a drainer (LoaderDrainer.cpp): the array's loops; in each
// step it visits the PEs in the order the array reads (writes) its channel
// and makes each PE's reads (writes); a stream's loader (drainer) first
// receives (then sends on) the step's values.
class LoaderDrainerKernel : public KernelSkeleton {
public:
  using KernelSkeleton::KernelSkeleton;

protected:
  void stepPasses(Stmts &Out) override;
  Stmts peWork() override;
  std::string passComment() const override;
  void passOrder(int &Descending, int &Skip) const override;

  // A statement for a channel of one PE (an access that happens at one PE
  // along a vectorized space loop), in an unrolled loop over the PEs the
  // pass left out, which its condition and index name.
  Stmt aroundSkippedPEs(Stmt S) const;

  // vectorize: a stream loader's (drainer's) pass over the lanes of one PE:
  // all lanes, the pinned one, or each lane.
  Stmt forLanes(const PEChannel &C, Stmt Lane) const;

  ExprPtr bufferRef(const PEChannel &C) const;

  void load(Stmts &Out, const PEChannel &C);
  void loadBundle(Stmts &Out, const PEChannel &C);

  // A gather's window that names only outer PE loops, in a step whose loop
  // variables every PE shares (no recovery from time): read once for the
  // PEs inside them and sent to each that reads it. The number of outer PE
  // loops it names (0: read once per step), or none where it is read for
  // each PE.
  std::optional<unsigned> windowDepth(const PEChannel &C) const;
  // The elements of a window: Name[0] = first element, ...
  Stmts fillWindow(const PEChannel &C);
  void drainBundle(Stmts &Out, const PEChannel &C, unsigned St);

  // The PE channel whose loader or drainer (this kernel) talks to another
  // kernel, if any.
  const PEChannel *streamOfThisKernel() const;

  void drain(Stmts &Out, const PEChannel &C);

  // This PE's lanes of the stream buffer: buffer[pe...][0], [1], ...
  llvm::SmallVector<ExprPtr, 16> bufferLanes(const PEChannel &C) const;
};

} // namespace unroll
} // namespace t2s

#endif // T2S_KERNELBUILDER_H
