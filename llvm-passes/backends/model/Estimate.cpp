//===- Estimate.cpp - What a design costs and delivers on an FPGA ---------===//

#include "backends/model/Estimate.h"
#include "backends/hls/SerialDrains.h"
#include "systolic/DelayLines.h"
#include "systolic/KernelScope.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace t2s {

namespace {

std::string precision(DType T) {
  return (T.isFloat() ? "fp" : "int") + std::to_string(T.Bits);
}

bool isConstant(const Expr &E) {
  return E.Kind == ExprKind::IntConst || E.Kind == ExprKind::FloatConst;
}

// The bits an integer operand of a multiply carries as a signed number: a
// value widened from a narrower type (C promotes 'unsigned short' to int
// before it multiplies) carries its source's bits, and one more where it
// was unsigned; a constant the bits its value needs. The multiplier a
// synthesis tool builds is as wide as the operands' bits, not the C type's.
unsigned signedBits(const Expr &E) {
  unsigned Bits = E.Type.Bits;
  if (E.Kind == ExprKind::IntConst) {
    int64_t V = E.Int;
    unsigned N = 1;
    while (N < 64 && (V < -(int64_t(1) << (N - 1)) || V >= (int64_t(1) << (N - 1))))
      ++N;
    return std::min(N, Bits);
  }
  if (E.Kind != ExprKind::Cast || !E.Operands[0])
    return Bits;
  const Expr &From = *E.Operands[0];
  switch (E.castKind()) {
  case CastKind::BoolToValue:
    return std::min(2u, Bits);
  case CastKind::BoolToSigned:
    return 1;
  case CastKind::FromUnsigned:
    if (!From.Type.isFloat() && From.Type.Bits < Bits)
      return From.Type.Bits + 1;
    return Bits;
  case CastKind::Plain:
    if (!From.Type.isFloat() && !From.Type.isBool() && From.Type.Bits < Bits)
      return std::min(signedBits(From), Bits);
    return Bits;
  default:
    return Bits;
  }
}

// The class an integer product is priced as: by the wider of its operands'
// signed bits (signedBits), 9 or fewer an int8 multiply (Agilex 7's 9 x 9
// multipliers, a 27x18 or 18x19 one elsewhere), 18 or fewer an int16
// multiply (one 18x19 multiplier of an Intel DSP block, one 27x18 of an
// AMD DSP48E2 slice), and otherwise the product's own type.
std::string integerProduct(const Expr &X) {
  unsigned Bits = std::max(signedBits(X.operand(0)), signedBits(X.operand(1)));
  if (Bits <= 9 && X.Type.Bits > 8)
    return "int8 multiply";
  if (Bits <= 18 && X.Type.Bits > 16)
    return "int16 multiply";
  return precision(X.Type) + " multiply";
}

// How often a loop's body counts: its trip count where its bounds are
// constant; 1 otherwise.
uint64_t timesRun(const Stmt &S) {
  if (!S.Value || !S.Bound || S.Value->Kind != ExprKind::IntConst ||
      S.Bound->Kind != ExprKind::IntConst)
    return 1;
  return uint64_t(tripCount(S, S.Value->Int, S.Bound->Int));
}

class Counter {
  const FPGADevice &Dev;
  DesignEstimate &E;
  std::map<std::string, uint64_t> Units;
  double Flops = 0; // per clock, of the kernel being counted
  // The copies of each unrolled loop around the statement being counted.
  llvm::StringMap<uint64_t> Copies;

public:
  Counter(const FPGADevice &Dev, DesignEstimate &E) : Dev(Dev), E(E) {}

  /// The floating-point operations of one evaluation of E.
  double flops(const Expr &E) {
    Flops = 0;
    llvm::SmallPtrSet<const Expr *, 32> Seen;
    expr(E, 1, Seen);
    return Flops;
  }

  /// Counts one kernel; returns its floating-point operations per clock.
  double kernel(const Design::Kernel &K) {
    Flops = 0;
    stmts(K.Body, 1);
    return Flops;
  }

  void finish() {
    for (const auto &[Op, N] : Units) {
      auto Cost = Dev.DSPPerOp.find(Op);
      if (Cost == Dev.DSPPerOp.end()) {
        E.Uncosted[Op] += N;
        continue;
      }
      E.Ops.push_back({Op, N, double(N) * Cost->second});
      E.DSPs += double(N) * Cost->second;
    }
  }

private:
  void add(const std::string &Op, uint64_t N, unsigned FlopsEach) {
    Units[Op] += N;
    Flops += double(N) * FlopsEach;
  }

  void stmts(const Stmts &L, uint64_t F) {
    for (const Stmt &S : L)
      stmt(S, F);
  }

  void stmt(const Stmt &S, uint64_t F) {
    switch (S.Kind) {
    case StmtKind::Loop: {
      if (S.Loop == LoopKind::PE || S.Loop == LoopKind::Lanes ||
          S.Loop == LoopKind::Unroll || S.Loop == LoopKind::Count) {
        uint64_t N = timesRun(S);
        F *= N;
        // Its copies, for the conditions inside that pin it.
        std::optional<uint64_t> Outer;
        if (auto It = Copies.find(S.Name); It != Copies.end())
          Outer = It->second;
        Copies[S.Name] = N;
        stmts(S.Body, F);
        if (Outer)
          Copies[S.Name] = *Outer;
        else
          Copies.erase(S.Name);
        return;
      }
      stmts(S.Body, F);
      return;
    }
    case StmtKind::If: {
      // Under 'p == c' for an unrolled loop p of N copies, the statements
      // are built in one copy of N, the else arm in the others; under any
      // other condition both arms are built in every copy.
      llvm::StringSet<> Pinned;
      if (S.Value) {
        llvm::SmallPtrSet<const Expr *, 32> Seen;
        expr(*S.Value, F, Seen);
        pins(*S.Value, Pinned);
      }
      uint64_t In = 1;
      for (const auto &P : Pinned)
        In *= Copies.lookup(P.getKey());
      bool Splits = In > 1 && F % In == 0;
      stmts(S.Body, Splits ? F / In : F);
      stmts(S.Else, Splits ? F - F / In : F);
      return;
    }
    case StmtKind::Let:
    case StmtKind::Comment:
    case StmtKind::Shift:
      return;
    default:
      break;
    }
    if (S.Value) {
      llvm::SmallPtrSet<const Expr *, 32> Seen; // a shared operand is one unit
      expr(*S.Value, F, Seen);
    }
    for (const Stmts *L : nestedLists(S))
      stmts(*L, F);
  }

  // The unrolled loops whose variable condition C pins to one value
  // ('p == 2', either side, in a conjunction).
  void pins(const Expr &C, llvm::StringSet<> &Out) const {
    if (C.Kind == ExprKind::And || C.Kind == ExprKind::AllOf) {
      for (const ExprPtr &X : C.Operands)
        if (X)
          pins(*X, Out);
      return;
    }
    if (C.Kind != ExprKind::Compare || C.compareOp() != CompareOp::EQ)
      return;
    for (unsigned I : {0u, 1u}) {
      const Expr &V = C.operand(I), &K = C.operand(1 - I);
      if (V.Kind == ExprKind::Var && V.Int == 0 && K.Kind == ExprKind::IntConst &&
          Copies.count(V.Name))
        Out.insert(V.Name);
    }
  }

  void expr(const Expr &X, uint64_t F, llvm::SmallPtrSetImpl<const Expr *> &Seen) {
    if (!Seen.insert(&X).second)
      return;
    uint64_t N = F * std::max(1u, X.Type.Lanes);
    switch (X.Kind) {
    case ExprKind::BufferElement: // an address
    case ExprKind::Subscript:     // a register word or a temporary
    case ExprKind::ChannelRead:
      return;
    case ExprKind::MulAdd:
      add(precision(X.Type) + " multiply-add", N, 2);
      break;
    case ExprKind::Call:
      if (X.Name == "fma" || X.Name == "fmaf")
        add(precision(X.Type) + " multiply-add", N, 2);
      else
        add(X.Name, N, 0);
      break;
    case ExprKind::Binary: {
      bool Float = X.Type.isFloat();
      switch (X.binaryOp()) {
      case BinaryOp::Mul:
        if (Float)
          add(precision(X.Type) + " multiply", N, 1);
        else if (!isConstant(X.operand(0)) && !isConstant(X.operand(1)))
          add(integerProduct(X), N, 0);
        break;
      case BinaryOp::Add:
      case BinaryOp::Sub:
        if (Float)
          add(precision(X.Type) + " add", N, 1);
        break;
      case BinaryOp::Div:
      case BinaryOp::Rem:
        if (Float || !isConstant(X.operand(1)))
          add(precision(X.Type) + (X.binaryOp() == BinaryOp::Div ? " divide" : " remainder"),
              N, Float);
        break;
      default:
        break;
      }
      break;
    }
    default:
      break;
    }
    for (const ExprPtr &Op : X.Operands)
      if (Op)
        expr(*Op, F, Seen);
  }
};

// The integer operations of one evaluation of E on values (a node whose
// operands come from a URE read or a load), not on loop variables; a shared
// operand is computed once.
double intOps(const ExprPtr &E) {
  double N = 0;
  llvm::DenseMap<const Expr *, bool> OnValues;
  forEachNode(E, [&](const Expr &X) {
    bool On = X.Kind == ExprKind::UREValue || X.Kind == ExprKind::Load ||
              llvm::any_of(X.Operands, [&](const ExprPtr &Op) {
                return Op && OnValues.lookup(Op.get());
              });
    OnValues[&X] = On;
    if (X.Type.isFloat() || X.Type.isBool() != (X.Kind == ExprKind::Compare))
      return;
    bool Counts = X.Kind == ExprKind::Binary || X.Kind == ExprKind::Compare ||
                  X.Kind == ExprKind::MulAdd || X.Kind == ExprKind::Call;
    if (X.Kind == ExprKind::Compare && X.operand(0).Type.isFloat())
      Counts = false;
    if (Counts && On)
      N += double(std::max(1u, X.Type.Lanes));
  });
  return N;
}

} // namespace

double DesignEstimate::perClock(double PerRun) const {
  if (Timing.Cycles && *Timing.Cycles > 0)
    return PerRun / double(*Timing.Cycles);
  // Without the clocks of a run: the array's share of its peak.
  const KernelTiming *A = Timing.array();
  double II = A ? double(A->II) : 1;
  return FlopsPerRun > 0 ? PerRun * (UsefulFlopsPerClock / FlopsPerRun) / II : 0;
}

std::optional<double> DesignEstimate::intensity() const {
  uint64_t Bytes = Traffic.bytesRead() + Traffic.bytesWritten();
  if (!Traffic.Known || !Bytes)
    return std::nullopt;
  return FlopsPerRun / double(Bytes);
}

std::optional<double> DesignEstimate::memoryGFLOPS(double DRAMGBPerSecond) const {
  std::optional<double> I = intensity();
  return I ? std::optional<double>(*I * DRAMGBPerSecond) : std::nullopt;
}

bool DesignEstimate::memoryBound(double FmaxMHz, double DRAMGBPerSecond) const {
  std::optional<double> M = memoryGFLOPS(DRAMGBPerSecond);
  return M && *M < expectedGFLOPS(FmaxMHz);
}

DesignEstimate estimateNest(const Design &D, unsigned Nest, const FPGADevice &Dev,
                            llvm::ArrayRef<std::optional<int64_t>> Params, double FmaxMHz) {
  llvm::SmallVector<std::optional<int64_t>, 4> At(Params.begin(), Params.end());
  if (At.empty())
    At = D.standIns();
  DesignEstimate E;
  Counter C(Dev, E);
  for (const Design::Kernel &K : D.Kernels) {
    if (K.Nest != Nest)
      continue;
    double Flops = C.kernel(K);
    if (K.Role != KernelRole::Systolic)
      continue;
    E.FlopsPerClock += Flops;
    E.UsefulFlopsPerClock += Flops * D.Nests[K.Nest].Utilization.value_or(1);
  }
  C.finish();
  const Design::Nest &N = D.Nests[Nest];
  if (N.Scheduled) {
    DesignEstimate Scratch;
    Counter PerPoint(Dev, Scratch);
    KernelScope Sizes;
    Sizes.Params = At;
    // A loop's extent, a run-time one at the sizes asked for.
    auto extent = [&](const Design::Nest::SourceLoop &L) {
      int64_t Upper = L.Upper;
      if (L.RunTimeUpper)
        if (std::optional<int64_t> U = Sizes.Eval(*L.RunTimeUpper))
          Upper = *U;
      return double(std::max<int64_t>(Upper - L.Lower, 0));
    };
    double Box = 1;
    for (const Design::Nest::SourceLoop &L : N.SourceLoops)
      Box *= extent(L);
    // The iterations of a count (systolic/StatementRuns.h); the box's
    // points where it was not counted.
    auto iterations = [&](const std::optional<uint64_t> &Coupled,
                          llvm::ArrayRef<unsigned> Free) {
      if (!Coupled)
        return Box;
      double X = double(*Coupled);
      for (unsigned L : Free)
        X *= L < N.SourceLoops.size() ? extent(N.SourceLoops[L]) : 1;
      return X;
    };
    E.PointsPerRun = iterations(N.Points, N.PointsFree);
    double EveryPoint = 0; // the operations if every statement ran everywhere
    for (const Design::Statement &S : N.Statements)
      if (S.Value) {
        double Runs = iterations(S.Runs, S.RunsFree);
        double Flops = PerPoint.flops(*S.Value);
        E.FlopsPerRun += Flops * Runs;
        EveryPoint += Flops * E.PointsPerRun;
        E.IntOpsPerRun += intOps(S.Value) * Runs;
      }
    // The units of a guarded statement (an output's 'alpha * Z + beta * y'
    // at the last k) work only at the steps where it runs: the peak is the
    // operations the statements do per step on average, not the units'.
    if (EveryPoint > 0 && E.FlopsPerRun < EveryPoint) {
      E.FlopsPerClock *= E.FlopsPerRun / EveryPoint;
      E.UsefulFlopsPerClock *= E.FlopsPerRun / EveryPoint;
    }
  }
  // With run-time sizes the formula, where there is one, gives the traffic
  // at any size without running the kernels that long.
  auto traffic = [&](bool WithoutReuse, DesignTraffic &T, std::optional<TrafficFormula> &F) {
    F = trafficFormula(D, Nest, WithoutReuse);
    if (!F) {
      T = countTraffic(D, Nest, TrafficBudget, At, WithoutReuse);
      return;
    }
    for (const TrafficFormula::Buffer &B : F->Buffers) {
      DesignTraffic::Buffer X;
      X.ArgNo = B.ArgNo;
      X.Name = B.Name;
      X.Element = DType::integer(B.Bytes * 8);
      X.Read = uint64_t(std::max<int64_t>(0, TrafficFormula::evaluate(B.Read, At)));
      X.Written = uint64_t(std::max<int64_t>(0, TrafficFormula::evaluate(B.Written, At)));
      T.Buffers.push_back(X);
    }
  };
  traffic(false, E.Traffic, E.Formula);
  E.Timing = timeNest(D, Nest, Dev, FmaxMHz, At, &E.Traffic);
  if (hasReuseBuffers(D, Nest)) {
    E.WithoutReuse.emplace();
    traffic(true, E.WithoutReuse->Traffic, E.WithoutReuse->Formula);
  }
  for (const Design::Kernel &K : D.Kernels)
    if (K.Nest == Nest && K.Reuse)
      for (const Design::ReuseBuffer::Memory &M : K.Reuse->Memories)
        E.BufferBits += uint64_t(M.bits());
  for (const Design::Register &R : D.Registers) {
    if (R.Nest != Nest)
      continue;
    uint64_t Bits = uint64_t(R.totalWords()) * R.Element.storageBits();
    if (R.Buffer.empty() || !Dev.PEBuffersInBlockRAM) {
      E.RegisterBits += Bits;
      continue;
    }
    // A RAM per PE: each takes whole 18-Kbit halves of a block (16,384
    // data bits at the widths of 8- to 64-bit words).
    uint64_t PEs = 1;
    for (int64_t X : R.PEExtents)
      PEs *= uint64_t(X);
    uint64_t PerPE = uint64_t(R.Words) * R.Element.storageBits();
    E.PEBufferBits += Bits;
    E.PEBufferHalfBlocks += PEs * ((PerPE + 16383) / 16384);
  }
  // Delay lines in block RAM (FPGADevice::DelayLineRAMWords): their words
  // leave the registers for a RAM per PE and lane of the line's length, in
  // 18-Kbit halves of blocks as the PE buffers.
  if (Dev.DelayLineRAMWords > 0)
    for (const Design::Kernel &K : D.Kernels) {
      if (K.Nest != Nest)
        continue;
      llvm::StringMap<int64_t> Lines = delayLines(K, Dev.DelayLineRAMWords);
      forEachStmt(K.Body, [&](const Stmt &S) {
        if (S.Kind != StmtKind::Decl || !Lines.count(S.Name))
          return;
        uint64_t Memories = 1;
        for (int64_t X : llvm::ArrayRef(S.Dims).drop_front())
          Memories *= uint64_t(X);
        uint64_t Bits = S.Type.storageBits();
        uint64_t PerMemory = uint64_t(Lines.lookup(S.Name)) * Bits;
        E.RegisterBits -= std::min(E.RegisterBits, uint64_t(S.Dims.front()) * Memories * Bits);
        E.DelayLineBits += Memories * PerMemory;
        E.DelayLineHalfBlocks += Memories * ((PerMemory + 16383) / 16384);
      });
    }
  for (const Design::Channel &Ch : D.Channels) // a stream counts at its reader
    if (Ch.Nest == Nest)
      E.ChannelBits += Ch.Used * std::max<uint64_t>(Ch.Depth, Dev.MinChannelDepth) *
                       Ch.Element.storageBits();
  // On a card, the HLS target's I/O modules (hls/SerialFeeds.h,
  // SerialDrains.h): their streams, a feeder's beats of the record so far,
  // a drainer's slots.
  if (Dev.PortBytesPerClock > 0) {
    for (const auto &[K, F] : serialFeeds(D))
      if (K->Nest == Nest) {
        E.ChannelBits += uint64_t(SerialBeatDepth) * SerialBeatBytes * 8;
        E.RegisterBits += uint64_t(F.RecordBeats - 1) * SerialBeatBytes * 8;
      }
    for (const auto &[K, F] : serialDrains(D))
      if (K->Nest == Nest) {
        E.ChannelBits += uint64_t(F.Depth) * F.record().storageBits();
        E.RegisterBits += uint64_t(F.Slots) * F.Lane.storageBits();
      }
  }
  return E;
}

} // namespace t2s
