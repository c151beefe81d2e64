//===- OpenCLEmitter.cpp - OpenCL C for Intel FPGAs -----------------------===//

#include "backends/OpenCLEmitter.h"
#include "language/LoopMetadata.h"
#include "language/Warnings.h"
#include "systolic/Buffers.h"
#include "systolic/ChannelPlan.h"
#include "systolic/Channels.h"
#include "systolic/SpaceTimeSchedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>

namespace t2s {

namespace {

// The C names of IR types in the printed kernels and stubs, and the
// definitions those names need: a struct for each vector width OpenCL lacks
// and the operators on it, and cl_khr_fp16 for half. One per function's
// kernels; its definitions go before them (guarded, since the kernels of
// several functions and files share a file).
class CTypes {
  std::map<std::string, std::string> Definitions;
  bool Half = false;

public:
  /// The C name of \p T, or "" if it has none here.
  std::string name(llvm::Type *T) {
    if (auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(T))
      return vector(VT);
    if (T->isHalfTy()) { // _Float16
      Half = true;
      return "half";
    }
    if (T->isFloatTy())
      return "float";
    if (T->isDoubleTy())
      return "double";
    if (T->isIntegerTy(1))
      return "bool";
    if (T->isIntegerTy(8))
      return "char";
    if (T->isIntegerTy(16))
      return "short";
    if (T->isIntegerTy(32))
      return "int";
    if (T->isIntegerTy(64))
      return "long";
    return "";
  }

  /// Vectors: OpenCL's types for 2, 3, 4, 8 and 16 lanes ("float4"), a
  /// struct 't2s_float5 { float data[5]; }' for other widths up to 32.
  std::string vector(llvm::FixedVectorType *VT) {
    std::string E = name(VT->getElementType());
    unsigned N = VT->getNumElements();
    if (E.empty() || E == "bool" || N < 2 || N > 32)
      return "";
    if (N == 2 || N == 3 || N == 4 || N == 8 || N == 16)
      return E + std::to_string(N);
    std::string Name = "t2s_" + E + std::to_string(N);
    // As large as the vector in memory (LLVM and clang round a vector up to
    // a power of two lanes), so buffers of them keep the host's layout.
    unsigned Pad = llvm::PowerOf2Ceil(N) - N;
    define(Name, "typedef struct { " + E + " data[" + std::to_string(N) + "];" +
                     (Pad ? " " + E + " pad[" + std::to_string(Pad) + "];" : std::string()) +
                     " } " + Name + ";\n");
    return Name;
  }

  bool isStructVector(llvm::Type *T) {
    auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(T);
    return VT && llvm::StringRef(vector(VT)).starts_with("t2s_");
  }

  /// Lane L of a vector value printed as Text.
  std::string lane(llvm::Type *VT, const std::string &Text, unsigned L) {
    if (isStructVector(VT))
      return Text + ".data[" + std::to_string(L) + "]";
    return Text + ".s" + std::string(1, "0123456789abcdef"[L]);
  }

  /// A vector of type VT from its lanes, as a compound literal (OpenCL C
  /// and, with clang's vector extension, C++).
  std::string vectorLiteral(llvm::Type *VT, llvm::ArrayRef<std::string> Lanes) {
    std::string T = name(VT), Text;
    for (const std::string &L : Lanes)
      Text += (Text.empty() ? "" : ", ") + L;
    return isStructVector(VT) ? "((" + T + "){{" + Text + "}})"
                              : "((" + T + "){" + Text + "})";
  }

  /// A helper the printed code needs (a struct, an operator), defined once.
  void define(const std::string &Name, std::string Text) {
    Definitions[Name] = std::move(Text);
  }

  /// The definitions, each guarded by T2S_DEFINED_<name>.
  std::string definitions() const {
    std::string Defs;
    for (const auto &[Name, Def] : Definitions)
      Defs += "#ifndef T2S_DEFINED_" + Name + "\n#define T2S_DEFINED_" + Name + "\n" +
              Def + "#endif\n";
    return Defs;
  }

  /// Whether a printed name was half, which OpenCL has only with the
  /// extension cl_khr_fp16.
  bool usesHalf() const { return Half; }
};

// "Base[0]", ..., "Base[N - 1]".
llvm::SmallVector<std::string, 32> elementsOf(const std::string &Base, int64_t N) {
  llvm::SmallVector<std::string, 32> Out;
  for (int64_t X = 0; X < N; ++X)
    Out.push_back(Base + "[" + std::to_string(X) + "]");
  return Out;
}

// "t0 = v.s0; t1 = v.s1; ...": the lanes of the vector Vector (type VT)
// assigned to Targets.
std::string assignLanes(CTypes &Types, llvm::Type *VT, const std::string &Vector,
                        llvm::ArrayRef<std::string> Targets) {
  std::string Out;
  for (unsigned X = 0; X < Targets.size(); ++X)
    Out += (X ? " " : "") + Targets[X] + " = " + Types.lane(VT, Vector, X) + ";";
  return Out;
}

// Name as an identifier of both OpenCL C and C++ (the emulation compiles
// the kernels as C++): characters other than letters, digits and '_' become
// '_', and a keyword of either language, or a name the printed code itself
// needs, gets a trailing '_'.
std::string identifier(llvm::StringRef Name) {
  static const llvm::StringSet<> Reserved = {
      // OpenCL C (with Intel's channels) beyond C's keywords
      "global", "local", "constant", "private", "kernel", "read_only",
      "write_only", "read_write", "half", "bool", "uchar", "ushort", "uint",
      "ulong", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "image1d_t",
      "image2d_t", "image3d_t", "sampler_t", "event_t", "pipe", "channel",
      "uniform", "restrict", "complex", "imaginary",
      // C++ beyond C's keywords
      "alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "catch",
      "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const_cast", "consteval", "constexpr", "constinit", "co_await",
      "co_return", "co_yield", "decltype", "delete", "dynamic_cast",
      "explicit", "export", "false", "friend", "mutable", "namespace", "new",
      "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq",
      "protected", "public", "reinterpret_cast", "requires", "static_assert",
      "static_cast", "template", "this", "thread_local", "throw", "true", "try",
      "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
      // names of the emulation
      "t2s", "std", "t2s_kernels"};
  std::string Id;
  for (char C : Name)
    Id += llvm::isAlnum(C) || C == '_' ? C : '_';
  if (Id.empty() || llvm::isDigit(Id.front()))
    Id = "_" + Id;
  if (Reserved.contains(Id))
    Id += "_";
  return Id;
}

// Name as a parameter or loop variable of a kernel, away from the names the
// kernels declare themselves: shift registers 'sr_A', time variables 't1',
// 'slot', and the temporaries of channel values ('a_in', 'a_in_2',
// 'a_step', 'a_lanes', 'a_pe', 'a_vec', 'a_chain', 'c_out').
std::string kernelLocal(llvm::StringRef Name) {
  std::string Id = identifier(Name);
  llvm::StringRef R(Id);
  llvm::StringRef Base = R.rtrim("0123456789");
  bool Numbered = Base.size() < R.size() && Base.ends_with("_");
  if (R.starts_with("sr_") || R == "slot" || (Base == "t" && R.size() > 1) ||
      llvm::any_of(llvm::ArrayRef<llvm::StringRef>{"_in", "_step", "_lanes", "_pe",
                                                    "_vec", "_chain", "_out"},
                   [&](llvm::StringRef Suffix) {
                     return R.ends_with(Suffix) ||
                            (Numbered && Base.drop_back().ends_with(Suffix));
                   }))
    Id += "_";
  return Id;
}

// A parameter of the design's function as the kernels and stubs name it.
std::string parameterName(const llvm::Argument *A) {
  std::string N = getSourceName(A);
  return N.empty() ? "arg" + std::to_string(A->getArgNo()) : kernelLocal(N);
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

// What the host needs to know of one kernel.
struct KernelInfo {
  std::string Name;
  bool Autorun = false;
  /// Kernels of one stage run together; the stages run one after the other.
  unsigned Stage = 0;
  llvm::SmallVector<const llvm::Argument *, 4> Args; // in the function's order
  /// The parameter declarations of its signature, in the macros' spelling:
  /// the host declares the kernel with exactly these types.
  llvm::SmallVector<std::string, 4> Params;
};

enum class KernelRole { Systolic, Loader, Drainer, Plain };

// What a loader or drainer of a stream prints in each pass over the PEs.
enum class PEPass {
  Normal, FromStream, ToStream, Chain,
  Receive, Send, // vectorized space loop: one vector for the PEs along it
};

class KernelPrinter {
  llvm::Function &F;
  const SpaceTimeSchedule &Sch;
  const URESystem &S;
  llvm::DominatorTree &DT;
  llvm::raw_ostream &OS;
  const std::string &Design;
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
  // Pointer parameters: element type, and whether the kernel writes them.
  llvm::DenseMap<const llvm::Argument *, llvm::Type *> ElementOf;
  llvm::DenseMap<const llvm::Argument *, bool> Written;
  llvm::DenseMap<const llvm::LoadInst *, std::pair<unsigned, int64_t>> UREReadOf;
  llvm::SmallPtrSet<const llvm::Argument *, 4> Used; // parameters printed
  std::string Failure; // why printing stopped, if it did
  SourceLoc FailureLoc; // where, if the instruction being printed has a place
  const llvm::Instruction *Printing = nullptr; // innermost being printed

public:
  KernelPrinter(llvm::Function &F, const SpaceTimeSchedule &Sch,
                llvm::DominatorTree &DT, llvm::raw_ostream &OS,
                const std::string &Design, llvm::ArrayRef<PEChannel> Channels,
                KernelRole Role, std::string Buffer, bool Macros, CTypes &Types)
      : F(F), Sch(Sch), S(Sch.System), DT(DT), OS(OS), Design(Design),
        Channels(Channels), Role(Role), Buffer(std::move(Buffer)), Macros(Macros),
        Types(Types) {
    if (Sch.Vector && !Sch.Vector->Space && Role != KernelRole::Plain)
      Vec = &*Sch.Vector;
    if (Sch.Vector && Sch.Vector->Space)
      SVec = &*Sch.Vector;
  }

  /// Where printing failed: the offending source position, if known.
  const SourceLoc &failureLoc() const { return FailureLoc; }

  /// Prints the kernel and describes it in Info; on failure prints nothing
  /// and returns the reason.
  std::optional<std::string> print(KernelInfo &Info) {
    for (const ScheduledRead &SR : Sch.Reads) {
      const URERead &R = S.Statements[SR.Statement].Reads[SR.Read];
      for (llvm::LoadInst *Ld : R.Loads)
        UREReadOf[Ld] = {SR.Statement, SR.Read};
    }
    findBufferTypes();
    std::string Body;
    llvm::raw_string_ostream B(Body);
    printBody(B);
    if (!Failure.empty())
      return Failure;
    Info.Name = kernelName();
    for (const llvm::Argument &A : F.args())
      if (Used.contains(&A)) {
        Info.Args.push_back(&A);
        Info.Params.push_back(parameter(&A, /*Macros=*/true));
      }
    // A kernel without arguments runs by itself, forever (Intel's autorun):
    // the systolic array between its loaders and drainers.
    Info.Autorun = Role == KernelRole::Systolic && Info.Args.empty();
    printSignature(Info);
    OS << " {\n";
    if (Info.Autorun) {
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

  /// The C parameter declaration of A, as this kernel's signature prints it.
  std::string parameter(const llvm::Argument *A, bool Macros) {
    if (A->getType()->isIntegerTy(1)) // OpenCL kernels take no bool
      return "char " + argName(A);
    if (!A->getType()->isPointerTy())
      return Types.name(A->getType()) + " " + argName(A);
    llvm::Type *T = ElementOf.lookup(A);
    std::string Ty = T ? Types.name(T) : "char";
    std::string Const = Written.lookup(A) ? "" : "const ";
    if (Macros)
      return "T2S_GLOBAL " + Const + Ty + " *T2S_RESTRICT " + argName(A);
    return "__global " + Const + Ty + " *restrict " + argName(A);
  }

  std::string argName(const llvm::Argument *A) const { return parameterName(A); }

  llvm::Type *elementOf(const llvm::Argument *A) const { return ElementOf.lookup(A); }

  bool writes(const llvm::Argument *A) const { return Written.lookup(A); }

private:
  const URELoop &loop(unsigned L) const { return S.Loops[L]; }

  void fail(const llvm::Twine &Why) {
    if (!Failure.empty())
      return;
    Failure = Why.str();
    if (Printing)
      FailureLoc = sourceLocOf(Printing);
  }

  // Element types of the buffers and which the design writes (Buffers.h).
  void findBufferTypes() {
    for (const DesignBuffer &Buf : findBuffers(S, F.getParent()->getDataLayout())) {
      ElementOf[Buf.Arg] = Buf.Element;
      Written[Buf.Arg] = Buf.Written;
    }
  }

  // Kernels that talk through channels are written with the macros of
  // t2s/channels.h; a design without channels in plain OpenCL C.
  void printSignature(const KernelInfo &Info) {
    if (Info.Autorun)
      OS << "T2S_AUTORUN_KERNEL\n";
    else if (Macros)
      OS << "T2S_KERNEL\n";
    else
      OS << "__kernel __attribute__((max_global_work_dim(0)))\n";
    OS << "void " << Info.Name << "(";
    for (const llvm::Argument *A : Info.Args)
      OS << (A == Info.Args.front() ? "" : ", ") << parameter(A, Macros);
    OS << (Info.Args.empty() ? "void)" : ")");
  }

  std::string kernelName() const {
    switch (Role) {
    case KernelRole::Systolic:
    case KernelRole::Plain: return Design;
    case KernelRole::Loader: return Design + "_load_" + Buffer;
    case KernelRole::Drainer: return Design + "_drain_" + Buffer;
    }
    return Design;
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
      B << "  " << Types.name(S.Arrays[P.Array].ElementType) << " "
        << registerName(P.Array) << "[" << words(P) << "]";
      for (unsigned L : Sch.PELoops)
        B << "[" << loop(L).extent() << "]";
      if (Vec)
        B << "[" << Vec->Lanes + Vec->LanePad[P.Array] << "]";
      B << ";\n";
    }
    std::string Indent = "  ";
    if (Role == KernelRole::Plain) {
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
      B << Indent << Types.name(Vec ? Stream->Scalar : Stream->Element) << " "
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
          B << Indent << Types.name(C.PEVector ? C.Scalar : C.Element) << " " << C.PETemp;
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
    return Types.vectorLiteral(C.Element, elementsOf(Name, numLanes(C)));
  }
  // "a[0] = x.s0; a[1] = x.s1; ...": a vector channel's value into array Name.
  std::string unpackLanes(const PEChannel &C, const std::string &Vector,
                          const std::string &Name) {
    return assignLanes(Types, C.Element, Vector, elementsOf(Name, numLanes(C)));
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
    switch (Pass == PEPass::Chain || Moves ? KernelRole::Plain : Role) {
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
    case KernelRole::Plain:
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
    const llvm::Instruction *Outer = Printing;
    Printing = St.Store;
    printStatementText(B, Indent, St);
    Printing = Outer;
  }

  void printStatementText(llvm::raw_ostream &B, const std::string &Indent,
                          const UREStatement &St) {
    std::string Value = expr(storedValue(St.Store));
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
      B << address(St.Store->getPointerOperand()) << " = " << Value << ";\n";
  }

  // "if (guards) " of an extended statement, or "".
  std::string guardText(const UREStatement &St) {
    if (llvm::any_of(St.Guards, [](const Guard &G) { return !G.Exact; }))
      return readCondition(St.Store);
    std::string Cond;
    for (const Guard &G : St.Guards)
      Cond += std::string(Cond.empty() ? "" : " && ") + (G.WhenTrue ? "" : "!") +
              expr(G.Condition);
    return Cond.empty() ? "" : "if (" + unwrap(Cond) + ") ";
  }

  const PEChannel *channelOf(const llvm::Instruction *I) const {
    if (Role != KernelRole::Systolic && Role != KernelRole::Plain)
      return nullptr;
    for (const PEChannel &C : Channels)
      if (C.Access == I || llvm::is_contained(C.SameReads, I))
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
    llvm::Loop *Inner = S.innermost();
    llvm::BasicBlock *Entry = Inner->getHeader();
    if (auto *Br = llvm::dyn_cast<llvm::BranchInst>(Entry->getTerminator()))
      for (llvm::BasicBlock *Succ : Br->successors())
        if (Inner->contains(Succ) && Succ != Entry && Br->isConditional())
          Entry = Succ;
    llvm::DenseMap<llvm::BasicBlock *, std::string> Memo;
    std::optional<std::string> Cond =
        reachCondition(const_cast<llvm::BasicBlock *>(I->getParent()), Entry, Memo);
    if (!Cond) {
      fail("a read under a condition that cannot be printed");
      return "";
    }
    return Cond->empty() ? "" : "if (" + unwrap(*Cond) + ") ";
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
        B << Indent << Types.name(C.Scalar) << " " << C.Temp << "[" << Vec->Lanes << "];\n"
          << Indent << Cond << "{ " << Types.name(C.Element) << " " << C.Temp << "_vec = "
          << Source << "; " << unpackLanes(C, C.Temp + "_vec", C.Temp) << " }\n";
      } else if (lanesOf(C) == LaneAccess::Pinned) {
        B << Indent << Types.name(C.Element) << " " << C.Temp << " = 0;\n"
          << Indent << "{ " << pinLane(C) << Cond << C.Temp << " = " << Source
          << "; }\n";
      }
    }
    for (const PEChannel &C : Channels)
      if (C.Output && lanesOf(C) == LaneAccess::Vector)
        B << Indent << Types.name(C.Scalar) << " " << C.LaneTemp << "["
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
    B << Indent << Types.name(C.PEVector ? C.Scalar : C.Element) << " " << C.Temp
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
        << Types.vectorLiteral(C.Element, Lanes) << ");\n";
      return;
    }
    B << Indent << Cond << "{\n"
      << Indent << "  " << Types.name(C.Element) << " " << V << " = T2S_READ("
      << channelRef(C) << ");\n"
      << Indent << "  " << assignLanes(Types, C.Element, V, Lanes) << "\n"
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
    std::string Ty = Types.name(C.Element), Sc = Types.name(C.Scalar);
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
    std::string Ty = Types.name(C.Element);
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
        << In << Types.name(C.Scalar) << " " << Lanes << "[" << L.extent() << "];\n"
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
        << In << Types.name(C.Scalar) << " " << Lanes << "[" << Vec->Lanes << "];\n";
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
            << Indent << "  " << Types.name(C.Element) << " " << V << " = T2S_READ("
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
          << In << Types.name(C.Element) << " " << Lanes << "_vec = T2S_READ("
          << channelRef(C) << ");\n"
          << In << Types.name(C.Scalar) << " " << Lanes << "[" << L.extent() << "];\n"
          << In << unpackLanes(C, Lanes + "_vec", Lanes) << "\n"
          << In << "#pragma unroll\n"
          << In << "for (int " << L.Name << " = " << L.Lower << "; " << L.Name << " < "
          << L.Upper << "; " << L.Name << "++)\n"
          << In << "  " << address(St.Store->getPointerOperand()) << " = " << Lanes
          << "[" << peIndex(L, 0) << "];\n"
          << Indent << "}\n";
        continue;
      }
      std::string Target = Vec ? address(St.Store->getPointerOperand()) : "";
      if (Vec && C.Lanes.Kind == LaneAccess::Vector) {
        std::string Lanes = C.LaneTemp, In = Indent + "  ";
        B << Indent << guardText(St) << "{\n"
          << In << Types.name(C.Element) << " " << Lanes << "_vec = T2S_READ("
          << channelRef(C) << ");\n"
          << In << Types.name(C.Scalar) << " " << Lanes << "[" << Vec->Lanes << "];\n"
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
        B << address(St.Store->getPointerOperand()) << " = T2S_READ("
          << channelRef(C) << ");\n";
      else if (Pass == PEPass::ToStream)
        B << "T2S_WRITE(" << C.Stream << ", " << bufferRef(C) << ");\n";
      else
        B << bufferRef(C) << " = T2S_READ(" << channelRef(C) << ");\n";
    }
  }

  // Text without one pair of parentheses around all of it.
  static std::string unwrap(const std::string &Text) {
    if (Text.size() < 2 || Text.front() != '(' || Text.back() != ')')
      return Text;
    int Depth = 0;
    for (size_t I = 0; I + 1 < Text.size(); ++I) {
      Depth += Text[I] == '(' ? 1 : Text[I] == ')' ? -1 : 0;
      if (Depth == 0)
        return Text; // the first '(' closes before the end
    }
    return Text.substr(1, Text.size() - 2);
  }

  // 'name[flattened index]' of a buffer element.
  std::string address(llvm::Value *Ptr) {
    llvm::SmallVector<llvm::GEPOperator *, 4> Chain;
    llvm::Value *P = Ptr;
    while (auto *G = llvm::dyn_cast<llvm::GEPOperator>(P)) {
      Chain.push_back(G);
      P = G->getPointerOperand();
    }
    auto *A = llvm::dyn_cast<llvm::Argument>(P);
    if (!A) {
      std::string Name = getSourceName(P);
      fail(Name.empty() ? std::string("an access that is not to a parameter's buffer")
                        : "the array '" + Name + "', which is not a parameter "
                          "(a kernel reaches memory only through its "
                          "parameters: pass the array as one)");
      return "?";
    }
    Used.insert(A);
    const llvm::DataLayout &DL = F.getParent()->getDataLayout();
    llvm::Type *Elem = ElementOf.lookup(A);
    uint64_t ElemSize = Elem ? DL.getTypeAllocSize(Elem) : 1;
    std::string Index;
    for (llvm::GEPOperator *G : llvm::reverse(Chain)) {
      llvm::Type *T = G->getSourceElementType();
      bool FirstIndex = true;
      for (llvm::Use &U : G->indices()) {
        uint64_t Scale = DL.getTypeAllocSize(T) / ElemSize;
        if (!FirstIndex)
          T = T->isArrayTy() ? T->getArrayElementType() : T;
        if (!FirstIndex)
          Scale = DL.getTypeAllocSize(T) / ElemSize;
        FirstIndex = false;
        if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(U.get()); C && C->isZero())
          continue;
        std::string Term = expr(U.get());
        if (Scale != 1)
          Term = Term + " * " + std::to_string(Scale);
        Index += (Index.empty() ? "" : " + ") + Term;
      }
    }
    return argName(A) + "[" + (Index.empty() ? "0" : Index) + "]";
  }

  std::string constant(const llvm::Constant *C) {
    if (auto *VT = llvm::dyn_cast<llvm::FixedVectorType>(C->getType())) {
      if (Types.name(VT).empty()) {
        fail("a vector type without a C name");
        return "?";
      }
      llvm::SmallVector<std::string, 16> Lanes;
      for (unsigned L = 0; L < VT->getNumElements(); ++L) {
        const llvm::Constant *E = C->getAggregateElement(L);
        Lanes.push_back(!E || llvm::isa<llvm::UndefValue>(E)
                            ? constant(llvm::Constant::getNullValue(VT->getElementType()))
                            : constant(E));
      }
      return Types.vectorLiteral(VT, Lanes);
    }
    if (auto *I = llvm::dyn_cast<llvm::ConstantInt>(C))
      return I->getType()->isIntegerTy(1) ? (I->isOne() ? "true" : "false")
                                           : std::to_string(I->getSExtValue());
    if (auto *FP = llvm::dyn_cast<llvm::ConstantFP>(C)) {
      if (FP->getType()->isHalfTy()) { // exact as a float
        llvm::APFloat F = FP->getValueAPF();
        bool Lost;
        F.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &Lost);
        return "((" + Types.name(FP->getType()) + ")" +
               constant(llvm::ConstantFP::get(FP->getContext(), F)) + ")";
      }
      if (!FP->getType()->isFloatTy() && !FP->getType()->isDoubleTy()) {
        fail("a floating-point constant of a type without a C name");
        return "?";
      }
      bool Single = FP->getType()->isFloatTy();
      double V = Single ? FP->getValueAPF().convertToFloat()
                        : FP->getValueAPF().convertToDouble();
      if (std::isinf(V))
        return V > 0 ? "INFINITY" : "(-INFINITY)";
      if (std::isnan(V))
        return "NAN";
      // The shortest decimal that reads back as the same value.
      std::string Text;
      for (int Digits = 1; Digits <= 17; ++Digits) {
        Text = llvm::formatv("{0}", llvm::format("%.*g", Digits, V)).str();
        if (Single ? std::strtof(Text.c_str(), nullptr) == float(V)
                   : std::strtod(Text.c_str(), nullptr) == V)
          break;
      }
      if (Text.find_first_of(".e") == std::string::npos)
        Text += ".0";
      return Single ? Text + "f" : Text;
    }
    fail("a constant expression");
    return "?";
  }

  // The text of V; a failure inside is located at the innermost instruction.
  std::string expr(llvm::Value *V) {
    const llvm::Instruction *Outer = Printing;
    if (auto *I = llvm::dyn_cast<llvm::Instruction>(V); I && I->getDebugLoc())
      Printing = I;
    std::string Text = exprText(V);
    Printing = Outer;
    return Text;
  }

  std::string exprText(llvm::Value *V) {
    if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
      return constant(C);
    if (auto *A = llvm::dyn_cast<llvm::Argument>(V)) {
      Used.insert(A);
      return argName(A);
    }
    for (const URELoop &L : S.Loops)
      if (V == L.IV)
        return L.Name;
    auto *I = llvm::dyn_cast<llvm::Instruction>(V);
    if (!I) {
      fail("a value of an unknown kind");
      return "?";
    }
    if (auto *Ld = llvm::dyn_cast<llvm::LoadInst>(I))
      return load(Ld);
    if (auto *BO = llvm::dyn_cast<llvm::BinaryOperator>(I))
      return binary(BO);
    if (I->getOpcode() == llvm::Instruction::FNeg && !Types.isStructVector(I->getType()))
      return "(-" + expr(I->getOperand(0)) + ")";
    if (auto *Cmp = llvm::dyn_cast<llvm::CmpInst>(I))
      return compare(Cmp);
    if (llvm::isa<llvm::CastInst>(I) && I->getType()->isVectorTy()) {
      fail(llvm::isa<llvm::CmpInst>(I->getOperand(0)) ? "a comparison of vectors"
                                                      : "a conversion of vectors");
      return "?";
    }
    if (auto *EE = llvm::dyn_cast<llvm::ExtractElementInst>(I)) {
      auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(EE->getIndexOperand());
      if (!Idx) {
        fail("a vector lane chosen at run time");
        return "?";
      }
      return Types.lane(EE->getVectorOperandType(), expr(EE->getVectorOperand()),
                  Idx->getZExtValue());
    }
    if (auto *IE = llvm::dyn_cast<llvm::InsertElementInst>(I))
      return insertChain(IE);
    if (auto *SV = llvm::dyn_cast<llvm::ShuffleVectorInst>(I))
      return shuffle(SV);
    if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(I)) {
      std::string T = Types.name(Cast->getType());
      if (T.empty()) {
        fail("a cast to a type without a C name");
        return "?";
      }
      std::string Op = expr(Cast->getOperand(0));
      llvm::Type *From = Cast->getOperand(0)->getType();
      auto Opcode = Cast->getOpcode();
      // A bool is 0 or 1 in C: it zero-extends as it is ("ubool" is no
      // type), sign-extends to 0 or -1, and truncation keeps the low bit.
      if (From->isIntOrIntVectorTy(1)) {
        if (Opcode == llvm::Instruction::SExt || Opcode == llvm::Instruction::SIToFP)
          return "(-(" + T + ")" + Op + ")";
        return "((" + T + ")" + Op + ")";
      }
      if (Cast->getType()->isIntOrIntVectorTy(1) && Opcode == llvm::Instruction::Trunc)
        return "((" + T + ")(" + Op + " & 1))";
      if (Opcode == llvm::Instruction::ZExt || Opcode == llvm::Instruction::UIToFP)
        Op = "(u" + Types.name(From) + ")" + Op;
      return "((" + T + ")" + Op + ")";
    }
    if (auto *Sel = llvm::dyn_cast<llvm::SelectInst>(I))
      return "(" + expr(Sel->getCondition()) + " ? " + expr(Sel->getTrueValue()) +
             " : " + expr(Sel->getFalseValue()) + ")";
    if (auto *Phi = llvm::dyn_cast<llvm::PHINode>(I))
      return conditional(Phi);
    if (auto *Call = llvm::dyn_cast<llvm::CallInst>(I))
      return call(Call);
    fail(llvm::Twine("the instruction '") + I->getOpcodeName() + "'");
    return "?";
  }

  std::string load(llvm::LoadInst *Ld) {
    if (const PEChannel *C = channelOf(Ld))
      return Vec && C->Lanes.Kind == LaneAccess::Vector
                 ? C->Temp + "[" + laneIndex(0, 0) + "]"
                 : C->Temp;
    auto It = UREReadOf.find(Ld);
    if (It == UREReadOf.end())
      return address(Ld->getPointerOperand());
    auto [SI, RI] = It->second;
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

  // An operator on a struct vector: a helper function, defined once.
  std::string structOperator(llvm::Type *VT, llvm::StringRef Op,
                             const std::string &A, const std::string &B) {
    static const std::map<std::string, std::string> Names = {
        {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "div"}, {"%", "rem"},
        {"<<", "shl"}, {">>", "shr"}, {"&", "and"}, {"|", "or"}, {"^", "xor"}};
    std::string T = Types.name(VT), Fn = T + "_" + Names.at(Op.str());
    unsigned N = llvm::cast<llvm::FixedVectorType>(VT)->getNumElements();
    Types.define(Fn, "static inline " + T + " " + Fn + "(" + T + " a, " + T + " b) {\n  " +
                         T + " r;\n  for (int l = 0; l < " + std::to_string(N) +
                         "; l++)\n    r.data[l] = a.data[l] " + Op.str() +
                         " b.data[l];\n  return r;\n}\n");
    return Fn + "(" + A + ", " + B + ")";
  }

  // A vector built lane by lane: each lane from the last insert that sets
  // it, the others from the vector the chain starts from.
  std::string insertChain(llvm::InsertElementInst *IE) {
    auto *VT = llvm::cast<llvm::FixedVectorType>(IE->getType());
    unsigned N = VT->getNumElements();
    llvm::SmallVector<std::string, 16> Lanes(N);
    llvm::Value *V = IE;
    while (auto *Ins = llvm::dyn_cast<llvm::InsertElementInst>(V)) {
      auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(Ins->getOperand(2));
      if (!Idx) {
        fail("a vector lane chosen at run time");
        return "?";
      }
      if (Lanes[Idx->getZExtValue()].empty())
        Lanes[Idx->getZExtValue()] = expr(Ins->getOperand(1));
      V = Ins->getOperand(0);
    }
    std::string Base = llvm::isa<llvm::UndefValue>(V) ? "" : expr(V);
    for (unsigned L = 0; L < N; ++L)
      if (Lanes[L].empty())
        Lanes[L] = Base.empty() ? constant(llvm::Constant::getNullValue(VT->getElementType()))
                                : Types.lane(VT, Base, L);
    return Types.vectorLiteral(VT, Lanes);
  }

  std::string shuffle(llvm::ShuffleVectorInst *SV) {
    auto *In = llvm::cast<llvm::FixedVectorType>(SV->getOperand(0)->getType());
    unsigned N = In->getNumElements();
    llvm::SmallVector<std::string, 16> Lanes;
    for (int M : SV->getShuffleMask())
      Lanes.push_back(M < 0 ? constant(llvm::Constant::getNullValue(In->getElementType()))
                            : unsigned(M) < N ? laneOf(SV->getOperand(0), M)
                                              : laneOf(SV->getOperand(1), M - N));
    return Types.vectorLiteral(SV->getType(), Lanes);
  }

  // Lane L of vector V: the scalar a chain of inserts put there (a splat
  // reads as '(float4){x, x, x, x}'), else the lane of V's text.
  std::string laneOf(llvm::Value *V, unsigned L) {
    while (auto *Ins = llvm::dyn_cast<llvm::InsertElementInst>(V)) {
      auto *Idx = llvm::dyn_cast<llvm::ConstantInt>(Ins->getOperand(2));
      if (!Idx)
        break;
      if (Idx->getZExtValue() == L)
        return expr(Ins->getOperand(1));
      V = Ins->getOperand(0);
    }
    if (auto *C = llvm::dyn_cast<llvm::Constant>(V))
      if (const llvm::Constant *E = C->getAggregateElement(L))
        return llvm::isa<llvm::UndefValue>(E)
                   ? constant(llvm::Constant::getNullValue(E->getType()))
                   : constant(E);
    return Types.lane(V->getType(), expr(V), L);
  }

  std::string binary(llvm::BinaryOperator *BO) {
    const char *Op = nullptr;
    bool Unsigned = false;
    switch (BO->getOpcode()) {
    case llvm::Instruction::Add: case llvm::Instruction::FAdd: Op = "+"; break;
    case llvm::Instruction::Sub: case llvm::Instruction::FSub: Op = "-"; break;
    case llvm::Instruction::Mul: case llvm::Instruction::FMul: Op = "*"; break;
    case llvm::Instruction::SDiv: case llvm::Instruction::FDiv: Op = "/"; break;
    case llvm::Instruction::UDiv: Op = "/"; Unsigned = true; break;
    case llvm::Instruction::SRem: case llvm::Instruction::FRem: Op = "%"; break;
    case llvm::Instruction::URem: Op = "%"; Unsigned = true; break;
    case llvm::Instruction::Shl: Op = "<<"; break;
    case llvm::Instruction::AShr: Op = ">>"; break;
    case llvm::Instruction::LShr: Op = ">>"; Unsigned = true; break;
    case llvm::Instruction::And: Op = "&"; break;
    case llvm::Instruction::Or: Op = "|"; break;
    case llvm::Instruction::Xor: Op = "^"; break;
    default: break;
    }
    if (!Op) {
      fail(llvm::Twine("the operator '") + BO->getOpcodeName() + "'");
      return "?";
    }
    std::string A = expr(BO->getOperand(0)), B = expr(BO->getOperand(1));
    if (BO->getType()->isVectorTy()) {
      if (Unsigned) {
        fail("an unsigned operation on vectors");
        return "?";
      }
      if (Types.isStructVector(BO->getType()))
        return structOperator(BO->getType(), Op, A, B);
      return "(" + A + " " + Op + " " + B + ")";
    }
    if (Unsigned) {
      std::string U = "(u" + Types.name(BO->getType()) + ")";
      return "((" + Types.name(BO->getType()) + ")(" + U + A + " " + Op + " " + U + B + "))";
    }
    return "(" + A + " " + Op + " " + B + ")";
  }

  std::string compare(llvm::CmpInst *Cmp) {
    if (Cmp->getType()->isVectorTy()) {
      fail("a comparison of vectors");
      return "?";
    }
    using P = llvm::CmpInst::Predicate;
    const char *Op = nullptr;
    bool Unsigned = false;
    switch (Cmp->getPredicate()) {
    case P::ICMP_EQ: case P::FCMP_OEQ: case P::FCMP_UEQ: Op = "=="; break;
    case P::ICMP_NE: case P::FCMP_ONE: case P::FCMP_UNE: Op = "!="; break;
    case P::ICMP_SLT: case P::FCMP_OLT: case P::FCMP_ULT: Op = "<"; break;
    case P::ICMP_SLE: case P::FCMP_OLE: case P::FCMP_ULE: Op = "<="; break;
    case P::ICMP_SGT: case P::FCMP_OGT: case P::FCMP_UGT: Op = ">"; break;
    case P::ICMP_SGE: case P::FCMP_OGE: case P::FCMP_UGE: Op = ">="; break;
    case P::ICMP_ULT: Op = "<"; Unsigned = true; break;
    case P::ICMP_ULE: Op = "<="; Unsigned = true; break;
    case P::ICMP_UGT: Op = ">"; Unsigned = true; break;
    case P::ICMP_UGE: Op = ">="; Unsigned = true; break;
    default: break;
    }
    if (!Op) {
      fail("a comparison without a C operator");
      return "?";
    }
    std::string A = expr(Cmp->getOperand(0)), B = expr(Cmp->getOperand(1));
    if (Unsigned) {
      std::string U = "(u" + Types.name(Cmp->getOperand(0)->getType()) + ")";
      A = U + A;
      B = U + B;
    }
    return "(" + A + " " + Op + " " + B + ")";
  }

  // A merge of two branches is the C conditional it came from. The condition
  // under which the first value arrives is rebuilt from the branches between
  // the block that decides (the merge's immediate dominator) and the merge,
  // which also covers conditions with '||' and '&&'.
  std::string conditional(llvm::PHINode *Phi) {
    llvm::DomTreeNode *Node = DT.getNode(Phi->getParent());
    llvm::BasicBlock *Decider =
        Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    if (!Decider || Phi->getNumIncomingValues() != 2) {
      fail("a merge of more than two branches");
      return "?";
    }
    llvm::DenseMap<llvm::BasicBlock *, std::string> Memo;
    std::optional<std::string> Cond = edgeCondition(
        Phi->getIncomingBlock(0), Phi->getParent(), Decider, Memo);
    if (!Cond || Cond->empty()) {
      fail("a merge whose branches cannot be told apart");
      return "?";
    }
    llvm::Value *First = Phi->getIncomingValue(0), *Second = Phi->getIncomingValue(1);
    // 'a || b' and 'a && b' as clang emits them.
    if (auto *C = llvm::dyn_cast<llvm::ConstantInt>(First); C && Phi->getType()->isIntegerTy(1))
      return C->isOne() ? "(" + *Cond + " || " + expr(Second) + ")"
                        : "(!" + *Cond + " && " + expr(Second) + ")";
    return "(" + *Cond + " ? " + expr(First) + " : " + expr(Second) + ")";
  }

  // The condition for the edge From -> To to be taken once control is in
  // Decider ("" is true), or std::nullopt if it cannot be told.
  std::optional<std::string>
  edgeCondition(llvm::BasicBlock *From, llvm::BasicBlock *To,
                llvm::BasicBlock *Decider,
                llvm::DenseMap<llvm::BasicBlock *, std::string> &Memo) {
    std::optional<std::string> Reach = reachCondition(From, Decider, Memo);
    if (!Reach)
      return std::nullopt;
    auto *Br = llvm::dyn_cast<llvm::BranchInst>(From->getTerminator());
    if (!Br)
      return std::nullopt;
    std::string Edge;
    if (Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
      Edge = (Br->getSuccessor(0) == To ? "" : "!") + expr(Br->getCondition());
    if (Reach->empty())
      return Edge;
    if (Edge.empty())
      return Reach;
    return "(" + *Reach + " && " + Edge + ")";
  }

  std::optional<std::string>
  reachCondition(llvm::BasicBlock *BB, llvm::BasicBlock *Decider,
                 llvm::DenseMap<llvm::BasicBlock *, std::string> &Memo) {
    if (BB == Decider)
      return std::string();
    if (auto It = Memo.find(BB); It != Memo.end())
      return It->second;
    if (!DT.dominates(Decider, BB))
      return std::nullopt;
    // A block that no branch decides besides those whose edges dominate it
    // (it follows the join of 'a && b ? x : y', say) runs when its immediate
    // dominator runs and takes that edge: the paths of the join would only
    // spell a longer 'true', with loop variables in it.
    if (llvm::DomTreeNode *Node = DT.getNode(BB);
        Node && Node->getIDom() && S.innermost()->contains(BB) &&
        joinedGuards(S, DT, BB).empty()) {
      llvm::BasicBlock *P = Node->getIDom()->getBlock();
      auto *Br = llvm::dyn_cast<llvm::BranchInst>(P->getTerminator());
      if (Br && Br->isConditional() && Br->getSuccessor(0) != Br->getSuccessor(1))
        for (llvm::BasicBlock *Succ : Br->successors())
          if (DT.dominates(llvm::BasicBlockEdge(P, Succ), BB)) {
            std::optional<std::string> T = edgeCondition(P, Succ, Decider, Memo);
            if (T)
              Memo[BB] = *T;
            return T;
          }
      std::optional<std::string> T = reachCondition(P, Decider, Memo);
      if (T)
        Memo[BB] = *T;
      return T;
    }
    llvm::SmallVector<std::string, 2> Terms;
    for (llvm::BasicBlock *Pred : llvm::predecessors(BB)) {
      std::optional<std::string> T = edgeCondition(Pred, BB, Decider, Memo);
      if (!T)
        return std::nullopt;
      if (T->empty())
        return Memo[BB] = "";
      Terms.push_back(*T);
    }
    // Both ways out of one branch meet again: 'c || !c' is no condition.
    if (Terms.size() == 2 &&
        (Terms[0] == "!" + Terms[1] || Terms[1] == "!" + Terms[0]))
      return Memo[BB] = "";
    // 'A || (!A && B)' (a short-circuit '||') reads better as 'A || B'.
    if (Terms.size() == 2)
      for (unsigned First = 0; First < 2; ++First) {
        const std::string &A = Terms[First], &Other = Terms[1 - First];
        std::string Negated = "(!" + A + " && ";
        if (llvm::StringRef(Other).starts_with(Negated) && Other.back() == ')')
          return Memo[BB] = "(" + A + " || " +
                            Other.substr(Negated.size(),
                                         Other.size() - Negated.size() - 1) +
                            ")";
      }
    std::string Or;
    for (const std::string &T : Terms)
      Or = Or.empty() ? T : "(" + Or + " || " + T + ")";
    return Memo[BB] = Or;
  }

  // Library math, by its OpenCL name (overloaded, without the 'f').
  std::string call(llvm::CallInst *Call) {
    llvm::Function *Callee = Call->getCalledFunction();
    if (!Callee) {
      fail("an indirect call");
      return "?";
    }
    auto args = [&] {
      std::string Args;
      for (llvm::Value *A : Call->args())
        Args += (Args.empty() ? "" : ", ") + expr(A);
      return Args;
    };
    switch (Callee->getIntrinsicID()) {
    case llvm::Intrinsic::fmuladd: // contraction allowed, as in OpenCL C
      if (Call->getType()->isVectorTy() && Types.isStructVector(Call->getType()))
        return structOperator(Call->getType(), "+",
                              structOperator(Call->getType(), "*",
                                             expr(Call->getArgOperand(0)),
                                             expr(Call->getArgOperand(1))),
                              expr(Call->getArgOperand(2)));
      return "(" + expr(Call->getArgOperand(0)) + " * " +
             expr(Call->getArgOperand(1)) + " + " + expr(Call->getArgOperand(2)) + ")";
    case llvm::Intrinsic::fma: return "fma(" + args() + ")";
    case llvm::Intrinsic::fabs: return "fabs(" + args() + ")";
    case llvm::Intrinsic::sqrt: return "sqrt(" + args() + ")";
    case llvm::Intrinsic::minnum: return "fmin(" + args() + ")";
    case llvm::Intrinsic::maxnum: return "fmax(" + args() + ")";
    case llvm::Intrinsic::smin: return "min(" + args() + ")";
    case llvm::Intrinsic::smax: return "max(" + args() + ")";
    default: break;
    }
    std::string Name = llvm::demangle(Callee->getName());
    Name = Name.substr(0, Name.find('('));
    if (llvm::StringRef(Name).starts_with("std::"))
      Name = Name.substr(5);
    static const char *Math[] = {"sqrt", "exp", "exp2", "log", "log2", "log10",
                                 "sin", "cos", "tan", "pow", "fabs", "fmin",
                                 "fmax", "floor", "ceil", "round", "trunc",
                                 "tanh", "atan", "atan2", "fmod"};
    std::string Base = Name;
    if (!Base.empty() && Base.back() == 'f' && !llvm::is_contained(Math, Base))
      Base.pop_back();
    if (!llvm::is_contained(Math, Base)) {
      fail("a call to '" + Name + "'");
      return "?";
    }
    return Base + "(" + args() + ")";
  }
};

// T2S_CHANNEL_ARRAY takes at most this many extents (t2s/array_dims.h).
constexpr size_t MaxChannelDims = 8;

// Where the emulation puts the kernels, their channels and the host stubs:
// compiled as C++, a kernel named like one of the program's functions with
// the same parameter types would otherwise be a second definition of it.
constexpr const char *KernelNamespace = "t2s_kernels";

} // namespace

namespace {

// A function's name without its parameters ("scale" of scale(int*)).
std::string functionName(const llvm::Function &F) {
  std::string D = llvm::demangle(F.getName().str());
  return D.substr(0, D.find('('));
}

} // namespace

std::string openCLTypeName(llvm::Type *T) {
  CTypes Types; // the name alone; no kernel needs its definitions
  return Types.name(T);
}

std::string designName(const llvm::Function &F, unsigned SystemIndex) {
  std::string D = functionName(F);
  // Overloads get a number each (in the module's order, the same in every
  // compilation of the file): their kernels, channels and stubs must not
  // share names.
  if (const llvm::Module *M = F.getParent()) {
    unsigned Same = 0, Mine = 0;
    for (const llvm::Function &G : *M)
      if (!G.isDeclaration() && functionName(G) == D) {
        ++Same;
        if (&G == &F)
          Mine = Same;
      }
    if (Same > 1)
      D += "_overload" + std::to_string(Mine);
  }
  if (SystemIndex)
    D += "_" + std::to_string(SystemIndex + 1);
  return identifier(D);
}

std::string hostStubName(const llvm::Function &F) {
  return "t2s_run_" + designName(F, 0);
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
struct HostStub {
  llvm::Function &F;
  std::string Design, Stub;
  llvm::SmallVector<KernelInfo, 4> Kernels;
  // The buffers of each kernel nest of the design (Buffers.h).
  llvm::ArrayRef<llvm::SmallVector<DesignBuffer, 4>> Nests;
  SourceLoc Loc; // the design's first nest
  bool ForDevice; // the stub runs on an OpenCL device (OpenCLOptions)
  CTypes &Types;

  llvm::Type *elementOf(const llvm::Argument *A) const {
    for (const auto &N : Nests)
      if (const DesignBuffer *B = findBuffer(N, A))
        return B->Element;
    return nullptr;
  }
  bool writes(const llvm::Argument *A) const {
    return llvm::any_of(Nests, [&](const auto &N) {
      const DesignBuffer *B = findBuffer(N, A);
      return B && B->Written;
    });
  }
  // The most elements any nest touches.
  std::optional<uint64_t> extent(const llvm::Argument *A) const {
    std::optional<uint64_t> Max;
    for (const auto &N : Nests)
      if (const DesignBuffer *B = findBuffer(N, A)) {
        if (!B->Extent)
          return std::nullopt;
        Max = std::max(Max.value_or(0), *B->Extent);
      }
    return Max;
  }

  // The kernels run concurrently on 'restrict' buffers: the emulation
  // refuses, at run time, buffers that overlap one that is written.
  void printDisjointCheck(llvm::raw_ostream &OS) const {
    llvm::SmallVector<const llvm::Argument *, 4> Buffers;
    for (const KernelInfo &K : Kernels)
      for (const llvm::Argument *A : K.Args)
        if (A->getType()->isPointerTy() && elementOf(A) &&
            !llvm::is_contained(Buffers, A))
          Buffers.push_back(A);
    if (Buffers.size() < 2 || llvm::none_of(Buffers, [&](const llvm::Argument *A) {
          return writes(A);
        }))
      return;
    std::string Where;
    for (char C : Loc.File + ":" + std::to_string(Loc.Line) + ":" +
                      std::to_string(Loc.Column))
      Where += C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
    std::string Name = llvm::demangle(F.getName().str());
    OS << "  t2s::emu::checkDisjoint(\"" << Where << "\", \""
       << Name.substr(0, Name.find('(')) << "\", {";
    for (const llvm::Argument *A : Buffers) {
      std::optional<uint64_t> N = extent(A);
      OS << (A == Buffers.front() ? "" : ", ") << "{\"" << parameterName(A)
         << "\", " << parameterName(A) << ", " << (N ? *N : 1) << " * sizeof("
         << Types.name(elementOf(A)) << "), " << (writes(A) ? "true" : "false") << "}";
    }
    OS << "});\n";
  }

  std::optional<std::string> print(llvm::raw_ostream &OS) {
    std::string Params, Args;
    for (const llvm::Argument &A : F.args()) {
      // A pointer no kernel uses is only passed along: 'const void *'.
      std::string T = A.getType()->isPointerTy()
                          ? (elementOf(&A) ? Types.name(elementOf(&A)) : "void")
                          : Types.name(A.getType());
      if (T.empty())
        return "the parameter '" + parameterName(&A) + "', whose type has no C name";
      bool Written = llvm::any_of(Kernels, [&](const KernelInfo &K) {
        return llvm::is_contained(K.Args, &A);
      }) && A.getType()->isPointerTy() && writes(&A);
      Params += (Params.empty() ? "" : ", ") +
                (A.getType()->isPointerTy()
                     ? (Written ? "" : "const ") + T + " *" + parameterName(&A)
                     : T + " " + parameterName(&A));
      Args += ", " + parameterName(&A);
    }
    OS << "\n// " << llvm::demangle(F.getName().str()) << ": its kernels, and "
       << Stub << ", which runs them.\n";
    // The kernels, compiled as C++, live in KernelNamespace (so that they
    // never collide with the program's functions); so does the stub, whose
    // C linkage keeps its name.
    OS << "#ifdef T2S_EMULATE\nnamespace " << KernelNamespace << " {\n";
    for (const KernelInfo &K : Kernels) {
      OS << (K.Autorun ? "T2S_AUTORUN_KERNEL" : "T2S_KERNEL") << " void " << K.Name << "(";
      for (const std::string &P : K.Params)
        OS << (&P == &K.Params.front() ? "" : ", ") << P;
      OS << (K.Params.empty() ? "void);\n" : ");\n");
    }
    OS << "extern \"C\" void " << Stub << "(" << Params << ") {\n";
    printDisjointCheck(OS);
    // One t2s::emu::run per stage: it returns when the stage's kernels end.
    for (const KernelInfo &K : Kernels) {
      bool First = &K == &Kernels.front() || (&K)[-1].Stage != K.Stage;
      OS << (First ? "  t2s::emu::run({" : ",\n                 ");
      if (K.Autorun) {
        OS << "T2S_RUN_AUTORUN(" << K.Name << ")";
      } else {
        std::string Args;
        for (const llvm::Argument *A : K.Args)
          Args += (Args.empty() ? "" : ", ") + parameterName(A);
        // A parameter named like the kernel hides it in the stub.
        if (llvm::any_of(F.args(), [&](const llvm::Argument &A) {
              return parameterName(&A) == K.Name;
            }))
          OS << "::t2s::emu::Kernel{\"" << K.Name << "\", [&] { " << KernelNamespace
             << "::" << K.Name << "(" << Args << "); }}";
        else
          OS << "T2S_RUN_KERNEL(" << K.Name << (Args.empty() ? "" : ", ") << Args << ")";
      }
      if (&K == &Kernels.back() || (&K)[1].Stage != K.Stage)
        OS << "});\n";
    }
    OS << "}\n} // namespace " << KernelNamespace << "\n#else\n";
    // A device buffer needs a size: the largest index the nests use.
    for (const KernelInfo &K : Kernels)
      for (const llvm::Argument *A : K.Args)
        if (A->getType()->isPointerTy() && !extent(A)) {
          if (ForDevice) // t2s-clang --opencl: an error in the user's file
            return "the buffer '" + parameterName(A) + "', whose size cannot "
                   "be told from its indices (they are not affine in the loop "
                   "variables; index it with loop variables to run the design "
                   "on an OpenCL device)";
          OS << "// No stub for OpenCL devices: the size of the buffer '"
             << parameterName(A)
             << "' cannot be told from its indices (not affine in the loop "
                "variables).\n#ifdef T2S_OPENCL_OFFLOAD\n#error \"" << Stub
             << ": the size of the buffer '" << parameterName(A)
             << "' cannot be told from its indices; index it with loop "
                "variables to run the design on an OpenCL device\"\n#endif\n#endif\n";
          return std::nullopt;
        }
    OS << "void " << Stub << "(t2s::host::Device &D, t2s::host::Program &P"
       << (Params.empty() ? "" : ", ") << Params << ") {\n";
    // In the order of first use: the stub must not depend on addresses.
    llvm::SmallSetVector<const llvm::Argument *, 4> Buffers;
    for (const KernelInfo &K : Kernels)
      for (const llvm::Argument *A : K.Args)
        if (A->getType()->isPointerTy() && Buffers.insert(A)) {
          std::optional<uint64_t> N = extent(A);
          std::string Name = parameterName(A);
          bool Writes = writes(A);
          OS << "  t2s::host::Buffer<" << Types.name(elementOf(A)) << "> "
             << Name << "_buffer(D, " << *N << ", /*DeviceWrites=*/"
             << (Writes ? "true" : "false") << ", /*DeviceReads=*/true);\n"
             << "  " << Name << "_buffer.write(" << Name << ");\n";
        }
    std::string Started;
    for (const KernelInfo &K : Kernels) {
      if (!K.Autorun) { // an autorun kernel starts when the program is loaded
        OS << "  t2s::host::Kernel " << K.Name << "_kernel(D, P, \"" << K.Name
           << "\");\n";
        if (!K.Args.empty()) {
          OS << "  " << K.Name << "_kernel.setArgs(";
          for (const llvm::Argument *A : K.Args)
            OS << (A == K.Args.front() ? "" : ", ") << parameterName(A)
               << (A->getType()->isPointerTy() ? "_buffer" : "");
          OS << ");\n";
        }
        Started += (Started.empty() ? "&" : ", &") + K.Name + "_kernel";
      }
      // One runAll per stage: it returns when the stage's kernels end.
      if ((&K == &Kernels.back() || (&K)[1].Stage != K.Stage) && !Started.empty()) {
        OS << "  t2s::host::runAll({" << Started << "});\n";
        Started.clear();
      }
    }
    for (const llvm::Argument *A : Buffers)
      if (writes(A))
        OS << "  " << parameterName(A) << "_buffer.read(" << parameterName(A)
           << ");\n";
    OS << "}\n";
    // With -DT2S_OPENCL_OFFLOAD (t2s-clang --opencl), the design's own
    // signature, running on the first OpenCL device with the program at
    // T2S_OPENCL_PROGRAM (the environment variable, else the macro).
    OS << "#ifdef T2S_OPENCL_OFFLOAD\n"
       << "extern \"C\" void " << Stub << "(" << Params << ") {\n"
       << "  try {\n"
       << "    static t2s::host::Device D;\n"
       << "    static t2s::host::Program P(D, t2s::host::programPath(T2S_OPENCL_PROGRAM), "
          "\"-cl-std=CL1.2\");\n"
       << "    " << Stub << "(D, P" << Args << ");\n"
       << "  } catch (const t2s::host::Error &E) {\n"
       << "    t2s::host::fatal(\"" << Stub << "\", E);\n"
       << "  }\n}\n#endif\n#endif\n";
    return std::nullopt;
  }
};

const char *HostPrelude =
    "// Generated by t2s-clang: host stubs for the OpenCL designs.\n"
    "// -DT2S_EMULATE: runs the kernels of the .cl file compiled as C++ on\n"
    "// threads (t2s/emulation.h); otherwise on an OpenCL device (t2s/host.h).\n"
    "#ifdef T2S_EMULATE\n#include \"t2s/emulation.h\"\n#else\n"
    "#include \"t2s/host.h\"\n#endif\n";

} // namespace

namespace {

// One function's kernels and host stubs.
struct FunctionOutput {
  std::string Kernels, Host;
};

// The kernels and host stubs of F's designs; nothing for a function without
// designs or with errors (reported already, or here).
std::optional<FunctionOutput> emitFunction(llvm::Function &F,
                                           llvm::FunctionAnalysisManager &FAM,
                                           const OpenCLOptions &Opts) {
  if (F.isDeclaration() || designsRejected(F, FAM))
    return std::nullopt;
  const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
  if (CR.Units.empty())
    return std::nullopt;
  llvm::DominatorTree &DT = FAM.getResult<llvm::DominatorTreeAnalysis>(F);
  CTypes Types;

  std::string Text, Host;
  llvm::raw_string_ostream OS(Text), HS(Host);
  auto failed = [&](const SourceLoc &Loc,
                    const std::string &Why) -> std::optional<FunctionOutput> {
    reportError(F, Loc,
                "cannot write this design as OpenCL: it uses " + Why +
                    "; the OpenCL back end prints arithmetic, comparisons, "
                    "conditionals, casts and library math over buffers "
                    "indexed by the loop variables [" +
                    ruleName(URERule::OpenCL) + "]");
    return std::nullopt;
  };
  std::string Function = designName(F, 0);
  auto streamName = [&](const StreamChannel &C) { return Function + "_" + C.Array; };

  // Per unit: its design name, its schedule (a plain nest gets one without
  // steps) and its channels.
  struct Unit {
    std::string Design;
    SpaceTimeSchedule Sch;
    llvm::SmallVector<PEChannel, 4> Channels;
  };
  std::vector<Unit> Units;
  unsigned Scheduled = 0;
  for (const KernelUnit &KU : CR.Units) {
    unsigned U = &KU - CR.Units.begin();
    Unit X;
    if (KU.Schedule) {
      X.Sch = *KU.Schedule;
      X.Design = KU.System->KernelName.empty() ? designName(F, Scheduled)
                                               : identifier(KU.System->KernelName);
      ++Scheduled;
      // An OpenCL device without channels (t2s-clang --opencl) runs each
      // design as one kernel that reads and writes its buffers itself.
      for (ChannelPlan &P : planChannels(X.Sch, DT, X.Design, Opts.isolates()))
        X.Channels.push_back(nameTemporaries(std::move(P)));
      if (Opts.ForDevice)
        for (const LocatedDirective &LD : KU.System->Directives)
          if (LD.D.Kind == DirectiveKind::Loader || LD.D.Kind == DirectiveKind::Drainer) {
            reportWarning(F, LD.Loc, WarningGroup::NoChannels,
                          "OpenCL devices without Intel's channel extension "
                          "(PoCL here) have no channels: on the device this "
                          "design runs as one kernel that reads and writes its "
                          "buffers itself, without its loader, drainer, scatter "
                          "and gather ('t2s-clang --emulate' runs them)");
            break;
          }
      // loader(a) or drainer(a) of an array that is a channel to another
      // kernel nest asks for what the channel has anyway: its loader
      // (drainer) below passes the values between that kernel and the PEs.
      llvm::erase_if(X.Channels, [&](const PEChannel &P) {
        return CR.channelOf(P.Access) != nullptr;
      });
    } else {
      X.Sch.System = *KU.System;
      X.Design = identifier(KU.System->KernelName);
    }
    for (URELoop &L : X.Sch.System.Loops) // printed as variables
      L.Name = kernelLocal(L.Name);
    for (const StreamChannel &C : CR.Channels) {
      if (C.Producer != U && C.Consumer != U)
        continue;
      if (Opts.ForDevice) {
        reportError(F, KU.System->Loc,
                    "this nest passes '" + C.Array + "' to another kernel nest "
                    "through a channel, and OpenCL devices without Intel's "
                    "channel extension (PoCL here) have no channels [" +
                        ruleName(URERule::OpenCL) + "]; run the kernels under 't2s-clang --emulate', or build the "
                    "FPGA image from 't2s-clang --emit-opencl' with Intel's aoc");
        return std::nullopt;
      }
      if (X.Sch.Vector && X.Sch.Vector->Space)
        return failed(X.Sch.Vector->Loc,
                      "vectorize(" + KU.System->Loops[X.Sch.Vector->Loop].Name +
                          ") of a space loop on an array that exchanges '" + C.Array +
                          "' with another kernel nest (not supported yet: "
                          "vectorize a time loop, or write '" + C.Array +
                          "' through memory)");
      PEChannel P;
      P.Buffer = C.Array;
      P.Output = C.Producer == U;
      P.Access = P.Output ? static_cast<llvm::Instruction *>(C.Write) : C.Read;
      P.Element = P.Output ? C.Write->getValueOperand()->getType() : C.Read->getType();
      if (!P.Output)
        P.SameReads.assign(C.Reads.begin() + 1, C.Reads.end());
      P.Temp = C.Array + "_in";
      if (!KU.Schedule) {
        P.Name = streamName(C);
      } else {
        P.Name = X.Design + "_" + C.Array + "_pe";
        P.Stream = streamName(C);
        llvm::SmallVector<Guard, 2> Guards;
        if (P.Output) {
          for (const UREStatement &St : KU.System->Statements)
            if (St.Store == C.Write)
              Guards = St.Guards;
        } else {
          Guards = dominatingGuards(*KU.System, DT, C.Read->getParent());
        }
        P.Dims = channelDims(X.Sch, Guards);
        // Lane matching: the kernel nest sends and receives single values;
        // the stream loader (drainer) concatenates them into the array's
        // vectors (slices the vectors into them).
        if (X.Sch.Vector) {
          planLanes(P, *KU.System, *X.Sch.Vector, Guards);
          P.LaneTemp = C.Array + "_lanes";
        }
      }
      X.Channels.push_back(std::move(P));
    }
    Units.push_back(std::move(X));
  }

  bool Macros = !CR.Channels.empty() ||
                llvm::any_of(Units, [](const Unit &X) { return !X.Channels.empty(); });
  OS << "\n// " << llvm::demangle(F.getName().str()) << ": "
     << (Units.size() == 1 ? "the design at " : "the kernels from ")
     << CR.Units.front().System->Loc.File << ":" << CR.Units.front().System->Loc.Line
     << "\n";
  if (Macros)
    OS << "#include \"t2s/channels.h\"\n";
  size_t DefsAt = Text.size(); // the vector helpers go here, once known
  OS << "#ifdef __cplusplus // emulation: away from the program's own names\n"
     << "namespace " << KernelNamespace << " {\n#endif\n";
  if (Macros)
    OS << "\n// Channels between the kernels.\n";
  for (const StreamChannel &C : CR.Channels) {
    std::string T = Types.name(C.Read->getType());
    if (T.empty())
      return failed(CR.Units[C.Consumer].System->Loc, "a channel of a type without a C name");
    OS << "T2S_CHANNEL(" << T << ", " << streamName(C) << ", " << ChannelDepth
       << "); // " << C.Values << " values of " << C.Array << "\n";
  }
  for (const Unit &X : Units) {
    if (X.Sch.Steps.empty())
      continue;
    for (const PEChannel &C : X.Channels) {
      std::string T = Types.name(C.Element);
      if (T.empty())
        return failed(X.Sch.System.Loc, "a channel of a type without a C name");
      if (C.Dims.empty()) {
        OS << "T2S_CHANNEL(" << T << ", " << C.Name << ", " << ChannelDepth << ");\n";
        continue;
      }
      if (std::max(C.Dims.size(), C.Chain ? C.ChainDims.size() + 1 : 0) > MaxChannelDims)
        return failed(X.Sch.System.Loc,
                      "an array of channels for '" + C.Buffer + "' over more than " +
                          std::to_string(MaxChannelDims) +
                          " PE loops (t2s/channels.h declares at most 8 "
                          "dimensions: give the array fewer space loops)");
      OS << "T2S_CHANNEL_ARRAY(" << T << ", " << C.Name << ", " << ChannelDepth;
      for (unsigned D : C.Dims)
        OS << ", " << X.Sch.System.Loops[X.Sch.PELoops[D]].extent();
      OS << ");\n";
    }
    // Between the PEs of a chain: a PE passes on at most one value per PE
    // of the chain and time step.
    for (const PEChannel &C : X.Channels) {
      if (!C.Chain)
        continue;
      OS << "T2S_CHANNEL_ARRAY(" << Types.name(C.Element) << ", " << C.Name << "_chain, "
         << X.Sch.System.Loops[C.Chain->Loop].extent();
      for (unsigned D : C.ChainDims)
        OS << ", " << X.Sch.System.Loops[X.Sch.PELoops[D]].extent();
      OS << ");\n";
    }
  }

  llvm::SmallVector<KernelInfo, 4> Kernels;
  std::vector<llvm::SmallVector<DesignBuffer, 4>> NestBuffers; // for the host stub
  for (Unit &X : Units) {
    // Loaders first, then the array, then the drainers: the order data flows.
    llvm::SmallVector<std::pair<KernelRole, std::string>, 4> Roles;
    if (X.Sch.Steps.empty()) {
      Roles.push_back({KernelRole::Plain, ""});
    } else {
      for (const PEChannel &C : X.Channels)
        if (!C.Output && !llvm::is_contained(Roles, std::pair{KernelRole::Loader, C.Buffer}))
          Roles.push_back({KernelRole::Loader, C.Buffer});
      Roles.push_back({KernelRole::Systolic, ""});
      for (const PEChannel &C : X.Channels)
        if (C.Output && !llvm::is_contained(Roles, std::pair{KernelRole::Drainer, C.Buffer}))
          Roles.push_back({KernelRole::Drainer, C.Buffer});
    }
    for (auto &[Role, Buffer] : Roles) {
      KernelPrinter P(F, X.Sch, DT, OS, X.Design, X.Channels, Role, Buffer,
                      Macros, Types);
      OS << "\n";
      KernelInfo Info;
      if (std::optional<std::string> Why = P.print(Info))
        return failed(P.failureLoc().Line ? P.failureLoc() : X.Sch.System.Loc, *Why);
      Info.Stage = CR.StageOf[&X - &Units.front()];
      Kernels.push_back(std::move(Info));
    }
    NestBuffers.push_back(findBuffers(X.Sch.System, F.getParent()->getDataLayout()));
  }
  OS << "#ifdef __cplusplus\n} // namespace " << KernelNamespace << "\n#endif\n";
  // Stage by stage (ChannelAnalysis keeps the order the source needs).
  llvm::stable_sort(Kernels, [](const KernelInfo &A, const KernelInfo &B) {
    return A.Stage < B.Stage;
  });
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
    HostStub H{F, Function, hostStubName(F), Kernels, NestBuffers,
               CR.Units.front().System->Loc, Opts.ForDevice, Types};
    HS << Defs; // the host passes the same vector structs
    if (std::optional<std::string> Why = H.print(HS))
      return failed(CR.Units.front().System->Loc, *Why);
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
