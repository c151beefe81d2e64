//===- FPGADevices.h - The device table of the FPGA estimates ---*- C++ -*-===//
//
// The FPGA families the estimates (backends/model/Estimate.h) know, read from
// backends/model/fpga-devices.json, which the build compiles in: its one copy,
// with its sources. The plugin prices designs with it; t2s-clang checks the
// names --device= takes against it. An entry also holds what the outputs for
// the device need to know of its toolchain and board: which toolchain builds
// it, whether it is that toolchain's default, v++'s platform and the kind
// and banks of its off-chip memory. Code asks these fields, never a key.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_FPGADEVICES_H
#define T2S_FPGADEVICES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace t2s {

/// The toolchains of the table's "toolchain": Intel's offline compiler (the
/// OpenCL back end) and AMD Vitis (the HLS back end).
inline constexpr const char *IntelToolchain = "aoc";
inline constexpr const char *AMDToolchain = "vitis";

/// The kind of a board's off-chip memory ("memory": {"kind": ...}).
enum class MemoryKind { DDR, HBM };

/// A device family of fpga-devices.json.
struct FPGADevice {
  std::string Key, Name, Board;
  /// The toolchain that builds for it: IntelToolchain or AMDToolchain.
  std::string Toolchain;
  /// Whether its toolchain's outputs are for it where no device is named
  /// (one per toolchain: defaultFPGADevice).
  bool Default = false;
  /// v++'s --platform for the card (AMD; "" elsewhere).
  std::string VitisPlatform;
  /// vitis_hls' part for the card (its set_part), "" for Intel's.
  std::string VitisPart;
  /// The dies (super logic regions) of the part, each with its share of
  /// the DSP blocks; 1 for a monolithic part.
  int64_t SLRs = 1;
  /// The off-chip memory the kernels' buffers sit in, and the banks (DDR) or
  /// pseudo channels (HBM) their ports are spread over.
  MemoryKind Memory = MemoryKind::DDR;
  int64_t MemoryBanks = 1;
  int64_t DSPBlocks = 0;
  /// What the text report calls them: "DSP blocks" (Intel), "DSP48E2
  /// slices" (AMD).
  std::string DSPName = "DSP blocks";
  /// The block RAM the estimates fill: its kind ("M20K", "BRAM36"), the
  /// data bits one block holds, and the blocks of the part.
  std::string MemoryBlock;
  int64_t MemoryBlockBits = 0, MemoryBlocks = 0;
  /// UltraRAM blocks of an AMD part (0 elsewhere): listed, not filled, as
  /// HLS places an array there only when asked.
  int64_t URAMBlocks = 0;
  double DRAMGBPerSecond = 0;
  /// What the card's memory was measured to sustain, all banks at once
  /// (fpga-devices.json, sustained_dram_gb_per_s); 0: not measured, the
  /// data sheet's DRAMGBPerSecond stands.
  double SustainedDRAMGBPerSecond = 0;
  /// The bytes one buffer's port moves per clock (AMD: a 512-bit m_axi
  /// port), 0 where the model has no such rule (Intel's families).
  int64_t PortBytesPerClock = 0;
  /// Whether each buffer's port is connected to a memory bank of its own
  /// (AMD: v++'s connectivity, sp=...:DDR[n] / HBM[n], the banks taken in
  /// turn), so that it moves at most the bank's share of the board's
  /// bandwidth; elsewhere the buffers interleave over every bank.
  bool BankPerPort = false;
  /// Whether the kernels keep each PE's buffer (systolic/PEBuffer.h) in a
  /// block RAM of its own with one read and one write port (AMD: the HLS
  /// back end binds it to ram_2p); elsewhere the FPGA compiler places it.
  bool PEBuffersInBlockRAM = false;
  /// The shortest delay line (systolic/DelayLines.h) the kernels keep in a
  /// block RAM per PE and lane, as a circular buffer (AMD: the HLS back end,
  /// backends/hls/CircularDelayLines.h); 0 where they stay registers.
  int64_t DelayLineRAMWords = 0;
  /// The least depth of a channel as built (AMD: Vitis' streams are at
  /// least 2 deep, backends/hls/HLSKernels.h); 1 for Intel's families.
  uint64_t MinChannelDepth = 1;
  /// Clocks from the inputs of a floating-point add, multiply or
  /// multiply-add to its result (backends/model/Timing.h).
  int64_t FPLatency = 1;
  /// DSP blocks per operation class ("fp32 multiply-add", "int16 multiply").
  std::map<std::string, double> DSPPerOp;

  bool hasHBM() const { return Memory == MemoryKind::HBM; }
  /// The bytes one memory bank moves per clock at \p FmaxMHz where each
  /// port has a bank of its own (BankPerPort: the board's sustained
  /// bandwidth, else its data sheet's, over its banks); 0 elsewhere.
  double bankBytesPerClock(double FmaxMHz) const {
    if (!BankPerPort || FmaxMHz <= 0 || MemoryBanks <= 0)
      return 0;
    double GBPerSecond = SustainedDRAMGBPerSecond > 0 ? SustainedDRAMGBPerSecond : DRAMGBPerSecond;
    return GBPerSecond / double(MemoryBanks) * 1000 / FmaxMHz;
  }
};

/// What a toolchain of fpga-devices.json ("toolchains") builds alike on
/// every device it targets; each device takes these unless its entry says
/// otherwise (FPGADevice has the same fields).
struct FPGAToolchain {
  std::string Key; ///< IntelToolchain, AMDToolchain
  int64_t PortBytesPerClock = 0;
  bool BankPerPort = false;
  bool PEBuffersInBlockRAM = false;
  int64_t DelayLineRAMWords = 0;
  uint64_t MinChannelDepth = 1;
};
/// The toolchain \p Key of the table (its facts all defaults where the
/// table has none).
FPGAToolchain fpgaToolchain(llvm::StringRef Key);

/// The devices of fpga-devices.json (compiled in), in its order, parsed at
/// each call (a few microseconds; nothing is kept between calls).
std::vector<FPGADevice> fpgaDevices();
/// The device named Key ("arria10"), or none.
std::optional<FPGADevice> findFPGADevice(llvm::StringRef Key);
/// The error for a -t2s-device= that names no device: the keys there are.
std::string unknownFPGADevice(llvm::StringRef Key);
/// The keys of the table, in its order.
std::vector<std::string> fpgaDeviceKeys();
/// The key of the device \p Toolchain's outputs are for where none is named:
/// its entry marked "default" (else its first); "" for a toolchain the table
/// does not know.
std::string defaultFPGADevice(llvm::StringRef Toolchain);

} // namespace t2s

#endif // T2S_FPGADEVICES_H
