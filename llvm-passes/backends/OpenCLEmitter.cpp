//===- OpenCLEmitter.cpp - OpenCL C for Intel FPGAs -----------------------===//

#include "backends/OpenCLEmitter.h"
#include "backends/CExpr.h"
#include "backends/CTypes.h"
#include "backends/HostStub.h"
#include "language/LoopMetadata.h"
#include "language/Warnings.h"
#include "systolic/ChannelPlan.h"
#include "systolic/Channels.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/LiftExpr.h"
#include "systolic/SpaceTimeSchedule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>

namespace t2s {

namespace {

// "Base[0]", ..., "Base[N - 1]".
llvm::SmallVector<std::string, 32> elementsOf(const std::string &Base, int64_t N) {
  llvm::SmallVector<std::string, 32> Out;
  for (int64_t X = 0; X < N; ++X)
    Out.push_back(Base + "[" + std::to_string(X) + "]");
  return Out;
}

// "t0 = v.s0; t1 = v.s1; ...": the lanes of the vector Vector (type VT)
// assigned to Targets.
std::string assignLanes(CTypes &Types, DType VT, const std::string &Vector,
                        llvm::ArrayRef<std::string> Targets) {
  std::string Out;
  for (unsigned X = 0; X < Targets.size(); ++X)
    Out += (X ? " " : "") + Targets[X] + " = " + Types.lane(VT, Vector, X) + ";";
  return Out;
}

// A planned channel (systolic/ChannelPlan.h) with the names of the systolic
// kernel's temporaries for its values.
struct PEChannel : ChannelPlan {
  std::string Temp;     // the kernel's copy of a read value
  std::string PETemp;   // per PE: the value gathered or scattered
  std::string LaneTemp; // a whole vector's lanes, where they are collected
};

// The temporaries of a loader's or drainer's channel: '<buffer>_in<suffix>'
// for a read value, '_lanes' for the lanes collected, and per PE
// '<buffer>_out' (drained) or '<buffer>_in_pe' (loaded) on a chain or a
// vector of PEs.
PEChannel nameTemporaries(ChannelPlan Plan) {
  PEChannel C;
  static_cast<ChannelPlan &>(C) = std::move(Plan);
  C.Temp = C.Buffer + "_in" + C.Suffix;
  C.LaneTemp = C.Buffer + "_lanes" + C.Suffix;
  if (C.Chain || C.PEVector)
    C.PETemp = C.Output ? C.Buffer + "_out" + C.Suffix : C.Temp + "_pe";
  return C;
}



// What a loader or drainer of a stream prints in each pass over the PEs.
enum class PEPass {
  Normal, FromStream, ToStream, Chain,
  Receive, Send, // vectorized space loop: one vector for the PEs along it
};

class KernelPrinter : public ExprNames {
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::raw_ostream &OS;
  const Design &D;
  const Design::Kernel &K;
  const std::string &DesignName; // the nest's: prefix of its kernels' names
  llvm::ArrayRef<PEChannel> Channels;
  KernelRole Role;
  std::string Buffer; // the loader's or drainer's buffer
  PEPass Pass = PEPass::Normal;
  const PEChannel *ChainPass = nullptr; // the chain a PEPass::Chain runs
  const VectorPlan *Vec = nullptr; // vectorize: the lanes each PE runs
  const VectorPlan *SVec = nullptr; // vectorize of a space loop
  // A loader's (drainer's) loop over the PEs along SVec's loop that this
  // pass leaves out, because the buffer's vector channels serve them all
  // at once; -1 if none.
  int SkippedPELoop = -1;
  const PEChannel *VectorPass = nullptr; // the channel a Receive/Send moves
  bool Macros; // spell the kernel with the macros of t2s/channels.h
  CTypes &Types; // the names of types, and the definitions they need
  ExprLifter &Lift; // the nest's values, lifted before any kernel prints
  llvm::SmallVector<unsigned, 4> Used; // parameters printed
  std::string Failure; // why printing stopped, if it did
  SourceLoc FailureLoc; // where, if known

public:
  KernelPrinter(const SpaceTimeSchedule &Sch, llvm::raw_ostream &OS,
                const Design &D, const Design::Kernel &K, llvm::ArrayRef<PEChannel> Channels,
                bool Macros, CTypes &Types, ExprLifter &Lift)
      : Sch(Sch), S(Sch.System), OS(OS), D(D), K(K), DesignName(D.Nests[K.Nest].Name),
        Channels(Channels), Role(K.Role), Buffer(K.Buffer), Macros(Macros), Types(Types),
        Lift(Lift) {
    if (Sch.Vector && !Sch.Vector->Space && Role != KernelRole::KernelNest)
      Vec = &*Sch.Vector;
    if (Sch.Vector && Sch.Vector->Space)
      SVec = &*Sch.Vector;
  }

  /// Where printing failed: the offending source position, if known.
  const SourceLoc &failureLoc() const { return FailureLoc; }

  /// Prints the kernel; on failure prints nothing and returns the reason.
  std::optional<std::string> print() {
    std::string Body;
    llvm::raw_string_ostream B(Body);
    printBody(B);
    if (!Failure.empty())
      return Failure;
    // The signature is the Design's; the body must use no other parameter.
    llvm::sort(Used);
    Used.erase(std::unique(Used.begin(), Used.end()), Used.end());
    if (Used != K.Params)
      return "internal error: the kernel '" + K.Name + "' uses other parameters than "
             "its design gives it; please report this with the source";
    printSignature();
    OS << " {\n";
    if (K.autorun()) {
      std::string Indented;
      for (llvm::StringRef Line : llvm::split(llvm::StringRef(Body).rtrim('\n'), '\n'))
        Indented += (Line.empty() ? "" : "  ") + Line.str() + "\n";
      OS << "  while (1) { // autorun: the array waits for its loaders\n"
         << Indented << "  }\n";
    } else {
      OS << Body;
    }
    OS << "}\n";
    return std::nullopt;
  }

private:
  const URELoop &loop(unsigned L) const { return S.Loops[L]; }

  void fail(const llvm::Twine &Why, SourceLoc Loc = SourceLoc()) {
    if (!Failure.empty())
      return;
    Failure = Why.str();
    FailureLoc = Loc;
  }

  // The text of a lifted expression. Everything the kernels print was lifted
  // before the first kernel printed (DesignAnalysis), so E is there unless
  // lifting rejected the design, which stops before printing.
  std::string text(const ExprPtr &E) {
    if (E)
      return printExpr(*E, Types, *this);
    if (const std::optional<LiftRejection> &R = Lift.rejection())
      fail(R->Why, R->Loc);
    else
      fail("an expression that was not lifted");
    return "?";
  }

  // "if (c) " for a condition; "" for none.
  std::string ifText(const ExprPtr &Cond) {
    if (Lift.rejection())
      return text(nullptr);
    return Cond ? "if (" + printCondition(*Cond, Types, *this) + ") " : "";
  }

  std::string address(llvm::Value *Ptr) { return text(Lift.element(Ptr)); }

  // ExprNames: the leaves of the lifted expressions, as this kernel has them.
  std::string param(unsigned ArgNo) override {
    Used.push_back(ArgNo);
    return D.Params[ArgNo].Name;
  }

  std::string loopVar(unsigned L) override { return loop(L).Name; }

  // A URE read is a word of the shift register of its array.
  std::string ureValue(unsigned SI, unsigned RI) override {
    const URERead &R = S.Statements[SI].Reads[RI];
    const ScheduledRead *SR = nullptr;
    for (const ScheduledRead &X : Sch.Reads)
      if (X.Statement == SI && X.Read == RI)
        SR = &X;
    int64_t Time = Vec ? Vec->TimeDistance[SR - Sch.Reads.begin()] : SR->TimeDistance;
    std::string Text = registerName(R.Array) + "[" + std::to_string(Time) + "]";
    for (unsigned P = 0; P < Sch.PELoops.size(); ++P) {
      const URELoop &L = loop(Sch.PELoops[P]);
      Text += "[" + peIndex(L, SR->PEDistance[P]) + "]";
    }
    if (Vec)
      Text += "[" + laneIndex(R.Distance[Vec->Loop], Vec->LanePad[R.Array]) + "]";
    return Text;
  }

  std::string receivedValue(unsigned Load) override {
    const PEChannel *C = channelOf(Lift.loadOf(Load));
    if (!C)
      return "";
    return Vec && C->Lanes.Kind == LaneAccess::Vector ? C->Temp + "[" + laneIndex(0, 0) + "]"
                                                       : C->Temp;
  }

  // Kernels that talk through channels are written with the macros of
  // t2s/channels.h; a design without channels in plain OpenCL C.
  void printSignature() {
    if (K.autorun())
      OS << "T2S_AUTORUN_KERNEL\n";
    else if (Macros)
      OS << "T2S_KERNEL\n";
    else
      OS << "__kernel __attribute__((max_global_work_dim(0)))\n";
    OS << "void " << K.Name << "(";
    for (unsigned A : K.Params)
      OS << (A == K.Params.front() ? "" : ", ") << kernelParameter(D, K, A, Types, Macros);
    OS << (K.Params.empty() ? "void)" : ")");
  }

  std::string registerName(unsigned A) const {
    return "sr_" + identifier(S.Arrays[A].Name);
  }

  // The register index of PE 'L.Name - Offset' along loop L.
  static std::string peIndex(const URELoop &L, int64_t Offset) {
    int64_t Minus = L.Lower + Offset;
    if (Minus == 0)
      return L.Name;
    return L.Name + (Minus > 0 ? " - " : " + ") + std::to_string(Minus > 0 ? Minus : -Minus);
  }

  void printBody(llvm::raw_ostream &B) {
    // The shift registers, one set per PE.
    for (const RegisterPlan &P : Sch.Registers) {
      if (Role != KernelRole::Systolic)
        break;
      B << "  " << Types.name(designType(S.Arrays[P.Array].ElementType)) << " "
        << registerName(P.Array) << "[" << words(P) << "]";
      for (unsigned L : Sch.PELoops)
        B << "[" << loop(L).extent() << "]";
      if (Vec)
        B << "[" << Vec->Lanes + Vec->LanePad[P.Array] << "]";
      B << ";\n";
    }
    std::string Indent = "  ";
    if (Role == KernelRole::KernelNest) {
      printPlainNest(B, Indent);
      return;
    }
    // Loops outside the first time loop, then one loop per time variable.
    const SpaceTimeStep &First = Sch.Steps.front();
    unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
    // A vectorized loop is no time loop: its lanes run inside the PEs.
    unsigned Opened = 0;
    for (unsigned L = 0; L < Outer; ++L) {
      if (Vec && L == Vec->Loop)
        continue;
      B << Indent << "for (int " << loop(L).Name << " = " << loop(L).Lower
        << "; " << loop(L).Name << " < " << loop(L).Upper << "; "
        << loop(L).Name << "++) {\n";
      Indent += "  ";
      ++Opened;
    }
    unsigned NumTime = 0;
    for (unsigned K = 0; K < Sch.Steps.size(); ++K) {
      const SpaceTimeStep &St = Sch.Steps[K];
      if (!St.HasTimeLoop || (Vec && St.TimeLoop == Vec->Loop))
        continue;
      std::string T = timeName(K);
      B << Indent << "for (int " << T << " = " << St.TimeLower << "; " << T
        << " < " << St.TimeUpper << "; " << T << "++) {\n";
      Indent += "  ";
      ++NumTime;
    }
    if ((NumTime || (Vec && Opened)) && Role == KernelRole::Systolic)
      printShifts(B, Indent);
    const PEChannel *Stream = streamOfThisKernel();
    if (Stream) {
      std::string Dims;
      for (unsigned L : Sch.PELoops)
        Dims += "[" + std::to_string(loop(L).extent()) + "]";
      if (Vec)
        Dims += "[" + std::to_string(Vec->Lanes) + "]";
      B << Indent << Types.name(designType(Vec ? Stream->Scalar : Stream->Element)) << " "
        << bufferOf(*Stream) << Dims << "; // this step's values, one per PE"
        << (Vec ? " and lane" : "") << "\n";
    }
    if (Stream && Role == KernelRole::Loader) {
      Pass = PEPass::FromStream;
      printPEs(B, Indent);
    }
    // The seeds' order: (vectorization,) scatter, the PEs, gather; the PE
    // loops are unrolled by the OpenCL compiler ('#pragma unroll').
    if (Role == KernelRole::Systolic) {
      for (const PEChannel &C : Channels)
        if (C.Chain || C.PEVector) {
          B << Indent << Types.name(designType(C.PEVector ? C.Scalar : C.Element)) << " " << C.PETemp;
          for (unsigned L : Sch.PELoops)
            B << "[" << loop(L).extent() << "]";
          if (C.Chain)
            B << "; // per PE, " << (C.Output ? "gathered" : "scattered") << " along "
              << loop(C.Chain->Loop).Name << "\n";
          else
            B << "; // per PE, one vector along " << loop(SVec->Loop).Name << "\n";
        }
      Pass = PEPass::Receive;
      for (const PEChannel &C : Channels)
        if (C.PEVector && !C.Chain && !C.Output) {
          VectorPass = &C;
          printPEs(B, Indent);
        }
      Pass = PEPass::Chain;
      for (const PEChannel &C : Channels)
        if (C.Chain && !C.Output) {
          ChainPass = &C;
          printPEs(B, Indent);
        }
    }
    Pass = PEPass::Normal;
    printPEs(B, Indent);
    if (Role == KernelRole::Systolic) {
      Pass = PEPass::Chain;
      for (const PEChannel &C : Channels)
        if (C.Chain && C.Output) {
          ChainPass = &C;
          printPEs(B, Indent);
        }
      Pass = PEPass::Send;
      for (const PEChannel &C : Channels)
        if (C.PEVector && !C.Chain && C.Output) {
          VectorPass = &C;
          printPEs(B, Indent);
        }
      Pass = PEPass::Normal;
    }
    if (Stream && Role == KernelRole::Drainer) {
      Pass = PEPass::ToStream;
      printPEs(B, Indent);
    }
    for (unsigned L = 0; L < Opened + NumTime; ++L) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
  }

  // A step without a schedule keeps its loop's name: its time is the loop.
  std::string timeName(unsigned K) const {
    const SpaceTimeStep &St = Sch.Steps[K];
    return St.needsRecovery() ? "t" + std::to_string(K + 1) : loop(St.TimeLoop).Name;
  }

  // Open '#pragma unroll' loops over every PE; returns the subscript text.
  // Loop Descending (an index into S.Loops) counts down.
  std::string openPELoops(llvm::raw_ostream &B, std::string &Indent,
                          bool Unroll = true, int Descending = -1, int Skip = -1) {
    std::string Subs;
    for (unsigned L : Sch.PELoops) {
      const URELoop &P = loop(L);
      if (int(L) == Skip)
        continue;
      if (Unroll)
        B << Indent << "#pragma unroll\n";
      if (int(L) == Descending)
        B << Indent << "for (int " << P.Name << " = " << P.Upper - 1 << "; "
          << P.Name << " >= " << P.Lower << "; " << P.Name << "--) {\n";
      else
        B << Indent << "for (int " << P.Name << " = " << P.Lower << "; " << P.Name
          << " < " << P.Upper << "; " << P.Name << "++) {\n";
      Indent += "  ";
      Subs += "[" + peIndex(P, 0) + "]";
    }
    return Subs;
  }

  void closePELoops(llvm::raw_ostream &B, std::string &Indent, bool Skipped = false) {
    for (size_t I = Skipped ? 1 : 0; I < Sch.PELoops.size(); ++I) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
  }

  // Registers per PE (and lane, when vectorized) of an array.
  int64_t words(const RegisterPlan &P) const {
    return Vec ? Vec->Words[P.Array] : P.ConservativeWords;
  }

  // A name that hides no loop variable of the design.
  std::string fresh(std::string N) const {
    while (llvm::any_of(S.Loops, [&](const URELoop &L) { return L.Name == N; }))
      N += "_";
    return N;
  }

  // vectorize: the lane loop inside a PE, and lane subscripts.
  const URELoop &vecLoop() const { return loop(Vec->Loop); }
  std::string laneIndex(int64_t Back, int64_t Pad) const {
    return peIndex(vecLoop(), Back - Pad);
  }
  void openLanes(llvm::raw_ostream &B, std::string &Indent) {
    const URELoop &V = vecLoop();
    B << Indent << "#pragma unroll\n"
      << Indent << "for (int " << V.Name << " = " << V.Lower << "; " << V.Name
      << " < " << V.Upper << "; " << V.Name << "++) { // the lanes of "
      << V.Name << (Vec->Serialized.empty() ? "" : ", in order") << "\n";
    Indent += "  ";
  }
  void closeLanes(llvm::raw_ostream &B, std::string &Indent) {
    Indent.resize(Indent.size() - 2);
    B << Indent << "}\n";
  }
  // "const int k = 19; " where a channel carries one pinned lane.
  std::string pinLane(const PEChannel &C) const {
    if (!Vec || C.Lanes.Kind != LaneAccess::Pinned)
      return "";
    return "const int " + vecLoop().Name + " = " + std::to_string(C.Lanes.Lane) + "; ";
  }
  // A vector channel's value from the lanes of array Name.
  std::string packLanes(const PEChannel &C, const std::string &Name) {
    return Types.vectorLiteral(designType(C.Element), elementsOf(Name, numLanes(C)));
  }
  // "a[0] = x.s0; a[1] = x.s1; ...": a vector channel's value into array Name.
  std::string unpackLanes(const PEChannel &C, const std::string &Vector,
                          const std::string &Name) {
    return assignLanes(Types, designType(C.Element), Vector, elementsOf(Name, numLanes(C)));
  }
  static int64_t numLanes(const PEChannel &C) {
    return llvm::cast<llvm::FixedVectorType>(C.Element)->getNumElements();
  }

  void printShifts(llvm::raw_ostream &B, std::string Indent) {
    bool Any = llvm::any_of(Sch.Registers, [&](const RegisterPlan &P) {
      return words(P) > 1;
    });
    if (!Any)
      return;
    B << Indent << "// Shift the registers: one time step passes.\n";
    std::string PESubs = openPELoops(B, Indent);
    for (const RegisterPlan &P : Sch.Registers) {
      if (words(P) < 2)
        continue;
      std::string R = registerName(P.Array);
      std::string Subs = PESubs, In = Indent;
      // The counters must not hide a loop variable of the design.
      std::string X = fresh("slot"), Lane = fresh("lane");
      if (Vec) {
        B << Indent << "#pragma unroll\n"
          << Indent << "for (int " << Lane << " = 0; " << Lane << " < "
          << Vec->Lanes + Vec->LanePad[P.Array] << "; " << Lane << "++) {\n";
        Subs += "[" + Lane + "]";
        In += "  ";
      }
      B << In << "#pragma unroll\n"
        << In << "for (int " << X << " = " << words(P) - 1
        << "; " << X << " > 0; " << X << "--)\n"
        << In << "  " << R << "[" << X << "]" << Subs << " = " << R << "["
        << X << " - 1]" << Subs << ";\n";
      if (Vec)
        B << Indent << "}\n";
    }
    closePELoops(B, Indent);
  }

  void printPEs(llvm::raw_ostream &B, std::string Indent) {
    B << Indent
      << (Pass == PEPass::FromStream ? "// Receive this step's values, in the order the PEs read them.\n"
          : Pass == PEPass::ToStream ? "// Send this step's values on, in the order the PEs wrote them.\n"
          : Pass == PEPass::Chain ? chainComment(*ChainPass)
          : Pass == PEPass::Receive ? "// Receive " + VectorPass->Buffer + " as one vector for the PEs along " + loop(SVec->Loop).Name + ".\n"
          : Pass == PEPass::Send ? "// Send " + VectorPass->Buffer + " as one vector from the PEs along " + loop(SVec->Loop).Name + ".\n"
          : Role == KernelRole::Systolic ? "// The PEs.\n"
          : Role == KernelRole::Loader ? "// What each PE reads, when it reads it.\n"
                                       : "// What each PE writes, when it writes it.\n");
    // Channel indices must be constants: only the stream passes (one
    // channel, local buffer) may run the PEs as an ordinary loop. A chain
    // runs its PEs so that each value is sent before it is received (the
    // emulator runs a kernel's PEs one after the other); a loader (drainer)
    // of a chain visits the PEs in the order the chain's end sends (receives).
    // The passes that move one vector for the PEs along a vectorized space
    // loop run once for all of them.
    int Descending = -1, Skip = -1;
    if (Pass == PEPass::Chain && ChainPass->Chain->Down)
      Descending = ChainPass->Chain->Loop;
    if (Pass == PEPass::Receive || Pass == PEPass::Send)
      Skip = SVec->Loop;
    if (Pass == PEPass::Normal && (Role == KernelRole::Loader || Role == KernelRole::Drainer))
      for (const PEChannel &C : Channels) {
        if (C.Buffer != Buffer)
          continue;
        if (C.Chain && !C.Chain->ascending())
          Descending = C.Chain->Loop;
        if (C.PEVector)
          Skip = SVec->Loop;
      }
    openPELoops(B, Indent, Pass != PEPass::FromStream && Pass != PEPass::ToStream,
                Descending, Skip);
    SkippedPELoop = Pass == PEPass::Normal ? Skip : -1;
    // With no PE loop around it (the one space loop is the vectorized one),
    // a pass gets a block of its own, so that the loop variables it recovers
    // do not clash with those of the next pass.
    bool Block = Sch.PELoops.size() == (Skip >= 0 ? 1u : 0u) &&
                 llvm::any_of(Sch.Steps, [](const SpaceTimeStep &St) {
                   return St.needsRecovery();
                 });
    if (Block) {
      B << Indent << "{\n";
      Indent += "  ";
    }
    // Recover the loop variables from the time (last space_time first).
    std::string Check;
    for (const SpaceTimeStep &St : llvm::reverse(Sch.Steps)) {
      if (!St.needsRecovery())
        continue;
      unsigned K = &St - Sch.Steps.begin();
      const URELoop &T = loop(St.TimeLoop);
      B << Indent << "int " << T.Name << " = " << timeName(K);
      for (unsigned I = 0; I < St.SpaceLoops.size(); ++I)
        if (int64_t C = St.Schedule[I])
          B << " - " << C << " * " << loop(St.SpaceLoops[I]).Name;
      B << ";\n";
      Check += std::string(Check.empty() ? "" : " && ") + T.Name +
               " >= " + std::to_string(T.Lower) + " && " + T.Name + " < " +
               std::to_string(T.Upper);
    }
    if (!Check.empty()) {
      B << Indent << "if (" << Check << ") { // this PE's time step\n";
      Indent += "  ";
    }
    bool Moves = Pass == PEPass::Receive || Pass == PEPass::Send;
    switch (Pass == PEPass::Chain || Moves ? KernelRole::KernelNest : Role) {
    case KernelRole::Systolic:
      if (Vec) {
        printVectorPE(B, Indent);
        break;
      }
      for (const PEChannel &C : Channels)
        if (!C.Output && S.innermost()->contains(C.Access))
          printChannelRead(B, Indent, C);
      for (const UREStatement &St : S.Statements)
        printStatement(B, Indent, St);
      break;
    case KernelRole::Loader:
      for (const PEChannel &C : Channels)
        if (!C.Output && C.Buffer == Buffer)
          printLoad(B, Indent, C);
      break;
    case KernelRole::Drainer:
      for (const PEChannel &C : Channels)
        if (C.Output && C.Buffer == Buffer)
          printDrain(B, Indent, C);
      break;
    case KernelRole::KernelNest:
      if (Pass == PEPass::Chain)
        printChain(B, Indent, *ChainPass);
      if (Moves)
        printPEVectorMove(B, Indent, *VectorPass);
      break;
    }
    if (!Check.empty()) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
    if (Block) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
    closePELoops(B, Indent, Skip >= 0);
  }

  void printStatement(llvm::raw_ostream &B, const std::string &Indent,
                      const UREStatement &St) {
    std::string Value = text(Lift.storedValue(St));
    if (!St.Extended) {
      B << Indent << registerName(St.Array) << "[0]";
      for (unsigned L : Sch.PELoops)
        B << "[" << peIndex(loop(L), 0) << "]";
      if (Vec)
        B << "[" << laneIndex(0, Vec->LanePad[St.Array]) << "]";
      B << " = " << Value << ";\n";
      return;
    }
    B << Indent << guardText(St);
    const PEChannel *C = channelOf(St.Store);
    if (C && Vec && C->Lanes.Kind == LaneAccess::Vector)
      B << C->LaneTemp << "[" << laneIndex(0, 0) << "] = " << Value << ";\n";
    else if (C && (C->Chain || C->PEVector))
      B << C->PETemp << peSubscripts() << " = " << Value << ";\n";
    else if (C)
      B << "T2S_WRITE(" << channelRef(*C) << ", " << Value << ");\n";
    else
      B << text(Lift.target(St)) << " = " << Value << ";\n";
  }

  // "if (guards) " of an extended statement, or "".
  std::string guardText(const UREStatement &St) { return ifText(Lift.guard(St)); }

  const PEChannel *channelOf(const llvm::Instruction *I) const {
    if (Role != KernelRole::Systolic && Role != KernelRole::KernelNest)
      return nullptr;
    for (const PEChannel &C : Channels)
      if (C.accesses(I))
        return &C;
    return nullptr;
  }

  std::string channelRef(const PEChannel &C) const {
    std::string Ref = C.Name;
    for (unsigned D : C.Dims)
      Ref += "[" + peIndex(loop(Sch.PELoops[D]), 0) + "]";
    return Ref;
  }

  // "if (c) " for the condition under which a read runs in the nest's body.
  std::string readCondition(const llvm::Instruction *I) {
    return ifText(Lift.readCondition(I));
  }

  // A PE of a vectorized array: whole vectors in, the lanes (in order), whole
  // vectors out; channels of one lane or of single lanes inside the lanes.
  void printVectorPE(llvm::raw_ostream &B, std::string Indent) {
    auto lanesOf = [&](const PEChannel &C) { return C.Lanes.Kind; };
    for (const PEChannel &C : Channels) {
      if (C.Output || !S.innermost()->contains(C.Access))
        continue;
      std::string Source = C.Chain ? C.PETemp + peSubscripts()
                                   : "T2S_READ(" + channelRef(C) + ")";
      std::string Cond = readCondition(C.Access);
      if (lanesOf(C) == LaneAccess::Vector) {
        B << Indent << Types.name(designType(C.Scalar)) << " " << C.Temp << "[" << Vec->Lanes << "];\n"
          << Indent << Cond << "{ " << Types.name(designType(C.Element)) << " " << C.Temp << "_vec = "
          << Source << "; " << unpackLanes(C, C.Temp + "_vec", C.Temp) << " }\n";
      } else if (lanesOf(C) == LaneAccess::Pinned) {
        B << Indent << Types.name(designType(C.Element)) << " " << C.Temp << " = 0;\n"
          << Indent << "{ " << pinLane(C) << Cond << C.Temp << " = " << Source
          << "; }\n";
      }
    }
    for (const PEChannel &C : Channels)
      if (C.Output && lanesOf(C) == LaneAccess::Vector)
        B << Indent << Types.name(designType(C.Scalar)) << " " << C.LaneTemp << "["
          << Vec->Lanes << "];\n";
    openLanes(B, Indent);
    for (const PEChannel &C : Channels)
      if (!C.Output && S.innermost()->contains(C.Access) &&
          lanesOf(C) == LaneAccess::Serial)
        printChannelRead(B, Indent, C);
    for (const UREStatement &St : S.Statements)
      printStatement(B, Indent, St);
    closeLanes(B, Indent);
    for (const PEChannel &C : Channels) {
      if (!C.Output || lanesOf(C) != LaneAccess::Vector)
        continue;
      std::string Value = packLanes(C, C.LaneTemp);
      B << Indent << accessCondition(C);
      if (C.Chain)
        B << C.PETemp << peSubscripts() << " = " << Value << ";\n";
      else
        B << "T2S_WRITE(" << channelRef(C) << ", " << Value << ");\n";
    }
  }

  // The systolic kernel receives a loaded input before the statements use it.
  void printChannelRead(llvm::raw_ostream &B, const std::string &Indent,
                        const PEChannel &C) {
    std::string Cond = readCondition(C.Access);
    B << Indent << Types.name(designType(C.PEVector ? C.Scalar : C.Element)) << " " << C.Temp
      << (Cond.empty() ? " = " : " = 0;\n" + Indent + Cond + C.Temp + " = ")
      << (C.Chain || C.PEVector ? C.PETemp + peSubscripts()
                                  : "T2S_READ(" + channelRef(C) + ")")
      << ";\n";
  }

  // "if (c) " under which the PEs access a channel's element, or "".
  std::string accessCondition(const PEChannel &C) {
    if (!C.Output)
      return readCondition(C.Access);
    for (const UREStatement &St : S.Statements)
      if (St.Store == C.Access)
        return guardText(St);
    return "";
  }

  // "[j][2]": the per-PE subscripts with the vectorized space loop's PE index
  // (its value minus its lower bound) at Value.
  std::string peSubscriptsAt(const std::string &Value) const {
    std::string Subs;
    for (unsigned L : Sch.PELoops)
      Subs += "[" + (L == SVec->Loop ? Value : peIndex(loop(L), 0)) + "]";
    return Subs;
  }

  // vectorize(i) of a space loop: one vector moves the values of the PEs
  // along i between their per-PE copies and the loader's (drainer's) channel.
  void printPEVectorMove(llvm::raw_ostream &B, const std::string &Indent,
                         const PEChannel &C) {
    const URELoop &L = loop(SVec->Loop);
    std::string Cond = accessCondition(C), V = C.Buffer + "_vec";
    llvm::SmallVector<std::string, 32> Lanes;
    for (int64_t X = L.Lower; X < L.Upper; ++X)
      Lanes.push_back(C.PETemp + peSubscriptsAt(std::to_string(X - L.Lower)));
    if (C.Output) {
      B << Indent << Cond << "T2S_WRITE(" << channelRef(C) << ", "
        << Types.vectorLiteral(designType(C.Element), Lanes) << ");\n";
      return;
    }
    B << Indent << Cond << "{\n"
      << Indent << "  " << Types.name(designType(C.Element)) << " " << V << " = T2S_READ("
      << channelRef(C) << ");\n"
      << Indent << "  " << assignLanes(Types, designType(C.Element), V, Lanes) << "\n"
      << Indent << "}\n";
  }

  // "[j][i]": this PE's element of a per-PE array.
  std::string peSubscripts() const {
    std::string Subs;
    for (unsigned L : Sch.PELoops)
      Subs += "[" + peIndex(loop(L), 0) + "]";
    return Subs;
  }

  std::string chainComment(const PEChannel &C) const {
    const PEChain &Ch = *C.Chain;
    const URELoop &L = loop(Ch.Loop);
    std::string End = L.Name + " = " + std::to_string(Ch.endPE(L));
    if (Ch.Gather)
      return "// Gather " + C.Buffer + " along " + L.Name + " (" +
             (Ch.Down ? "down" : "up") + "): PE " + End +
             " sends every PE's value, each PE passes on those behind it.\n";
    return "// Scatter " + C.Buffer + " along " + L.Name + " (" +
           (Ch.Down ? "down" : "up") + "): PE " + End +
           " receives every PE's value, each PE keeps its own and passes the rest on.\n";
  }

  // The chain channel of PE 'Name + Offset' along the chain's loop.
  std::string chainRef(const PEChannel &C, int Offset) const {
    std::string Ref = C.Name + "_chain";
    for (unsigned D : C.ChainDims) {
      unsigned L = Sch.PELoops[D];
      if (L != C.Chain->Loop || Offset == 0)
        Ref += "[" + peIndex(loop(L), 0) + "]";
      else
        Ref += "[" + peIndex(loop(L), -Offset) + "]";
    }
    return Ref;
  }

  // One PE's part of a gather or a scatter along a vectorized space loop
  // (seed gather.md, Code 4): the chain passes one vector; each PE merges its
  // own lane into it (gather) or takes its lane out of it (scatter).
  void printVectorChain(llvm::raw_ostream &B, std::string Indent,
                        const PEChannel &C, const std::string &V) {
    const PEChain &Ch = *C.Chain;
    const URELoop &L = loop(Ch.Loop);
    std::string Ty = Types.name(designType(C.Element)), Sc = Types.name(designType(C.Scalar));
    std::string Lanes = fresh(C.Buffer + "_lanes");
    std::string Cond = accessCondition(C);
    B << Indent << Cond << "{\n";
    std::string In = Indent + "  ";
    std::string Neighbour = chainRef(C, Ch.Down ? 1 : -1);
    int64_t End = Ch.endPE(L);
    int64_t Start = End == L.Lower ? L.Upper - 1 : L.Lower; // the far end
    B << In << Sc << " " << Lanes << "[" << L.extent() << "] = {0};\n";
    if (Ch.Gather) {
      B << In << "if (" << L.Name << " != " << Start << ") { " << Ty << " " << V
        << " = T2S_READ(" << Neighbour << "); " << unpackLanes(C, V, Lanes) << " }\n"
        << In << Lanes << "[" << peIndex(L, 0) << "] = " << C.PETemp << peSubscripts()
        << ";\n"
        << In << "if (" << L.Name << " == " << End << ")\n"
        << In << "  T2S_WRITE(" << channelRef(C) << ", " << packLanes(C, Lanes) << ");\n"
        << In << "else\n"
        << In << "  T2S_WRITE(" << chainRef(C, 0) << ", " << packLanes(C, Lanes) << ");\n";
    } else {
      B << In << Ty << " " << V << " = " << L.Name << " == " << End << " ? T2S_READ("
        << channelRef(C) << ") : T2S_READ(" << Neighbour << ");\n"
        << In << unpackLanes(C, V, Lanes) << "\n"
        << In << C.PETemp << peSubscripts() << " = " << Lanes << "[" << peIndex(L, 0)
        << "];\n"
        << In << "if (" << L.Name << " != " << Start << ")\n"
        << In << "  T2S_WRITE(" << chainRef(C, 0) << ", " << V << ");\n";
    }
    B << Indent << "}\n";
  }

  // One PE's part of a gather or a scatter (seed gather.md, Code 2): a count
  // loop over the PEs whose values pass through this one.
  void printChain(llvm::raw_ostream &B, std::string Indent, const PEChannel &C) {
    const PEChain &Ch = *C.Chain;
    const URELoop &L = loop(Ch.Loop);
    std::string T = fresh("t"), V = fresh("v");
    std::string Ty = Types.name(designType(C.Element));
    if (C.PEVector) {
      printVectorChain(B, Indent, C, V);
      return;
    }
    std::string Cond = accessCondition(C);
    std::string Pin = pinLane(C);
    if (!Cond.empty() || !Pin.empty()) {
      B << Indent << (Pin.empty() ? Cond : "{ " + Pin + Cond) << "{\n";
      Indent += "  ";
    }
    B << Indent << "for (int " << T << " = " << L.Name << "; "
      << (Ch.ascending() ? T + " < " + std::to_string(L.Upper) + "; " + T + "++"
                         : T + " >= " + std::to_string(L.Lower) + "; " + T + "--")
      << ") {\n";
    std::string In = Indent + "  ";
    std::string Neighbour = chainRef(C, Ch.Down ? 1 : -1);
    std::string AtEnd = L.Name + " == " + std::to_string(Ch.endPE(L));
    if (Ch.Gather) {
      B << In << Ty << " " << V << " = " << T << " == " << L.Name << " ? "
        << C.PETemp << peSubscripts() << " : T2S_READ(" << Neighbour << ");\n"
        << In << "if (" << AtEnd << ")\n"
        << In << "  T2S_WRITE(" << channelRef(C) << ", " << V << ");\n"
        << In << "else\n"
        << In << "  T2S_WRITE(" << chainRef(C, 0) << ", " << V << ");\n";
    } else {
      B << In << Ty << " " << V << " = " << AtEnd << " ? T2S_READ(" << channelRef(C)
        << ") : T2S_READ(" << Neighbour << ");\n"
        << In << "if (" << T << " == " << L.Name << ")\n"
        << In << "  " << C.PETemp << peSubscripts() << " = " << V << ";\n"
        << In << "else\n"
        << In << "  T2S_WRITE(" << chainRef(C, 0) << ", " << V << ");\n";
    }
    B << Indent << "}\n";
    if (!Cond.empty() || !Pin.empty()) {
      Indent.resize(Indent.size() - 2);
      B << Indent << (Pin.empty() ? "}\n" : "}}\n");
    }
  }

  // The indentation of a statement for a channel of one PE (an access that
  // happens at one PE along a vectorized space loop), after an unrolled
  // loop over the PEs the pass left out, which its condition and index name.
  std::string aroundSkippedPEs(const std::string &Indent) {
    if (SkippedPELoop < 0)
      return Indent;
    const URELoop &L = loop(SkippedPELoop);
    return Indent + "#pragma unroll\n" + Indent + "for (int " + L.Name + " = " +
           std::to_string(L.Lower) + "; " + L.Name + " < " + std::to_string(L.Upper) +
           "; " + L.Name + "++)\n" + Indent + "  ";
  }

  void printLoad(llvm::raw_ostream &B, const std::string &Indent,
                 const PEChannel &C) {
    auto *Ld = llvm::cast<llvm::LoadInst>(C.Access);
    std::string Cond = readCondition(Ld);
    if (Vec && !C.Stream.empty()) {
      // Lane matching: single values from the stream, whole vectors (a
      // pinned lane, single lanes) to the PEs.
      if (Pass == PEPass::FromStream) {
        forLanes(B, Indent, C, [&](const std::string &In) {
          B << In << Cond << bufferRef(C) << " = T2S_READ(" << C.Stream << ");\n";
        });
      } else if (C.Lanes.Kind == LaneAccess::Vector) {
        B << Indent << Cond << "T2S_WRITE(" << channelRef(C) << ", " << bufferVector(C)
          << ");\n";
      } else {
        forLanes(B, Indent, C, [&](const std::string &In) {
          B << In << Cond << "T2S_WRITE(" << channelRef(C) << ", " << bufferRef(C)
            << ");\n";
        });
      }
      return;
    }
    if (C.PEVector) {
      // The lanes are the PEs along the vectorized space loop.
      const URELoop &L = loop(SVec->Loop);
      std::string Lanes = C.LaneTemp, In = Indent + "  ";
      B << Indent << Cond << "{\n"
        << In << Types.name(designType(C.Scalar)) << " " << Lanes << "[" << L.extent() << "];\n"
        << In << "#pragma unroll\n"
        << In << "for (int " << L.Name << " = " << L.Lower << "; " << L.Name << " < "
        << L.Upper << "; " << L.Name << "++)\n"
        << In << "  " << Lanes << "[" << peIndex(L, 0) << "] = "
        << address(Ld->getPointerOperand()) << ";\n"
        << In << "T2S_WRITE(" << channelRef(C) << ", " << packLanes(C, Lanes) << ");\n"
        << Indent << "}\n";
    } else if (Vec && C.Lanes.Kind == LaneAccess::Vector) {
      std::string Lanes = C.LaneTemp, In = Indent + "  ";
      B << Indent << Cond << "{\n"
        << In << Types.name(designType(C.Scalar)) << " " << Lanes << "[" << Vec->Lanes << "];\n";
      openLanes(B, In);
      B << In << Lanes << "[" << laneIndex(0, 0) << "] = "
        << address(Ld->getPointerOperand()) << ";\n";
      closeLanes(B, In);
      B << In << "T2S_WRITE(" << channelRef(C) << ", " << packLanes(C, Lanes) << ");\n"
        << Indent << "}\n";
    } else if (Vec && C.Lanes.Kind == LaneAccess::Pinned) {
      B << Indent << "{ " << pinLane(C) << Cond << "T2S_WRITE(" << channelRef(C)
        << ", " << address(Ld->getPointerOperand()) << "); }\n";
    } else if (Vec) {
      std::string In = Indent;
      openLanes(B, In);
      B << In << Cond << "T2S_WRITE(" << channelRef(C) << ", "
        << address(Ld->getPointerOperand()) << ");\n";
      closeLanes(B, In);
    } else if (C.Stream.empty()) {
      B << aroundSkippedPEs(Indent) << Cond << "T2S_WRITE(" << channelRef(C) << ", "
        << address(Ld->getPointerOperand()) << ");\n";
    } else if (Pass == PEPass::FromStream) {
      B << Indent << Cond << bufferRef(C) << " = T2S_READ(" << C.Stream << ");\n";
    } else {
      B << Indent << Cond << "T2S_WRITE(" << channelRef(C) << ", " << bufferRef(C)
        << ");\n";
    }
  }

  // The PE channel whose loader or drainer (this kernel) talks to another
  // kernel, if any.
  const PEChannel *streamOfThisKernel() const {
    if (Role != KernelRole::Loader && Role != KernelRole::Drainer)
      return nullptr;
    for (const PEChannel &C : Channels)
      if (C.Buffer == Buffer && !C.Stream.empty() &&
          C.Output == (Role == KernelRole::Drainer))
        return &C;
    return nullptr;
  }

  static std::string bufferOf(const PEChannel &C) { return C.Buffer + "_step"; }

  std::string bufferRef(const PEChannel &C) const {
    std::string Ref = bufferOf(C) + peSubscripts();
    if (Vec)
      Ref += "[" + laneIndex(0, 0) + "]";
    return Ref;
  }

  // vectorize: a stream loader's (drainer's) pass over the lanes of one PE:
  // all lanes, the pinned one, or each lane; Body prints one lane's part.
  void forLanes(llvm::raw_ostream &B, const std::string &Indent, const PEChannel &C,
                llvm::function_ref<void(const std::string &)> Body) {
    if (C.Lanes.Kind == LaneAccess::Pinned) {
      B << Indent << "{ " << pinLane(C) << "\n";
      Body(Indent + "  ");
      B << Indent << "}\n";
      return;
    }
    std::string In = Indent;
    openLanes(B, In);
    Body(In);
    closeLanes(B, In);
  }

  // The lanes of this PE's buffer element, as a vector.
  std::string bufferVector(const PEChannel &C) {
    return packLanes(C, bufferOf(C) + peSubscripts());
  }

  // A kernel(name) nest: its loops as they are, its statements in order;
  // values from and to other kernels go through their channels.
  void printPlainNest(llvm::raw_ostream &B, std::string Indent) {
    for (const URELoop &L : S.Loops) {
      B << Indent << "for (int " << L.Name << " = " << L.Lower << "; " << L.Name
        << " < " << L.Upper << "; " << L.Name << "++) {\n";
      Indent += "  ";
    }
    for (const PEChannel &C : Channels)
      if (!C.Output && S.innermost()->contains(C.Access))
        printChannelRead(B, Indent, C);
    for (const UREStatement &St : S.Statements)
      printStatement(B, Indent, St);
    for (size_t L = 0; L < S.Loops.size(); ++L) {
      Indent.resize(Indent.size() - 2);
      B << Indent << "}\n";
    }
  }

  void printDrain(llvm::raw_ostream &B, const std::string &Indent,
                  const PEChannel &C) {
    for (const UREStatement &St : S.Statements) {
      if (St.Store != C.Access)
        continue;
      if (Vec && !C.Stream.empty()) {
        // Lane matching: whole vectors (a pinned lane, single lanes) from the
        // PEs, single values to the stream.
        std::string Guard = guardText(St);
        if (Pass == PEPass::ToStream) {
          forLanes(B, Indent, C, [&](const std::string &In) {
            B << In << Guard << "T2S_WRITE(" << C.Stream << ", " << bufferRef(C) << ");\n";
          });
        } else if (C.Lanes.Kind == LaneAccess::Vector) {
          std::string V = C.LaneTemp + "_vec";
          B << Indent << Guard << "{\n"
            << Indent << "  " << Types.name(designType(C.Element)) << " " << V << " = T2S_READ("
            << channelRef(C) << ");\n"
            << Indent << "  " << unpackLanes(C, V, bufferOf(C) + peSubscripts()) << "\n"
            << Indent << "}\n";
        } else {
          forLanes(B, Indent, C, [&](const std::string &In) {
            B << In << Guard << bufferRef(C) << " = T2S_READ(" << channelRef(C) << ");\n";
          });
        }
        continue;
      }
      if (C.PEVector) {
        const URELoop &L = loop(SVec->Loop);
        std::string Lanes = C.LaneTemp, In = Indent + "  ";
        B << Indent << guardText(St) << "{\n"
          << In << Types.name(designType(C.Element)) << " " << Lanes << "_vec = T2S_READ("
          << channelRef(C) << ");\n"
          << In << Types.name(designType(C.Scalar)) << " " << Lanes << "[" << L.extent() << "];\n"
          << In << unpackLanes(C, Lanes + "_vec", Lanes) << "\n"
          << In << "#pragma unroll\n"
          << In << "for (int " << L.Name << " = " << L.Lower << "; " << L.Name << " < "
          << L.Upper << "; " << L.Name << "++)\n"
          << In << "  " << text(Lift.target(St)) << " = " << Lanes
          << "[" << peIndex(L, 0) << "];\n"
          << Indent << "}\n";
        continue;
      }
      std::string Target = Vec ? text(Lift.target(St)) : "";
      if (Vec && C.Lanes.Kind == LaneAccess::Vector) {
        std::string Lanes = C.LaneTemp, In = Indent + "  ";
        B << Indent << guardText(St) << "{\n"
          << In << Types.name(designType(C.Element)) << " " << Lanes << "_vec = T2S_READ("
          << channelRef(C) << ");\n"
          << In << Types.name(designType(C.Scalar)) << " " << Lanes << "[" << Vec->Lanes << "];\n"
          << In << unpackLanes(C, Lanes + "_vec", Lanes) << "\n";
        openLanes(B, In);
        B << In << Target << " = " << Lanes << "[" << laneIndex(0, 0) << "];\n";
        closeLanes(B, In);
        B << Indent << "}\n";
        continue;
      }
      if (Vec && C.Lanes.Kind == LaneAccess::Pinned) {
        B << Indent << "{ " << pinLane(C) << guardText(St) << Target
          << " = T2S_READ(" << channelRef(C) << "); }\n";
        continue;
      }
      if (Vec) {
        std::string In = Indent;
        openLanes(B, In);
        B << In << guardText(St) << Target << " = T2S_READ(" << channelRef(C) << ");\n";
        closeLanes(B, In);
        continue;
      }
      B << (C.Stream.empty() ? aroundSkippedPEs(Indent) : Indent) << guardText(St);
      if (C.Stream.empty())
        B << text(Lift.target(St)) << " = T2S_READ("
          << channelRef(C) << ");\n";
      else if (Pass == PEPass::ToStream)
        B << "T2S_WRITE(" << C.Stream << ", " << bufferRef(C) << ");\n";
      else
        B << bufferRef(C) << " = T2S_READ(" << channelRef(C) << ");\n";
    }
  }

};



} // namespace

std::string openCLTypeName(llvm::Type *T) {
  CTypes Types; // the name alone; no kernel needs its definitions
  return Types.name(designType(T));
}

namespace {

// Appends Text to the file Path; false after reporting a failure.
bool appendTo(llvm::LLVMContext &Ctx, const std::string &Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_Append);
  if (EC) {
    Ctx.emitError("cannot write " + Path + ": " + EC.message());
    return false;
  }
  Out << Text;
  return true;
}

// The host side of one design: its kernels' declarations, and a function
// with the design's parameters that runs them, under emulation
// (-DT2S_EMULATE, with the .cl compiled as C++) or on an OpenCL device
// through t2s/host.h.
} // namespace

namespace {

// One function's kernels and host stubs.
struct FunctionOutput {
  std::string Kernels, Host;
};

std::string channelDeclaration(CTypes &Types, const Design::Channel &C) {
  std::string T = Types.name(C.Element);
  if (C.Kind == Design::ChannelKind::Stream)
    return "T2S_CHANNEL(" + T + ", " + C.Name + ", " + std::to_string(C.Depth) + "); // " +
           std::to_string(C.Values) + " values of " + C.Array + "\n";
  if (C.Extents.empty())
    return "T2S_CHANNEL(" + T + ", " + C.Name + ", " + std::to_string(C.Depth) + ");\n";
  std::string Text = "T2S_CHANNEL_ARRAY(" + T + ", " + C.Name + ", " + std::to_string(C.Depth);
  for (int64_t E : C.Extents)
    Text += ", " + std::to_string(E);
  return Text + ");\n";
}

// The kernels and host stubs of F's designs; nothing for a function without
// designs or with errors (reported already, or here).
std::optional<FunctionOutput> emitFunction(llvm::Function &F,
                                           llvm::FunctionAnalysisManager &FAM,
                                           const OpenCLOptions &Opts) {
  if (F.isDeclaration() || designsRejected(F, FAM))
    return std::nullopt;
  const DesignResult &DR = FAM.getResult<DesignAnalysis>(F);
  if (DR.empty())
    return std::nullopt;
  const Design &D = DR.D;
  for (const SourceLoc &Loc : DR.ChannelFreeNests)
    reportWarning(F, Loc, WarningGroup::NoChannels,
                  "OpenCL devices without Intel's channel extension (PoCL here) have "
                  "no channels: on the device this design runs as one kernel that "
                  "reads and writes its buffers itself, without its loader, drainer, "
                  "scatter and gather ('t2s-clang --emulate' runs them)");
  if (DR.Rejection) {
    reportError(F, DR.Rejection->first, DR.Rejection->second);
    return std::nullopt;
  }
  CTypes Types;
  std::string Text, Host;
  llvm::raw_string_ostream OS(Text), HS(Host);
  std::string Function = designName(F, 0);
  const SourceLoc &Loc = DR.Nests.front()->System->Loc;

  // The channels of each nest with the names of the kernels' temporaries.
  std::vector<llvm::SmallVector<PEChannel, 4>> Channels;
  for (const std::unique_ptr<NestPlan> &P : DR.Nests) {
    Channels.emplace_back();
    for (const ChannelPlan &C : P->Channels)
      Channels.back().push_back(nameTemporaries(C));
  }
  bool Macros = !D.Channels.empty() ||
                llvm::any_of(Channels, [](const auto &C) { return !C.empty(); });
  OS << "\n// " << llvm::demangle(F.getName().str()) << ": "
     << (DR.Nests.size() == 1 ? "the design at " : "the kernels from ") << Loc.File << ":"
     << Loc.Line << "\n";
  if (Macros)
    OS << "#include \"t2s/channels.h\"\n";
  size_t DefsAt = Text.size(); // the vector helpers go here, once known
  OS << "#ifdef __cplusplus // emulation: away from the program's own names\n"
     << "namespace " << KernelNamespace << " {\n#endif\n";
  if (Macros)
    OS << "\n// Channels between the kernels.\n";
  for (const Design::Channel &C : D.Channels)
    if (C.Kind == Design::ChannelKind::Stream)
      OS << channelDeclaration(Types, C);
  for (unsigned N = 0; N < D.Nests.size(); ++N) {
    for (const Design::Channel &C : D.Channels)
      if (C.Nest == N && (C.Kind == Design::ChannelKind::Loader ||
                          C.Kind == Design::ChannelKind::Drainer))
        OS << channelDeclaration(Types, C);
    for (const Design::Channel *C : D.channels(N, Design::ChannelKind::Chain))
      OS << channelDeclaration(Types, *C);
  }

  for (const Design::Kernel &K : D.Kernels) {
    NestPlan &P = *DR.Nests[K.Nest];
    KernelPrinter Printer(P.Sch, OS, D, K, Channels[K.Nest], Macros, Types, *P.Lift);
    OS << "\n";
    if (std::optional<std::string> Why = Printer.print()) {
      reportError(F, Printer.failureLoc().Line ? Printer.failureLoc() : P.Sch.System.Loc, *Why);
      return std::nullopt;
    }
  }
  OS << "#ifdef __cplusplus\n} // namespace " << KernelNamespace << "\n#endif\n";
  std::string Defs = Types.definitions();
  if (!Defs.empty())
    Text.insert(DefsAt, "\n// Vector types and operators OpenCL does not have.\n" + Defs);
  if (Types.usesHalf()) // C++ (the emulation) has half as _Float16 (t2s/vector_types.h)
    Text.insert(DefsAt,
                "#ifdef __OPENCL_C_VERSION__ // _Float16 is half: cl_khr_fp16\n"
                "#ifdef cl_khr_fp16\n"
                "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n"
                "#else\n"
                "#error \"" + Function + " computes with half (_Float16); the "
                "device lacks cl_khr_fp16\"\n"
                "#endif\n#endif\n");
  if (!Opts.HostFile.empty()) {
    HS << Defs; // the host passes the same vector structs
    if (std::optional<std::string> Why = printHostStub(HS, D, Types, Opts.ForDevice)) {
      reportError(F, Loc, cannotWriteOpenCL(*Why));
      return std::nullopt;
    }
  }
  return FunctionOutput{std::move(Text), std::move(Host)};
}

} // namespace

llvm::PreservedAnalyses OpenCLEmitterPass::run(llvm::Module &M,
                                               llvm::ModuleAnalysisManager &MAM) {
  if (!Opts.requested())
    return llvm::PreservedAnalyses::all();
  llvm::FunctionAnalysisManager &FAM =
      MAM.getResult<llvm::FunctionAnalysisManagerModuleProxy>(M).getManager();
  std::string Kernels, Host;
  for (llvm::Function &F : M)
    if (std::optional<FunctionOutput> Out = emitFunction(F, FAM, Opts)) {
      Kernels += Out->Kernels;
      Host += Out->Host;
    }
  // Each file is written once, with every design of the translation unit
  // (appended: t2s-clang gives a program's translation units one file).
  if (!Opts.KernelsFile.empty() && !Kernels.empty() &&
      !appendTo(M.getContext(), Opts.KernelsFile, Kernels))
    return llvm::PreservedAnalyses::all();
  if (!Opts.HostFile.empty() && !Host.empty()) {
    uint64_t Size = 0;
    if (llvm::sys::fs::file_size(Opts.HostFile, Size) || Size == 0)
      Host = HostPrelude + Host;
    appendTo(M.getContext(), Opts.HostFile, Host);
  }
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
