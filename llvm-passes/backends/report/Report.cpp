//===- Report.cpp - The design report -------------------------------------===//

#include "backends/report/Report.h"
#include "backends/c/CTypes.h"
#include "backends/hls/HLSKernels.h"
#include "backends/model/DepthWarnings.h"
#include "backends/report/DesignSummary.h"
#include "backends/model/Estimate.h"
#include "backends/report/Picture.h"
#include "language/LoopMetadata.h"
#include "backends/model/TimingWarnings.h"
#include "language/Warnings.h"
#include "systolic/StreamChannels.h"
#include "systolic/DataPath.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/NumberText.h"
#include "ure/RunTimeSizes.h"
#include "ure/UREModel.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace {

// "" is no value: null in JSON.
llvm::json::Value orNull(const std::string &S) {
  if (S.empty())
    return nullptr;
  return S;
}

// The channels of nest N's kernels: its loaders', drainers' and chains',
// and the streams it reads.
llvm::SmallVector<const t2s::Design::Channel *, 8> channelsOf(const t2s::Design &D,
                                                              unsigned N) {
  llvm::SmallVector<const t2s::Design::Channel *, 8> Out;
  for (const t2s::Design::Channel &C : D.Channels)
    if (C.Nest == N)
      Out.push_back(&C);
  return Out;
}

llvm::json::Array depthsJSON(const t2s::Design &D, unsigned N) {
  llvm::json::Array List;
  for (const t2s::Design::Channel *C : channelsOf(D, N))
    List.push_back(llvm::json::Object{{"channel", C->Name},
                                      {"array", C->Array},
                                      {"depth", int64_t(C->Depth)},
                                      {"why", orNull(C->DepthNote)}});
  return List;
}

// The depth of each channel that serves nest N, and why.
void printDepths(llvm::raw_ostream &OS, const t2s::Design &D, unsigned N) {
  for (const t2s::Design::Channel *C : channelsOf(D, N))
    OS << "  depth of channel " << C->Name << ": " << C->Depth
       << (C->DepthNote.empty() ? "" : " (" + C->DepthNote + ")") << "\n";
}

llvm::json::Array channelsJSON(llvm::ArrayRef<t2s::PEChannelSummary> Channels) {
  llvm::json::Array List;
  for (const t2s::PEChannelSummary &C : Channels) {
    llvm::json::Value ChainChannels = nullptr;
    if (!C.Chain.empty())
      ChainChannels = C.ChainChannels;
    List.push_back(llvm::json::Object{{"array", C.Array},
                                      {"kernel", C.Output ? "drainer" : "loader"},
                                      {"channels", C.Channels},
                                      {"one_per_pe", C.OnePerPE},
                                      {"along", orNull(C.Along)},
                                      {"chain", orNull(C.Chain)},
                                      {"chain_channels", std::move(ChainChannels)},
                                      {"bundle", C.Bundle ? llvm::json::Value(C.Bundle)
                                                          : llvm::json::Value(nullptr)},
                                      {"lanes", orNull(C.Lanes)},
                                      {"window", C.Window ? llvm::json::Value(C.Window)
                                                          : llvm::json::Value(nullptr)},
                                      {"stream", C.Stream}});
  }
  return List;
}

// The shift registers of nest N as its kernels declare them.
llvm::SmallVector<const t2s::Design::Register *, 4> registersOf(const t2s::Design &D,
                                                                 unsigned N) {
  llvm::SmallVector<const t2s::Design::Register *, 4> Out;
  for (const t2s::Design::Register &R : D.Registers)
    if (R.Nest == N)
      Out.push_back(&R);
  return Out;
}

llvm::json::Array registersJSON(const t2s::Design &D, unsigned N) {
  llvm::json::Array List;
  for (const t2s::Design::Register *R : registersOf(D, N)) {
    llvm::json::Object Reg{
        {"array", R->Array},
        {"words_per_pe", R->Words},
        {"lanes", R->Lanes ? llvm::json::Value(R->Lanes) : llvm::json::Value(nullptr)},
        {"lane", R->Lane >= 0 ? llvm::json::Value(R->Lane) : llvm::json::Value(nullptr)},
        {"words", R->totalWords()},
        {"bits", R->totalWords() * int64_t(R->Element.Bits)}};
    if (R->Round) // a buffered array's register for its reads within a round
      Reg["within_round"] = true;
    List.push_back(std::move(Reg));
  }
  return List;
}

// "3,840" for 3840.
std::string grouped(uint64_t N) { return llvm::formatv("{0:N}", N).str(); }

std::string number(double X) {
  return X == double(uint64_t(X)) ? grouped(uint64_t(X)) : llvm::formatv("{0:F1}", X).str();
}

std::string gflops(double X) { return llvm::formatv("{0:F1}", X).str(); }

// "a 1,280, b 960" for the bytes each buffer reads (Written: writes).
std::string perBuffer(const t2s::DesignTraffic &T, bool Written) {
  std::string S;
  for (const t2s::DesignTraffic::Buffer &B : T.Buffers)
    if (uint64_t N = Written ? B.bytesWritten() : B.bytesRead())
      S += (S.empty() ? "" : ", ") + B.Name + " " + grouped(N);
  return S;
}

// "4,096*IT*JT*KT + 64*IT*JT": terms of a traffic formula, in bytes.
std::string formulaText(const std::vector<t2s::TrafficFormula::Term> &Terms, unsigned Bytes,
                        const t2s::Design &D) {
  std::string S;
  for (const t2s::TrafficFormula::Term &T : Terms) {
    int64_t C = T.Coefficient * int64_t(Bytes);
    S += S.empty() ? (C < 0 ? "-" : "") : (C < 0 ? " - " : " + ");
    uint64_t Abs = uint64_t(C < 0 ? -C : C);
    std::string Product;
    for (unsigned A : T.Sizes)
      Product += (Product.empty() ? "" : "*") + D.Params[A].Name;
    S += Product.empty() ? grouped(Abs) : (Abs == 1 ? Product : grouped(Abs) + "*" + Product);
  }
  return S.empty() ? "0" : S;
}

// " reads a 512*IT*JT, b ...; writes c ...": a traffic formula.
std::string formulaLine(const t2s::TrafficFormula &F, const t2s::Design &D) {
  std::string Reads, Writes;
  for (const t2s::TrafficFormula::Buffer &B : F.Buffers) {
    if (!B.Read.empty())
      Reads += (Reads.empty() ? "" : ", ") + B.Name + " " + formulaText(B.Read, B.Bytes, D);
    if (!B.Written.empty())
      Writes += (Writes.empty() ? "" : ", ") + B.Name + " " + formulaText(B.Written, B.Bytes, D);
  }
  std::string S;
  if (!Reads.empty())
    S += " reads " + Reads + (Writes.empty() ? "" : ";");
  if (!Writes.empty())
    S += " writes " + Writes;
  return S;
}

// What the reuse buffers save: the traffic without them.
void printWithoutReuse(llvm::raw_ostream &OS, const t2s::DesignEstimate &E,
                       const t2s::Design &D) {
  const t2s::DesignEstimate::Unbuffered &U = *E.WithoutReuse;
  if (U.Formula)
    OS << "  off-chip traffic formula without the reuse buffers (bytes):"
       << formulaLine(*U.Formula, D) << "\n";
  if (!U.Traffic.Known || !E.Traffic.Known) {
    OS << "  off-chip traffic per run without the reuse buffers: not counted\n";
    return;
  }
  uint64_t Without = U.Traffic.bytesRead() + U.Traffic.bytesWritten();
  uint64_t With = E.Traffic.bytesRead() + E.Traffic.bytesWritten();
  OS << "  off-chip traffic per run without the reuse buffers: "
     << (U.Traffic.Exact ? "" : "at most ") << grouped(Without) << " bytes; reads "
     << perBuffer(U.Traffic, false);
  if (With)
    OS << " (" << llvm::formatv("{0:F2}", double(Without) / double(With))
       << " times the traffic with them)";
  OS << "\n";
}

// The expected figure the roofline gives (GFLOPS) and what bounds it, as
// the report's roofline line and the picture name it.
std::pair<double, const char *> roofline(const t2s::DesignEstimate &E, const t2s::FPGADevice &Dev,
                                         double Fmax) {
  if (E.memoryBound(Fmax, Dev.DRAMGBPerSecond))
    return {*E.memoryGFLOPS(Dev.DRAMGBPerSecond), "memory-bound"};
  return {E.expectedGFLOPS(Fmax), E.intervalBound(Fmax)
                                      ? "bound by the kernels' initiation intervals"
                                      : "compute-bound"};
}

// The share of the device's DSP blocks: "(253.0%, does not fit)".
std::string dspShare(const t2s::DesignEstimate &E, const t2s::FPGADevice &Dev) {
  return "(" + t2s::percent(E.DSPs / double(Dev.DSPBlocks)) +
         (E.DSPs > double(Dev.DSPBlocks) ? ", does not fit" : "") + ")";
}

void printTraffic(llvm::raw_ostream &OS, const t2s::DesignEstimate &E,
                  const t2s::FPGADevice &Dev, double Fmax, const t2s::Design &D) {
  const t2s::DesignTraffic &T = E.Traffic;
  if (E.Formula)
    OS << "  off-chip traffic formula (bytes):" << formulaLine(*E.Formula, D) << "\n";
  if (!T.Known) {
    OS << "  off-chip traffic per run: not counted (the kernels run more than "
       << grouped(t2s::TrafficBudget) << " loop steps, or their bounds are computed)\n";
    return;
  }
  std::string Reads = perBuffer(T, false), Writes = perBuffer(T, true);
  if (Reads.empty() && Writes.empty()) {
    OS << "  off-chip traffic per run: none\n";
    return;
  }
  OS << "  off-chip traffic per run: " << (T.Exact ? "" : "at most ")
     << grouped(T.bytesRead() + T.bytesWritten()) << " bytes";
  if (!Reads.empty())
    OS << "; reads " << Reads;
  if (!Writes.empty())
    OS << "; writes " << Writes;
  OS << "\n";
  if (E.WithoutReuse)
    printWithoutReuse(OS, E, D);
  std::optional<double> I = E.intensity();
  if (!I || E.FlopsPerClock <= 0)
    return;
  double Memory = *E.memoryGFLOPS(Dev.DRAMGBPerSecond), Compute = E.expectedGFLOPS(Fmax);
  auto [Figure, Bound] = roofline(E, Dev, Fmax);
  OS << "  roofline: " << number(E.FlopsPerRun) << " floating-point operations per run, "
     << llvm::formatv("{0:F2}", *I) << " per byte off-chip; at " << number(Dev.DRAMGBPerSecond)
     << " GB/s (" << Dev.Board << ") " << Bound << ": " << gflops(Figure) << " GFLOPS ("
     << (E.memoryBound(Fmax, Dev.DRAMGBPerSecond) ? "the array could do " + gflops(Compute)
                                                  : "the memory could feed " + gflops(Memory))
     << ")\n";
}

// What the expected figure rests on: the clocks of a run, or the array's
// II and utilization where the run was not counted.
std::string expectedBasis(const t2s::DesignEstimate &E) {
  if (E.Timing.Cycles)
    return "over the " + grouped(*E.Timing.Cycles) + " clocks of a run";
  const t2s::KernelTiming *A = E.Timing.array();
  return "the array's II " + std::to_string(A ? A->II : 1) + " and its PEs' utilization";
}

// Each kernel's initiation interval, why it is above 1, and the clocks of
// a run.
void printTiming(llvm::raw_ostream &OS, const t2s::DesignEstimate &E, double Fmax) {
  const t2s::DesignTiming &T = E.Timing;
  if (T.Kernels.empty())
    return;
  OS << "  initiation interval (clocks per step):";
  for (const t2s::KernelTiming &K : T.Kernels)
    OS << (&K == &T.Kernels.front() ? " " : ", ") << K.Kernel << " " << K.II;
  OS << "\n";
  for (const t2s::KernelTiming &K : T.Kernels)
    if (K.II > 1)
      OS << "    " << K.Kernel << ": II " << K.II << ": " << K.Reason << "\n";
  if (!T.Cycles) {
    OS << "  run: not counted (the kernels' loops run more than "
       << grouped(t2s::TimingBudget) << " steps, or their bounds are computed)\n";
    return;
  }
  const t2s::KernelTiming *Slow = nullptr;
  for (const t2s::KernelTiming &K : T.Kernels)
    if (K.Cycles && (!Slow || *K.Cycles > *Slow->Cycles))
      Slow = &K;
  double Seconds = *E.runSeconds(Fmax);
  OS << "  run: " << grouped(*T.Cycles) << " clocks, "
     << (Seconds >= 1      ? llvm::formatv("{0:F2} s", Seconds).str()
         : Seconds >= 1e-3 ? llvm::formatv("{0:F2} ms", Seconds * 1e3).str()
                           : llvm::formatv("{0:F2} us", Seconds * 1e6).str())
     << " at " << number(Fmax) << " MHz";
  if (Slow && T.Kernels.size() > 1)
    OS << " (the slowest kernel: " << Slow->Kernel << ", " << grouped(*Slow->Steps)
       << (*Slow->Steps == 1 ? " step" : " steps") << " of at most " << Slow->II
       << (Slow->II == 1 ? " clock" : " clocks") << ")";
  OS << "\n";
}

// On an AMD card: the HLS target's I/O modules (docs/hls.md), what they
// move per tile and the host's layouts at the estimate's sizes.
void printIOModules(llvm::raw_ostream &OS, const t2s::Design &D) {
  for (const auto &[K, F] : t2s::serialFeeds(D)) {
    OS << "  I/O module " << F.Reader << ": " << K->Buffer << " as the host lays it out, "
       << grouped(uint64_t(F.Records)) << " records of " << F.RecordBeats
       << (F.RecordBeats == 1 ? " beat" : " beats") << " per tile, a beat per step in "
       << grouped(uint64_t(F.beatsPerTile())) << " of " << K->Name << "'s "
       << grouped(uint64_t(K->Reuse->SendSteps)) << " steps";
    if (std::optional<uint64_t> Beats = t2s::hlsBeatDepth(D, F))
      OS << "; the layout " << grouped(*Beats * t2s::SerialBeatBytes) << " bytes";
    OS << "\n";
  }
  for (const auto &[K, F] : t2s::serialDrains(D)) {
    OS << "  I/O module " << F.Writer << ": " << K->Name << "'s records of " << F.Slots << " "
       << t2s::CTypes().name(F.Lane) << ", " << F.RecordBeats
       << (F.RecordBeats == 1 ? " beat" : " beats") << " each, a stream of " << F.Depth;
    if (std::optional<uint64_t> Beats = t2s::hlsRecordBeatDepth(D, F))
      OS << "; " << grouped(*Beats / uint64_t(F.RecordBeats)) << " records, "
         << grouped(*Beats * t2s::SerialBeatBytes) << " bytes";
    OS << "\n";
  }
}

// The PE rows of nest Nest's array as processes of the Vitis HLS C++ for
// Dev (hls/SplitArray.h), where it splits.
std::optional<t2s::RowSplitShape> hlsRows(const t2s::Design &D, unsigned Nest,
                                          const t2s::FPGADevice &Dev) {
  const t2s::FPGAToolchain Tools = t2s::fpgaToolchain(t2s::AMDToolchain);
  for (const t2s::Design::Kernel &K : D.Kernels)
    if (K.Nest == Nest && K.Role == t2s::KernelRole::Systolic)
      if (std::optional<t2s::RowSplitShape> Rows = t2s::hlsRowSplit(D, K, Tools, &Dev))
        return Rows;
  return std::nullopt;
}

void printEstimate(llvm::raw_ostream &OS, const t2s::DesignEstimate &E,
                   const t2s::FPGADevice &Dev, double Fmax, const t2s::Design &D,
                   unsigned Nest) {
  OS << "  estimate on " << Dev.Name << " at " << number(Fmax) << " MHz: " << number(E.DSPs)
     << " " << Dev.DSPName << " of " << grouped(Dev.DSPBlocks) << " " << dspShare(E, Dev);
  for (const t2s::DesignEstimate::Units &U : E.Ops)
    OS << (&U == &E.Ops.front() ? ": " : ", ") << grouped(U.Count) << " " << U.Op;
  OS << "\n";
  if (int64_t Spans = E.slrsSpanned(Dev); Spans > 1) {
    OS << "  SLRs: " << number(E.DSPs) << " " << Dev.DSPName << " need at least " << Spans
       << " of the part's " << Dev.SLRs << " dies (SLRs, " << grouped(Dev.DSPBlocks / Dev.SLRs)
       << " each); ";
    if (std::optional<t2s::RowSplitShape> Rows = hlsRows(D, Nest, Dev))
      OS << "the HLS array is " << Rows->Rows << " processes, one per PE row, with "
         << grouped(Rows->BitsBetweenRows)
         << " bits of streams between neighbouring rows, for the floorplanner to place die by "
            "die (docs/estimates.md, \"SLRs\")\n";
    else
      OS << "the array is one pipelined process whose PE chains cross between them, "
            "which the tools do not route at " << number(Fmax)
         << " MHz unless its PEs are split into processes and floorplanned (docs/estimates.md, "
            "\"SLRs\")\n";
  }
  if (Dev.PortBytesPerClock > 0)
    printIOModules(OS, D);
  if (!E.Uncosted.empty()) {
    OS << "  not in the estimate (no DSP cost in the device table):";
    for (const auto &[Op, N] : E.Uncosted)
      OS << (Op == E.Uncosted.begin()->first ? " " : ", ") << grouped(N) << " " << Op;
    OS << "\n";
  }
  std::string Memory;
  if (E.RegisterBits)
    Memory = grouped(E.RegisterBits) + " bits of shift registers";
  if (E.ChannelBits)
    Memory += (Memory.empty() ? "" : ", ") + grouped(E.ChannelBits) + " bits of channels";
  if (E.BufferBits)
    Memory += (Memory.empty() ? "" : ", ") + grouped(E.BufferBits) + " bits of reuse buffers";
  if (E.PEBufferBits)
    Memory += (Memory.empty() ? "" : ", ") + grouped(E.PEBufferBits) +
              " bits of PE buffers (a block RAM per PE and buffer: " +
              grouped(E.PEBufferHalfBlocks) + " halves of " + Dev.MemoryBlock + " blocks)";
  if (E.DelayLineBits)
    Memory += (Memory.empty() ? "" : ", ") + grouped(E.DelayLineBits) +
              " bits of delay lines (circular buffers, a block RAM per PE and lane: " +
              grouped(E.DelayLineHalfBlocks) + " halves of " + Dev.MemoryBlock + " blocks)";
  OS << "  on-chip memory: ";
  if (Memory.empty())
    OS << "none\n";
  else
    OS << Memory << " (" << grouped(E.memoryBlocks(Dev)) << " of " << grouped(Dev.MemoryBlocks)
       << " " << Dev.MemoryBlock << " blocks if none were in logic"
       << (Dev.URAMBlocks ? "; none of the " + grouped(Dev.URAMBlocks) +
                                " UltraRAM blocks, which HLS fills only when asked"
                          : "")
       << ")\n";
  printTiming(OS, E, Fmax);
  if (E.FlopsPerClock > 0)
    OS << "  throughput: " << number(E.FlopsPerClock)
       << " floating-point operations per clock at one step per clock, peak "
       << gflops(E.peakGFLOPS(Fmax)) << " GFLOPS; expected " << gflops(E.expectedGFLOPS(Fmax))
       << " GFLOPS (" << expectedBasis(E) << ")\n";
  else if (E.IntOpsPerRun > 0)
    OS << "  throughput: " << number(E.IntOpsPerRun) << " integer operations per run, "
       << gflops(E.perClock(E.IntOpsPerRun)) << " per clock: " 
       << gflops(E.gops(Fmax)) << " GOPS (" << expectedBasis(E)
       << ")\n";
  if (E.PointsPerRun > 0 && E.perClock(E.PointsPerRun) > 0)
    OS << "  cell updates: " << number(E.PointsPerRun) << " points of the nest per run, "
       << gflops(E.gcups(Fmax)) << " G per second\n";
  printTraffic(OS, E, Dev, Fmax, D);
}

llvm::json::Value optional(std::optional<double> X) {
  return X ? llvm::json::Value(*X) : llvm::json::Value(nullptr);
}

llvm::json::Object estimateJSON(const t2s::DesignEstimate &E, const t2s::FPGADevice &Dev,
                                double Fmax);

llvm::json::Array timingJSON(const t2s::DesignTiming &T) {
  llvm::json::Array A;
  auto count = [](const std::optional<uint64_t> &N) {
    return N ? llvm::json::Value(int64_t(*N)) : llvm::json::Value(nullptr);
  };
  for (const t2s::KernelTiming &K : T.Kernels)
    A.push_back(llvm::json::Object{{"kernel", K.Kernel},
                                   {"ii", K.II},
                                   {"bottleneck", K.II > 1 ? llvm::json::Value(t2s::iiCauseName(K.Cause))
                                                           : llvm::json::Value(nullptr)},
                                   {"reason", K.Reason},
                                   {"steps", count(K.Steps)},
                                   {"cycles", count(K.Cycles)}});
  return A;
}

llvm::json::Value formulaJSON(const std::optional<t2s::TrafficFormula> &F, const t2s::Design &D) {
  if (!F)
    return nullptr;
  auto terms = [&](const std::vector<t2s::TrafficFormula::Term> &Terms, unsigned Bytes) {
    llvm::json::Array A;
    for (const t2s::TrafficFormula::Term &T : Terms) {
      llvm::json::Array Sizes;
      for (unsigned S : T.Sizes)
        Sizes.push_back(D.Params[S].Name);
      A.push_back(llvm::json::Object{{"bytes", T.Coefficient * int64_t(Bytes)},
                                     {"times", std::move(Sizes)}});
    }
    return A;
  };
  llvm::json::Array Buffers;
  for (const t2s::TrafficFormula::Buffer &B : F->Buffers)
    Buffers.push_back(llvm::json::Object{{"buffer", B.Name},
                                         {"read", terms(B.Read, B.Bytes)},
                                         {"written", terms(B.Written, B.Bytes)}});
  return std::move(Buffers);
}

llvm::json::Object trafficJSON(const t2s::DesignTraffic &T) {
  llvm::json::Array Buffers;
  for (const t2s::DesignTraffic::Buffer &B : T.Buffers)
    Buffers.push_back(llvm::json::Object{{"buffer", B.Name},
                                         {"elements_read", int64_t(B.Read)},
                                         {"elements_written", int64_t(B.Written)},
                                         {"bytes_read", int64_t(B.bytesRead())},
                                         {"bytes_written", int64_t(B.bytesWritten())}});
  if (!T.Known)
    return llvm::json::Object{{"counted", false}};
  return llvm::json::Object{{"counted", true},
                            {"exact", T.Exact},
                            {"bytes_read", int64_t(T.bytesRead())},
                            {"bytes_written", int64_t(T.bytesWritten())},
                            {"buffers", std::move(Buffers)}};
}

llvm::json::Object estimateJSON(const t2s::DesignEstimate &E, const t2s::FPGADevice &Dev,
                                double Fmax, const t2s::Design &D) {
  llvm::json::Object O = estimateJSON(E, Dev, Fmax);
  if (Dev.URAMBlocks) { // AMD's UltraRAM: none filled, as the text says
    O["uram_blocks"] = 0;
    O["uram_blocks_available"] = Dev.URAMBlocks;
  }
  if (E.Formula)
    O["traffic_formula"] = formulaJSON(E.Formula, D);
  if (E.WithoutReuse) {
    O["traffic_without_reuse"] = trafficJSON(E.WithoutReuse->Traffic);
    if (E.WithoutReuse->Formula)
      O["traffic_formula_without_reuse"] = formulaJSON(E.WithoutReuse->Formula, D);
  }
  return O;
}

llvm::json::Object estimateJSON(const t2s::DesignEstimate &E, const t2s::FPGADevice &Dev,
                                double Fmax) {
  llvm::json::Array Ops;
  for (const t2s::DesignEstimate::Units &U : E.Ops)
    Ops.push_back(llvm::json::Object{{"op", U.Op}, {"units", int64_t(U.Count)}, {"dsp_blocks", U.DSPs}});
  llvm::json::Object Uncosted;
  for (const auto &[Op, N] : E.Uncosted)
    Uncosted[Op] = int64_t(N);
  // The block RAM under its device's name: m20k_blocks (Intel; the key
  // users have read since the first estimates), bram36_blocks (AMD).
  std::string Blocks = llvm::StringRef(Dev.MemoryBlock).lower() + "_blocks";
  return llvm::json::Object{{"device", Dev.Key},
                            {"device_name", Dev.Name},
                            {"fmax_mhz", Fmax},
                            {"dsp_blocks", E.DSPs},
                            {"dsp_blocks_available", Dev.DSPBlocks},
                            {"ops", std::move(Ops)},
                            {"not_estimated", std::move(Uncosted)},
                            {"register_bits", int64_t(E.RegisterBits)},
                            {"channel_bits", int64_t(E.ChannelBits)},
                            {"buffer_bits", int64_t(E.BufferBits)},
                            {"pe_buffer_bits", int64_t(E.PEBufferBits)},
                            {"delay_line_bits", int64_t(E.DelayLineBits)},
                            {"slrs_spanned", E.slrsSpanned(Dev)},
                            {Blocks, int64_t(E.memoryBlocks(Dev))},
                            {Blocks + "_available", Dev.MemoryBlocks},
                            {"flops_per_clock", E.FlopsPerClock},
                            {"flops_per_run", E.FlopsPerRun},
                            {"traffic", trafficJSON(E.Traffic)},
                            {"dram_gb_per_s", Dev.DRAMGBPerSecond},
                            {"intensity", optional(E.intensity())},
                            {"memory_gflops", optional(E.memoryGFLOPS(Dev.DRAMGBPerSecond))},
                            {"bound", E.FlopsPerClock <= 0 || !E.intensity()
                                          ? llvm::json::Value(nullptr)
                                          : llvm::json::Value(E.bound(Fmax, Dev.DRAMGBPerSecond))},
                            {"peak_gflops", E.peakGFLOPS(Fmax)},
                            {"expected_gflops", E.expectedGFLOPS(Fmax)},
                            {"int_ops_per_run", E.IntOpsPerRun},
                            {"gops", E.gops(Fmax)},
                            {"points_per_run", E.PointsPerRun},
                            {"gcups", E.gcups(Fmax)},
                            {"cycles", E.Timing.Cycles ? llvm::json::Value(int64_t(*E.Timing.Cycles))
                                                       : llvm::json::Value(nullptr)},
                            {"run_seconds", optional(E.runSeconds(Fmax))},
                            {"kernels", timingJSON(E.Timing)}};
}

// "reuse buffer of a at k: ...": what a loader keeps, and how often it
// sends it.
std::string reuseText(const t2s::Design::Kernel &K) {
  const t2s::Design::ReuseBuffer &R = *K.Reuse;
  std::string S = "reuse buffer of " + K.Buffer + " at " + R.Loop + ": ";
  uint64_t Bits = 0;
  for (const t2s::Design::ReuseBuffer::Memory &M : R.Memories) {
    S += (&M == &R.Memories.front() ? "" : ", ") + std::string("2 halves of ") +
         grouped(uint64_t(M.words() / 2)) + " " + t2s::CTypes().name(M.Element) + " (" +
         grouped(uint64_t(M.Banks)) + (M.Banks == 1 ? " bank)" : " banks)");
    Bits += uint64_t(M.bits());
  }
  S += ", " + grouped(Bits) + " bits; per tile of " + llvm::join(R.TileLoops, ", ") +
       " it reads " + grouped(uint64_t(R.ReadSteps)) + " steps" +
       (R.KeptLoops.empty() ? "" : " (" + llvm::join(R.KeptLoops, ", ") + ")") + " and sends " +
       grouped(uint64_t(R.SendSteps)) + ": each value read is sent " +
       llvm::formatv("{0:F2}", double(R.SendsPerValue)).str() + " times";
  if (R.SendsPerValue == 1)
    S += " (no reuse: the values name every loop inside " + R.Loop +
         "; buffer at a loop further out, around a loop they do not name)";
  return S;
}

llvm::json::Array reuseJSON(const t2s::Design &D, unsigned N) {
  llvm::json::Array A;
  for (const t2s::Design::Kernel &K : D.Kernels) {
    if (K.Nest != N || !K.Reuse)
      continue;
    const t2s::Design::ReuseBuffer &R = *K.Reuse;
    llvm::json::Array Memories;
    for (const t2s::Design::ReuseBuffer::Memory &M : R.Memories) {
      llvm::json::Array Dims;
      for (int64_t X : M.Dims)
        Dims.push_back(X);
      Memories.push_back(llvm::json::Object{{"name", M.Name},
                                            {"element", t2s::CTypes().name(M.Element)},
                                            {"dims", std::move(Dims)},
                                            {"banks", M.Banks},
                                            {"words", M.words()}});
    }
    llvm::json::Array Tiles, Kept;
    for (const std::string &L : R.TileLoops)
      Tiles.push_back(L);
    for (const std::string &L : R.KeptLoops)
      Kept.push_back(L);
    A.push_back(llvm::json::Object{{"input", K.Buffer},
                                   {"kernel", K.Name},
                                   {"loop", R.Loop},
                                   {"tile_loops", std::move(Tiles)},
                                   {"kept_loops", std::move(Kept)},
                                   {"read_steps", R.ReadSteps},
                                   {"send_steps", R.SendSteps},
                                   {"sends_per_value", R.SendsPerValue},
                                   {"memories", std::move(Memories)}});
  }
  return A;
}

// The schedule's part of a design's JSON report (utilization and vectorized
// are null where there is none).
llvm::json::Object scheduleJSON(const t2s::DataPath &P) {
  const t2s::SpaceTimeSchedule &Sch = P.Sch;
  const t2s::URESystem &S = Sch.System;
  const std::optional<t2s::VectorPlan> &Vector = P.Vector;
  llvm::json::Array TimeList, RegisterList;
  for (const t2s::TimeDimension &D : Sch.Time) {
    llvm::json::Object Dim{{"name", D.Name}, {"extent", D.Extent}};
    if (std::optional<unsigned> L = S.loopIndex(D.Name); L && S.Loops[*L].runTime())
      Dim["run_time_bound"] = t2s::runTimeUpperText(S.Loops[*L]);
    TimeList.push_back(std::move(Dim));
  }
  for (const t2s::RegisterPlan &R : Sch.Registers) {
    llvm::json::Object Reg{
        {"array", S.Arrays[R.Array].Name},
        {"max_time_distance", R.MaxTimeDistance},
        {"conservative_words_per_pe", R.ConservativeWords},
        {"minimized_words_per_pe", R.Minimized ? R.MinimizedWords : R.ConservativeWords},
        {"kind", !R.Buffer.empty()                  ? "buffer"
                 : !R.Minimized || R.ShiftEvery ? "shift register"
                                                : "fifo"},
        {"shift_every", R.ShiftEvery}};
    if (!R.Buffer.empty())
      Reg["round_words_per_pe"] = R.RoundWords;
    RegisterList.push_back(std::move(Reg));
  }
  llvm::json::Value Utilization = nullptr;
  if (std::optional<double> U = Sch.utilization())
    Utilization = *U;
  llvm::json::Value Vectorized = nullptr;
  if (Vector)
    Vectorized = llvm::json::Object{{"loop", S.Loops[Vector->Loop].Name},
                                    {"lanes", Vector->Lanes},
                                    {"steps", Vector->Steps},
                                    {"space", Vector->Space},
                                    {"serialized", !Vector->Serialized.empty()}};
  // The values the counts are at, for the sizes known only at run time.
  llvm::json::Object StandIns;
  for (auto [A, V] : S.StandIns)
    StandIns[t2s::getSourceName(A)] = V;
  llvm::json::Object Out{{"file", S.Loc.File},
                         {"line", S.Loc.Line},
                         {"pes", Sch.NumPEs},
                         {"active_pes", Sch.ActivePEs},
                         {"exact_counts", Sch.Counted},
                         {"time", std::move(TimeList)},
                         {"steps", Sch.TotalSteps},
                         {"useful_pe_steps", Sch.UsefulPESteps},
                         {"utilization", std::move(Utilization)},
                         {"registers", std::move(RegisterList)},
                         {"vectorized", std::move(Vectorized)}};
  if (!StandIns.empty())
    Out["run_time_stand_ins"] = std::move(StandIns);
  if (const std::optional<t2s::RoundPadding> &Pad = Sch.Padding)
    Out["pad_rounds"] = llvm::json::Object{{"loop", S.Loops[Pad->Loop].Name},
                                           {"inner", S.Loops[Pad->Inner].Name},
                                           {"least_steps", Pad->Least},
                                           {"steps", Pad->Steps},
                                           {"apart", Pad->Apart}};
  return Out;
}

void printText(llvm::raw_ostream &OS, const std::string &Design,
               const t2s::DataPath &P, const t2s::Design &D, unsigned N,
               llvm::ArrayRef<t2s::PEChannelSummary> Channels) {
  OS << "design " << Design << "\n";
  // Counts with run-time sizes are at the stand-ins (ure/RunTimeSizes.h).
  std::string Sizes;
  for (auto [A, V] : P.Sch.System.StandIns)
    Sizes += (Sizes.empty() ? "" : ", ") + t2s::getSourceName(A) + " = " + std::to_string(V);
  if (!Sizes.empty())
    OS << "  run-time sizes: steps and counts below are at " << Sizes
       << " (stand-ins; the kernels take the sizes as arguments; --size= sets the "
          "estimate's)\n";
  P.print(OS, /*Registers=*/false);
  for (const t2s::Design::Register *R : registersOf(D, N)) {
    OS << "  registers of " << R->Array;
    if (R->Lane >= 0)
      OS << ", lane " << R->LaneLoop << " = " << R->Lane << " for older steps";
    OS << ": " << R->Words << " per PE"
       << (R->Lanes ? " and lane, " + std::to_string(R->Lanes) + " lanes" : "") << " ("
       << R->totalWords() << " in all)";
    // The schedule's minimization is of the steps without vectorize.
    if (!R->Buffer.empty())
      OS << ", " << t2s::peBufferText(R->Buffer, [&](unsigned L) {
        return D.Nests[R->Nest].Loops[L];
      });
    else if (R->Round)
      OS << (R->Words > 1 ? ", shifted each step," : ",") << " for the reads within a round";
    else if (!R->Lanes && R->Lane < 0)
      OS << t2s::minimizedText(R->Minimized, R->MinimizedWords, R->ShiftEvery,
                               D.Nests[R->Nest].AffineBounds);
    OS << "\n";
  }
  for (const t2s::PEChannelSummary &C : Channels) {
    OS << "  channels of " << C.Array
       << (C.Output ? " to its drainer: " : " from its loader: ") << C.Channels << " (";
    if (C.Along.empty())
      OS << "one for the whole array";
    else if (C.Channels < C.Declared && C.Chain.empty())
      OS << "one per " << C.Along << " that " << (C.Output ? "writes" : "reads") << " it, of "
         << C.Declared << " in the array";
    else
      OS << "one per " << C.Along;
    OS << ")";
    if (!C.Lanes.empty())
      OS << " carrying " << C.Lanes;
    if (C.Window)
      OS << " carrying windows of " << C.Window << " elements, from which each read picks one";
    if (!C.Chain.empty() && C.Bundle)
      OS << ", " << C.OnePerPE << " without the " << C.Chain << ", whose one transfer per "
         << "step carries the values of its " << C.Bundle << " PEs";
    else if (!C.Chain.empty())
      OS << ", " << C.OnePerPE << " without the " << C.Chain << "; "
         << C.ChainChannels << " between neighbouring PEs";
    else if (C.OnePerPE != C.Channels)
      OS << ", " << C.OnePerPE << " without the vectorize";
    if (C.Stream)
      OS << (C.Output ? "; the drainer sends " : "; the loader receives ") << C.Array
         << (C.Output ? " to" : " from") << " another kernel";
    OS << "\n";
  }
  printDepths(OS, D, N);
  for (const t2s::Design::Kernel &K : D.Kernels)
    if (K.Nest == N && K.Reuse)
      OS << "  " << reuseText(K) << "\n";
}

} // namespace

namespace t2s {

namespace {

// Run-time sizes: the estimates at the values of --size, the stand-ins for
// the others; Given and Missing say which, for the text report.
struct EstimateSizes {
  llvm::SmallVector<std::optional<int64_t>, 4> At;
  std::string Given, Missing;
};

EstimateSizes estimateSizes(const Design &D,
                            llvm::ArrayRef<std::pair<std::string, int64_t>> Sizes) {
  EstimateSizes E{D.standIns(), "", ""};
  for (unsigned A = 0; A < E.At.size(); ++A) {
    if (!E.At[A])
      continue;
    auto It = llvm::find_if(Sizes, [&](const auto &P) { return P.first == D.Params[A].Name; });
    if (It != Sizes.end()) {
      E.At[A] = It->second;
      E.Given += (E.Given.empty() ? "" : ", ") + D.Params[A].Name + " = " + grouped(It->second);
    } else if (!Sizes.empty()) {
      E.Missing += (E.Missing.empty() ? "" : ", ") + D.Params[A].Name;
    }
  }
  return E;
}

// The report of one module in the format asked for: a design after the
// other as text, their JSON objects collected into one document, or a
// cluster each in one digraph.
class ReportWriter {
  const ReportOptions &Opts;
  std::optional<FPGADevice> Device;
  llvm::raw_ostream &OS = llvm::outs();
  llvm::json::Array Designs, KernelNests;

public:
  unsigned Count = 0;  // designs reported
  bool Failed = false; // an error already said why some design is missing
  llvm::SmallVector<std::string, 4> SizeNames; // the designs' run-time sizes

  ReportWriter(const ReportOptions &Opts, std::optional<FPGADevice> Device)
      : Opts(Opts), Device(std::move(Device)) {}

  void begin(const llvm::Module &M) {
    if (Opts.Format == ReportFormat::Dot)
      OS << "digraph \"" << dotString(M.getSourceFileName())
         << "\" {\n  compound=true;\n  node [shape=box];\n";
  }

  // What the text report says of each systolic array, for the picture:
  // its vectorized steps, and the estimate's II, DSPs and bound.
  std::vector<PictureFigures> pictureFigures(const DesignResult &DR) {
    std::vector<PictureFigures> Out(DR.D.Nests.size());
    EstimateSizes Sizes = estimateSizes(DR.D, Opts.Emit.Design.Sizes);
    for (unsigned N = 0; N < DR.D.Nests.size() && N < DR.Nests.size(); ++N) {
      if (!DR.D.Nests[N].Scheduled || !DR.Nests[N])
        continue;
      PictureFigures &F = Out[N];
      const DataPath &P = *DR.Nests[N];
      if (P.Vector && !P.Vector->Space)
        F.Steps = grouped(uint64_t(P.Vector->Steps)) +
                  (P.Vector->Steps == 1 ? " time step of " : " time steps of ") +
                  std::to_string(P.Vector->Lanes) + " lanes of " +
                  P.Sch.System.Loops[P.Vector->Loop].Name;
      if (!Device || DR.Rejection)
        continue;
      double Fmax = Opts.Emit.Board.FmaxMHz;
      DesignEstimate E = estimateNest(DR.D, N, *Device, Sizes.At, Fmax);
      std::string Text = "on " + Device->Name + " at " + number(Fmax) + " MHz: ";
      if (const KernelTiming *A = E.Timing.array()) {
        Text += "II " + std::to_string(A->II);
        const KernelTiming *Slow = E.Timing.slowest();
        if (Slow && Slow != A && Slow->II > A->II)
          Text += " (" + Slow->Kernel + " " + std::to_string(Slow->II) + ")";
        Text += ", ";
      }
      Text += number(E.DSPs) + " " + Device->DSPName + " " + dspShare(E, *Device);
      // The roofline's figure, as the text report gives it.
      if (E.FlopsPerClock > 0 && E.intensity()) {
        auto [Figure, Bound] = roofline(E, *Device, Fmax);
        Text += ", expected " + gflops(Figure) + " GFLOPS, " + Bound;
      }
      F.Estimate = Text;
    }
    return Out;
  }

  void function(llvm::Function &F, llvm::FunctionAnalysisManager &FAM) {
    if (F.getMetadata(MergeFailedTag)) {
      Failed = true;
      return;
    }
    const SpaceTimeResult &R = FAM.getResult<SpaceTimeAnalysis>(F);
    Failed |= !R.Rejections.empty() || !FAM.getResult<UREAnalysis>(F).Rejections.empty();
    // The channels are those of the Design the OpenCL kernels are printed from.
    const DesignResult &DR = FAM.getResult<DesignAnalysis>(F);
    std::string Design = llvm::demangle(F.getName());
    if (Opts.Format == ReportFormat::Dot) {
      const ChannelResult &CR = FAM.getResult<ChannelAnalysis>(F);
      if (R.Schedules.empty() || !R.Rejections.empty() || !CR.Rejections.empty() ||
          !DR.Rejections.empty() || CR.Units.empty())
        return;
      printDesignPicture(OS, Design, "d" + std::to_string(Count), DR.D, pictureFigures(DR));
      Count += R.Schedules.size();
      return;
    }
    EstimateSizes Sizes = estimateSizes(DR.D, Opts.Emit.Design.Sizes);
    for (unsigned A = 0; A < Sizes.At.size(); ++A)
      if (Sizes.At[A] && !llvm::is_contained(SizeNames, DR.D.Params[A].Name))
        SizeNames.push_back(DR.D.Params[A].Name);
    bool Laid = !DR.Rejection; // the kernels, which the estimates count
    for (unsigned N = 0; N < DR.D.Nests.size(); ++N) {
      if (!DR.D.Nests[N].Scheduled)
        continue;
      std::optional<DesignEstimate> E;
      if (Device && Laid) {
        E = estimateNest(DR.D, N, *Device, Sizes.At, Opts.Emit.Board.FmaxMHz);
        warnAboutTiming(F, DR, N, E->Timing, *Device);
      }
      if (Opts.Format == ReportFormat::JSON)
        Designs.push_back(nestJSON(Design, DR, N, E, Sizes));
      else
        nestText(Design, DR, N, E, Sizes);
      ++Count;
    }
    if (Laid)
      warnAboutChannelDepths(F, DR.D);
    // The kernel nests that feed the design's arrays or take their results
    // run on the device too: what they take and move.
    bool Scheduled = llvm::any_of(DR.D.Nests, [](const Design::Nest &X) { return X.Scheduled; });
    if (Device && Laid && Scheduled)
      kernelNests(Design, DR.D, Sizes);
  }

  void end() {
    if (Opts.Format == ReportFormat::Dot)
      OS << "}\n";
    if (Opts.Format == ReportFormat::JSON)
      OS << llvm::formatv("{0:2}",
                          llvm::json::Value(llvm::json::Object{
                              {"schema_version", ReportSchemaVersion},
                              {"designs", std::move(Designs)},
                              {"kernel_nests", std::move(KernelNests)}}))
         << "\n";
    OS.flush();
  }

private:
  llvm::json::Object nestJSON(const std::string &Design, const DesignResult &DR, unsigned N,
                              const std::optional<DesignEstimate> &E, const EstimateSizes &Sizes) {
    llvm::json::Object O = scheduleJSON(*DR.Nests[N]->Original);
    O["design"] = Design;
    O["channels"] = channelsJSON(summarizePEChannels(DR.D, N));
    O["kernel_registers"] = registersJSON(DR.D, N);
    O["reuse_buffers"] = reuseJSON(DR.D, N);
    O["channel_depths"] = depthsJSON(DR.D, N);
    if (E) {
      llvm::json::Object Est = estimateJSON(*E, *Device, Opts.Emit.Board.FmaxMHz, DR.D);
      if (Device->SLRs > 1) { // the HLS array's processes (docs/hls.md, "PE rows as processes")
        std::optional<t2s::RowSplitShape> Rows = hlsRows(DR.D, N, *Device);
        Est["hls_row_processes"] = Rows ? Rows->Rows : 0;
        Est["hls_bits_between_rows"] = Rows ? int64_t(Rows->BitsBetweenRows) : 0;
      }
      if (!Sizes.Given.empty()) {
        llvm::json::Object At;
        for (unsigned A = 0; A < Sizes.At.size(); ++A)
          if (Sizes.At[A])
            At[DR.D.Params[A].Name] = *Sizes.At[A];
        Est["at_sizes"] = std::move(At);
      }
      O["estimate"] = std::move(Est);
    } else {
      // The key is always there: null, with why (a refused design has no
      // kernels to count).
      O["estimate"] = nullptr;
      O["estimate_missing"] = noEstimateReason(DR);
    }
    return O;
  }

  std::string noEstimateReason(const DesignResult &DR) const {
    if (!Device)
      return "no device to estimate for";
    if (DR.Rejection)
      return "the kernels cannot be written: line " + std::to_string(DR.Rejection->first.Line) +
             ": " + DR.Rejection->second;
    return "the kernels cannot be written";
  }

  void nestText(const std::string &Design, const DesignResult &DR, unsigned N,
                const std::optional<DesignEstimate> &E, const EstimateSizes &Sizes) {
    printText(OS, Design, *DR.Nests[N]->Original, DR.D, N, summarizePEChannels(DR.D, N));
    if (E && !Sizes.Given.empty())
      OS << "  the estimate's operations and traffic per run are at " << Sizes.Given
         << (Sizes.Missing.empty() ? "" : " (--size= gives no " + Sizes.Missing +
                                              ": at its stand-in)")
         << "\n";
    if (E)
      printEstimate(OS, *E, *Device, Opts.Emit.Board.FmaxMHz, DR.D, N);
    else if (Device)
      OS << "  estimate: none, " << noEstimateReason(DR) << "\n";
  }

  void kernelNests(const std::string &Name, const Design &D, const EstimateSizes &Sizes) {
    for (unsigned N = 0; N < D.Nests.size(); ++N) {
      const Design::Nest &K = D.Nests[N];
      if (K.Scheduled)
        continue;
      DesignEstimate E = estimateNest(D, N, *Device, Sizes.At, Opts.Emit.Board.FmaxMHz);
      if (Opts.Format == ReportFormat::JSON) {
        KernelNests.push_back(llvm::json::Object{
            {"design", Name},
            {"kernel", K.KernelName},
            {"line", int64_t(K.At.Line)},
            {"channel_depths", depthsJSON(D, N)},
            {"estimate", estimateJSON(E, *Device, Opts.Emit.Board.FmaxMHz, D)}});
        continue;
      }
      OS << K.Title << " of design " << Name << "\n";
      printDepths(OS, D, N);
      printEstimate(OS, E, *Device, Opts.Emit.Board.FmaxMHz, D, N);
    }
  }
};

} // namespace

llvm::PreservedAnalyses ReportPass::run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM) {
  llvm::FunctionAnalysisManager &FAM =
      MAM.getResult<llvm::FunctionAnalysisManagerModuleProxy>(M).getManager();
  if (Opts.Format == ReportFormat::None)
    return llvm::PreservedAnalyses::all();
  std::optional<FPGADevice> Device = findFPGADevice(Opts.Emit.Board.Device);
  if (!Device && Opts.Format != ReportFormat::Dot) {
    M.getContext().emitError(unknownFPGADevice(Opts.Emit.Board.Device));
    return llvm::PreservedAnalyses::all();
  }
  ReportWriter W(Opts, Device);
  W.begin(M);
  for (llvm::Function &F : M)
    if (!F.isDeclaration())
      W.function(F, FAM);
  W.end();
  // A --size= that no design has is a typo or the wrong file.
  if (!W.Failed)
    for (const auto &[Name, Value] : Opts.Emit.Design.Sizes)
      if (!llvm::is_contained(W.SizeNames, Name))
        reportFileWarning(M, WarningGroup::UnknownSize,
                          "--size=" + Name + "=" + std::to_string(Value) +
                              " names no run-time size of this file's designs (" +
                              (W.SizeNames.empty()
                                   ? std::string("they have none")
                                   : "theirs: " + llvm::join(W.SizeNames, ", ")) +
                              "); the estimates leave it out");
  // Nothing to report is worth a word, unless errors already said why.
  if (W.Count == 0 && !W.Failed)
    reportFileWarning(M, WarningGroup::NoDesign,
                      "no design to report: no '#pragma t2s ure' nest with "
                      "'#pragma t2s space_time'");
  return llvm::PreservedAnalyses::all();
}

} // namespace t2s
