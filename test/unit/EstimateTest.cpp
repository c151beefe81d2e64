// The FPGA estimates (backends/model/Estimate.h) of kernels built by hand: which
// operations take DSP blocks, how unrolled loops multiply them, and the
// device table compiled into the plugin.

#include "HandBuiltKernels.h"
#include "backends/model/Estimate.h"
#include "systolic/Design.h"
#include "systolic/Stmt.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), I16 = DType::integer(16), F32 = DType::floating(32),
            F64 = DType::floating(64);

using test::num;
using test::oneKernel;
using test::upTo;

FPGADevice device(const char *Key) {
  std::optional<FPGADevice> D = findFPGADevice(Key);
  EXPECT_TRUE(D) << Key;
  return D.value_or(FPGADevice());
}

TEST(EstimateTest, TheDeviceTableParses) {
  ASSERT_EQ(fpgaDevices().size(), 6u);
  FPGADevice A10 = device("arria10");
  EXPECT_EQ(A10.DSPBlocks, 1518);
  EXPECT_EQ(A10.MemoryBlock, "M20K");
  EXPECT_EQ(A10.MemoryBlockBits, 20480);
  EXPECT_EQ(A10.MemoryBlocks, 2713);
  EXPECT_EQ(A10.URAMBlocks, 0);
  EXPECT_EQ(A10.DSPPerOp.at("fp32 multiply-add"), 1);
  EXPECT_EQ(device("agilex7").DSPPerOp.at("int8 multiply"), 0.25);
  EXPECT_FALSE(findFPGADevice("virtex"));
}

TEST(EstimateTest, UnrolledLoopsMultiplyTheHardwareSerialLoopsReuseIt) {
  // for t (time): PEs p < 4: lanes l < 3: r = fma(x, y, r)
  ExprPtr X = subscript(F32, var("x"), {var("l")}), Y = subscript(F32, var("y"), {var("l")});
  Stmt Body = assign(subscript(F32, var("r"), {var("p"), var("l")}),
                     mulAdd(X, Y, subscript(F32, var("r"), {var("p"), var("l")})));
  Design D = oneKernel({upTo(LoopKind::Time, "t", 100,
                             {upTo(LoopKind::PE, "p", 4,
                                   {upTo(LoopKind::Lanes, "l", 3, {Body})})})},
                       KernelRole::Systolic, 0.75);
  DesignEstimate E = estimateNest(D, 0, device("arria10"));
  ASSERT_EQ(E.Ops.size(), 1u);
  EXPECT_EQ(E.Ops[0].Op, "fp32 multiply-add");
  EXPECT_EQ(E.Ops[0].Count, 12u);
  EXPECT_EQ(E.DSPs, 12);
  EXPECT_EQ(E.FlopsPerClock, 24);
  EXPECT_EQ(E.UsefulFlopsPerClock, 18);
  EXPECT_DOUBLE_EQ(E.peakGFLOPS(250), 6);
}

TEST(EstimateTest, AddressesConstantsAndPrecisions) {
  // out[i * 8 + j] = (short)(a * b) * 3 + c[j * j] / d, in a loader (no
  // throughput), and a double product and a square root in both arms of a
  // condition.
  ExprPtr A = var("a", 0, I16), B = var("b", 0, I16);
  ExprPtr Address = bufferElement(I16, 0, {binary(BinaryOp::Mul, false, var("j"), var("j"))}, {1});
  ExprPtr Value = binary(BinaryOp::Add, false,
                         binary(BinaryOp::Mul, false, binary(BinaryOp::Mul, false, A, B),
                                intConst(I16, 3)),
                         binary(BinaryOp::Div, false, Address, var("d", 0, I16)));
  ExprPtr Product = binary(BinaryOp::Mul, false, var("u", 0, F64), var("v", 0, F64));
  ExprPtr Root = call(F64, "sqrt", {var("u", 0, F64)});
  Stmts Body{assign(bufferElement(I16, 1, {var("i")}, {8}), Value),
             ifElse(compare(CompareOp::LT, false, var("i"), num(2)),
                    {assign(var("w", 0, F64), Product)}, {assign(var("w", 0, F64), Root)})};
  Design D = oneKernel({upTo(LoopKind::PE, "i", 2, std::move(Body))}, KernelRole::Loader);
  DesignEstimate E = estimateNest(D, 0, device("arria10"));
  ASSERT_EQ(E.Ops.size(), 2u);
  EXPECT_EQ(E.Ops[0].Op, "fp64 multiply");
  EXPECT_EQ(E.Ops[0].Count, 2u);
  EXPECT_EQ(E.Ops[0].DSPs, 8);
  EXPECT_EQ(E.Ops[1].Op, "int16 multiply"); // a * b; not * 3, not j * j
  EXPECT_EQ(E.Ops[1].Count, 2u);
  EXPECT_EQ(E.Ops[1].DSPs, 1);
  EXPECT_EQ(E.DSPs, 9);
  EXPECT_EQ(E.Uncosted.at("int16 divide"), 2u);
  EXPECT_EQ(E.Uncosted.at("sqrt"), 2u);
  EXPECT_EQ(E.FlopsPerClock, 0); // a loader
  EXPECT_EQ(device("agilex7").DSPPerOp.at("int16 multiply"), 0.5);
}

TEST(EstimateTest, RegisterAndChannelBits) {
  Design D = oneKernel({});
  Design::Register R;
  R.Array = "A";
  R.Element = F32;
  R.Words = 2;
  R.PEExtents = {4, 3};
  D.Registers.push_back(R); // 2 x 12 words of 32 bits
  Design::Channel C;
  C.Element = F32.withLanes(4);
  C.Depth = 16;
  C.Used = 3; // 3 x 16 x 128 bits
  D.Channels.push_back(C);
  DesignEstimate E = estimateNest(D, 0, device("stratix10"));
  EXPECT_EQ(E.RegisterBits, 768u);
  EXPECT_EQ(E.ChannelBits, 6144u);
  EXPECT_EQ(E.memoryBlocks(device("stratix10")), 1u);
}

// The AMD Alveo cards (DS962, DS963, DS978): their parts' DSP48E2 slices,
// BRAM36 and UltraRAM blocks, and the slices an operation takes as Vitis
// HLS binds it (PG060, UG579).
TEST(EstimateTest, IntelFamiliesHaveNoPortRule) {
  for (const char *Key : {"arria10", "stratix10", "agilex7"}) {
    FPGADevice D = device(Key);
    EXPECT_EQ(D.PortBytesPerClock, 0) << Key;
    EXPECT_EQ(D.MinChannelDepth, 1u) << Key;
    EXPECT_EQ(D.DSPName, "DSP blocks") << Key;
  }
}

TEST(EstimateTest, TheAlveoCards) {
  FPGADevice U250 = device("u250"), U280 = device("u280"), U55C = device("u55c");
  EXPECT_EQ(U250.DSPBlocks, 12288);
  EXPECT_EQ(U250.MemoryBlocks, 2688);
  EXPECT_EQ(U250.URAMBlocks, 1280);
  EXPECT_EQ(U250.DRAMGBPerSecond, 76.8);
  for (const FPGADevice &D : {U280, U55C}) {
    EXPECT_EQ(D.DSPBlocks, 9024) << D.Key;
    EXPECT_EQ(D.MemoryBlocks, 2016) << D.Key;
    EXPECT_EQ(D.URAMBlocks, 960) << D.Key;
    EXPECT_EQ(D.DRAMGBPerSecond, 460) << D.Key;
  }
  for (const FPGADevice &D : {U250, U280, U55C}) {
    // The HLS back end's ports and streams (docs/hls.md): a 512-bit m_axi
    // port per buffer, streams at least 2 deep.
    EXPECT_EQ(D.PortBytesPerClock, 64) << D.Key;
    EXPECT_EQ(D.MinChannelDepth, 2u) << D.Key;
    EXPECT_EQ(D.DSPName, "DSP48E2 slices") << D.Key;
    EXPECT_EQ(D.MemoryBlock, "BRAM36") << D.Key;
    EXPECT_EQ(D.MemoryBlockBits, 32768) << D.Key;
    EXPECT_EQ(D.FPLatency, 4) << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("fp32 multiply"), 3) << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("fp32 add"), 2) << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("fp32 multiply-add"), 5) << D.Key; // no fused mode
    EXPECT_EQ(D.DSPPerOp.at("fp64 multiply-add"),
              D.DSPPerOp.at("fp64 multiply") + D.DSPPerOp.at("fp64 add"))
        << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("fp16 multiply-add"),
              D.DSPPerOp.at("fp16 multiply") + D.DSPPerOp.at("fp16 add"))
        << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("int8 multiply"), 1) << D.Key; // no packing
    EXPECT_EQ(D.DSPPerOp.at("int16 multiply"), 1) << D.Key;
    EXPECT_EQ(D.DSPPerOp.at("int32 multiply"), 3) << D.Key;
    EXPECT_FALSE(D.DSPPerOp.count("int64 multiply")) << D.Key;
  }
}

// The toolchain and board facts of each entry (what the outputs for a device
// ask instead of its key): the toolchain, its one default, v++'s platform,
// and the off-chip memory's kind and banks.
TEST(EstimateTest, ToolchainFactsAreTheToolchains) {
  // What Vitis builds alike on every card is the toolchain's entry, which
  // its devices take; Intel's offline compiler has none of these rules.
  FPGAToolchain Vitis = fpgaToolchain(AMDToolchain);
  EXPECT_EQ(Vitis.PortBytesPerClock, 64);
  EXPECT_TRUE(Vitis.PEBuffersInBlockRAM);
  EXPECT_EQ(Vitis.MinChannelDepth, 2u);
  FPGAToolchain AOC = fpgaToolchain(IntelToolchain);
  EXPECT_EQ(AOC.PortBytesPerClock, 0);
  EXPECT_FALSE(AOC.PEBuffersInBlockRAM);
  EXPECT_EQ(AOC.MinChannelDepth, 1u);
  for (const FPGADevice &D : fpgaDevices()) {
    FPGAToolchain T = fpgaToolchain(D.Toolchain);
    EXPECT_EQ(D.PortBytesPerClock, T.PortBytesPerClock) << D.Key;
    EXPECT_EQ(D.PEBuffersInBlockRAM, T.PEBuffersInBlockRAM) << D.Key;
    EXPECT_EQ(D.MinChannelDepth, T.MinChannelDepth) << D.Key;
  }
  // A toolchain the table does not know has no rules.
  EXPECT_EQ(fpgaToolchain("catapult").MinChannelDepth, 1u);
}

TEST(EstimateTest, TheDevicesToolchainsAndMemory) {
  for (const FPGADevice &D : fpgaDevices()) {
    EXPECT_TRUE(D.Toolchain == IntelToolchain || D.Toolchain == AMDToolchain) << D.Key;
    EXPECT_EQ(D.VitisPlatform.empty(), D.Toolchain != AMDToolchain) << D.Key;
  }
  EXPECT_EQ(defaultFPGADevice(IntelToolchain), "arria10");
  EXPECT_EQ(defaultFPGADevice(AMDToolchain), "u250");
  EXPECT_EQ(defaultFPGADevice("catapult"), "");
  for (const char *Toolchain : {IntelToolchain, AMDToolchain}) {
    int Defaults = 0;
    for (const FPGADevice &D : fpgaDevices())
      Defaults += D.Toolchain == Toolchain && D.Default;
    EXPECT_EQ(Defaults, 1) << Toolchain;
  }
  EXPECT_EQ(device("u250").VitisPlatform, "xilinx_u250_gen3x16_xdma_4_1_202210_1");
  EXPECT_EQ(device("u280").VitisPlatform, "xilinx_u280_gen3x16_xdma_1_202211_1");
  EXPECT_EQ(device("u55c").VitisPlatform, "xilinx_u55c_gen3x16_xdma_3_202210_1");
  // The banks the HLS connectivity spreads the ports over (backends/hls/HLSKernels.h).
  for (const char *Key : {"u280", "u55c"}) {
    EXPECT_TRUE(device(Key).hasHBM()) << Key;
    EXPECT_EQ(device(Key).MemoryBanks, 32) << Key;
  }
  for (const char *Key : {"arria10", "stratix10", "agilex7", "u250"})
    EXPECT_FALSE(device(Key).hasHBM()) << Key;
  EXPECT_EQ(device("u250").MemoryBanks, 4);
  EXPECT_EQ(device("arria10").MemoryBanks, 2);
  EXPECT_EQ(fpgaDeviceKeys(), (std::vector<std::string>{"arria10", "stratix10", "agilex7",
                                                        "u250", "u280", "u55c"}));
}

TEST(EstimateTest, DSPSlicesOnAnAlveoCard) {
  // The kernel of UnrolledLoopsMultiply... on a U250: 12 fp32
  // multiply-adds, each a multiply (3 slices) and an add (2); the
  // floating-point operations per clock do not depend on the device.
  ExprPtr X = subscript(F32, var("x"), {var("l")}), Y = subscript(F32, var("y"), {var("l")});
  Stmt Body = assign(subscript(F32, var("r"), {var("p"), var("l")}),
                     mulAdd(X, Y, subscript(F32, var("r"), {var("p"), var("l")})));
  Design D = oneKernel({upTo(LoopKind::Time, "t", 100,
                             {upTo(LoopKind::PE, "p", 4,
                                   {upTo(LoopKind::Lanes, "l", 3, {Body})})})},
                       KernelRole::Systolic);
  DesignEstimate E = estimateNest(D, 0, device("u250"));
  ASSERT_EQ(E.Ops.size(), 1u);
  EXPECT_EQ(E.Ops[0].Count, 12u);
  EXPECT_EQ(E.Ops[0].DSPs, 60);
  EXPECT_EQ(E.DSPs, 60);
  EXPECT_EQ(E.FlopsPerClock, 24);

  // An int64 product has no figure for the cards: listed, not costed.
  Design L = oneKernel({assign(var("w", 0, DType::integer(64)),
                               binary(BinaryOp::Mul, false, var("u", 0, DType::integer(64)),
                                      var("v", 0, DType::integer(64))))},
                       KernelRole::Loader);
  DesignEstimate EL = estimateNest(L, 0, device("u280"));
  EXPECT_TRUE(EL.Ops.empty());
  EXPECT_EQ(EL.Uncosted.at("int64 multiply"), 1u);
}

TEST(EstimateTest, IntegerProductsArePricedByTheirOperandsBits) {
  // C promotes 'unsigned short' and 'signed char' operands to int before it
  // multiplies: the int32 products of u16 x u16 (17 signed bits each), of a
  // u8 by an s8 (9 and 8), of an int by a widened short (32) and of a u16
  // by 300 (17 and 10).
  const DType U16 = DType::integer(16), I8 = DType::integer(8);
  auto widened = [&](const char *Name, DType From, CastKind K) {
    return cast(K, Int, var(Name, 0, From));
  };
  auto product = [&](ExprPtr A, ExprPtr B) {
    return binary(BinaryOp::Mul, false, std::move(A), std::move(B));
  };
  Stmts Body{
      assign(var("w", 0, Int), product(widened("a", U16, CastKind::FromUnsigned),
                                       widened("b", U16, CastKind::FromUnsigned))),
      assign(var("x", 0, Int), product(widened("c", I8, CastKind::FromUnsigned),
                                       widened("d", I8, CastKind::Plain))),
      assign(var("y", 0, Int), product(var("e", 0, Int), widened("f", I16, CastKind::Plain))),
      assign(var("z", 0, Int), product(widened("g", U16, CastKind::FromUnsigned), num(300)))};
  Design D = oneKernel({upTo(LoopKind::PE, "p", 4, std::move(Body))}, KernelRole::Loader);
  DesignEstimate U = estimateNest(D, 0, device("u250"));
  ASSERT_EQ(U.Ops.size(), 3u);
  EXPECT_EQ(U.Ops[0].Op, "int16 multiply"); // a * b: one 27x18 multiplier
  EXPECT_EQ(U.Ops[0].Count, 4u);
  EXPECT_EQ(U.Ops[0].DSPs, 4);
  EXPECT_EQ(U.Ops[1].Op, "int32 multiply"); // e * f: 32 bits wide
  EXPECT_EQ(U.Ops[1].DSPs, 12);
  EXPECT_EQ(U.Ops[2].Op, "int8 multiply"); // c * d
  EXPECT_EQ(U.Ops[2].DSPs, 4);
  EXPECT_EQ(U.DSPs, 20); // g * 300 is by a constant: logic
  DesignEstimate A = estimateNest(D, 0, device("agilex7"));
  EXPECT_EQ(A.DSPs, 4 * 0.5 + 4 * 2 + 4 * 0.25);
}

TEST(EstimateTest, AStatementCountsInTheCopiesWhereItRuns) {
  // PEs p < 4, lanes l < 2: if (p == 0) r = x * y (float), else r = x + y;
  // if (p < 2) w = x * y. The first product is built in the lanes of PE 0
  // alone, the sum in the other three PEs; the last condition pins no copy:
  // both of its PEs and the others build it.
  ExprPtr X = subscript(F32, var("x"), {var("l")}), Y = subscript(F32, var("y"), {var("l")});
  Stmt Pinned = ifElse(compare(CompareOp::EQ, false, var("p"), num(0)),
                       {assign(var("r", 0, F32), binary(BinaryOp::Mul, false, X, Y))},
                       {assign(var("r", 0, F32), binary(BinaryOp::Add, false, X, Y))});
  Stmt Ranged = guarded(compare(CompareOp::LT, false, var("p"), num(2)),
                        assign(var("w", 0, F32), binary(BinaryOp::Mul, false, X, Y)));
  Design D = oneKernel({upTo(LoopKind::Time, "t", 10,
                             {upTo(LoopKind::PE, "p", 4,
                                   {upTo(LoopKind::Lanes, "l", 2, {Pinned, Ranged})})})});
  DesignEstimate E = estimateNest(D, 0, device("arria10"));
  ASSERT_EQ(E.Ops.size(), 2u);
  EXPECT_EQ(E.Ops[0].Op, "fp32 add");
  EXPECT_EQ(E.Ops[0].Count, 6u); // PEs 1..3, 2 lanes
  EXPECT_EQ(E.Ops[1].Op, "fp32 multiply");
  EXPECT_EQ(E.Ops[1].Count, 2u + 8u); // PE 0's lanes; every PE's (p < 2 pins none)
  EXPECT_EQ(E.FlopsPerClock, 16);
}

TEST(EstimateTest, TheDiesADesignsDSPsNeed) {
  // 3,072 DSP48E2 slices a die on the U250 (4 dies), 3,008 on the U280 (3);
  // Intel's parts are one die.
  DesignEstimate E;
  E.DSPs = 3072;
  EXPECT_EQ(E.slrsSpanned(device("u250")), 1);
  E.DSPs = 3073;
  EXPECT_EQ(E.slrsSpanned(device("u250")), 2);
  E.DSPs = 8320;
  EXPECT_EQ(E.slrsSpanned(device("u250")), 3);
  EXPECT_EQ(E.slrsSpanned(device("u280")), 3);
  EXPECT_EQ(E.slrsSpanned(device("stratix10")), 1);
  EXPECT_EQ(device("u55c").SLRs, 3);
}

TEST(EstimateTest, BRAM36BlocksCountDataBits) {
  // 32 x 1,024 bits are one BRAM36 (as Vitis HLS maps a 1,024-word float
  // array), one bit more takes a second; the same bits are two M20K blocks.
  Design D = oneKernel({});
  Design::Register R;
  R.Array = "A";
  R.Element = F32;
  R.Words = 1024;
  R.PEExtents = {1};
  D.Registers.push_back(R);
  DesignEstimate E = estimateNest(D, 0, device("u55c"));
  EXPECT_EQ(E.RegisterBits, 32768u);
  EXPECT_EQ(E.memoryBlocks(device("u55c")), 1u);
  EXPECT_EQ(E.memoryBlocks(device("arria10")), 2u);
  E.ChannelBits = 1;
  EXPECT_EQ(E.memoryBlocks(device("u55c")), 2u);
}

} // namespace
} // namespace t2s
