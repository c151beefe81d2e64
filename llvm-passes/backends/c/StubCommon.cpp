//===- StubCommon.cpp - What the host stubs of every target share ---------===//

#include "backends/c/StubCommon.h"
#include "backends/c/CExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

// The kernels of D, stage by stage.
llvm::SmallVector<const Design::Kernel *, 4> kernelsByStage(const Design &D) {
  llvm::SmallVector<const Design::Kernel *, 4> Kernels;
  for (const Design::Kernel &K : D.Kernels)
    Kernels.push_back(&K);
  llvm::stable_sort(Kernels, [](const Design::Kernel *A, const Design::Kernel *B) {
    return A->Stage < B->Stage;
  });
  return Kernels;
}

// A C++ expression that spells the parameters Named at run time, after
// Prefix: Prefix + "n=8,m=4".
std::string sizesText(const Design &D, llvm::ArrayRef<unsigned> Named, llvm::StringRef Prefix) {
  std::string Text;
  for (unsigned P : Named) {
    const std::string &Name = D.Params[P].Name;
    Text += (Text.empty() ? "std::string(\"" + Prefix.str() : std::string(" + \",")) + Name +
            "=\"" + (Text.empty() ? ")" : "") + " + std::to_string(" + Name + ")";
  }
  return Text;
}

KernelBuffer kernelBuffer(const Design &D, const Design::Kernel &K, unsigned ArgNo,
                          CTypes &Types) {
  // The element type and the writes of the kernel's own nest.
  const Design::Buffer *B = nullptr;
  for (const Design::Buffer &X : D.Buffers)
    if (X.Nest == K.Nest && X.ArgNo == ArgNo)
      B = &X;
  return KernelBuffer{B ? Types.name(B->Element) : "char", B && B->Written ? "" : "const "};
}

namespace {

// The stub's names for the parameters in a buffer's run-time extent.
class StubNames : public ExprNames {
  const Design &D;

public:
  bool Unresolved = false; ///< an expression named what the stub has not
  explicit StubNames(const Design &D) : D(D) {}
  std::string param(unsigned ArgNo) override { return D.Params[ArgNo].Name; }
  std::string unresolved(const Expr &) override {
    Unresolved = true;
    return "0";
  }
};

// A call whose every nest has a loop of run-time bound that runs no
// iteration does nothing, as the sequential program does nothing: the stub
// returns before it checks the sizes (a stride may then be anything) and
// sizes buffers. Prints nothing where some nest has no such loop.
void printZeroTripReturn(llvm::raw_ostream &OS, const Design &D, CTypes &Types) {
  std::string None;
  for (const Design::Nest &N : D.Nests) {
    std::string Empty;
    for (const Design::Nest::SourceLoop &L : N.SourceLoops) {
      if (!L.RunTimeUpper)
        continue;
      StubNames Names(D);
      std::string Upper = printExpr(*L.RunTimeUpper, Types, Names);
      if (!Names.Unresolved)
        Empty += (Empty.empty() ? "" : " || ") + std::string("(long long)(") + Upper +
                 ") <= " + std::to_string(L.Lower) + "LL";
    }
    if (Empty.empty())
      return;
    None += (None.empty() ? "" : " && ") + (D.Nests.size() > 1 ? "(" + Empty + ")" : Empty);
  }
  if (!None.empty())
    OS << "  if (" << None << ")\n    return; // no iteration runs\n";
}

// A channel whose depth grows with the run-time sizes holds what sizes up
// to some limit need; the stub stops a run beyond it (t2s/sizes.h), where
// the kernels would deadlock.
void printDepthChecks(llvm::raw_ostream &OS, const Design &D) {
  for (const Design::Channel &C : D.Channels) {
    if (!C.SizedUpTo.empty()) { // not linear: the sizes it was replayed at
      std::string BuiltFor, Larger;
      llvm::SmallVector<unsigned, 2> Named;
      for (auto [P, Size] : C.SizedUpTo) {
        const std::string &Name = D.Params[P].Name;
        BuiltFor += (BuiltFor.empty() ? "" : ", ") + Name + " = " + std::to_string(Size);
        Larger += (Larger.empty() ? "" : " || ") + Name + " > " + std::to_string(Size) + "LL";
        Named.push_back(P);
      }
      OS << "  t2s::checkBuiltForSizes(\"" << D.Stub << "\", \"" << C.Name << "\", " << C.Depth
         << ", \"" << BuiltFor << "\", " << Larger << ", " << sizesText(D, Named, "--size=")
         << ");\n";
      continue;
    }
    if (!C.Growth)
      continue;
    const Design::DepthLaw &L = *C.Growth;
    std::string Numerator = std::to_string(L.Constant) + "LL";
    llvm::SmallVector<unsigned, 2> Named;
    for (auto [P, Coefficient] : L.Terms) {
      Numerator += " + " + std::to_string(Coefficient) + "LL * (long long)" + D.Params[P].Name;
      Named.push_back(P);
    }
    OS << "  t2s::checkChannelDepth(\"" << D.Stub << "\", \"" << C.Name << "\", \""
       << L.text(D) << "\", " << Numerator << ", " << L.Denominator << ", " << C.Depth
       << ", " << sizesText(D, Named, "--size=") << ");\n";
  }
}

} // namespace

std::optional<std::string> stubSignature(const Design &D, CTypes &Types, std::string &Params,
                                         std::string &Args) {
  llvm::SmallVector<const Design::Kernel *, 4> Kernels = kernelsByStage(D);
  for (unsigned A = 0; A < D.Params.size(); ++A) {
    const Design::Param &P = D.Params[A];
    // A pointer no kernel uses is only passed along: 'const void *'.
    std::optional<DType> Element = D.elementOf(A);
    std::string T = P.Pointer ? (Element ? Types.name(*Element) : "void") : Types.name(P.Type);
    if (T.empty())
      return "the parameter '" + P.Name + "', whose type has no C name";
    bool Written = P.Pointer && D.writes(A) && llvm::any_of(Kernels, [&](const auto *K) {
                     return llvm::is_contained(K->Params, A);
                   });
    Params += (Params.empty() ? "" : ", ") +
              (P.Pointer ? (Written ? "" : "const ") + T + " *" + P.Name : T + " " + P.Name);
    Args += ", " + P.Name;
  }
  return std::nullopt;
}

std::string stubExtent(const Design &D, unsigned A) {
  if (std::optional<uint64_t> N = D.extent(A))
    return std::to_string(*N);
  if (D.runTimeExtent(A))
    return D.Params[A].Name + "_extent";
  return "1";
}

namespace {

// The buffers the kernels use, in the order of first use.
llvm::SmallVector<unsigned, 4> kernelBuffers(const Design &D) {
  llvm::SmallVector<unsigned, 4> Buffers;
  for (const Design::Kernel *K : kernelsByStage(D))
    for (unsigned A : K->Params)
      if (D.Params[A].Pointer && D.elementOf(A) && !llvm::is_contained(Buffers, A))
        Buffers.push_back(A);
  return Buffers;
}

} // namespace

bool checksDisjoint(const Design &D) {
  llvm::SmallVector<unsigned, 4> Buffers = kernelBuffers(D);
  return Buffers.size() >= 2 && llvm::any_of(Buffers, [&](unsigned A) { return D.writes(A); });
}

namespace {

// The call's buffers checked by t2s::checkDisjoint, each with the extent
// the stub knows, or (Reached) what the kernels reached of those whose
// extent it does not (t2s/reach.h).
void printCheck(llvm::raw_ostream &OS, const Design &D, CTypes &Types, bool Reached) {
  std::string Where;
  for (char C : D.File + ":" + std::to_string(D.Line) + ":" + std::to_string(D.Column))
    Where += C == '"' || C == '\\' ? std::string("\\") + C : std::string(1, C);
  llvm::SmallVector<unsigned, 4> Buffers = kernelBuffers(D);
  OS << "  t2s::checkDisjoint(\"" << Where << "\", \""
     << D.Function.substr(0, D.Function.find('(')) << "\", {";
  for (unsigned A : Buffers) {
    const std::string &Name = D.Params[A].Name;
    const char *Written = D.writes(A) ? "true" : "false";
    OS << (A == Buffers.front() ? "" : ", ");
    if (Reached && !D.extent(A) && !D.runTimeExtent(A))
      OS << "t2s::emu::reach::use(\"" << Name << "\", " << Name << ", " << Written << ")";
    else
      OS << "{\"" << Name << "\", " << Name << ", " << stubExtent(D, A) << " * sizeof("
         << Types.name(*D.elementOf(A)) << "), " << Written << "}";
  }
  OS << "});\n";
}

} // namespace

void printDisjointCheck(llvm::raw_ostream &OS, const Design &D, CTypes &Types) {
  if (checksDisjoint(D))
    printCheck(OS, D, Types, /*Reached=*/false);
}

bool measuresReach(const Design &D) {
  return checksDisjoint(D) && llvm::any_of(kernelBuffers(D), [&](unsigned A) {
           return !D.extent(A) && !D.runTimeExtent(A);
         });
}

bool measuresReach(const Design &D, llvm::StringRef Buffer) {
  if (!measuresReach(D))
    return false;
  for (unsigned A : kernelBuffers(D))
    if (D.Params[A].Name == Buffer)
      return !D.extent(A) && !D.runTimeExtent(A);
  return false;
}

void printReachCheck(llvm::raw_ostream &OS, const Design &D, CTypes &Types) {
  OS << "  t2s::emu::reach::stop();\n";
  printCheck(OS, D, Types, /*Reached=*/true);
}

void printStubExtents(llvm::raw_ostream &OS, const Design &D, CTypes &Types, bool Extents) {
  llvm::SmallVector<unsigned, 4> Buffers, Sizes;
  for (const Design::Kernel *K : kernelsByStage(D))
    for (unsigned A : K->Params)
      if (D.Params[A].Pointer && D.elementOf(A) && !D.extent(A) &&
          !llvm::is_contained(Buffers, A) && D.runTimeExtent(A, &Sizes))
        Buffers.push_back(A);
  if (!Sizes.empty())
    printZeroTripReturn(OS, D, Types);
  for (unsigned A : Sizes)
    OS << "  t2s::checkSize(\"" << D.Stub << "\", \"" << D.Params[A].Name << "\", "
       << D.Params[A].Name << ");\n";
  StubNames Names(D);
  for (unsigned A : Extents ? Buffers : llvm::SmallVector<unsigned, 4>())
    OS << "  const long long " << D.Params[A].Name
       << "_extent = " << printExpr(*D.runTimeExtent(A), Types, Names) << ";\n";
  printDepthChecks(OS, D);
}

} // namespace t2s
