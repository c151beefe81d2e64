//===- Design.cpp - A function's systolic designs, without IR -------------===//

#include "systolic/Design.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

namespace {

const char *roleName(KernelRole R) {
  switch (R) {
  case KernelRole::Loader: return "loader";
  case KernelRole::Systolic: return "systolic";
  case KernelRole::Drainer: return "drainer";
  case KernelRole::KernelNest: return "kernel nest";
  }
  return "?";
}

const char *kindName(Design::ChannelKind K) {
  switch (K) {
  case Design::ChannelKind::Stream: return "stream";
  case Design::ChannelKind::Loader: return "loader";
  case Design::ChannelKind::Drainer: return "drainer";
  case Design::ChannelKind::Chain: return "chain";
  }
  return "?";
}

std::string typeName(DType T) {
  if (!hasWideCName(T))
    return "?";
  std::string E = T.isBool() ? "bool" : T.isFloat() ? "f" + std::to_string(T.Bits)
                                                    : "i" + std::to_string(T.Bits);
  return T.isVector() ? E + "x" + std::to_string(T.Lanes) : E;
}

// Expressions in a neutral syntax: every operation parenthesized, leaves by
// the design's names, URE reads as array@distance.
class Dumper {
  const Design &D;
  const Design::Nest &N;

public:
  Dumper(const Design &D, const Design::Nest &N) : D(D), N(N) {}

  std::string text(const ExprPtr &E) { return E ? print(*E) : "always"; }

  std::string print(const Expr &E) {
    auto op = [&](unsigned I) { return print(E.operand(I)); };
    auto list = [&](const char *Sep) {
      std::string Out;
      for (unsigned I = 0; I < E.Operands.size(); ++I)
        Out += (I ? Sep : "") + op(I);
      return Out;
    };
    switch (E.Kind) {
    case ExprKind::IntConst:
      return E.Type.isBool() ? (E.Int ? "true" : "false") : std::to_string(E.Int);
    case ExprKind::FloatConst: {
      std::string Text;
      llvm::raw_string_ostream(Text) << llvm::format("%.9g", E.Float);
      return Text + ":" + typeName(E.Type);
    }
    case ExprKind::VectorLiteral: return "<" + list(", ") + ">";
    case ExprKind::Param:
      return E.Index < D.Params.size() ? D.Params[E.Index].Name : "arg" + std::to_string(E.Index);
    case ExprKind::LoopVar:
      return E.Index < N.Loops.size() ? N.Loops[E.Index] : "loop" + std::to_string(E.Index);
    case ExprKind::UREValue: {
      if (E.Index >= N.Statements.size() || E.Index2 >= N.Statements[E.Index].Reads.size())
        return "ure" + std::to_string(E.Index) + "." + std::to_string(E.Index2);
      const auto &[Array, Distance] = N.Statements[E.Index].Reads[E.Index2];
      std::string Out = Array + "@(";
      for (unsigned I = 0; I < Distance.size(); ++I)
        Out += (I ? ", " : "") + std::to_string(Distance[I]);
      return Out + ")";
    }
    case ExprKind::Load: return E.Operands.empty() ? "received" : op(0);
    case ExprKind::BufferElement: {
      std::string Index;
      for (unsigned I = 0; I < E.Operands.size(); ++I)
        Index += (I ? " + " : "") + op(I) +
                 (E.Scales[I] != 1 ? " * " + std::to_string(E.Scales[I]) : "");
      std::string Name = E.Index < D.Params.size() ? D.Params[E.Index].Name : "?";
      return Name + "[" + (Index.empty() ? "0" : Index) + "]";
    }
    case ExprKind::Lane: return op(0) + ".lane" + std::to_string(E.Index);
    case ExprKind::Neg: return "(-" + op(0) + ")";
    case ExprKind::Not: return "!" + op(0);
    case ExprKind::Binary: {
      static const char *Ops[] = {"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^"};
      return "(" + op(0) + " " + Ops[E.Op] + (E.Unsigned ? "u " : " ") + op(1) + ")";
    }
    case ExprKind::Compare: {
      static const char *Ops[] = {"==", "!=", "<", "<=", ">", ">="};
      return "(" + op(0) + " " + Ops[E.Op] + (E.Unsigned ? "u " : " ") + op(1) + ")";
    }
    case ExprKind::Cast: return "(" + typeName(E.Type) + ")" + op(0);
    case ExprKind::Select: return "(" + op(0) + " ? " + op(1) + " : " + op(2) + ")";
    case ExprKind::And: return "(" + op(0) + " && " + op(1) + ")";
    case ExprKind::Or: return "(" + op(0) + " || " + op(1) + ")";
    case ExprKind::AllOf: return list(" && ");
    case ExprKind::MulAdd: return "fmuladd(" + list(", ") + ")";
    case ExprKind::Call: return E.Name + "(" + list(", ") + ")";
    case ExprKind::Var:
      return E.Int == 0 ? E.Name : E.Name + (E.Int > 0 ? " + " : " - ") +
                                       std::to_string(E.Int > 0 ? E.Int : -E.Int);
    case ExprKind::Subscript: {
      std::string Out = op(0);
      for (unsigned I = 1; I < E.Operands.size(); ++I)
        Out += "[" + op(I) + "]";
      return Out;
    }
    case ExprKind::ChannelRead: return "read " + op(0);
    }
    return "?";
  }

  // A kernel's statements, one a line, nested ones indented.
  void stmts(llvm::raw_ostream &OS, const Stmts &Body, unsigned Indent) {
    for (const Stmt &S : Body)
      stmt(OS, S, Indent);
  }

  void stmt(llvm::raw_ostream &OS, const Stmt &S, unsigned Indent) {
    static const char *Loops[] = {"serial", "time", "PE", "lanes", "count", "unrolled"};
    OS.indent(Indent);
    switch (S.Kind) {
    case StmtKind::Comment:
      OS << "// " << S.Text << "\n";
      return;
    case StmtKind::Decl:
      OS << "decl " << S.Name << ": " << typeName(S.Type);
      for (int64_t E : S.Dims)
        OS << " [" << E << "]";
      if (S.Init != DeclInit::None)
        OS << " = " << (S.Init == DeclInit::Zero ? "0" : text(S.Value));
      if (S.Banks)
        OS << ", on chip in " << S.Banks << (S.Banks == 1 ? " bank" : " banks");
      OS << "\n";
      return;
    case StmtKind::Let:
      OS << "let " << S.Name << " = " << text(S.Value) << "\n";
      return;
    case StmtKind::Assign:
      OS << text(S.Target) << " = " << text(S.Value) << "\n";
      return;
    case StmtKind::Write:
      OS << "write " << text(S.Target) << " <- " << text(S.Value) << "\n";
      return;
    case StmtKind::Loop:
      OS << Loops[unsigned(S.Loop)] << " loop " << S.Name << " from " << text(S.Value)
         << (S.Down ? " down to " : " to ") << text(S.Bound) << "\n";
      break;
    case StmtKind::If:
      OS << "if " << text(S.Value) << "\n";
      stmts(OS, S.Body, Indent + 2);
      if (!S.Else.empty()) {
        OS.indent(Indent) << "else\n";
        stmts(OS, S.Else, Indent + 2);
      }
      return;
    case StmtKind::Block:
      OS << "block\n";
      stmts(OS, S.Head, Indent + 2);
      break;
    case StmtKind::Recover:
      OS << "recover";
      for (const Recovery &R : S.Recoveries) {
        OS << " " << R.Name << " = " << R.Time;
        for (const auto &[Coeff, Space] : R.Terms)
          OS << " - " << Coeff << "*" << Space;
        OS << " in [" << R.Lower << ", " << R.Upper << ")";
      }
      OS << "\n";
      break;
    case StmtKind::Shift:
      OS << "shift " << S.Name << ", " << S.Words << " words";
      for (const ExprPtr &E : S.Subscripts)
        OS << " [" << text(E) << "]";
      OS << "\n";
      return;
    }
    stmts(OS, S.Body, Indent + 2);
  }
};

} // namespace

ExprPtr Design::ReuseBuffer::tileValue(unsigned I, const ExprPtr &Number) const {
  auto Extent = [&](unsigned J) { return intDifference(TileRanges[J].second, TileRanges[J].first); };
  ExprPtr Inner = intConst(DType::integer(32), 1);
  for (unsigned J = TileRanges.size(); J-- > I + 1;)
    Inner = intProduct(Inner, Extent(J));
  ExprPtr V = intConstant(Inner) == 1 ? Number : binary(BinaryOp::Div, false, Number, Inner);
  if (I > 0)
    V = binary(BinaryOp::Rem, false, V, Extent(I));
  if (intConstant(TileRanges[I].first) != 0)
    V = binary(BinaryOp::Add, false, V, TileRanges[I].first);
  return V;
}

ExprPtr Design::ReuseBuffer::tileCount() const {
  ExprPtr N;
  for (const auto &[From, Bound] : TileRanges)
    N = N ? intProduct(N, intDifference(Bound, From)) : intDifference(Bound, From);
  return N ? N : intConst(DType::integer(32), 1);
}

ExprPtr Design::ReuseBuffer::sentTile() const {
  return binary(BinaryOp::Sub, false, var(Tile), intConst(DType::integer(32), 1));
}

int64_t Design::ReuseBuffer::Memory::words() const {
  int64_t N = 1;
  for (int64_t E : Dims)
    N *= E;
  return N;
}

int64_t Design::ReuseBuffer::Memory::bits() const {
  return words() * int64_t(Element.storageBits());
}

int64_t Design::Register::totalWords() const {
  int64_t N = Words * std::max<int64_t>(Lanes, 1);
  for (int64_t E : PEExtents)
    N *= E;
  return N;
}

std::optional<DType> Design::elementOf(unsigned ArgNo) const {
  for (const Buffer &B : Buffers)
    if (B.ArgNo == ArgNo)
      return B.Element;
  return std::nullopt;
}

bool Design::writes(unsigned ArgNo) const {
  return llvm::any_of(Buffers, [&](const Buffer &B) { return B.ArgNo == ArgNo && B.Written; });
}

bool Design::writesOnlyWhole(unsigned ArgNo) const {
  std::optional<uint64_t> Extent = extent(ArgNo);
  auto Mine = [&](const Buffer &B) { return B.ArgNo == ArgNo; };
  return Extent && llvm::none_of(Buffers, [&](const Buffer &B) { return Mine(B) && B.Read; }) &&
         llvm::any_of(Buffers, [&](const Buffer &B) {
           return Mine(B) && B.Written && B.Whole && B.Extent == Extent;
         });
}

int64_t Design::DepthLaw::at(llvm::ArrayRef<std::optional<int64_t>> Sizes) const {
  int64_t Sum = Constant;
  for (auto [Param, Coefficient] : Terms)
    Sum += Coefficient * (Param < Sizes.size() ? Sizes[Param].value_or(0) : 0);
  // Rounded up (the denominator is positive).
  return Sum >= 0 ? (Sum + Denominator - 1) / Denominator : -(-Sum / Denominator);
}

std::string Design::DepthLaw::text(const Design &D) const {
  // Rounded up: as C's division of a numerator of at least 0.
  int64_t K = Constant + Denominator - 1;
  std::string Out;
  for (auto [Param, Coefficient] : Terms) {
    int64_t C = Coefficient;
    if (!Out.empty())
      Out += C < 0 ? " - " : " + ";
    else if (C < 0)
      Out += "-";
    C = C < 0 ? -C : C;
    Out += (C == 1 ? "" : std::to_string(C) + " * ") + D.Params[Param].Name;
  }
  if (K || Out.empty())
    Out += Out.empty() ? std::to_string(K)
                       : (K < 0 ? " - " : " + ") + std::to_string(K < 0 ? -K : K);
  if (Denominator == 1)
    return Out;
  return (Terms.size() + (K != 0) > 1 ? "(" + Out + ")" : Out) + " / " +
         std::to_string(Denominator);
}

std::optional<int64_t> Design::DepthLaw::largestSize(uint64_t Depth) const {
  if (Terms.size() != 1 || Terms.front().second <= 0)
    return std::nullopt;
  // ceil((C + a * n) / d) <= Depth  <=>  a * n <= Depth * d - C.
  int64_t Room = int64_t(Depth) * Denominator - Constant;
  if (Room < 0)
    return std::nullopt;
  return Room / Terms.front().second;
}

std::string Design::DepthLaw::heldBy(const Design &D, uint64_t Depth) const {
  if (std::optional<int64_t> Largest = largestSize(Depth))
    return "up to " + D.Params[Terms.front().first].Name + " = " + std::to_string(*Largest);
  return "while " + text(D) + " is at most " + std::to_string(Depth);
}

llvm::SmallVector<std::optional<int64_t>, 4> Design::standIns() const {
  llvm::SmallVector<std::optional<int64_t>, 4> Values;
  for (const Param &P : Params)
    Values.push_back(P.StandIn);
  return Values;
}

llvm::SmallVector<unsigned, 4> Design::kernelParams() const {
  llvm::SmallVector<unsigned, 4> Params;
  for (unsigned A = 0; A < this->Params.size(); ++A)
    if (llvm::any_of(Kernels, [&](const Kernel &K) { return llvm::is_contained(K.Params, A); }))
      Params.push_back(A);
  return Params;
}

bool Design::hasRunTimeSizes() const {
  return llvm::any_of(Params, [](const Param &P) { return P.StandIn.has_value(); });
}

ExprPtr Design::runTimeExtent(unsigned ArgNo, llvm::SmallVectorImpl<unsigned> *Sizes) const {
  ExprPtr Max;
  for (const Buffer &B : Buffers) {
    if (B.ArgNo != ArgNo)
      continue;
    ExprPtr E = B.RunTimeExtent;
    if (!E && B.Extent)
      E = intConst(DType::integer(64), int64_t(*B.Extent));
    if (!E)
      return nullptr;
    Max = Max ? select(compare(CompareOp::GT, false, Max, E), Max, E) : E;
    if (Sizes)
      for (unsigned A : B.Sizes)
        if (!llvm::is_contained(*Sizes, A))
          Sizes->push_back(A);
  }
  return Max;
}

std::optional<uint64_t> Design::extent(unsigned ArgNo) const {
  std::optional<uint64_t> Max;
  for (const Buffer &B : Buffers)
    if (B.ArgNo == ArgNo) {
      if (!B.Extent)
        return std::nullopt;
      Max = std::max(Max.value_or(0), *B.Extent);
    }
  return Max;
}

llvm::SmallVector<const Design::Channel *, 4> Design::channels(unsigned Nest,
                                                               ChannelKind Kind) const {
  llvm::SmallVector<const Channel *, 4> Out;
  for (const Channel &C : Channels)
    if (C.Nest == Nest && C.Kind == Kind)
      Out.push_back(&C);
  return Out;
}

std::string describeLanes(const ChannelLanes &L) {
  switch (L.Mode) {
  case LaneMode::None:
    return "";
  case LaneMode::Vector:
    return "vectors of " + std::to_string(L.Count) + " lanes of " + L.Loop;
  case LaneMode::Pinned:
    return "the lane " + L.Loop + " = " + std::to_string(L.Pinned);
  case LaneMode::Serial:
    return "single lanes of " + L.Loop + " in order";
  case LaneMode::PEVector:
    return "vectors of the " + std::to_string(L.Count) + " PEs along " + L.Loop;
  }
  return "";
}

void Design::print(llvm::raw_ostream &OS) const {
  OS << "design of " << Function << "\n";
  for (const Nest &N : Nests) {
    unsigned NI = &N - Nests.begin();
    OS << "  nest " << N.Name << (N.Scheduled ? " (systolic)" : " (kernel nest)")
       << ": loops";
    for (unsigned L = 0; L < N.Loops.size(); ++L)
      OS << " " << N.Loops[L] << (llvm::is_contained(N.PELoops, L) ? "[PE]" : "");
    OS << "\n";
    Dumper Dump(*this, N);
    for (const Statement &S : N.Statements) {
      if (!S.Extended)
        OS << "    " << S.Array << " = " << Dump.text(S.Value) << "\n";
      else
        OS << "    output " << (S.Target ? Dump.text(S.Target) : "to a channel") << " = "
           << Dump.text(S.Value) << " if " << Dump.text(S.Guard) << "\n";
    }
    for (const Register &R : Registers) {
      if (R.Nest != NI)
        continue;
      OS << "    register " << R.Array << ": " << typeName(R.Element) << " x " << R.Words;
      for (int64_t E : R.PEExtents)
        OS << " [" << E << "]";
      if (R.Lanes)
        OS << " lanes " << R.Lanes;
      if (R.Lane >= 0)
        OS << " lane " << R.LaneLoop << " = " << R.Lane;
      if (R.Round)
        OS << " within a round";
      if (!R.Reads.empty()) {
        OS << " for reads";
        for (auto [SI, RI] : R.Reads)
          OS << " " << SI << "." << RI;
      }
      OS << "\n";
    }
    for (const Buffer &B : Buffers)
      if (B.Nest == NI)
        OS << "    buffer " << B.Name << ": " << typeName(B.Element)
           << (B.Written ? ", written" : ", read") << ", "
           << (B.Extent ? std::to_string(*B.Extent) + " elements" : "extent unknown")
           << (B.Whole ? ", every one written" : "") << "\n";
  }
  for (const Kernel &K : Kernels) {
    OS << "  kernel " << K.Name << ": " << roleName(K.Role)
       << (K.Buffer.empty() ? "" : " of " + K.Buffer) << ", nest " << Nests[K.Nest].Name
       << ", stage " << K.Stage;
    if (KernelParamsKnown && K.autorun())
      OS << ", autorun";
    for (unsigned P : K.Params)
      OS << (P == K.Params.front() ? ", takes " : " ") << Params[P].Name;
    if (K.Reuse) {
      OS << ", reuse buffer at " << K.Reuse->Loop << " (tiles over";
      for (const std::string &L : K.Reuse->TileLoops)
        OS << " " << L;
      OS << "; keeps";
      for (const std::string &L : K.Reuse->KeptLoops)
        OS << " " << L;
      if (K.Reuse->KeptLoops.empty())
        OS << " one step";
      OS << "; reads in " << K.Reuse->ReadSteps << " of " << K.Reuse->SendSteps << " steps)";
    }
    OS << "\n";
  }
  for (const Channel &C : Channels) {
    OS << "  channel " << C.Name << ": " << kindName(C.Kind) << " of " << C.Array << ", "
       << typeName(C.Element) << ", depth " << C.Depth;
    for (unsigned I = 0; I < C.Extents.size(); ++I)
      OS << " [" << C.Extents[I] << (I < C.Along.size() ? " " + C.Along[I] : "") << "]";
    OS << ", " << C.Used << " used";
    if (C.Kind == ChannelKind::Loader || C.Kind == ChannelKind::Drainer)
      OS << " (" << C.OnePerPE << " one per PE)";
    if (C.Kind == ChannelKind::Stream && C.Values) // counted once laid out
      OS << ", " << C.Values << " values";
    if (!C.ChainLoop.empty())
      OS << ", " << (C.Gather ? "gather" : "scatter") << " along " << C.ChainLoop
         << (C.Down ? " (down)" : " (up)")
         << (C.Bundle ? ", " + std::to_string(C.Bundle) + " PEs' values in one transfer"
                      : std::string());
    if (C.Lanes.Mode != LaneMode::None)
      OS << ", " << describeLanes(C.Lanes);
    if (C.Window)
      OS << ", windows of " << C.Window << " elements a PE picks from";
    if (!C.Stream.empty())
      OS << ", " << (C.Kind == ChannelKind::Drainer ? "to " : "from ") << C.Stream;
    OS << "\n";
  }
  for (const Kernel &K : Kernels)
    if (!K.Body.empty()) {
      OS << "  kernel " << K.Name << " runs:\n";
      Dumper(*this, Nests[K.Nest]).stmts(OS, K.Body, 4);
    }
}

} // namespace t2s
