// A Design built by hand printed as Vitis HLS C++ (backends/hls/HLSKernels.h):
// the process a kernel becomes, the order a DATAFLOW region calls the
// processes in, stages, and the designs it refuses.

#include "backends/Target.h"
#include "backends/hls/HLSKernels.h"
#include "systolic/Design.h"
#include "systolic/Stmt.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), Float = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }

Design::Channel channel(const char *Name, Design::ChannelKind Kind, uint64_t Depth) {
  Design::Channel C;
  C.Name = Name;
  C.Kind = Kind;
  C.Element = Float;
  C.Depth = Depth;
  return C;
}

Design::Kernel kernel(const char *Name, KernelRole Role, Stmts Body,
                      llvm::SmallVector<unsigned, 4> Params = {}, unsigned Stage = 0) {
  Design::Kernel K;
  K.Name = Name;
  K.Role = Role;
  K.Body = std::move(Body);
  K.Params = std::move(Params);
  K.Stage = Stage;
  return K;
}

// f(const float *in, float *out, int n): a loader of 'in', an array without
// parameters between two channels, a drainer of 'out', in the Design in the
// order drainer, array, loader.
Design threeKernels() {
  Design D;
  D.Function = "f(float const*, float*, int)";
  D.Name = "f";
  D.File = "f.cpp";
  D.Line = 3;
  D.Params.push_back({"in", true, Float});
  D.Params.push_back({"out", true, Float});
  D.Params.push_back({"n", false, Int});
  D.Buffers.push_back({0, "in", 0, Float, true, false, 8});
  D.Buffers.push_back({1, "out", 0, Float, false, true, std::nullopt});
  D.KernelParamsKnown = true;
  Design::Nest N;
  N.Name = "f";
  N.Scheduled = true;
  D.Nests.push_back(N);
  D.Channels.push_back(channel("f_in", Design::ChannelKind::Loader, 4));
  D.Channels.push_back(channel("f_out", Design::ChannelKind::Drainer, 2));
  ExprPtr I = var("i");
  D.Kernels.push_back(kernel(
      "f_drain_out", KernelRole::Drainer,
      {loop(LoopKind::Serial, "i", num(0), param(Int, 2),
            {assign(bufferElement(Float, 1, {I}, {1}), channelRead(Float, var("f_out")))})},
      {1, 2}));
  D.Kernels.push_back(
      kernel("f", KernelRole::Systolic,
             {loop(LoopKind::Time, "t", num(0), num(8),
                   {write(var("f_out"), channelRead(Float, var("f_in")))})}));
  D.Kernels.push_back(kernel(
      "f_load_in", KernelRole::Loader,
      {loop(LoopKind::Serial, "i", num(0), param(Int, 2),
            {write(var("f_in"), bufferElement(Float, 0, {I}, {1}))})},
      {0, 2}));
  return D;
}

std::string hls(const Design &D) {
  CTypes Types(HLSTypeStyle);
  std::string Text;
  std::optional<std::string> Why = printHLS(Text, D, Types, fpgaToolchain(AMDToolchain));
  EXPECT_FALSE(Why) << *Why;
  return Text;
}

TEST(HLSPrinterTest, ProcessesTaskAndTop) {
  std::string Text = hls(threeKernels());
  // A process: its parameters, then its streams; the loop that does the
  // work pipelined.
  EXPECT_NE(Text.find("static void f_load_in(const float *in, int n, "
                      "hls::stream<float, 4> &f_in) {\n"
                      "  for (int i = 0; i < n; i++) {\n"
                      "    #pragma HLS PIPELINE II=1\n"
                      "    f_in.write(in[i]);\n"
                      "  }\n}\n"),
            std::string::npos)
      << Text;
  // The array takes only streams: an hls::task runs it, with no while(1).
  EXPECT_NE(Text.find("static void f(hls::stream<float, 4> &f_in, hls::stream<float, 2> &f_out) {\n"
                      "  for (int t = 0; t < 8; t++) {\n"
                      "    #pragma HLS PIPELINE II=1\n"
                      "    f_out.write(f_in.read());\n"),
            std::string::npos)
      << Text;
  // The top: a port per buffer, the extent as the depth where known; the
  // loader called before the drainer, whatever the Design's order.
  EXPECT_NE(Text.find("extern \"C\" void f_top(const float *in, float *out, int n) {\n"
                      "#pragma HLS INTERFACE mode=m_axi port=in offset=slave bundle=gmem0 "
                      "max_widen_bitwidth=512 depth=8\n"
                      "#pragma HLS INTERFACE mode=m_axi port=out offset=slave bundle=gmem1 "
                      "max_widen_bitwidth=512\n"),
            std::string::npos)
      << Text;
  // The task after the loader that feeds it, before the drainer it feeds
  // (UG1399, "Tasks and Dataflow").
  EXPECT_NE(Text.find("#pragma HLS DATAFLOW\n"
                      "  hls_thread_local hls::stream<float, 4> f_in(\"f_in\");\n"
                      "  hls_thread_local hls::stream<float, 2> f_out(\"f_out\");\n"
                      "  t2s_hls::f_load_in(in, n, f_in);\n"
                      "  hls_thread_local hls::task f_task(t2s_hls::f, f_in, f_out);"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("f_in, f_out); // runs by itself, as values reach it\n"
                      "  t2s_hls::f_drain_out(out, n, f_out);\n}\n"),
            std::string::npos)
      << Text;
}

TEST(HLSPrinterTest, StagesRunOneAfterAnother) {
  Design D = threeKernels();
  // The drainer alone in a second stage (as if the array left its values
  // in memory): each stage its own DATAFLOW function.
  D.Channels[1].Kind = Design::ChannelKind::Stream;
  for (Design::Kernel &K : D.Kernels)
    K.Stage = K.Name == "f_drain_out" ? 1 : 0;
  // A channel between two stages would be read after its writer ended.
  CTypes Types(HLSTypeStyle);
  std::string Text;
  std::optional<std::string> Why = printHLS(Text, D, Types, fpgaToolchain(AMDToolchain));
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("joins two stages"), std::string::npos) << *Why;
  // The second stage writes 'out' itself; the first, the loader and the
  // array, leaves its values there.
  D.Channels.pop_back();
  D.Kernels[0].Body = {loop(LoopKind::Serial, "i", num(0), param(Int, 2),
                            {assign(bufferElement(Float, 1, {var("i")}, {1}), num(0))})};
  D.Kernels[1].Body = {loop(LoopKind::Time, "t", num(0), num(8),
                            {assign(bufferElement(Float, 1, {var("t")}, {1}),
                                    channelRead(Float, var("f_in")))})};
  D.Kernels[1].Params = {1};
  Text = hls(D);
  EXPECT_NE(Text.find("static void f_stage1(const float *in, float *out, int n) {\n"
                      "#pragma HLS DATAFLOW\n"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("  t2s_hls::f_stage1(in, out, n);\n  t2s_hls::f_stage2(in, out, n);\n"),
            std::string::npos)
      << Text;
}

TEST(HLSPrinterTest, RefusesProcessesThatTradeValues) {
  // Two kernel nests, each sending the other values: no order of calls
  // runs them in Vitis' C simulation.
  Design D = threeKernels();
  D.Kernels.clear();
  D.Channels = {channel("f_there", Design::ChannelKind::Stream, 1),
                channel("f_back", Design::ChannelKind::Stream, 1)};
  D.Kernels.push_back(kernel("ping", KernelRole::KernelNest,
                             {write(var("f_there"), num(1)),
                              assign(bufferElement(Float, 1, {}, {}),
                                     channelRead(Float, var("f_back")))},
                             {1}));
  D.Kernels.push_back(kernel("pong", KernelRole::KernelNest,
                             {write(var("f_back"), channelRead(Float, var("f_there")))}, {2}));
  D.Kernels[1].Body.push_back(assign(var("x"), param(Int, 2)));
  CTypes Types(HLSTypeStyle);
  std::string Text;
  std::optional<std::string> Why = printHLS(Text, D, Types, fpgaToolchain(AMDToolchain));
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("the kernels 'ping' and 'pong' send values to each other"),
            std::string::npos)
      << *Why;
  // The target refuses it before anything is printed, naming its rule.
  const Target *HLS = findTarget("amd-hls");
  ASSERT_TRUE(HLS);
  TargetOutput Out;
  Out.Target = "amd-hls";
  Out.KernelsFile = "design-hls.cpp";
  std::optional<std::string> Refusal = HLS->check(D, Out);
  ASSERT_TRUE(Refusal);
  EXPECT_EQ(Refusal->find("cannot write this design as Vitis HLS C++: the kernels 'ping' and "
                          "'pong' send values to each other"),
            0u)
      << *Refusal;
  EXPECT_NE(Refusal->find("[hls]"), std::string::npos) << *Refusal;
  // The OpenCL target has no such rule: Intel's kernels run side by side.
  EXPECT_FALSE(findTarget("intel-opencl")->check(D, Out));
}

TEST(HLSPrinterTest, TheTargetsSayWhatTheyExpress) {
  // Targets.def lists both; each says how its kernels talk and spell
  // vectors, and which toolchain's rules price them.
  const Target *OpenCL = findTarget("intel-opencl"), *HLS = findTarget("amd-hls");
  ASSERT_TRUE(OpenCL && HLS);
  EXPECT_EQ(findTarget("nvidia-cuda"), nullptr);
  EXPECT_EQ(OpenCL->name(), "intel-opencl");
  EXPECT_EQ(HLS->rule(), "hls");
  EXPECT_EQ(OpenCL->capabilities().Channels, TargetCapabilities::ChannelKind::IntelChannel);
  EXPECT_EQ(HLS->capabilities().Channels, TargetCapabilities::ChannelKind::Stream);
  EXPECT_TRUE(OpenCL->capabilities().BuiltinVectors);
  EXPECT_FALSE(HLS->capabilities().BuiltinVectors);
  EXPECT_TRUE(OpenCL->capabilities().AnyBufferLanes);
  EXPECT_FALSE(HLS->capabilities().AnyBufferLanes);
  EXPECT_EQ(OpenCL->capabilities().Toolchain, IntelToolchain);
  EXPECT_EQ(HLS->capabilities().Toolchain, AMDToolchain);
  // The HLS dialect spells every vector a struct, with braced literals.
  CTypes Types(HLSTypeStyle);
  EXPECT_EQ(Types.name(DType::floating(32).withLanes(4)), "t2s_float_x4");
  EXPECT_EQ(Types.vectorLiteral(DType::floating(32).withLanes(2), {"a", "b"}),
            "t2s_float_x2{{a, b}}");
  // Each kernels file says, in its own spelling, which kernels it defines.
  EXPECT_TRUE(OpenCL->definesKernel("x\nvoid f_in(int n) {", "f_in"));
  EXPECT_FALSE(OpenCL->definesKernel("x\nstatic void f_in(int n) {", "f_in"));
  EXPECT_TRUE(HLS->definesKernel("x\nstatic void f_in(int n) {", "f_in"));
}

} // namespace
} // namespace t2s
