//===- DesignNames.h - Names of a design's kernels and values --*- C++ -*-===//
//
// How a design's things are named in what the back ends write: designs after
// their function (numbered among overloads and systems), loop variables and
// parameters away from the names the kernels declare themselves, every name
// an identifier of both OpenCL C and C++ (the emulation compiles the kernels
// as C++).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_DESIGNNAMES_H
#define T2S_DESIGNNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Argument;
class Function;
} // namespace llvm

namespace t2s {

/// \p Name as an identifier of OpenCL C and C++: other characters become
/// '_', and keywords of either language get a trailing '_'.
std::string identifier(llvm::StringRef Name);

/// \p Name as a parameter or loop variable of a kernel: also away from the
/// names the kernels declare ('sr_A', 't1', 'slot', 'a_in', 'c_out', ...;
/// KernelNames.h).
std::string kernelLocal(llvm::StringRef Name);

/// A parameter of the design's function as the kernels and stubs name it.
std::string parameterName(const llvm::Argument *A);

/// The name of the \p SystemIndex-th design of \p F (its kernel, the prefix
/// of its channels).
std::string designName(const llvm::Function &F, unsigned SystemIndex);

/// The host stub that runs the designs of \p F.
std::string hostStubName(const llvm::Function &F);

} // namespace t2s

#endif // T2S_DESIGNNAMES_H
