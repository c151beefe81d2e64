//===- HLSKernels.h - A Design as Vitis HLS C++ -----------------*- C++ -*-===//
//
// Prints a Design (systolic/Design.h) as C++ for AMD's Vitis HLS (2022.2 or
// later): each kernel a process function (the shared C printer,
// c/CKernelPrinter.h, prints its statements, the same ones the OpenCL has,
// in this target's dialect), the channels hls::stream
// objects of the Design's depths, and one top function per design with an
// m_axi port per buffer, s_axilite control and the run-time sizes as scalar
// arguments. The top is a DATAFLOW region: the loaders, drainers and kernel
// nests are called in it in the order their streams flow (Vitis' C
// simulation runs them one after the other), and the array that Intel's
// flow runs as an autorun kernel is an hls::task, which runs by itself for
// as long as values reach it (docs/hls.md says why). A design of several
// stages (kernels that run one after another) has one DATAFLOW function per
// stage, which the top calls in turn. The array's long delay lines are
// circular buffers in block RAM (hls/CircularDelayLines.h), each task is
// declared after the processes that feed it, and an array too large for one
// SLR of the card is one process per PE row (hls/SplitArray.h).
//
// What Vitis HLS cannot be given is refused with the reason, never printed
// wrong. Everything else was decided by the lowering steps; this file only
// spells it.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_HLSKERNELS_H
#define T2S_HLSKERNELS_H

#include "backends/c/CTypes.h"
#include "backends/c/KernelChannels.h"
#include "backends/model/FPGADevices.h"
#include "backends/hls/SerialDrains.h"
#include "backends/hls/SerialFeeds.h"
#include "backends/hls/SplitArray.h"
#include "systolic/Design.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace t2s {


/// How C++ for Vitis HLS spells vectors: every vector a struct, unpadded
/// (no buffer holds vectors of lanes that are no power of two: the target
/// refuses them), literals as braced initializers.
inline constexpr CTypeStyle HLSTypeStyle{/*BuiltinVectors=*/false,
                                         /*PadStructVectors=*/false,
                                         /*BracedLiterals=*/true};

/// Parameter \p ArgNo of kernel \p K as its process declares it: a buffer
/// a pointer to its elements (const where the kernel's nest does not write
/// it), a scalar its value.
std::string hlsParameter(const Design &D, const Design::Kernel &K, unsigned ArgNo,
                         CTypes &Types);

/// 'hls::stream<T, depth>' of channel \p C, at least \p MinDepth deep: the
/// least depth of Vitis' streams (the device table's toolchain "vitis",
/// min_channel_depth: Vitis builds a FIFO of one word that refuses a write
/// while it is full, even in the clock its value is read, so its writer
/// would send a value every other clock; two words take one per clock,
/// AMD's default depth).
std::string hlsStreamType(CTypes &Types, const Design::Channel &C, uint64_t MinDepth);
/// The stream of beats from a serial feed's reader to its feeder.
std::string hlsBeatStreamType(CTypes &Types, const SerialFeed &F);
/// The stream of records from a serial drain's drainer to its writer.
std::string hlsRecordStreamType(CTypes &Types, const SerialDrain &F);
/// The number of beats of a serial drain's records, as C over the design's
/// parameters (a long long).
std::string hlsRecordBeatCount(const Design &D, const SerialDrain &F, CTypes &Types);
/// Those beats at the sizes --size gives: the depth= of its m_axi port.
std::optional<uint64_t> hlsRecordBeatDepth(const Design &D, const SerialDrain &F);
/// The number of beats of a serial feed's layout, as C over the design's
/// parameters (a long long; at most 0 where the sizes give no tiles).
std::string hlsBeatCount(const Design &D, const SerialFeed &F, CTypes &Types);

/// The top function of \p D: the kernel the FPGA's host runs.
std::string hlsTopName(const Design &D);
/// The design's parameters the top takes (those its kernels use), in order.
llvm::SmallVector<unsigned, 4> hlsTopParams(const Design &D);
/// The top's parameters as C++ declares them: each buffer a pointer to its
/// elements (const where no kernel writes it), each size its value.
std::string hlsTopParameters(const Design &D, CTypes &Types);
/// The same parameters' names, as a call passes them on: "a, b, n".
std::string hlsTopArguments(const Design &D);
/// The elements of buffer \p ArgNo that C/RTL co-simulation allocates for
/// its m_axi port (its 'depth='): its extent, or the extent at the sizes the
/// design is built for (--size=) where it depends on run-time sizes, else
/// at their stand-ins; none where its indices do not tell it.
std::optional<uint64_t> hlsDepth(const Design &D, unsigned ArgNo);
/// The m_axi bundle of pointer parameter \p ArgNo ("gmem0", ...): one per
/// buffer, so that the loaders and drainers read and write side by side.
/// The beats of a serial feed's layout at the sizes --size gives (else
/// their stand-ins): the depth= of its m_axi port; none where unknown.
std::optional<uint64_t> hlsBeatDepth(const Design &D, const SerialFeed &F);
std::string hlsBundle(const Design &D, unsigned ArgNo);

/// Prints the v++ --link connectivity of \p D's top: one compute unit
/// ('nk=') and each m_axi port in a memory bank of its own ('sp='), banks
/// taken in turn from \p NextBank on, of the card's off-chip memory (the
/// device table's): HBM pseudo-channels (32 on the U280 and U55C) or DDR
/// banks (4 on the U250).
void printHLSConnectivity(llvm::raw_ostream &OS, const Design &D, const FPGADevice &Card,
                          unsigned &NextBank);
/// What a connectivity file starts with, once.
extern const char *const HLSConfigPrelude;

/// What an HLS file starts with, once: the headers, and the helpers the
/// processes' expressions call (OpenCL's min, max, popcount, uchar...).
const std::string &hlsPrelude();
/// The names of OpenCL C's functions the kernels compute with (std::max,
/// popcount, ...), as declarations for a namespace of their own.
extern const char *const HLSMathNames;

/// What Vitis HLS cannot be given of \p D, with the fix: processes that
/// send values to each other both ways (no DATAFLOW order runs them in C
/// simulation), buffers of vectors whose lanes are no power of two. None
/// where it can.
std::optional<std::string> hlsRefusal(const Design &D);

/// \p D as this target prints it, in \p Out: each kernel's delay lines of
/// \p Tools' DelayLineRAMWords steps or more circular buffers in block RAM
/// (hls/CircularDelayLines.h), and each systolic array one process per PE
/// row (hls/SplitArray.h) where D.Split asks for it (--hls-split=rows), or
/// chooses it (auto) because the array's DSPs need more than one of
/// \p Card's SLRs and the rows can split. Returns why not where rows were
/// asked for and cannot be.
std::optional<std::string> hlsPrintedDesign(const Design &D, const FPGAToolchain &Tools,
                                            const FPGADevice *Card, Design &Out);
/// The rows of systolic kernel \p K (of the analysed \p D) as
/// hlsPrintedDesign prints it on \p Card, where it splits; none where the
/// array stays one process.
std::optional<RowSplitShape> hlsRowSplit(const Design &D, const Design::Kernel &K,
                                         const FPGAToolchain &Tools, const FPGADevice *Card);

/// Appends \p D as Vitis HLS C++ to \p Text. Returns why it cannot be
/// (a shape Vitis HLS cannot be given, or an internal error), or none.
/// What Vitis builds is \p Tools' (the device table's toolchain "vitis"):
/// every stream at least its MinChannelDepth deep (hlsStreamType), and the
/// kernels as hlsPrintedDesign has them for \p Card (none: no split chosen).
std::optional<std::string> printHLS(std::string &Text, const Design &D, CTypes &Types,
                                    const FPGAToolchain &Tools,
                                    const FPGADevice *Card = nullptr);

} // namespace t2s

#endif // T2S_HLSKERNELS_H
