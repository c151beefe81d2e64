//===- KernelNames.h - The names the kernels declare themselves -*- C++ -*-===//
//
// The one list of the names the lowering gives the kernels' own variables,
// beside the design's names (DesignNames.h): shift registers and PE buffers
// 'sr_Z' (one lane 'sr_Z_kkk3', the reads within a round 'sr_Z_round'),
// time variables 't1', the shift counter 'slot', the temporaries of a
// channel's values ('a_in', 'a_in_2', 'a_lanes', 'a_in_pe', 'c_out',
// 'a_vec', 'a_step') and the channels between the PEs of a chain
// ('gemm_a_chain'). The lowering mints them here, kernelLocal keeps the
// design's loop variables and parameters away from them (isKernelOwnName),
// and the models that read the kernels back (backends/model/Timing.cpp) parse
// them here.
//
// Preconditions: the names given are identifiers already (identifier(),
// DesignNames.h); the suffixes a channel's temporaries take ('_2') are
// Design::Channel's.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_KERNELNAMES_H
#define T2S_KERNELNAMES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace t2s {

/// The shift register (or PE buffer) of the URE array \p ArrayId: 'sr_Z'.
std::string registerName(llvm::StringRef ArrayId);

/// The register of \p ArrayId that keeps lane \p Lane of the vectorized
/// loop \p LaneLoop alone: 'sr_Z_kkk3'.
std::string laneRegisterName(llvm::StringRef ArrayId, llvm::StringRef LaneLoop, int64_t Lane);

/// The cursor of delay line \p Register kept as a circular buffer (the
/// word a step reads and then writes): 'sr_Z_kkk7_at'.
std::string delayLineCursor(llvm::StringRef Register);
/// The step's register of the oldest values of delay line \p Register,
/// which the step reads once from its memory: 'sr_Z_kkk7_word'.
std::string delayLineWord(llvm::StringRef Register);

/// The shift register of \p ArrayId for the reads of its PE buffer within a
/// round: 'sr_Z_round'.
std::string roundRegisterName(llvm::StringRef ArrayId);

/// Whether \p Name is 'sr_<ArrayId>' or starts with 'sr_<ArrayId>_': a
/// register of \p ArrayId (or of an array whose name extends it by '_...',
/// which the caller tries first if it must tell them apart).
bool isRegisterOf(llvm::StringRef Name, llvm::StringRef ArrayId);

/// The time variable of the \p Step-th space_time step (from 0): 't1'.
std::string timeVariable(unsigned Step);

/// The counter of the words a shift moves ('slot'), before freshName.
inline constexpr llvm::StringLiteral ShiftSlot = "slot";

/// A channel's read value, '<buffer>_in<suffix>'.
std::string readTemp(llvm::StringRef Buffer, llvm::StringRef Suffix = "");
/// The lanes collected of a channel, '<buffer>_lanes<suffix>'.
std::string lanesTemp(llvm::StringRef Buffer, llvm::StringRef Suffix = "");
/// A drained channel's value per PE on a chain or a vector of PEs,
/// '<buffer>_out<suffix>'.
std::string outTemp(llvm::StringRef Buffer, llvm::StringRef Suffix = "");
/// A loaded channel's value per PE on a chain or a vector of PEs,
/// '<temp>_pe'.
std::string peTemp(llvm::StringRef Temp);
/// A vector received whole before its lanes are taken apart, '<temp>_vec'.
std::string vectorTemp(llvm::StringRef Temp);
/// A loader's or drainer's values of one step, '<buffer>_step'.
std::string stepTemp(llvm::StringRef Buffer);
/// The channel between the PEs of a chain, '<channel>_chain'.
std::string chainChannel(llvm::StringRef Channel);

/// Whether the identifier \p Id is, or could be, one of the names above: a
/// loop variable or parameter named so gets a trailing '_' (kernelLocal).
bool isKernelOwnName(llvm::StringRef Id);

/// The channel of an endpoint as the kernels index it: 'gemm_a' of
/// 'gemm_a[0][1]'.
llvm::StringRef channelOfEndpoint(llvm::StringRef Endpoint);

} // namespace t2s

#endif // T2S_KERNELNAMES_H
