//===- OpenCLKernels.cpp - A Design's kernels as OpenCL C -----------------===//

#include "backends/opencl/OpenCLKernels.h"
#include "backends/c/CKernelPrinter.h"
#include "backends/opencl/HostStub.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

namespace {

// OpenCL C for Intel's offline compiler, with the macros of t2s/channels.h
// where the kernels talk through channels (which also compile as C++ for
// the emulation): '#pragma unroll' before the unrolled loops, Intel's ivdep
// where pad_rounds keeps arrays apart, T2S_ONCHIP banks, and the array an
// autorun kernel that runs its body forever.
class OpenCLKernelPrinter : public CKernelPrinter {
  bool Macros; // spell the kernel with the macros of t2s/channels.h

public:
  OpenCLKernelPrinter(llvm::raw_ostream &OS, const Design &D, const Design::Kernel &K,
                      bool Macros, CTypes &Types, const ClockMarks *Marks)
      : CKernelPrinter(OS, D, K, Types, Marks), Macros(Macros) {}

private:
  // Kernels that talk through channels are written with the macros of
  // t2s/channels.h; a design without channels in plain OpenCL C.
  void printFrame(const std::string &Body) override {
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
  }

  std::string channelRead(const Expr &, const std::string &Channel) override {
    return "T2S_READ(" + Channel + ")";
  }
  std::string channelWrite(const std::string &Channel, const std::string &Value) override {
    return "T2S_WRITE(" + Channel + ", " + Value + ");";
  }

  void printBeforeLoop(llvm::raw_ostream &B, const Stmt &S, const std::string &Indent) override {
    if (unrolledLoop(S))
      B << Indent << "#pragma unroll\n";
    // Arrays accessed Safelen iterations apart (pad_rounds): Intel's
    // compiler is told, the others (emulation, PoCL) do not see it.
    if (!S.Apart.empty()) {
      B << Indent << "#if defined(INTELFPGA_CL) || defined(ALTERA_CL)\n";
      for (const std::string &A : S.Apart)
        B << Indent << "#pragma ivdep safelen(" << S.Safelen << ") array(" << A << ")\n";
      B << Indent << "#endif\n";
    }
  }

  std::string declarationQualifier(const Stmt &S) override {
    return S.Banks ? "T2S_ONCHIP(" + std::to_string(S.Banks) + ") " : "";
  }

  void printShift(llvm::raw_ostream &B, const std::string &Indent, const std::string &Head,
                  const std::string &Move) override {
    B << Indent << "#pragma unroll\n" << Indent << Head << "\n" << Indent << "  " << Move;
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
  return OpenCLKernelPrinter(OS, D, K, !D.Channels.empty(), Types, nullptr).print();
}

std::optional<std::string> printKernels(std::string &Text, const Design &D, CTypes &Types,
                                        llvm::ArrayRef<ClockMarks> Marks) {
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
  if (!Macros && !Marks.empty()) // the clocked emulation's marks (t2s/emulation.h), without channels.h
    OS << "#ifndef T2S_STEP // nothing outside the emulation\n"
       << "#define T2S_STEP(II)\n#define T2S_ITERATION(II)\n#define T2S_OFFCHIP(Buffer, ...) (__VA_ARGS__)\n"
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

  for (unsigned I = 0; I < D.Kernels.size(); ++I) {
    OS << "\n";
    if (std::optional<std::string> Why =
            OpenCLKernelPrinter(OS, D, D.Kernels[I], Macros, Types,
                                Marks.empty() ? nullptr : &Marks[I])
                .print())
      return Why;
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
