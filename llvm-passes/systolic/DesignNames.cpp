//===- DesignNames.cpp - Names of a design's kernels and values -----------===//

#include "systolic/DesignNames.h"
#include "systolic/KernelNames.h"
#include "language/LoopMetadata.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

namespace t2s {

namespace {

// A function's name without its parameters ("scale" of scale(int*)); an
// instance of a function template without its return type, with its
// arguments joined by '_' ("rowsum_float" of void rowsum<float>(...)).
std::string functionName(const llvm::Function &F) {
  std::string D = llvm::demangle(F.getName().str());
  std::string Name = D.substr(0, D.find('('));
  if (Name.find('<') == std::string::npos)
    return Name;
  // The return type, which the demangled name of a template's instance
  // starts with, ends at the last space outside '<...>'.
  size_t Start = 0;
  int Depth = 0;
  for (size_t I = 0; I < Name.size(); ++I) {
    Depth += Name[I] == '<' ? 1 : Name[I] == '>' ? -1 : 0;
    if (Name[I] == ' ' && Depth == 0)
      Start = I + 1;
  }
  std::string Spelled;
  for (char C : llvm::StringRef(Name).drop_front(Start))
    if (C == '<' || C == ',')
      Spelled += '_';
    else if (C != '>' && C != ' ')
      Spelled += C;
  return Spelled;
}

} // namespace

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
// kernels declare themselves (KernelNames.h).
std::string kernelLocal(llvm::StringRef Name) {
  std::string Id = identifier(Name);
  if (isKernelOwnName(Id))
    Id += "_";
  return Id;
}

// A parameter of the design's function as the kernels and stubs name it.
std::string parameterName(const llvm::Argument *A) {
  std::string N = getSourceName(A);
  return N.empty() ? "arg" + std::to_string(A->getArgNo()) : kernelLocal(N);
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

} // namespace t2s
