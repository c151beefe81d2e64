//===- StubCommon.h - What the host stubs of every target share -*- C++ -*-===//
//
// The parts of a host stub that every target prints alike, from the Design
// alone: the stub's signature (the design's function's), the extents of
// its buffers, the checks of its run-time sizes and channel depths
// (t2s/sizes.h), and a kernel's buffer parameters.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STUBCOMMON_H
#define T2S_STUBCOMMON_H

#include "backends/c/CTypes.h"
#include "systolic/Design.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
}

namespace t2s {

/// The kernels of \p D, stage by stage.
llvm::SmallVector<const Design::Kernel *, 4> kernelsByStage(const Design &D);

/// A C++ expression that spells the parameters \p Named at run time, after
/// \p Prefix: Prefix + "n=8,m=4".
std::string sizesText(const Design &D, llvm::ArrayRef<unsigned> Named, llvm::StringRef Prefix);

/// Buffer parameter \p ArgNo of kernel \p K: the C name of its elements
/// ("char" where the kernel's nest has no buffer of it) and "const " where
/// that nest does not write it.
struct KernelBuffer {
  std::string Element, Const;
};
KernelBuffer kernelBuffer(const Design &D, const Design::Kernel &K, unsigned ArgNo,
                          CTypes &Types);

/// The parameters of the stub D.Stub, which has the design's function's
/// ("const float *a, int n"), and the arguments that pass them on (", a,
/// n"). Returns why a parameter has no C type, or none.
std::optional<std::string> stubSignature(const Design &D, CTypes &Types, std::string &Params,
                                         std::string &Args);
/// The elements of buffer \p ArgNo in a stub: a number, or the variable
/// printStubExtents declares for a run-time extent.
std::string stubExtent(const Design &D, unsigned ArgNo);
/// Prints what a stub's body starts with: the checks that the run-time
/// sizes are at least 0 and that the channels hold what they need
/// (t2s/sizes.h), and (\p Extents) the extents of the buffers the sizes
/// give.
void printStubExtents(llvm::raw_ostream &OS, const Design &D, CTypes &Types,
                      bool Extents = true);
/// Whether a stub checks that the buffers of a call do not overlap where
/// the kernels write (two buffers, one written).
bool checksDisjoint(const Design &D);
/// Prints that check (t2s::checkDisjoint, t2s/sizes.h), after
/// printStubExtents with its extents.
void printDisjointCheck(llvm::raw_ostream &OS, const Design &D, CTypes &Types);
/// Whether that check cannot know how far the kernels reach into a buffer
/// (read at computed indices), so the emulation's stub measures it
/// (t2s/reach.h): 't2s::emu::reach::start();' before the runs, and
/// printReachCheck after them.
bool measuresReach(const Design &D);
/// Whether the buffer named \p Buffer is such a buffer, of a design whose
/// stub measures it.
bool measuresReach(const Design &D, llvm::StringRef Buffer);
/// Prints the check again, with what the kernels reached of such buffers.
void printReachCheck(llvm::raw_ostream &OS, const Design &D, CTypes &Types);

} // namespace t2s

#endif // T2S_STUBCOMMON_H
