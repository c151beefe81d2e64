//===- BufferLoaders.cpp - A loader with a double-buffered reuse buffer ---===//
//
// The buffer step (after unroll): the loader of an input named by
// buffer(a, k) (systolic/ReuseBufferPlan.h) becomes a feeder, as T2SP builds
// them. Its laid-out loops split at k: the loops outside k and k itself are
// the tiles, counted as one range; the loops inside k are the steps of one
// tile. What the loader sends in a step depends only on the step's loops its
// statements name (the kept loops): the feeder reads those values from
// off-chip memory once per tile, in as many steps as the kept loops have
// iterations, into one half of an on-chip memory per channel write, and
// sends the previous tile from the other half in every step, so the reading
// of tile t overlaps the sending of tile t - 1:
//
//   for (tile = 0; tile < tiles + 1; ++tile)
//     for (step = 0; step < steps; ++step) {
//       if (tile < tiles && step < kept steps) { read: half tile & 1 }
//       if (tile > 0) { send: half (tile - 1) & 1 }
//     }
//
// The send runs the loader's statements with every memory read and
// temporary left out and every channel write sending the buffered value;
// the read runs them with every channel write storing into the buffer. Both
// run under the same conditions, so the PEs receive the same values in the
// same order. Under a schedule vector the step is a time variable from
// which each PE recovers its loop variables (t1 = 2*r + c): the memories
// keep a value per recovered variable the statements name instead of the
// time variable, the read visits those values without the skew (the
// recovery left out, each PE in turn) and the send recovers them as the
// loader did. Precondition: the schedule planned the buffer (its rules
// hold), and the loader's values come from off-chip memory, not a stream.
//
//===----------------------------------------------------------------------===//

#include "systolic/StmtWalk.h"
#include "systolic/lowering/KernelBuilder.h"

#include "llvm/ADT/StringSet.h"

namespace t2s {
namespace {

// The variables an expression names.
void namesIn(const ExprPtr &E, llvm::StringSet<> &Out) {
  anyNode(E, [&](const Expr &X) {
    if (X.Kind == ExprKind::Var)
      Out.insert(X.Name);
    return false;
  });
}

void namesIn(const Stmts &Body, llvm::StringSet<> &Out, bool WithRecoveries = true) {
  forEachStmt(Body, [&](const Stmt &S) {
    forEachExpr(S, [&](const ExprPtr &E) { namesIn(E, Out); });
    if (WithRecoveries)
      for (const Recovery &R : S.Recoveries) {
        Out.insert(R.Time);
        for (auto &T : R.Terms)
          Out.insert(T.second);
      }
  });
}

// A loop of the laid-out loader: its variable and range.
struct LoopRange {
  std::string Name;
  ExprPtr From, Bound;
  ExprPtr extent() const { return intDifference(Bound, From); }
  /// A loop variable each PE recovers from a time variable under a
  /// schedule (the step names the time variable, not the variable).
  bool Recovered = false;
};

// One channel write of the loader's step and the on-chip memory that keeps
// its values: per tile half, per kept loop, per loop of the step around the
// write (the PEs, the lanes).
struct Kept {
  std::string Memory;
  DType Element;
  llvm::SmallVector<LoopRange, 4> Around;
};

class Feeder {
  const Design &D;
  Design::Kernel &K;
  const ReuseBufferPlan &Plan;
  const DataPath &Path;
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::SmallVector<LoopRange, 4> Tiles, Steps; // outside and with k; inside k
  // The loops whose values index the memories: the step's loops its
  // statements name and, under a schedule, the loop variables the PEs
  // recover from time that they name (each PE's value of them).
  llvm::SmallVector<LoopRange, 4> KeptLoops;
  std::vector<Kept> Writes;                     // in the order of the step's statements
  std::string Tile, Step;
  std::string Failure;

public:
  Feeder(const Design &D, Design::Kernel &K, const ReuseBufferPlan &Plan, const DataPath &Path)
      : D(D), K(K), Plan(Plan), Path(Path), Sch(Path.Sch), S(Sch.System) {}

  std::optional<std::string> run() {
    const Stmts *StepBody = splitLoops();
    if (!StepBody)
      return Failure;
    // A schedule's time variable is named only to recover loop variables:
    // the feeder keeps a value per recovered variable, and reads them
    // without the skew (each PE's values in turn).
    llvm::StringSet<> Named;
    namesIn(*StepBody, Named, /*WithRecoveries=*/false);
    llvm::SmallVector<LoopRange, 4> Recovered;
    llvm::StringSet<> Times;
    forEachStmt(*StepBody, [&](const Stmt &X) {
      for (const Recovery &R : X.Recoveries) {
        Times.insert(R.Time);
        if (!llvm::any_of(Recovered, [&](const LoopRange &L) { return L.Name == R.Name; }))
          Recovered.push_back(
              {R.Name, unroll::num(R.Lower), unroll::num(R.Upper), /*Recovered=*/true});
      }
    });
    for (const LoopRange &L : Steps)
      if (Named.contains(L.Name)) {
        if (Times.contains(L.Name))
          return "the loader names the time variable '" + L.Name +
                 "' besides recovering loop variables from it";
        KeptLoops.push_back(L);
      }
    for (const LoopRange &L : Recovered)
      if (Named.contains(L.Name))
        KeptLoops.push_back(L);
    Tile = fresh("tile");
    Step = fresh("step");
    llvm::SmallVector<LoopRange, 4> Around;
    collectWrites(*StepBody, Around);
    if (!Failure.empty())
      return Failure;

    int64_t StepCount = 1, KeptCount = 1;
    for (const LoopRange &L : Steps)
      StepCount *= *intConstant(L.extent());
    for (const LoopRange &L : KeptLoops)
      KeptCount *= *intConstant(L.extent());
    Design::ReuseBuffer R;
    R.Loop = S.Loops[Plan.Loop].Name;
    for (const LoopRange &L : Tiles)
      R.TileLoops.push_back(L.Name);
    for (const LoopRange &L : KeptLoops) {
      R.KeptLoops.push_back(L.Name);
      R.KeptFrom.push_back(*intConstant(L.From));
    }
    for (const LoopRange &L : Tiles)
      R.TileRanges.push_back({L.From, L.Bound});
    R.Tile = Tile;
    R.Step = Step;
    R.ReadSteps = KeptCount;
    R.SendSteps = StepCount;
    // Each value goes out once per iteration of the loops it does not name:
    // the step's loops but the time variables, and the recovered ones.
    R.SendsPerValue = 1;
    for (const LoopRange &L : Steps)
      if (!Times.contains(L.Name) && !isKept(L.Name))
        R.SendsPerValue *= *intConstant(L.extent());
    for (const LoopRange &L : Recovered)
      if (!isKept(L.Name))
        R.SendsPerValue *= *intConstant(L.extent());
    R.Unbuffered = K.Body;
    R.Reads = readsOnly(K.Body);

    Stmts Out;
    Out.push_back(comment("The reuse buffer (buffer(" + Plan.Input + ", " + R.Loop +
                          ")): what one iteration of " + R.Loop +
                          " sends, in two halves; one half is read while the other is sent."));
    for (const Kept &W : Writes) {
      llvm::SmallVector<int64_t, 6> Dims{2};
      int64_t Parallel = 1;
      for (const LoopRange &L : KeptLoops)
        Dims.push_back(*intConstant(L.extent()));
      for (const LoopRange &L : W.Around) {
        Dims.push_back(*intConstant(L.extent()));
        Parallel *= Dims.back();
      }
      // One bank per PE (lane) that reads or writes it in one step, where
      // the bank is selected by the low address bits: the last dimensions.
      int64_t Banks = llvm::isPowerOf2_64(Parallel) ? Parallel : 1;
      Stmt Decl = decl(W.Element, W.Memory, Dims);
      Decl.Banks = Banks;
      Out.push_back(std::move(Decl));
      Design::ReuseBuffer::Memory M{W.Memory, W.Element, Dims, Banks, {}};
      for (const LoopRange &L : W.Around)
        M.Around.push_back({L.Name, *intConstant(L.From)});
      R.Memories.push_back(std::move(M));
    }
    std::string Tiles = fresh("tiles");
    Out.push_back(let(Tiles, R.tileCount()));

    Stmts InStep;
    // Read tile 'tile' in the first steps.
    {
      Stmts Read{comment("Read the next tile of " + Plan.Input + " into half " + Tile + " & 1.")};
      Stmts Body = rewrite(*StepBody, /*Send=*/false);
      letTiles(Read, R, var(Tile), Body);
      letSteps(Read, KeptLoops, Body);
      Read.insert(Read.end(), std::make_move_iterator(Body.begin()),
                  std::make_move_iterator(Body.end()));
      ExprPtr When = unroll::is(CompareOp::LT, var(Tile), var(Tiles));
      if (KeptCount < StepCount)
        When = logicalAnd(When, unroll::is(CompareOp::LT, var(Step), unroll::num(KeptCount)));
      InStep.push_back(ifElse(When, {block(std::move(Read))}));
      InStep.back().Inline = true;
    }
    // Send tile 'tile - 1' in every step.
    {
      Stmts Send{comment("Send the tile before from the other half, as the PEs read it.")};
      Stmts Body = rewrite(*StepBody, /*Send=*/true);
      letTiles(Send, R, R.sentTile(), Body);
      letSteps(Send, Steps, Body);
      Send.insert(Send.end(), std::make_move_iterator(Body.begin()),
                  std::make_move_iterator(Body.end()));
      InStep.push_back(
          ifElse(unroll::is(CompareOp::GT, var(Tile), unroll::num(0)), {block(std::move(Send))}));
      InStep.back().Inline = true;
    }
    Stmt StepLoop = loop(LoopKind::Serial, Step, unroll::num(0), unroll::num(StepCount),
                         std::move(InStep));
    StepLoop.Text = "the steps of one tile";
    Stmt TileLoop = loop(LoopKind::Serial, Tile, unroll::num(0),
                         binary(BinaryOp::Add, false, var(Tiles), unroll::num(1)), {std::move(StepLoop)});
    TileLoop.Text = "one more than the tiles: the last is sent while none is read";
    Out.push_back(std::move(TileLoop));
    K.Body = std::move(Out);
    K.Reuse = std::move(R);
    return std::nullopt;
  }

private:
  bool isKept(llvm::StringRef Name) const {
    return llvm::any_of(KeptLoops, [&](const LoopRange &L) { return L.Name == Name; });
  }

  std::string fresh(std::string N) const { return unroll::freshName(std::move(N), S, D); }

  // The loader's statements without the steps' loops that are not kept:
  // what the feeder reads from off-chip memory, loop for loop.
  Stmts readsOnly(const Stmts &Body) const {
    Stmts Out;
    for (const Stmt &X : Body) {
      if (X.Kind == StmtKind::Recover) {
        // Once per value of each recovered variable the feeder keeps.
        Stmts Inner = readsOnly(X.Body);
        for (const Recovery &R : llvm::reverse(X.Recoveries))
          if (isKept(R.Name))
            Inner = {loop(LoopKind::Serial, R.Name, unroll::num(R.Lower), unroll::num(R.Upper),
                          std::move(Inner))};
        Out.insert(Out.end(), std::make_move_iterator(Inner.begin()),
                   std::make_move_iterator(Inner.end()));
        continue;
      }
      auto Step = llvm::find_if(Steps, [&](const LoopRange &L) { return L.Name == X.Name; });
      if (X.Kind != StmtKind::Loop || Step == Steps.end()) {
        // Tile loops, PE loops, conditions: the step loops and recoveries
        // inside them change.
        Stmt Copy = X;
        Copy.Head = readsOnly(X.Head);
        Copy.Body = readsOnly(X.Body);
        Copy.Else = readsOnly(X.Else);
        Out.push_back(std::move(Copy));
        continue;
      }
      if (isKept(X.Name)) {
        Stmt Copy = X;
        Copy.Body = readsOnly(X.Body);
        Out.push_back(std::move(Copy));
        continue;
      }
      Stmts Inner = readsOnly(X.Body);
      Out.insert(Out.end(), std::make_move_iterator(Inner.begin()),
                 std::make_move_iterator(Inner.end()));
    }
    return Out;
  }

  // The loops of the loader down to its step's statements, split at k.
  const Stmts *splitLoops() {
    const Stmts *Body = &K.Body;
    llvm::SmallVector<unsigned, 6> Loops = loaderLoops(Sch, Path.Vector);
    bool Inside = false;
    for (unsigned L : Loops) {
      // A loop a schedule skews runs as its time variable.
      bool Skewed = llvm::any_of(Sch.Steps, [&](const SpaceTimeStep &St) {
        return St.needsRecovery() && St.TimeLoop == L;
      });
      std::string Name = S.Loops[L].Name;
      const Stmt *Found = nullptr;
      for (const Stmt &X : *Body)
        if (X.Kind == StmtKind::Loop && (X.Name == Name || (Skewed && X.Loop == LoopKind::Time)))
          Found = &X, Name = X.Name;
        else if (X.Kind != StmtKind::Comment) {
          Failure = "the loader of '" + Plan.Input + "' has statements around loop '" + Name + "'";
          return nullptr;
        }
      if (!Found) {
        Failure = "the loader of '" + Plan.Input + "' does not run loop '" + Name + "'";
        return nullptr;
      }
      LoopRange R{Name, Found->Value, Found->Bound};
      if (Found->Down) {
        Failure = "loop '" + Name + "' of the loader counts down";
        return nullptr;
      }
      if (Inside && (!intConstant(R.From) || !intConstant(R.Bound))) {
        Failure = "loop '" + Name + "' inside the buffered loop has computed bounds";
        return nullptr;
      }
      (Inside ? Steps : Tiles).push_back(R);
      if (L == Plan.Loop)
        Inside = true;
      Body = &Found->Body;
    }
    if (!Inside) {
      Failure = "the loader of '" + Plan.Input + "' does not run the buffered loop";
      return nullptr;
    }
    return Body;
  }

  // Each channel write of the step, with the loops of the step around it.
  void collectWrites(const Stmts &Body, llvm::SmallVector<LoopRange, 4> &Around) {
    for (const Stmt &X : Body) {
      if (X.Kind == StmtKind::Write) {
        const Expr *Base = X.Target.get();
        if (Base->Kind == ExprKind::Subscript)
          Base = Base->Operands[0].get();
        std::string Name = Base->Name + "_buf";
        while (llvm::any_of(Writes, [&](const Kept &W) { return W.Memory == Name; }))
          Name += "_";
        Writes.push_back({Name, X.Value->Type, Around});
        continue;
      }
      // Recovered loop variables index the memories as kept loops.
      if (X.Kind == StmtKind::Recover) {
        collectWrites(X.Body, Around);
        continue;
      }
      if (X.Kind == StmtKind::Loop) {
        std::optional<int64_t> From = intConstant(X.Value), Bound = intConstant(X.Bound);
        if (!From || !Bound) {
          Failure = "a loop of the loader's step has computed bounds";
          return;
        }
        // A loop counting down covers [Bound, From].
        LoopRange R = X.Down ? LoopRange{X.Name, unroll::num(*Bound), unroll::num(*From + 1)}
                   : LoopRange{X.Name, unroll::num(*From), unroll::num(*Bound)};
        Around.push_back(R);
        collectWrites(X.Body, Around);
        Around.pop_back();
        continue;
      }
      if (X.Kind == StmtKind::If) {
        // Under 'v == c' the write needs no dimension for loop v.
        llvm::SmallVector<LoopRange, 4> Inside = Around;
        llvm::erase_if(Inside, [&](const LoopRange &L) { return pins(X.Value, L.Name); });
        collectWrites(X.Body, Inside);
        collectWrites(X.Else, Around);
        continue;
      }
      for (const Stmts *L : nestedLists(X))
        collectWrites(*L, Around);
    }
  }

  // Whether condition C holds only where loop variable Name has one value.
  static bool pins(const ExprPtr &C, llvm::StringRef Name) {
    if (C->Kind == ExprKind::And)
      return pins(C->Operands[0], Name) || pins(C->Operands[1], Name);
    if (C->Kind == ExprKind::AllOf)
      return llvm::any_of(C->Operands, [&](const ExprPtr &X) { return pins(X, Name); });
    if (C->Kind != ExprKind::Compare || C->compareOp() != CompareOp::EQ)
      return false;
    auto IsVar = [&](const ExprPtr &E) {
      return E->Kind == ExprKind::Var && E->Name == Name && E->Int == 0;
    };
    return (IsVar(C->Operands[0]) && intConstant(C->Operands[1])) ||
           (IsVar(C->Operands[1]) && intConstant(C->Operands[0]));
  }

  // The loop variables of the tiles (outer loops and k) from the flat tile
  // number Number, where the step's statements name them.
  void letTiles(Stmts &Out, const Design::ReuseBuffer &R, const ExprPtr &Number,
                const Stmts &Body) const {
    llvm::StringSet<> Named;
    namesIn(Body, Named);
    for (unsigned I = Tiles.size(); I-- > 0;)
      if (Named.contains(Tiles[I].Name))
        Out.insert(Out.begin() + 1, let(Tiles[I].Name, R.tileValue(I, Number)));
  }

  // The variables of the loops Which from the step number, counting only
  // those loops, innermost fastest.
  void letSteps(Stmts &Out, llvm::ArrayRef<LoopRange> Which, const Stmts &Body) const {
    llvm::StringSet<> Named;
    namesIn(Body, Named);
    int64_t Inner = 1;
    Stmts Lets;
    for (unsigned N = Which.size(); N-- > 0;) {
      const LoopRange &L = Which[N];
      int64_t E = *intConstant(L.extent()), From = *intConstant(L.From);
      if (Named.contains(L.Name)) {
        ExprPtr V = var(Step);
        if (Inner != 1)
          V = binary(BinaryOp::Div, false, V, unroll::num(Inner));
        if (N > 0)
          V = binary(BinaryOp::Rem, false, V, unroll::num(E));
        if (From)
          V = binary(BinaryOp::Add, false, V, unroll::num(From));
        Lets.insert(Lets.begin(), let(L.Name, V));
      }
      Inner *= E;
    }
    Out.insert(Out.end(), std::make_move_iterator(Lets.begin()),
               std::make_move_iterator(Lets.end()));
  }

  // The memory element a write keeps: [half][kept loops][loops around it].
  ExprPtr element(const Kept &W, ExprPtr Half) const {
    llvm::SmallVector<ExprPtr, 6> Subs{std::move(Half)};
    for (const LoopRange &L : KeptLoops)
      Subs.push_back(intDifference(var(L.Name), L.From));
    for (const LoopRange &L : W.Around)
      Subs.push_back(intDifference(var(L.Name), L.From));
    return subscript(W.Element, var(W.Memory), Subs);
  }

  ExprPtr half(bool Send) const {
    ExprPtr T = var(Tile);
    if (Send)
      T = binary(BinaryOp::Sub, false, T, unroll::num(1));
    return binary(BinaryOp::And, false, T, unroll::num(1));
  }

  // The step's statements for the read (channel writes store into the
  // memory) or the send (reads and temporaries go; channel writes send the
  // kept value). Comments go.
  Stmts rewrite(const Stmts &Body, bool Send) {
    unsigned Next = 0;
    return rewrite(Body, Send, Next);
  }

  Stmts rewrite(const Stmts &Body, bool Send, unsigned &Next) {
    Stmts Out;
    for (const Stmt &X : Body) {
      switch (X.Kind) {
      case StmtKind::Comment:
        continue;
      case StmtKind::Write: {
        const Kept &W = Writes[Next++];
        if (Send)
          Out.push_back(write(X.Target, element(W, half(true))));
        else
          Out.push_back(assign(element(W, half(false)), X.Value));
        continue;
      }
      case StmtKind::Decl:
      case StmtKind::Assign:
        if (!Send)
          Out.push_back(X);
        continue;
      case StmtKind::Recover:
        // The read visits each recovered value once (letSteps), unskewed.
        if (!Send) {
          Stmts Body = rewrite(X.Body, Send, Next);
          Out.insert(Out.end(), std::make_move_iterator(Body.begin()),
                     std::make_move_iterator(Body.end()));
          continue;
        }
        break;
      default:
        break;
      }
      Stmt Copy = X;
      Copy.Head = rewrite(X.Head, Send, Next);
      Copy.Body = rewrite(X.Body, Send, Next);
      Copy.Else = rewrite(X.Else, Send, Next);
      bool Empty = Copy.Head.empty() && Copy.Body.empty() && Copy.Else.empty();
      if (Empty && (X.Kind == StmtKind::Loop || X.Kind == StmtKind::If ||
                    X.Kind == StmtKind::Block || X.Kind == StmtKind::Recover))
        continue;
      Out.push_back(std::move(Copy));
    }
    return Out;
  }
};

} // namespace

std::optional<std::pair<SourceLoc, std::string>> bufferLoaders(Design &D, NestPlans Plans) {
  for (Design::Kernel &K : D.Kernels) {
    if (K.Role != KernelRole::Loader)
      continue;
    const NestPlan &NP = *Plans[K.Nest];
    const ReuseBufferPlan *Plan = nullptr;
    for (const ReuseBufferPlan &P : NP.Buffers)
      if (P.Input == K.Buffer)
        Plan = &P;
    if (!Plan)
      continue;
    if (anyExprNode(K.Body, [](const Expr &N) { return N.Kind == ExprKind::ChannelRead; }))
      return std::make_pair(
          Plan->Loc, "'buffer(" + Plan->Input + ", " + NP.Sch.System.Loops[Plan->Loop].Name +
                         ")': the loader of '" + Plan->Input +
                         "' receives its values from another kernel on a channel, not from "
                         "off-chip memory, so there is no traffic to save; drop the buffer");
    Feeder F(D, K, *Plan, NP);
    if (std::optional<std::string> Why = F.run())
      return std::make_pair(Plan->Loc, "internal error: the reuse buffer of '" + Plan->Input +
                                           "': " + *Why + "; please report this with the source");
  }
  return std::nullopt;
}

} // namespace t2s
