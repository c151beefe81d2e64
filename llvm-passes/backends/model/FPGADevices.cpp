//===- FPGADevices.cpp - The device table of the FPGA estimates -----------===//

#include "backends/model/FPGADevices.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

namespace t2s {

namespace {

// backends/model/fpga-devices.json, as the build embeds it.
const char DeviceTable[] =
#include "FPGADevices.inc"
    ;

// The table, parsed.
llvm::json::Value parsedTable() {
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(DeviceTable);
  if (!V)
    llvm::report_fatal_error(llvm::Twine("fpga-devices.json does not parse: ") +
                             llvm::toString(V.takeError()));
  return std::move(*V);
}

// The toolchain facts of entry O (a toolchain's or a device's), over those
// of T: what O does not say stays T's.
FPGAToolchain withFacts(FPGAToolchain T, const llvm::json::Object *O) {
  if (!O)
    return T;
  T.PortBytesPerClock = O->getInteger("port_bytes_per_clock").value_or(T.PortBytesPerClock);
  T.PEBuffersInBlockRAM =
      O->getBoolean("pe_buffers_in_block_ram").value_or(T.PEBuffersInBlockRAM);
  T.BankPerPort = O->getBoolean("bank_per_port").value_or(T.BankPerPort);
  T.DelayLineRAMWords =
      std::max<int64_t>(0, O->getInteger("delay_line_ram_words").value_or(T.DelayLineRAMWords));
  if (std::optional<int64_t> Depth = O->getInteger("min_channel_depth"))
    T.MinChannelDepth = uint64_t(std::max<int64_t>(*Depth, 1));
  return T;
}

// The toolchain Key of the parsed table Table.
FPGAToolchain toolchainOf(const llvm::json::Value &Table, llvm::StringRef Key) {
  FPGAToolchain T;
  T.Key = Key.str();
  const llvm::json::Object *Toolchains = Table.getAsObject()->getObject("toolchains");
  return withFacts(T, Toolchains ? Toolchains->getObject(Key) : nullptr);
}

} // namespace

std::vector<FPGADevice> fpgaDevices() {
  llvm::json::Value Table = parsedTable();
  std::vector<FPGADevice> Out;
  for (const llvm::json::Value &X : *Table.getAsObject()->getArray("devices")) {
    const llvm::json::Object &O = *X.getAsObject();
    FPGADevice D;
    D.Key = O.getString("key").value_or("").str();
    D.Name = O.getString("name").value_or("").str();
    D.Board = O.getString("board").value_or("").str();
    D.Toolchain = O.getString("toolchain").value_or("").str();
    D.Default = O.getBoolean("default").value_or(false);
    D.VitisPlatform = O.getString("vitis_platform").value_or("").str();
    D.VitisPart = O.getString("vitis_part").value_or("").str();
    D.SLRs = std::max<int64_t>(1, O.getInteger("slrs").value_or(1));
    if (const llvm::json::Object *Memory = O.getObject("memory")) {
      D.Memory = Memory->getString("kind") == "hbm" ? MemoryKind::HBM : MemoryKind::DDR;
      D.MemoryBanks = std::max<int64_t>(Memory->getInteger("banks").value_or(1), 1);
    }
    D.DSPBlocks = O.getInteger("dsp_blocks").value_or(0);
    D.DSPName = O.getString("dsp_name").value_or("DSP blocks").str();
    D.MemoryBlock = O.getString("memory_block").value_or("").str();
    D.MemoryBlockBits = O.getInteger("memory_block_bits").value_or(0);
    D.MemoryBlocks = O.getInteger("memory_blocks").value_or(0);
    D.URAMBlocks = O.getInteger("uram_blocks").value_or(0);
    D.DRAMGBPerSecond = O.getNumber("dram_gb_per_s").value_or(0);
    D.SustainedDRAMGBPerSecond = O.getNumber("sustained_dram_gb_per_s").value_or(0);
    // Its toolchain's facts, unless its own entry says otherwise.
    FPGAToolchain T = withFacts(toolchainOf(Table, D.Toolchain), &O);
    D.PortBytesPerClock = T.PortBytesPerClock;
    D.PEBuffersInBlockRAM = T.PEBuffersInBlockRAM;
    D.BankPerPort = T.BankPerPort;
    D.DelayLineRAMWords = T.DelayLineRAMWords;
    D.MinChannelDepth = T.MinChannelDepth;
    D.FPLatency = O.getInteger("fp_latency_clocks").value_or(1);
    if (const llvm::json::Object *Costs = O.getObject("dsp_per_op"))
      for (const auto &[Op, Cost] : *Costs)
        D.DSPPerOp[Op.str()] = Cost.getAsNumber().value_or(0);
    Out.push_back(std::move(D));
  }
  return Out;
}

FPGAToolchain fpgaToolchain(llvm::StringRef Key) { return toolchainOf(parsedTable(), Key); }

std::optional<FPGADevice> findFPGADevice(llvm::StringRef Key) {
  for (FPGADevice &D : fpgaDevices())
    if (D.Key == Key)
      return std::move(D);
  return std::nullopt;
}

std::string unknownFPGADevice(llvm::StringRef Key) {
  std::string Known;
  for (const std::string &K : fpgaDeviceKeys())
    Known += (Known.empty() ? "" : ", ") + K;
  return "-t2s-device=" + Key.str() + " names no device of the estimates' table; choose one of " +
         Known;
}

std::vector<std::string> fpgaDeviceKeys() {
  std::vector<std::string> Keys;
  for (const FPGADevice &D : fpgaDevices())
    Keys.push_back(D.Key);
  return Keys;
}

std::string defaultFPGADevice(llvm::StringRef Toolchain) {
  std::string First;
  for (const FPGADevice &D : fpgaDevices()) {
    if (D.Toolchain != Toolchain)
      continue;
    if (D.Default)
      return D.Key;
    if (First.empty())
      First = D.Key;
  }
  return First;
}

} // namespace t2s
