//===- Timing.cpp - Initiation intervals and clocks of a design -----------===//

#include "backends/model/Timing.h"
#include "backends/model/Traffic.h"
#include "backends/hls/SerialDrains.h"
#include "backends/hls/SerialFeeds.h"
#include "systolic/DesignNames.h"
#include "systolic/KernelNames.h"
#include "systolic/KernelScope.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

namespace t2s {

const char *iiCauseName(IICause C) {
  switch (C) {
  case IICause::None:
    return "none";
  case IICause::Channel:
    return "channel";
  case IICause::InnerLoops:
    return "inner loops";
  case IICause::Recurrence:
    return "recurrence";
  case IICause::Memory:
    return "on-chip memory";
  case IICause::OffChip:
    return "off-chip bandwidth";
  case IICause::Port:
    return "off-chip port";
  }
  return "none";
}

const KernelTiming *DesignTiming::array() const {
  for (const KernelTiming &K : Kernels)
    if (K.Role == KernelRole::Systolic)
      return &K;
  return nullptr;
}

const KernelTiming *DesignTiming::slowest() const {
  const KernelTiming *Worst = nullptr;
  for (const KernelTiming &K : Kernels)
    if (!Worst || K.II > Worst->II)
      Worst = &K;
  return Worst;
}

namespace {

int64_t ceilDiv(int64_t A, int64_t B) { return (A + B - 1) / B; }

std::string plural(int64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

// Whether Body does work (assigns, sends) outside the pipelined loops in it.
bool localWork(const Stmts &Body) {
  for (const Stmt &S : Body) {
    if (pipelinedLoop(S))
      continue;
    if (S.Kind == StmtKind::Assign || S.Kind == StmtKind::Write)
      return true;
    for (const Stmts *L : nestedLists(S))
      if (localWork(*L))
        return true;
  }
  return false;
}

// Whether S is a pipelined loop or has one inside.
bool holdsPipelinedLoop(const Stmt &S) {
  if (pipelinedLoop(S))
    return true;
  for (const Stmts *L : nestedLists(S))
    if (hasPipelinedLoop(*L))
      return true;
  return false;
}


// The bound of one iteration of a pipelined loop's body, apart from the
// loops inside it: the largest of the rules of Timing.h, with its cause.
struct Bound {
  int64_t II = 1;
  IICause Cause = IICause::None;
  std::string Reason, Subject;
  bool Indexed = false;  // KernelTiming::Indexed
  int64_t Latency = 0;   // KernelTiming::Latency

  void raise(int64_t N, IICause C, std::string Why, std::string What, bool Index = false,
             int64_t Lat = 0) {
    if (N <= II)
      return;
    II = N;
    Indexed = Index;
    Latency = Lat;
    Cause = C;
    Reason = std::move(Why);
    Subject = std::move(What);
  }
};

// An on-chip memory the kernel declares: its extents, and the banks its
// trailing dimensions are spread over (one read and one write port each).
struct OnChipMemory {
  llvm::ArrayRef<int64_t> Dims;
  int64_t Banks = 1;
};
using OnChipMemories = std::map<std::string, OnChipMemory>;

// A rate with one decimal: "47.9".
static std::string fixed1(double X) { return llvm::formatv("{0:F1}", X).str(); }

// Where each port has a memory bank of its own (FPGADevice::BankPerPort):
// the bytes per clock at FmaxMHz of each buffer's bank, shared with the
// buffers in the same bank. The ports take the banks in turn, in the order
// of the design's buffers that its kernels use (as hls/HLSKernels.cpp's
// connectivity does). Empty elsewhere, or without a clock.
static std::map<unsigned, double> portBankBytes(const Design &D, const FPGADevice &Dev,
                                                double FmaxMHz) {
  std::map<unsigned, double> Out;
  double Bank = Dev.bankBytesPerClock(FmaxMHz);
  if (Bank <= 0)
    return Out;
  llvm::SmallVector<unsigned, 4> Ports;
  for (unsigned A : D.kernelParams())
    if (D.Params[A].Pointer)
      Ports.push_back(A);
  int64_t Banks = std::max<int64_t>(Dev.MemoryBanks, 1);
  for (size_t N = 0; N < Ports.size(); ++N) {
    int64_t Sharing = 0;
    for (size_t M = 0; M < Ports.size(); ++M)
      Sharing += int64_t(M % size_t(Banks)) == int64_t(N % size_t(Banks));
    Out[Ports[N]] = Bank / double(Sharing);
  }
  return Out;
}

// One iteration of a pipelined loop's body, unrolled loops expanded: the
// accesses per channel endpoint, per bank of each on-chip memory, the
// off-chip bytes, and the latency of the values carried across iterations.
class Iteration {
public:
  /// \p BankBytes: what each buffer's memory bank moves per clock where a
  /// port has a bank of its own (portBankBytes); empty: the ports alone.
  Iteration(const FPGADevice &Dev, double BytesPerClock, const Stmts &Body,
            const std::set<std::string> &Kept, const OnChipMemories &Memories,
            const Design &D, const Stmt *Loop = nullptr,
            const std::map<unsigned, double> *BankBytes = nullptr)
      : Dev(Dev), BytesPerClock(BytesPerClock), Kept(Kept), Memories(Memories),
        Registers(D.Registers), Params(D.Params), BankBytes(BankBytes) {
    // Arrays the loop tells the compiler are accessed Safelen iterations
    // apart (pad_rounds): their words carry that far.
    if (Loop)
      for (const std::string &A : Loop->Apart)
        Apart[A] = std::max<int64_t>(1, Loop->Safelen);
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Shift)
        Shifted.insert(S.Name);
      if (S.Kind == StmtKind::Decl)
        Inside.insert(S.Name);
    });
    visit(Body);
  }

  /// Without \p Channels, only the rules the clocked emulation cannot see
  /// in the running code (on-chip ports, recurrences; t2s/clock.h).
  Bound bound(bool Channels = true) const {
    Bound B;
    for (const auto *Map : {&Reads, &Writes})
      for (const auto &[Channel, N] : *Map)
        if (Channels)
          B.raise(N, IICause::Channel,
                  plural(N, "value", "values") + " per step " +
                      (Map == &Reads ? "read from" : "written to") + " channel " + Channel +
                      ", one per clock",
                  channelName(Channel));
    for (const auto &[Memory, Banks] : MemoryAccesses)
      for (const auto &[Bank, RW] : Banks)
        for (int Port = 0; Port < 2; ++Port)
          B.raise(RW[Port], IICause::Memory,
                  plural(RW[Port], Port ? "write" : "read", Port ? "writes" : "reads") +
                      " per step to " + (Bank < 0 ? "" : "one bank of ") + "the on-chip memory " +
                      Memory + ", one " + (Port ? "write" : "read") + " port per bank",
                  Memory);
    // A device whose buffers each have a port of their own (AMD's m_axi):
    // one buffer's bytes per step against what its port moves per clock.
    // Structural (the clocked emulation counts the board, not the ports).
    // Where the port has a memory bank of its own, the bank's share of the
    // board at the clock may be less (an HBM pseudo channel at 300 MHz).
    if (int64_t Port = Dev.PortBytesPerClock; Port > 0)
      for (const auto &[ArgNo, Bytes] : BufferBytes) {
        double Moves = double(Port);
        std::string Why = "its port moves " + std::to_string(Port) + " per clock";
        if (BankBytes)
          if (auto It = BankBytes->find(ArgNo); It != BankBytes->end() && It->second < Moves) {
            Moves = It->second;
            Why = "its memory bank moves " + fixed1(Moves) + " per clock";
          }
        if (Bytes > Moves + 1e-9) {
          std::string Name = ArgNo < Params.size() ? Params[ArgNo].Name : "";
          B.raise(int64_t(std::ceil(Bytes / Moves - 1e-9)), IICause::Port,
                  std::to_string(int64_t(Bytes)) + " bytes of '" + Name + "' per step, " + Why,
                  Name);
        }
      }
    if (BytesPerClock > 0 && OffChipBytes > BytesPerClock)
      B.raise(int64_t(std::ceil(OffChipBytes / BytesPerClock)), IICause::OffChip,
              std::to_string(int64_t(OffChipBytes)) + " bytes off-chip per step, the board moves " +
                  std::to_string(int64_t(BytesPerClock)) + " per clock",
              "");
    B.raise(Recurrence.II, IICause::Recurrence, Recurrence.Reason, Recurrence.Subject,
            Recurrence.Indexed, Recurrence.Latency);
    return B;
  }

private:
  const FPGADevice &Dev;
  double BytesPerClock;
  const std::set<std::string> &Kept; // declared outside the loop
  const OnChipMemories &Memories;
  llvm::ArrayRef<Design::Register> Registers;
  llvm::ArrayRef<Design::Param> Params;
  const std::map<unsigned, double> *BankBytes;
  std::set<std::string> Shifted, Inside;
  std::map<std::string, int64_t> Apart;
  KernelScope Scope;
  std::map<std::string, int64_t> Reads, Writes;
  // memory -> bank (-1: unknown) -> reads, writes
  std::map<std::string, std::map<int64_t, std::array<int64_t, 2>>> MemoryAccesses;
  double OffChipBytes = 0;
  std::map<unsigned, double> BufferBytes; // the same, per buffer (argument number)
  Bound Recurrence;

  // A value's dependences on values carried from earlier iterations: the
  // carried location and its distance, with the latency since it was read.
  using Deps = std::map<std::pair<std::string, int64_t>, int64_t>;
  std::map<std::string, Deps> Env; // location -> its value in this iteration
  // Per If whose condition is unknown, innermost last: the values its arm
  // overwrote (none: the location had none).
  using Journal = std::map<std::string, std::optional<Deps>>;
  std::vector<Journal> Journals;

  // Notes Old as the value of Loc before the innermost If, if it has none.
  void record(const std::string &Loc, std::optional<Deps> Old) {
    if (!Journals.empty())
      Journals.back().emplace(Loc, std::move(Old));
  }

  void set(const std::string &Loc, Deps Value) {
    auto It = Env.find(Loc);
    if (!Journals.empty() && !Journals.back().count(Loc))
      Journals.back().emplace(Loc, It == Env.end() ? std::nullopt : std::optional<Deps>(It->second));
    Env[Loc] = std::move(Value);
  }

  // The URE array of a register of the kernel ("sr_Z_kkk7": Z).
  std::string arrayOf(const std::string &Register) const {
    for (const Design::Register &R : Registers)
      if (isRegisterOf(Register, identifier(R.Array)))
        return R.Array;
    return Register;
  }

  static std::string channelName(const std::string &Endpoint) {
    return channelOfEndpoint(Endpoint).str();
  }

  static void merge(Deps &Into, const Deps &From, int64_t Plus = 0) {
    for (const auto &[Key, Lat] : From) {
      int64_t &L = Into[Key];
      L = std::max(L, Lat + Plus);
    }
  }

  // "name[i][j]" with the indices that evaluate, "?" for the others, from
  // index First on.
  std::string location(const Expr &E, size_t First = 0) {
    std::string S = accessedName(E);
    if (E.Kind != ExprKind::Subscript)
      return S;
    for (size_t I = 1 + First; I < E.Operands.size(); ++I) {
      std::optional<int64_t> V = Scope.Eval(E.operand(I));
      S += "[" + (V ? std::to_string(*V) : std::string("?")) + "]";
    }
    return S;
  }

  std::optional<int64_t> index(const Expr &E, size_t I) {
    if (E.Kind != ExprKind::Subscript || I + 1 >= E.Operands.size())
      return std::nullopt;
    return Scope.Eval(E.operand(I + 1));
  }

  // The bank of an on-chip memory an element is in: the low bits of its
  // address; -1 if an unknown index decides them.
  int64_t bank(const OnChipMemory &Memory, const Expr &E) {
    int64_t Banks = std::max<int64_t>(1, Memory.Banks), Stride = 1, Bank = 0;
    for (size_t I = Memory.Dims.size(); I-- > 0;) {
      if (Stride % Banks) {
        std::optional<int64_t> V = index(E, I);
        if (!V)
          return -1;
        Bank += *V * Stride;
      }
      Stride *= Memory.Dims[I];
    }
    return ((Bank % Banks) + Banks) % Banks;
  }

  void memoryAccess(const Expr &E, bool Write) {
    auto M = Memories.find(accessedName(E));
    if (M == Memories.end())
      return;
    ++MemoryAccesses[M->first][bank(M->second, E)][Write];
  }

  // Reading an element of a variable or array of the kernel.
  Deps readLocation(const Expr &E) {
    std::string Name = accessedName(E);
    if (!Kept.count(Name) || Inside.count(Name)) {
      auto It = Env.find(location(E));
      return It == Env.end() ? Deps() : It->second;
    }
    // A register shifted each step: its first index is the word, the
    // steps since the value was written.
    if (Shifted.count(Name)) {
      std::optional<int64_t> Word = index(E, 0);
      if (Word && *Word >= 1)
        return Deps{{{location(E, 1), *Word}, 0}};
      auto It = Env.find(location(E));
      if (It != Env.end())
        return It->second;
      return Deps{{{location(E, 1), 1}, 0}};
    }
    auto It = Env.find(location(E));
    if (It != Env.end())
      return It->second;
    auto Far = Apart.find(Name);
    return Deps{{{location(E), Far == Apart.end() ? 1 : Far->second}, 0}};
  }

  void writeLocation(const Expr &Target, Deps Value) {
    std::string Name = accessedName(Target);
    if (Kept.count(Name) && !Inside.count(Name)) {
      std::string Carried = Shifted.count(Name) ? location(Target, 1) : location(Target);
      for (const auto &[Key, Lat] : Value)
        if (Key.first == Carried && Lat > Key.second)
          Recurrence.raise(ceilDiv(Lat, Key.second), IICause::Recurrence,
                           "the value of " + arrayOf(Name) + " carried " +
                               plural(Key.second, "step", "steps") + " through " +
                               plural(Lat / std::max<int64_t>(1, Dev.FPLatency),
                                      "floating-point operation", "floating-point operations") +
                               " of " + std::to_string(Dev.FPLatency) + " clocks (" +
                               std::to_string(Lat) + " clocks)",
                           arrayOf(Name), /*Index=*/!Shifted.count(Name), Lat);
    }
    set(location(Target), std::move(Value));
  }

  // Within one statement a shared operand (a local the source reads twice)
  // is one computation: valued once.
  std::map<const Expr *, Deps> Valued;
  unsigned ValueDepth = 0;

  Deps value(const Expr &E) {
    if (E.Operands.empty())
      return valueOf(E);
    if (ValueDepth == 0)
      Valued.clear();
    if (auto It = Valued.find(&E); It != Valued.end())
      return It->second;
    ++ValueDepth;
    Deps D = valueOf(E);
    --ValueDepth;
    Valued[&E] = D;
    return D;
  }

  Deps valueOf(const Expr &E) {
    switch (E.Kind) {
    case ExprKind::ChannelRead:
      ++Reads[location(E.operand(0))];
      return {};
    case ExprKind::BufferElement:
      OffChipBytes += double(E.Type.storageBits()) / 8;
      BufferBytes[E.Index] += double(E.Type.storageBits()) / 8;
      return {};
    case ExprKind::Subscript:
      memoryAccess(E, false);
      return readLocation(E);
    case ExprKind::Var:
      if (Scope.lookup(E.Name) && !Kept.count(E.Name) && !Inside.count(E.Name))
        return {}; // a loop variable or a constant
      return readLocation(E);
    case ExprKind::Select:
      // After unrolling, a condition on the PE and lane variables leaves
      // one arm (the compiler removes the other's loads and reads).
      if (std::optional<int64_t> C = Scope.Eval(E.operand(0)))
        return value(E.operand(*C ? 1 : 2));
      break;
    default:
      break;
    }
    Deps D;
    for (const ExprPtr &Op : E.Operands)
      if (Op)
        merge(D, value(*Op));
    bool Slow = false;
    if (E.Type.isFloat()) {
      if (E.Kind == ExprKind::MulAdd)
        Slow = true;
      else if (E.Kind == ExprKind::Binary)
        Slow = E.binaryOp() == BinaryOp::Add || E.binaryOp() == BinaryOp::Sub ||
               E.binaryOp() == BinaryOp::Mul || E.binaryOp() == BinaryOp::Div;
      else if (E.Kind == ExprKind::Call)
        Slow = true;
    }
    if (Slow)
      for (auto &[Key, Lat] : D)
        Lat += Dev.FPLatency;
    return D;
  }

  void visit(const Stmts &Body) {
    for (const Stmt &S : Body)
      visit(S);
  }

  void visit(const Stmt &S) {
    switch (S.Kind) {
    case StmtKind::Comment:
    case StmtKind::Shift:
      return;
    case StmtKind::Decl:
      Scope.bind(S.Name, std::nullopt);
      if (S.Init == DeclInit::Value && S.Value)
        set(S.Name, value(*S.Value));
      return;
    case StmtKind::Let:
      Scope.bind(S.Name, Scope.Eval(*S.Value));
      return;
    case StmtKind::Assign: {
      Deps V = value(*S.Value);
      if (S.Target->Kind == ExprKind::BufferElement) {
        OffChipBytes += double(S.Target->Type.storageBits()) / 8;
        BufferBytes[S.Target->Index] += double(S.Target->Type.storageBits()) / 8;
        return;
      }
      memoryAccess(*S.Target, true);
      if (S.Target->Kind == ExprKind::Var)
        if (std::optional<int64_t> *X = Scope.lookup(S.Target->Name))
          *X = std::nullopt;
      writeLocation(*S.Target, std::move(V));
      return;
    }
    case StmtKind::Write:
      value(*S.Value);
      ++Writes[location(*S.Target)];
      return;
    case StmtKind::Loop: {
      if (!unrolledLoop(S))
        return; // its own pipeline: its clocks join the step's
      std::optional<int64_t> From = Scope.Eval(*S.Value), To = Scope.Eval(*S.Bound);
      size_t Open = Scope.size();
      Scope.bind(S.Name, std::nullopt);
      if (!From || !To) {
        visit(S.Body);
      } else {
        for (int64_t X = *From; S.Down ? X >= *To : X < *To; S.Down ? --X : ++X) {
          Scope.resize(Open + 1);
          Scope.innermost() = X;
          visit(S.Body);
        }
      }
      Scope.resize(Open);
      return;
    }
    case StmtKind::If: {
      value(*S.Value);
      std::optional<int64_t> Cond = Scope.Eval(*S.Value);
      if (Cond) {
        size_t Open = Scope.size();
        visit(*Cond ? S.Body : S.Else);
        Scope.resize(Open);
        return;
      }
      // Both arms are built; the value after them is either arm's. Each
      // arm runs from the values before the If (a journal undoes the
      // first arm's writes), and the values after are their union.
      size_t Open = Scope.size();
      Journals.emplace_back();
      visit(S.Body);
      Scope.resize(Open);
      std::map<std::string, Deps> Then;
      for (auto &[Loc, Old] : Journals.back()) {
        Then[Loc] = std::move(Env[Loc]);
        if (Old)
          Env[Loc] = std::move(*Old);
        else
          Env.erase(Loc);
      }
      Journal First = std::move(Journals.back());
      Journals.back().clear();
      visit(S.Else);
      Scope.resize(Open);
      Journal Second = std::move(Journals.back());
      Journals.pop_back();
      for (auto &[Loc, D] : Then) {
        record(Loc, First[Loc]);
        merge(Env[Loc], D);
      }
      for (auto &[Loc, Old] : Second)
        record(Loc, std::move(Old));
      return;
    }
    case StmtKind::Block: {
      size_t Open = Scope.size();
      visit(S.Head);
      visit(S.Body);
      Scope.resize(Open);
      return;
    }
    case StmtKind::Recover: {
      size_t Open = Scope.size();
      if (!Scope.recover(S)) {
        Scope.resize(Open);
        for (const Recovery &R : S.Recoveries)
          Scope.bind(R.Name, std::nullopt);
      }
      visit(S.Body);
      Scope.resize(Open);
      return;
    }
    }
  }
};

class KernelTimer {
public:
  KernelTimer(const Design &D, const Design::Kernel &K, const FPGADevice &Dev, double FmaxMHz,
              llvm::ArrayRef<std::optional<int64_t>> Params, bool PerStepOffChip)
      : D(D), K(K), Dev(Dev) {
    // Without the per-step rule the caller bounds the run's bytes instead.
    BytesPerClock = FmaxMHz > 0 && PerStepOffChip ? Dev.DRAMGBPerSecond * 1000 / FmaxMHz : 0;
    BankBytes = portBankBytes(D, Dev, FmaxMHz);
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Decl && S.Banks > 0)
        Memories[S.Name] = {S.Dims, S.Banks};
      // A PE buffer in block RAM: a bank per PE (every dimension but the
      // words).
      if (S.Kind == StmtKind::Decl && S.PEBuffer && Dev.PEBuffersInBlockRAM) {
        OnChipMemory &M = Memories[S.Name] = {S.Dims, 1};
        for (int64_t X : llvm::ArrayRef(S.Dims).drop_front())
          M.Banks *= X;
      }
      if (S.Kind == StmtKind::Loop)
        LoopOf[&S.Body] = &S;
    });
    Run.Params.assign(Params.begin(), Params.end());
  }

  KernelTiming time() {
    KernelTiming T;
    T.Kernel = K.Name;
    T.Role = K.Role;
    T.Stage = K.Stage;
    // The step: the body itself, or its first loop that does work.
    const Stmt *Step = localWork(K.Body) ? nullptr : findStep(K.Body);
    const Stmts &Body = Step ? Step->Body : K.Body;
    // The worst step: the variables of the loops around it unknown.
    KernelScope Worst;
    Clocks Inner = innerClocks(Body, Worst);
    Bound B = localBound(Body);
    T.II = B.II + Inner.Total;
    T.Cause = B.Cause;
    T.Reason = B.Reason;
    T.Subject = B.Subject;
    T.Indexed = B.Indexed;
    T.Latency = B.Latency;
    if (B.Cause == IICause::Memory || B.Cause == IICause::OffChip || B.Cause == IICause::Port)
      T.Subject = K.Buffer; // the loader's or drainer's buffer, if any
    if (Inner.Total > 0 && Inner.Total >= B.II - 1) {
      T.Cause = IICause::InnerLoops;
      T.Reason = innerReason(Inner, B);
      T.Subject = Inner.Loops.front().Subject;
    }
    // A run at the sizes.
    Budget = TimingBudget;
    Computed = false;
    Clocks All = innerClocks(K.Body, Run);
    uint64_t Cycles = uint64_t(All.Total) + (localWork(K.Body) ? uint64_t(B.II) : 0);
    if (!OverBudget && !Computed) {
      T.Cycles = Cycles;
      T.Steps = Step ? All.Steps : 1;
    }
    return T;
  }

  ClockMarks marks() {
    ClockMarks M;
    M.Step = localWork(K.Body) ? nullptr : findStep(K.Body);
    auto structural = [&](const Stmts &Body) -> int64_t {
      if (!localWork(Body))
        return 0;
      auto Loop = LoopOf.find(&Body);
      return Iteration(Dev, 0, Body, keptOutside(Body), Memories, D,
                       Loop == LoopOf.end() ? nullptr : Loop->second, &BankBytes)
          .bound(/*Channels=*/false)
          .II;
    };
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (pipelinedLoop(S))
        M.Loops[&S] = structural(S.Body);
    });
    if (localWork(K.Body))
      M.Body = structural(K.Body);
    return M;
  }

private:
  const Design &D;
  const Design::Kernel &K;
  const FPGADevice &Dev;
  double BytesPerClock = 0;
  std::map<unsigned, double> BankBytes; // per buffer, where a port has a bank
  OnChipMemories Memories;
  std::map<const Stmts *, const Stmt *> LoopOf; // a loop's body -> the loop
  KernelScope Run;
  uint64_t Budget = 0;
  bool OverBudget = false, Computed = false;
  llvm::DenseMap<const Stmts *, Bound> Bounds;
  llvm::DenseMap<const Stmt *, bool> Decides;
  const Stmt *StepLoop = nullptr;

  struct InnerLoop {
    const Stmt *Loop;
    int64_t Clocks;
    std::string Subject; // a channel it accesses
  };
  struct Clocks {
    int64_t Total = 0;
    uint64_t Steps = 0; // iterations of the step loop
    std::vector<InnerLoop> Loops; // per loop statement, its clocks summed
  };

  const Stmt *findStep(const Stmts &Body) {
    for (const Stmt &S : Body) {
      if (pipelinedLoop(S) && localWork(S.Body))
        return StepLoop = &S;
      for (const Stmts *L : nestedLists(S))
        if (const Stmt *X = findStep(*L))
          return X;
    }
    return nullptr;
  }

  // The names declared outside Body in the kernel: its carried state.
  std::set<std::string> keptOutside(const Stmts &Body) {
    std::set<std::string> All, Inside;
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Decl)
        All.insert(S.Name);
    });
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Decl)
        Inside.insert(S.Name);
    });
    std::set<std::string> Kept;
    for (const std::string &N : All)
      if (!Inside.count(N))
        Kept.insert(N);
    return Kept;
  }

  Bound localBound(const Stmts &Body) {
    if (auto It = Bounds.find(&Body); It != Bounds.end())
      return It->second;
    Bound B;
    if (localWork(Body)) {
      std::set<std::string> Kept = keptOutside(Body);
      auto Loop = LoopOf.find(&Body);
      B = Iteration(Dev, BytesPerClock, Body, Kept, Memories, D,
                    Loop == LoopOf.end() ? nullptr : Loop->second, &BankBytes)
              .bound();
    } else {
      B.II = 0;
    }
    return Bounds[&Body] = B;
  }

  // Whether the clocks of an iteration of Loop can depend on its
  // variable: it decides a condition, a bound, a pinned value or a
  // recovery. (What a step reads does not change its clocks.)
  bool decides(const Stmt &Loop) {
    auto [It, New] = Decides.try_emplace(&Loop, false);
    if (New)
      It->second = variesWith(Loop, IterationsDiffer::InControl);
    return It->second;
  }

  static void add(Clocks &Into, const Clocks &From, int64_t Times = 1) {
    Into.Total += From.Total * Times;
    Into.Steps += From.Steps * uint64_t(Times);
    for (const InnerLoop &L : From.Loops) {
      auto It = llvm::find_if(Into.Loops, [&](const InnerLoop &X) { return X.Loop == L.Loop; });
      if (It == Into.Loops.end())
        Into.Loops.push_back({L.Loop, L.Clocks * Times, L.Subject});
      else
        It->Clocks += L.Clocks * Times;
    }
  }

  std::string channelOf(const Stmts &Body) {
    std::string Found;
    forEachStmt(Body, [&](const Stmt &S) {
      if (!Found.empty())
        return;
      if (S.Kind == StmtKind::Write)
        Found = accessedName(*S.Target);
      forEachExpr(S, [&](const ExprPtr &E) {
        anyNode(E, [&](const Expr &X) {
          if (Found.empty() && X.Kind == ExprKind::ChannelRead)
            Found = accessedName(X.operand(0));
          return false;
        });
      });
    });
    return Found;
  }

  // The clocks of pipelined loop L in Scope: its trip count times an
  // iteration's clocks (its bound and the loops inside it).
  Clocks loopClocks(const Stmt &L, KernelScope &Scope) {
    Clocks C;
    std::optional<int64_t> From = Scope.Eval(*L.Value), To = Scope.Eval(*L.Bound);
    if (!From || !To) {
      Computed = true;
      return C;
    }
    int64_t Trip = tripCount(L, *From, *To);
    Bound B = localBound(L.Body);
    size_t Open = Scope.size();
    Scope.bind(L.Name, From);
    bool Nested = hasPipelinedLoop(L.Body);
    if (!Nested || !decides(L)) {
      Clocks One;
      if (Nested && Trip > 0)
        One = innerClocks(L.Body, Scope);
      Scope.resize(Open + 1);
      One.Total += B.II;
      if (&L == StepLoop)
        One.Steps = 1;
      add(C, One, Trip);
    } else {
      for (int64_t I = 0; I < Trip; ++I) {
        if (Budget != 0 && Budget-- == 1) {
          OverBudget = true;
          break;
        }
        Scope.resize(Open + 1);
        Scope.innermost() = L.Down ? *From - I : *From + I;
        Clocks One = innerClocks(L.Body, Scope);
        One.Total += B.II;
        if (&L == StepLoop)
          One.Steps = 1;
        add(C, One);
      }
    }
    Scope.resize(Open);
    return C;
  }

  // The clocks of the pipelined loops in Body, one after another; the
  // unrolled loops around them repeat them.
  Clocks innerClocks(const Stmts &Body, KernelScope &Scope) {
    Clocks C;
    for (const Stmt &S : Body) {
      if (OverBudget)
        return C;
      if (!holdsPipelinedLoop(S)) {
        if (S.Kind == StmtKind::Let)
          Scope.bind(S.Name, Scope.Eval(*S.Value));
        else if (S.Kind == StmtKind::Decl)
          Scope.bind(S.Name, std::nullopt);
        continue;
      }
      switch (S.Kind) {
      case StmtKind::Loop:
        if (pipelinedLoop(S)) {
          Clocks L = loopClocks(S, Scope);
          L.Loops = {InnerLoop{&S, L.Total, channelOf(S.Body)}};
          add(C, L);
        } else {
          std::optional<int64_t> From = Scope.Eval(*S.Value), To = Scope.Eval(*S.Bound);
          size_t Open = Scope.size();
          Scope.bind(S.Name, std::nullopt);
          if (!From || !To) {
            add(C, innerClocks(S.Body, Scope));
          } else {
            for (int64_t X = *From; S.Down ? X >= *To : X < *To; S.Down ? --X : ++X) {
              Scope.resize(Open + 1);
              Scope.innermost() = X;
              add(C, innerClocks(S.Body, Scope));
            }
          }
          Scope.resize(Open);
        }
        break;
      case StmtKind::If: {
        std::optional<int64_t> Cond = Scope.Eval(*S.Value);
        size_t Open = Scope.size();
        if (Cond) {
          add(C, innerClocks(*Cond ? S.Body : S.Else, Scope));
        } else { // the slower arm
          Clocks Then = innerClocks(S.Body, Scope);
          Scope.resize(Open);
          Clocks Else = innerClocks(S.Else, Scope);
          add(C, Then.Total >= Else.Total ? Then : Else);
        }
        Scope.resize(Open);
        break;
      }
      case StmtKind::Block: {
        size_t Open = Scope.size();
        Clocks H = innerClocks(S.Head, Scope);
        add(C, H);
        add(C, innerClocks(S.Body, Scope));
        Scope.resize(Open);
        break;
      }
      case StmtKind::Recover: {
        size_t Open = Scope.size();
        std::optional<bool> Runs = Scope.recover(S);
        if (!Runs) {
          Scope.resize(Open);
          for (const Recovery &R : S.Recoveries)
            Scope.bind(R.Name, std::nullopt);
        }
        if (!Runs || *Runs)
          add(C, innerClocks(S.Body, Scope));
        Scope.resize(Open);
        break;
      }
      default:
        break;
      }
    }
    return C;
  }

  // "the scatter of a along iii" for a channel of a chain's array, else
  // "channel gemm_x".
  std::string describe(const std::string &Channel) {
    const Design::Channel *Ch = nullptr;
    for (const Design::Channel &C : D.Channels)
      if (C.Name == Channel)
        Ch = &C;
    if (Ch)
      for (const Design::Channel &C : D.Channels)
        if (C.Nest == Ch->Nest && C.Array == Ch->Array && C.Kind == Design::ChannelKind::Chain)
          return std::string(C.Gather ? "the gather of " : "the scatter of ") + C.Array +
                 " along " + C.ChainLoop;
    return "channel " + Channel;
  }

  std::string innerReason(const Clocks &Inner, const Bound &Rest) {
    std::string S = "each step runs " + plural(int64_t(Inner.Loops.size()), "loop", "loops") +
                    " that " + (Inner.Loops.size() == 1 ? "is" : "are") +
                    " not unrolled, to completion, one after another: ";
    for (const InnerLoop &L : Inner.Loops)
      S += (&L == &Inner.Loops.front() ? "" : ", ") + std::to_string(L.Clocks) + " clocks" +
           (L.Subject.empty() ? std::string() : " in " + describe(L.Subject));
    if (Rest.II > 1)
      S += "; the rest of the step takes " + std::to_string(Rest.II) + " clocks: " + Rest.Reason;
    return S;
  }
};

} // namespace

// The off-chip rule over a run: a kernel that moves B bytes in S steps
// needs B / S bytes per step; where that is more than the board moves per
// clock, its steps take that many clocks on average.
// The bytes an I/O module of the HLS target (hls/SerialFeeds.h,
// SerialDrains.h) moves for kernel K's buffer over a run at At: its
// layout's beats, padding and all; none where K has no module.
static std::optional<uint64_t> layoutBytes(const Design &D, const Design::Kernel &K,
                                           llvm::ArrayRef<std::optional<int64_t>> At) {
  IntEval Eval([](llvm::StringRef) -> const std::optional<int64_t> * { return nullptr; },
               [&](unsigned P) -> const std::optional<int64_t> * {
                 return P < At.size() ? &At[P] : nullptr;
               });
  auto beats = [&](const ExprPtr &Count, int64_t Per) -> std::optional<uint64_t> {
    std::optional<int64_t> N = Eval(*Count);
    if (!N)
      return std::nullopt;
    return uint64_t(std::max<int64_t>(*N, 0)) * uint64_t(Per) * SerialBeatBytes;
  };
  if (std::optional<SerialFeed> F = serialFeed(D, K))
    return beats(F->Tiles, F->beatsPerTile());
  if (std::optional<SerialDrain> F = serialDrain(D, K))
    return beats(F->Records, F->RecordBeats);
  return std::nullopt;
}

// A drainer whose writer process moves its records (hls/SerialDrains.h)
// runs at least as long as the writer: a clock per beat of every record.
static void boundByWriter(KernelTiming &T, const Design &D, const Design::Kernel &K,
                          const FPGADevice &Dev, llvm::ArrayRef<std::optional<int64_t>> At) {
  if (Dev.PortBytesPerClock <= 0 || !T.Cycles || !serialDrain(D, K))
    return;
  std::optional<uint64_t> Bytes = layoutBytes(D, K, At);
  if (!Bytes)
    return;
  uint64_t Beats = *Bytes / SerialBeatBytes;
  if (Beats > *T.Cycles) {
    T.Cycles = Beats;
    T.Cause = IICause::Port;
    T.Reason = "its writer moves " + std::to_string(Beats) + " beats of 64 bytes, one per clock";
  }
}

static void boundByTraffic(KernelTiming &T, const Design::Kernel &K, const DesignTraffic &Traffic,
                           double BytesPerClock, const std::map<unsigned, double> &BankBytes,
                           std::optional<uint64_t> Layout = std::nullopt) {
  if (!T.Steps || !T.Cycles || *T.Steps == 0 || BytesPerClock <= 0)
    return;
  // A port with a memory bank of its own: each buffer against its bank.
  if (!BankBytes.empty()) {
    for (const DesignTraffic::Buffer &B : Traffic.Buffers) {
      auto Bank = BankBytes.find(B.ArgNo);
      if (!llvm::is_contained(K.Params, B.ArgNo) || Bank == BankBytes.end())
        continue;
      // Through an I/O module: the layout's bytes, padding and all.
      uint64_t Bytes = Layout && B.Name == K.Buffer ? *Layout : B.bytesRead() + B.bytesWritten();
      double PerStep = double(Bytes) / double(*T.Steps);
      int64_t II = int64_t(std::ceil(PerStep / Bank->second - 1e-9));
      uint64_t Cycles = uint64_t(std::ceil(double(Bytes) / Bank->second));
      if (II > T.II) {
        T.II = II;
        T.Cause = IICause::OffChip;
        T.Subject = B.Name;
        T.Reason = std::to_string(int64_t(std::ceil(PerStep))) + " bytes of '" + B.Name +
                   "' per step (" + std::to_string(Bytes) + " over " +
                   std::to_string(*T.Steps) + " steps), its memory bank moves " +
                   fixed1(Bank->second) + " per clock";
      }
      T.Cycles = std::max(*T.Cycles, Cycles);
    }
    return;
  }
  uint64_t Bytes = 0;
  for (const DesignTraffic::Buffer &B : Traffic.Buffers)
    if (llvm::is_contained(K.Params, B.ArgNo))
      Bytes += B.bytesRead() + B.bytesWritten();
  double PerStep = double(Bytes) / double(*T.Steps);
  int64_t II = int64_t(std::ceil(PerStep / BytesPerClock - 1e-9));
  if (II <= T.II)
    return;
  T.II = II;
  T.Cause = IICause::OffChip;
  T.Subject = K.Buffer;
  std::string Board = ", the board moves " + std::to_string(int64_t(BytesPerClock)) + " per clock";
  T.Reason = *T.Steps == 1
                 ? std::to_string(Bytes) + " bytes off-chip per step" + Board
                 : std::to_string(int64_t(std::ceil(PerStep))) + " bytes off-chip per step (" +
                       std::to_string(Bytes) + " over " + std::to_string(*T.Steps) + " steps)" +
                       Board;
  T.Cycles = std::max(*T.Cycles, uint64_t(std::ceil(double(Bytes) / BytesPerClock)));
}

// The kernel as the device's tools get it, where that differs from the
// Design's: on a device whose buffers each have a port of their own (AMD's
// m_axi), a feeder the HLS target feeds from the host's layout
// (hls/SerialFeeds.h) takes a beat from its reader in a step rather than
// reading its input. Null: the kernel itself.
static std::optional<Design::Kernel> asBuilt(const Design &D, const Design::Kernel &K,
                                             const FPGADevice &Dev) {
  if (Dev.PortBytesPerClock <= 0)
    return std::nullopt;
  if (std::optional<SerialFeed> F = serialFeed(D, K))
    return withSerialFeed(K, *F);
  if (std::optional<SerialDrain> F = serialDrain(D, K))
    return withSerialDrain(K, *F);
  return std::nullopt;
}

ClockMarks clockMarks(const Design &D, const Design::Kernel &K, const FPGADevice &Dev,
                      double FmaxMHz) {
  return KernelTimer(D, K, Dev, FmaxMHz, {}, /*PerStepOffChip=*/false).marks();
}

DesignTiming timeNest(const Design &D, unsigned Nest, const FPGADevice &Dev, double FmaxMHz,
                      llvm::ArrayRef<std::optional<int64_t>> Params,
                      const DesignTraffic *Traffic) {
  llvm::SmallVector<std::optional<int64_t>, 4> At(Params.begin(), Params.end());
  if (At.empty())
    At = D.standIns();
  bool OverRun = Traffic && Traffic->Known;
  double BytesPerClock = FmaxMHz > 0 ? Dev.DRAMGBPerSecond * 1000 / FmaxMHz : 0;
  std::map<unsigned, double> BankBytes = portBankBytes(D, Dev, FmaxMHz);
  DesignTiming T;
  for (const Design::Kernel &K : D.Kernels)
    if (K.Nest == Nest) {
      std::optional<Design::Kernel> Built = asBuilt(D, K, Dev);
      T.Kernels.push_back(
          KernelTimer(D, Built ? *Built : K, Dev, FmaxMHz, At, /*PerStepOffChip=*/!OverRun).time());
      boundByWriter(T.Kernels.back(), D, K, Dev, At);
      if (OverRun)
        boundByTraffic(T.Kernels.back(), K, *Traffic, BytesPerClock, BankBytes,
                       Built ? layoutBytes(D, K, At) : std::nullopt);
    }
  std::map<unsigned, uint64_t> Stages;
  for (const KernelTiming &K : T.Kernels) {
    if (!K.Cycles)
      return T;
    uint64_t &S = Stages[K.Stage];
    S = std::max(S, *K.Cycles);
  }
  uint64_t Sum = 0;
  for (const auto &[Stage, Cycles] : Stages)
    Sum += Cycles;
  if (!T.Kernels.empty())
    T.Cycles = Sum;
  return T;
}

} // namespace t2s
