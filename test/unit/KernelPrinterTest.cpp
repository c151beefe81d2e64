// A kernel's statements (systolic/Stmt.h) printed as OpenCL C
// (backends/opencl/OpenCLKernels.h), from a Design built by hand: no IR, no
// schedule; the printer spells what the tree says.

#include "backends/opencl/OpenCLKernels.h"
#include "systolic/Design.h"
#include "systolic/Stmt.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const DType Int = DType::integer(32), Float = DType::floating(32);

ExprPtr num(int64_t V) { return intConst(Int, V); }

// A design with one buffer parameter 'out' and one kernel running Body.
Design oneKernel(Stmts Body, bool WithChannel = false) {
  Design D;
  D.Function = "f(float*)";
  D.Name = "f";
  D.File = "f.cpp";
  D.Line = 3;
  D.Params.push_back({"out", true, Float});
  D.Buffers.push_back({0, "out", 0, Float, false, true, 8});
  D.KernelParamsKnown = true;
  Design::Nest N;
  N.Name = "f";
  N.Scheduled = true;
  D.Nests.push_back(N);
  Design::Kernel K;
  K.Name = "f";
  K.Params = {0};
  K.Body = std::move(Body);
  D.Kernels.push_back(std::move(K));
  if (WithChannel) {
    Design::Channel C;
    C.Name = "f_x";
    C.Element = Float;
    C.Depth = 16;
    C.Extents = {4};
    D.Channels.push_back(C);
  }
  return D;
}

std::string kernels(const Design &D) {
  CTypes Types;
  std::string Text;
  std::optional<std::string> Why = printKernels(Text, D, Types);
  EXPECT_FALSE(Why) << *Why;
  return Text;
}

// A value an assignment uses twice is declared before it, named after its
// local in the source (away from the kernel's names: a loop 's' makes it
// 's_1'); one used once, or only in a select's arm when it divides
// integers, stays in the expression. An inline 'if' gets braces for the
// temporaries, and the assignment ends with its place in the source.
TEST(KernelPrinterTest, SharedValuesAreTemporaries) {
  ExprPtr A = subscript(Float, var("sr_A"), {num(0), var("s")});
  ExprPtr Sum = asLocal(binary(BinaryOp::Add, false, A, floatConst(Float, 1)), "s");
  ExprPtr Max = select(compare(CompareOp::GT, false, Sum, floatConst(Float, 0)), Sum,
                       floatConst(Float, 0));
  Stmt Set = assign(bufferElement(Float, 0, {var("s")}, {1}), Max);
  Set.Text = "f.cpp:9";
  ExprPtr Q = asLocal(binary(BinaryOp::Div, false, var("s"), var("n")), "q");
  ExprPtr Guarded = select(compare(CompareOp::NE, false, var("n"), num(0)),
                           binary(BinaryOp::Add, false, Q, Q), num(0));
  // A loop without braces around its one statement gains them.
  ExprPtr Twice = asLocal(binary(BinaryOp::Mul, false, var("s"), var("n")), "m");
  Stmt Bare = loop(LoopKind::Serial, "u", num(0), num(2),
                   {assign(var("n"), binary(BinaryOp::Add, false, Twice, Twice))});
  Bare.Braces = false;
  Stmts PE{guarded(compare(CompareOp::EQ, false, var("s"), num(1)), std::move(Set)),
           decl(Int, "r", {}, DeclInit::Value, Guarded), std::move(Bare)};
  Design D = oneKernel({decl(Float, "sr_A", {1, 4}), decl(Int, "n", {}, DeclInit::Zero),
                        loop(LoopKind::PE, "s", num(0), num(4), std::move(PE))});
  std::string K = kernels(D);
  EXPECT_NE(K.find("    if (s == 1) {\n"
                   "      const float s_1 = sr_A[0][s] + 1.0f;\n"
                   "      out[s] = ((s_1 > 0.0f) ? s_1 : 0.0f); // f.cpp:9\n"
                   "    }\n"),
            std::string::npos)
      << K;
  EXPECT_NE(K.find("int r = (n != 0) ? ((s / n) + (s / n)) : 0;"), std::string::npos) << K;
  EXPECT_NE(K.find("    for (int u = 0; u < 2; u++) {\n"
                   "      const int m = s * n;\n"
                   "      n = (m + m);\n"
                   "    }\n"),
            std::string::npos)
      << K;
}

TEST(KernelPrinterTest, TimeLoopsShiftsAndRecovery) {
  // for t1: shift the register; over the PEs j: recover i from t1 and run.
  Stmt Shift(StmtKind::Shift);
  Shift.Name = "sr_A";
  Shift.Text = "slot";
  Shift.Words = 3;
  Shift.Subscripts = {var("j")};
  Stmt Recover(StmtKind::Recover);
  Recover.Recoveries.push_back({"i", "t1", {{2, "j"}}, 0, 8});
  ExprPtr Word = subscript(Float, var("sr_A"), {num(0), var("j")});
  ExprPtr Element = bufferElement(Float, 0, {var("i")}, {1});
  Recover.Body = {assign(Word, floatConst(Float, 1.5)),
                  guarded(compare(CompareOp::EQ, false, var("i"), num(7)),
                          assign(Element, subscript(Float, var("sr_A"), {num(2), var("j", -1)})))};
  Stmts PEs{loop(LoopKind::PE, "j", num(0), num(4), {std::move(Recover)})};
  Stmts Step{comment("Shift."), loop(LoopKind::PE, "j", num(0), num(4), {std::move(Shift)})};
  Step.insert(Step.end(), PEs.begin(), PEs.end());
  Design D = oneKernel({decl(Float, "sr_A", {3, 4}),
                        loop(LoopKind::Time, "t1", num(0), num(14), std::move(Step))});
  EXPECT_EQ(kernels(D).substr(kernels(D).find("__kernel")),
            "__kernel T2S_SINGLE_WORK_ITEM\n"
            "void f(__global float *restrict out) {\n"
            "  float sr_A[3][4];\n"
            "  for (int t1 = 0; t1 < 14; t1++) {\n"
            "    // Shift.\n"
            "    #pragma unroll\n"
            "    for (int j = 0; j < 4; j++) {\n"
            "      #pragma unroll\n"
            "      for (int slot = 2; slot > 0; slot--)\n"
            "        sr_A[slot][j] = sr_A[slot - 1][j];\n"
            "    }\n"
            "    #pragma unroll\n"
            "    for (int j = 0; j < 4; j++) {\n"
            "      int i = t1 - 2 * j;\n"
            "      if (i >= 0 && i < 8) { // this PE's time step\n"
            "        sr_A[0][j] = 1.5f;\n"
            "        if (i == 7) out[i] = sr_A[2][j - 1];\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n"
            "#ifdef __cplusplus\n"
            "} // namespace t2s_kernels\n"
            "#endif\n");
}

TEST(KernelPrinterTest, ChannelsBlocksAndLayoutHints) {
  // A count loop down, an if/else of channel writes, a one-line block with a
  // pinned lane, a loop without braces.
  ExprPtr Ref = subscript(Float, var("f_x"), {var("p")});
  Stmts Pass{decl(Float, "v", {}, DeclInit::Value,
                  select(compare(CompareOp::EQ, false, var("t"), var("p")), floatConst(Float, 0),
                         channelRead(Float, Ref))),
             ifElse(compare(CompareOp::EQ, false, var("p"), num(0)), {write(Ref, var("v"))},
                    {write(var("f_y"), var("v"))})};
  Stmt Unrolled = loop(LoopKind::PE, "q", num(0), num(2),
                       {assign(bufferElement(Float, 0, {var("q")}, {1}), num(0))});
  Unrolled.Braces = false;
  Design D = oneKernel(
      {loop(LoopKind::Count, "t", var("p"), num(0), std::move(Pass), /*Down=*/true),
       block({let("k", 3), guarded(compare(CompareOp::NE, false, var("k"), num(1)),
                                   write(Ref, num(1)))},
             /*Inline=*/true),
       std::move(Unrolled)},
      /*WithChannel=*/true);
  std::string Text = kernels(D);
  EXPECT_NE(Text.find("#include \"t2s/channels.h\""), std::string::npos);
  EXPECT_NE(Text.find("T2S_CHANNEL_ARRAY(float, f_x, 16, 4);"), std::string::npos);
  EXPECT_NE(Text.find("T2S_KERNEL\nvoid f(T2S_GLOBAL float *T2S_RESTRICT out) {\n"
                      "  for (int t = p; t >= 0; t--) {\n"
                      "    float v = (t == p) ? 0.0f : T2S_READ(f_x[p]);\n"
                      "    if (p == 0)\n"
                      "      T2S_WRITE(f_x[p], v);\n"
                      "    else\n"
                      "      T2S_WRITE(f_y, v);\n"
                      "  }\n"
                      "  { const int k = 3; if (k != 1) T2S_WRITE(f_x[p], 1); }\n"
                      "  #pragma unroll\n"
                      "  for (int q = 0; q < 2; q++)\n"
                      "    out[q] = 0;\n"
                      "}\n"),
            std::string::npos)
      << Text;
}

TEST(KernelPrinterTest, RefusesWhatTheDesignDoesNotGiveTheKernel) {
  // The body writes 'out', but the kernel's parameters leave it out.
  Design D = oneKernel({assign(bufferElement(Float, 0, {}, {}), num(0))});
  D.Kernels[0].Params.clear();
  CTypes Types;
  std::string Text;
  std::optional<std::string> Why = printKernels(Text, D, Types);
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("internal error: the kernel 'f' uses other parameters"), std::string::npos);
  // A leaf of the nest that the unroll step should have replaced.
  Design E = oneKernel({assign(bufferElement(Float, 0, {loopVar(Int, 0)}, {1}), num(0))});
  Why = printKernels(Text, E, Types);
  ASSERT_TRUE(Why);
  EXPECT_NE(Why->find("did not replace"), std::string::npos);
}

TEST(KernelPrinterTest, AutorunArrayRunsForever) {
  Design D = oneKernel({comment("The PEs.")}, /*WithChannel=*/true);
  D.Kernels[0].Params.clear();
  std::string Text = kernels(D);
  EXPECT_NE(Text.find("T2S_AUTORUN_KERNEL\nvoid f(void) {\n"
                      "  while (1) { // autorun: the array waits for its loaders\n"
                      "    // The PEs.\n"
                      "  }\n}\n"),
            std::string::npos)
      << Text;
}

} // namespace
} // namespace t2s
