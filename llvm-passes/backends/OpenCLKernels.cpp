//===- OpenCLKernels.cpp - A Design's kernels as OpenCL C -----------------===//

#include "backends/OpenCLKernels.h"
#include "backends/CExpr.h"
#include "backends/HLSKernels.h"
#include "backends/HostStub.h"
#include "backends/Timing.h"
#include "systolic/DesignNames.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

namespace t2s {

namespace {

// The values of E to declare as temporaries before the statement that
// computes E, operands first: those E uses more than once that hold a
// named local of the source, or that are large (so that a chain of locals
// that each use the one before twice prints in linear, not exponential,
// size). A temporary is computed where the statement starts, so a value
// that E computes only under a condition is one only if computing it
// always is harmless: it reads no memory or channel and divides no
// integers.
std::vector<const Expr *> temporariesOf(const ExprPtr &E) {
  constexpr uint64_t Large = 16; // nodes, as a tree
  llvm::DenseMap<const Expr *, unsigned> Uses;
  llvm::DenseMap<const Expr *, uint64_t> Size;
  llvm::DenseMap<const Expr *, bool> Safe, Reads; // Reads: from a channel
  std::vector<const Expr *> Order;
  forEachNode(E, [&](const Expr &X) {
    uint64_t N = 1;
    bool S = X.Kind != ExprKind::ChannelRead && X.Kind != ExprKind::BufferElement &&
             X.Kind != ExprKind::Load &&
             !(X.Kind == ExprKind::Binary && !X.Type.isFloat() &&
               (X.binaryOp() == BinaryOp::Div || X.binaryOp() == BinaryOp::Rem));
    if (X.Kind == ExprKind::Subscript)
      for (unsigned I = 1; I < X.Operands.size(); ++I)
        S = S && (X.operand(I).Kind == ExprKind::Var || X.operand(I).Kind == ExprKind::IntConst);
    bool R = X.Kind == ExprKind::ChannelRead;
    for (const ExprPtr &Op : X.Operands) {
      if (!Op)
        continue;
      ++Uses[Op.get()];
      R = R || Reads.lookup(Op.get());
      N = std::min<uint64_t>(N + Size.lookup(Op.get()), uint64_t(1) << 40);
      S = S && Safe.lookup(Op.get());
    }
    Size[&X] = N;
    Safe[&X] = S;
    Reads[&X] = R;
    Order.push_back(&X);
  });
  // The values computed whenever E is: not only in a select's arm or the
  // right side of '&&' and '||'.
  llvm::SmallPtrSet<const Expr *, 32> Always;
  std::function<void(const Expr &)> always = [&](const Expr &X) {
    if (!Always.insert(&X).second)
      return;
    bool Lazy = X.Kind == ExprKind::Select || X.Kind == ExprKind::And || X.Kind == ExprKind::Or;
    for (unsigned I = 0; I < X.Operands.size() && (!Lazy || I == 0); ++I)
      if (X.Operands[I])
        always(X.operand(I));
  };
  always(*E);
  std::vector<const Expr *> Out;
  for (const Expr *X : Order) {
    if (X == E.get() || X->Operands.empty() || Uses.lookup(X) < 2 || !hasWideCName(X->Type))
      continue;
    switch (X->Kind) {
    case ExprKind::Subscript:
    case ExprKind::ChannelRead:
    case ExprKind::BufferElement:
    case ExprKind::Lane:
      continue; // as cheap to read again as a temporary
    default:
      break;
    }
    if (X->Local.empty() && Size.lookup(X) < Large)
      continue;
    if (Reads.lookup(X) || (!Always.count(X) && !Safe.lookup(X)))
      continue; // a channel's values in their order; no speculation
    Out.push_back(X);
  }
  return Out;
}

// Prints one kernel of a Design: its signature and its statements
// (systolic/Stmt.h), as OpenCL C with the macros of t2s/channels.h, or as a
// Vitis HLS process (CTypes::cxx()): channels are hls::stream parameters,
// '#pragma HLS UNROLL' marks the unrolled loops and '#pragma HLS PIPELINE
// II=1' the innermost loops that run iteration after iteration (HLS
// pipelines a loop with every loop inside it unrolled), and the kernel's
// arrays are partitioned into registers, or banks for its on-chip memories.
class KernelWriter : public ExprNames {
  llvm::raw_ostream &OS;
  const Design &D;
  const Design::Kernel &K;
  bool Macros; // spell the kernel with the macros of t2s/channels.h
  bool Hls;    // a Vitis HLS process
  CTypes &Types; // the names of types, and the definitions they need
  // The clocked emulation's marks (t2s/clock.h).
  std::optional<ClockMarks> Marks;
  llvm::SmallVector<unsigned, 4> Used; // parameters printed
  std::string Failure; // why printing stopped, if it did
  // Temporaries: the values a statement uses more than once, declared
  // before it and printed by name (Names: every name the kernel has).
  llvm::DenseMap<const Expr *, std::string> Temps;
  llvm::DenseMap<const Stmt *, std::vector<const Expr *>> Plans;
  llvm::StringSet<> Names;
  bool InLine = false; // printing statements that share a line

public:
  KernelWriter(llvm::raw_ostream &OS, const Design &D, const Design::Kernel &K, bool Macros,
               CTypes &Types, const FPGADevice *Dev)
      : OS(OS), D(D), K(K), Macros(Macros), Hls(Types.cxx()), Types(Types) {
    if (Dev)
      Marks = clockMarks(D, K, *Dev);
  }

  /// Prints the kernel; on failure prints nothing and returns the reason.
  std::optional<std::string> print() {
    std::string Body;
    llvm::raw_string_ostream B(Body);
    if (Marks && Marks->Body) // the body is the step
      B << "  T2S_STEP(" << *Marks->Body << ");\n";
    collectNames(K.Body);
    for (const Stmt &S : K.Body)
      emit(B, S, "  ");
    if (!Failure.empty())
      return Failure;
    // The signature is the Design's; the body must use no other parameter.
    llvm::sort(Used);
    Used.erase(std::unique(Used.begin(), Used.end()), Used.end());
    if (Used != K.Params)
      return internalError("the kernel '" + K.Name + "' uses other parameters than its "
                           "design gives it");
    if (Hls) { // an autorun kernel is an hls::task, which runs its body forever
      printProcessSignature();
      OS << " {\n";
      if (!hasPipelinedLoop(K.Body)) // the body is one step
        OS << "#pragma HLS PIPELINE II=1\n";
      OS << Body << "}\n";
      return std::nullopt;
    }
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
  static std::string internalError(const std::string &What) {
    return "internal error: " + What + "; please report this with the source";
  }

  void fail(const std::string &Why) {
    if (Failure.empty())
      Failure = internalError(Why);
  }

  // ExprNames: the unroll step gave the statements the kernel's own leaves;
  // only the design's parameters remain.
  std::string param(unsigned ArgNo) override {
    Used.push_back(ArgNo);
    return D.Params[ArgNo].Name;
  }
  std::string offchip(std::string Access) override {
    return Marks ? "T2S_OFFCHIP(" + Access + ")" : Access;
  }
  const std::string *temporary(const Expr &E) override {
    auto It = Temps.find(&E);
    return It == Temps.end() ? nullptr : &It->second;
  }
  std::string unresolved(const Expr &) override {
    fail("the kernel '" + K.Name + "' has a leaf of the nest the unroll step did not replace");
    return "?";
  }

  // Kernels that talk through channels are written with the macros of
  // t2s/channels.h; a design without channels in plain OpenCL C.
  void printSignature() {
    if (K.autorun())
      OS << "T2S_AUTORUN_KERNEL\n";
    else if (Macros)
      OS << "T2S_KERNEL\n";
    else
      OS << "__kernel T2S_SINGLE_WORK_ITEM\n";
    OS << "void " << K.Name << "(";
    for (unsigned A : K.Params)
      OS << (A == K.Params.front() ? "" : ", ") << kernelParameter(D, K, A, Types, Macros);
    OS << (K.Params.empty() ? "void)" : ")");
  }

  // A Vitis HLS process: the parameters of the design it takes, then the
  // streams it reads or writes, by reference (arrays of them as arrays).
  void printProcessSignature() {
    OS << "static void " << K.Name << "(";
    std::string Sep;
    for (unsigned A : K.Params) {
      OS << Sep << kernelParameter(D, K, A, Types, /*Macros=*/false);
      Sep = ", ";
    }
    for (const Design::Channel *C : kernelChannels(D, K).all()) {
      OS << Sep << hlsStreamType(Types, *C) << (C->Extents.empty() ? " &" : " ") << C->Name;
      for (int64_t E : C->Extents)
        OS << "[" << E << "]";
      Sep = ", ";
    }
    OS << ")";
  }

  std::string expr(const ExprPtr &E) { return printExpr(*E, Types, *this); }
  // An 'if' condition or an initializer: without parentheses around it all.
  std::string bare(const ExprPtr &E) { return printCondition(*E, Types, *this); }

  // The comment after an assignment, on a line of its own.
  std::string trailing(const Stmt &S) const {
    return S.Text.empty() || InLine ? "" : " // " + S.Text;
  }

  // A statement that fits on one line.
  std::string line(const Stmt &S) {
    switch (S.Kind) {
    case StmtKind::Comment:
      return "// " + S.Text;
    case StmtKind::Decl: {
      std::string Text = Types.name(S.Type) + " " +
                         (S.Banks && !Hls ? "T2S_ONCHIP(" + std::to_string(S.Banks) + ") " : "") +
                         S.Name;
      for (int64_t E : S.Dims)
        Text += "[" + std::to_string(E) + "]";
      if (S.Init == DeclInit::Zero)
        Text += S.Dims.empty() ? " = 0" : " = {0}";
      else if (S.Init == DeclInit::Value)
        Text += " = " + bare(S.Value);
      return Text + ";" + (S.Text.empty() ? "" : " // " + S.Text);
    }
    case StmtKind::Let:
      return "const int " + S.Name + " = " + expr(S.Value) + ";";
    case StmtKind::Assign:
      return expr(S.Target) + " = " + expr(S.Value) + ";" + trailing(S);
    case StmtKind::Write:
      if (Hls)
        return expr(S.Target) + ".write(" + expr(S.Value) + ");" + trailing(S);
      return "T2S_WRITE(" + expr(S.Target) + ", " + expr(S.Value) + ");" + trailing(S);
    case StmtKind::If:
      if (S.Inline && S.Body.size() == 1 && S.Else.empty())
        return "if (" + bare(S.Value) + ") " + line(S.Body.front());
      break;
    case StmtKind::Block:
      if (S.Inline) {
        std::string Text;
        bool Was = InLine;
        InLine = true; // no '//' comments inside the line
        for (const Stmt &X : S.Body)
          Text += (Text.empty() ? "" : " ") + line(X);
        InLine = Was;
        return S.Braces ? "{ " + Text + " }" : Text;
      }
      break;
    default:
      break;
    }
    fail("a statement that does not fit on one line");
    return "";
  }

  void emitAll(llvm::raw_ostream &B, const Stmts &Body, const std::string &Indent) {
    for (const Stmt &S : Body)
      emit(B, S, Indent);
  }

  // S at Indent, ending its last line.
  void emit(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) {
    std::string In = Indent + "  ";
    switch (S.Kind) {
    case StmtKind::Loop: {
      if (unrolledLoop(S) && !Hls)
        B << Indent << "#pragma unroll\n";
      // Arrays accessed Safelen iterations apart (pad_rounds): Intel's
      // compiler is told, the others (emulation, PoCL) do not see it.
      if (!S.Apart.empty() && !Hls) {
        B << Indent << "#if defined(INTELFPGA_CL) || defined(ALTERA_CL)\n";
        for (const std::string &A : S.Apart)
          B << Indent << "#pragma ivdep safelen(" << S.Safelen << ") array(" << A << ")\n";
        B << Indent << "#endif\n";
      }
      // Vitis HLS: the loop's directive, the first line of its body.
      std::string Pragma;
      if (Hls && unrolledLoop(S))
        Pragma = "#pragma HLS UNROLL";
      else if (Hls && !hasPipelinedLoop(S.Body))
        Pragma = "#pragma HLS PIPELINE II=1";
      B << Indent << "for (int " << S.Name << " = " << expr(S.Value) << "; " << S.Name
        << (S.Down ? " >= " : " < ") << expr(S.Bound) << "; " << S.Name
        << (S.Down ? "--)" : "++)");
      // A pipelined loop: its iterations start the clocked emulation's.
      const int64_t *II = nullptr;
      if (Marks)
        if (auto It = Marks->Loops.find(&S); It != Marks->Loops.end())
          if (It->second > 0 || &S == Marks->Step) // a loop that only holds loops: none
            II = &It->second;
      if (!S.Braces && !II && !declaresIn(S.Body) && Pragma.empty()) {
        B << "\n";
        emitAll(B, S.Body, In);
        return;
      }
      B << " {" << (S.Text.empty() ? "" : " // " + S.Text) << "\n";
      if (!Pragma.empty())
        B << In << Pragma << "\n";
      if (Hls)
        for (const std::string &A : S.Apart)
          for (const char *Direction : {"RAW", "WAR"})
            B << In << "#pragma HLS DEPENDENCE variable=" << A << " type=inter direction="
              << Direction << " distance=" << S.Safelen << " dependent=true\n";
      if (II)
        B << In << (&S == Marks->Step ? "T2S_STEP(" : "T2S_ITERATION(") << *II << ");\n";
      emitAll(B, S.Body, In);
      B << Indent << "}\n";
      return;
    }
    case StmtKind::If:
      if (S.Inline && S.Body.size() == 1 && S.Else.empty() &&
          S.Body.front().Kind == StmtKind::Block && !S.Body.front().Inline) {
        B << Indent << "if (" << bare(S.Value) << ") ";
        emitBlock(B, S.Body.front(), Indent);
        return;
      }
      if (hoists(S)) { // its one statement's temporaries inside the braces
        B << Indent << "if (" << bare(S.Value) << ") {\n";
        emit(B, S.Body.front(), In);
        B << Indent << "}\n";
        return;
      }
      if (S.Inline)
        break;
    {
      // Braces around an arm of several statements, or one that declares.
      bool ThenBraces = declaresIn(S.Body) || S.Body.size() != 1;
      bool ElseBraces = declaresIn(S.Else) || S.Else.size() != 1;
      B << Indent << "if (" << bare(S.Value) << ")" << (ThenBraces ? " {" : "") << "\n";
      emitAll(B, S.Body, In);
      if (ThenBraces)
        B << Indent << "}\n";
      if (!S.Else.empty()) {
        B << Indent << "else" << (ElseBraces ? " {" : "") << "\n";
        emitAll(B, S.Else, In);
        if (ElseBraces)
          B << Indent << "}\n";
      }
      return;
    }
    case StmtKind::Block:
      if (S.Inline && !hoists(S))
        break;
      if (!S.Braces) { // statements that shared a line, one per line
        emitAll(B, S.Body, Indent);
        return;
      }
      B << Indent;
      emitBlock(B, S, Indent);
      return;
    case StmtKind::Recover: {
      std::string Check;
      for (const Recovery &R : S.Recoveries) {
        B << Indent << "int " << R.Name << " = " << R.Time;
        for (const auto &[Coeff, Space] : R.Terms)
          B << " - " << Coeff << " * " << Space;
        B << ";\n";
        Check += (Check.empty() ? "" : " && ") + R.Name + " >= " + std::to_string(R.Lower) +
                 " && " + R.Name + " < " + std::to_string(R.Upper);
      }
      B << Indent << "if (" << Check << ") { // this PE's time step\n";
      emitAll(B, S.Body, In);
      B << Indent << "}\n";
      return;
    }
    case StmtKind::Shift: {
      std::string Subs;
      for (const ExprPtr &E : S.Subscripts)
        Subs += "[" + expr(E) + "]";
      const std::string &X = S.Text;
      std::string Head = "for (int " + X + " = " + std::to_string(S.Words - 1) + "; " + X +
                         " > 0; " + X + "--)";
      std::string Move = S.Name + "[" + X + "]" + Subs + " = " + S.Name + "[" + X + " - 1]" +
                         Subs + ";\n";
      if (Hls)
        B << Indent << Head << " {\n" << In << "#pragma HLS UNROLL\n" << In << Move << Indent
          << "}\n";
      else
        B << Indent << "#pragma unroll\n" << Indent << Head << "\n" << In << Move;
      return;
    }
    default:
      break;
    }
    if (!hoists(S)) {
      B << Indent << line(S) << "\n";
      partition(B, S, Indent);
      return;
    }
    // The temporaries first, each printed with those before it.
    std::vector<const Expr *> Declared;
    for (const Expr *X : Plans[&S]) {
      std::string Name = temporaryName(*X);
      B << Indent << "const " << Types.name(X->Type) << " " << Name << " = "
        << printCondition(*X, Types, *this) << ";\n";
      Temps[X] = Name;
      Declared.push_back(X);
    }
    B << Indent << line(S) << "\n";
    partition(B, S, Indent);
    for (const Expr *X : Declared)
      Temps.erase(X);
  }

  // Vitis HLS: how an array the kernel declares is laid out. The PEs and
  // lanes index its registers with unrolled loops: each element a register
  // of its own. A PE buffer is a block RAM per PE. An on-chip memory of
  // Banks banks keeps its trailing dimensions of that many elements (the
  // PEs and lanes of one access) in separate banks, and the rest in block
  // RAM.
  void partition(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) {
    if (!Hls || S.Kind != StmtKind::Decl || S.Dims.empty())
      return;
    // A PE buffer: a block RAM per PE (its first dimension, the words),
    // every other dimension (the PEs) partitioned.
    if (S.PEBuffer) {
      for (size_t I = 1; I < S.Dims.size(); ++I)
        B << Indent << "#pragma HLS ARRAY_PARTITION variable=" << S.Name << " complete dim="
          << I + 1 << "\n";
      B << Indent << "#pragma HLS BIND_STORAGE variable=" << S.Name << " type=ram_2p impl=bram\n";
      return;
    }
    if (!S.Banks) {
      B << Indent << "#pragma HLS ARRAY_PARTITION variable=" << S.Name << " complete dim=0\n";
      return;
    }
    int64_t Elements = 1;
    for (size_t I = S.Dims.size(); I-- > 0 && Elements < S.Banks;) {
      Elements *= S.Dims[I];
      B << Indent << "#pragma HLS ARRAY_PARTITION variable=" << S.Name << " complete dim="
        << I + 1 << "\n";
    }
    B << Indent << "#pragma HLS BIND_STORAGE variable=" << S.Name << " type=ram_2p impl=bram\n";
  }

  // Every name the kernel declares or reads, which a temporary must not take.
  void collectNames(const Stmts &Body) {
    for (const Design::Param &P : D.Params)
      Names.insert(P.Name);
    forEachStmt(Body, [&](const Stmt &S) {
      if (!S.Name.empty())
        Names.insert(S.Name);
      if (S.Kind == StmtKind::Shift)
        Names.insert(S.Text);
      for (const Recovery &R : S.Recoveries) {
        Names.insert(R.Name);
        Names.insert(R.Time);
        for (const auto &[Coeff, Space] : R.Terms)
          Names.insert(Space);
      }
      forEachExpr(S, [&](const ExprPtr &E) {
        forEachNode(E, [&](const Expr &X) {
          if (X.Kind == ExprKind::Var)
            Names.insert(X.Name);
        });
      });
    });
  }

  // A name for the temporary of X: its local's in the source, or 'tmp',
  // away from every other name of the kernel.
  std::string temporaryName(const Expr &X) {
    std::string Base = X.Local.empty() ? "tmp" : identifier(X.Local);
    std::string Name = Base;
    for (unsigned N = 1; Names.count(Name); ++N)
      Name = Base + "_" + std::to_string(N);
    Names.insert(Name);
    return Name;
  }

  // Whether a body printed without braces would be one statement no more:
  // its one statement declares temporaries before it.
  bool declaresIn(const Stmts &Body) { return Body.size() == 1 && hoists(Body.front()); }

  // Whether S, printed on one line, declares temporaries before it.
  bool hoists(const Stmt &S) {
    switch (S.Kind) {
    case StmtKind::Assign:
    case StmtKind::Write:
    case StmtKind::Decl:
      break;
    case StmtKind::If:
      return S.Inline && S.Body.size() == 1 && S.Else.empty() && hoists(S.Body.front());
    case StmtKind::Block:
      return S.Inline && llvm::any_of(S.Body, [&](const Stmt &X) { return hoists(X); });
    default:
      return false;
    }
    auto [It, New] = Plans.try_emplace(&S);
    if (New && S.Value && (S.Kind != StmtKind::Decl || S.Init == DeclInit::Value))
      It->second = temporariesOf(S.Value);
    return !It->second.empty();
  }

  // A block from the brace on: '{' and its head, its body, '}'.
  void emitBlock(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) {
    B << "{";
    for (const Stmt &H : S.Head)
      B << " " << line(H);
    B << "\n";
    emitAll(B, S.Body, Indent + "  ");
    B << Indent << "}\n";
  }
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

} // namespace

std::optional<std::string> printKernel(llvm::raw_ostream &OS, const Design &D,
                                       const Design::Kernel &K, CTypes &Types) {
  return KernelWriter(OS, D, K, !D.Channels.empty(), Types, nullptr).print();
}

std::optional<std::string> printKernels(std::string &Text, const Design &D, CTypes &Types,
                                        const FPGADevice *Marks) {
  llvm::raw_string_ostream OS(Text);
  bool Macros = !D.Channels.empty();
  OS << "\n// " << D.Function << ": "
     << (D.Nests.size() == 1 ? "the design at " : "the kernels from ") << D.File << ":"
     << D.Line << "\n";
  // Off Intel's FPGAs (PoCL, GPUs) each operation rounds as the program's
  // own build rounds it: OpenCL C contracts 'a * b + c' into one fused
  // operation by default, which the host (x86-64 without FMA) does not.
  OS << "#if defined(__OPENCL_C_VERSION__) && !defined(INTELFPGA_CL) && !defined(ALTERA_CL)\n"
     << "#pragma OPENCL FP_CONTRACT OFF\n#endif\n";
  if (Macros)
    OS << "#include \"t2s/channels.h\"\n";
  else // Intel's attribute only for Intel's compiler (other OpenCL compilers warn)
    OS << "#ifndef T2S_SINGLE_WORK_ITEM\n"
       << "#if defined(INTELFPGA_CL) || defined(ALTERA_CL)\n"
       << "#define T2S_SINGLE_WORK_ITEM __attribute__((max_global_work_dim(0)))\n"
       << "#else\n#define T2S_SINGLE_WORK_ITEM\n#endif\n#endif\n";
  if (!Macros && Marks) // the clocked emulation's marks (t2s/emulation.h), without channels.h
    OS << "#ifndef T2S_STEP // nothing outside the emulation\n"
       << "#define T2S_STEP(II)\n#define T2S_ITERATION(II)\n#define T2S_OFFCHIP(...) (__VA_ARGS__)\n"
       << "#endif\n";
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
    OS << "\n";
    if (std::optional<std::string> Why = KernelWriter(OS, D, K, Macros, Types, Marks).print()) {
      return Why;
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
                "#error \"" + D.Name + " computes with half (_Float16); the "
                "device lacks cl_khr_fp16\"\n"
                "#endif\n#endif\n");
  return std::nullopt;
}

} // namespace t2s
