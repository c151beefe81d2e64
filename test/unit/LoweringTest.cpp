// The lowering steps (systolic/lowering/Lowering.h) on a Design and plans
// built by hand: no IR. A one-dimensional array over p in [0, 3) and time t
// in [0, 4): the PE at p == 0 receives in[t] from a loader, each PE passes
// the value to its right neighbour (A[t][p - 1]), and at t == 3 every PE
// sends its value to a drainer that writes out[p].

#include "systolic/DataPath.h"
#include "systolic/Design.h"
#include "systolic/lowering/Lowering.h"

#include "llvm/IR/Argument.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Type.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <memory>
#include <string>

namespace t2s {
namespace {

const DType Int = DType::integer(32), Float = DType::floating(32);

LocatedDirective directive(llvm::StringRef Text) {
  llvm::Expected<Directive> D = parseDirective(Text);
  EXPECT_TRUE(static_cast<bool>(D));
  return {std::move(*D), SourceLoc{"pass.cpp", 3, 1}};
}

URESystem passSystem() {
  URESystem S;
  S.Loc = {"pass.cpp", 3, 1};
  for (auto [Name, Upper] : {std::pair<const char *, int64_t>{"t", 4}, {"p", 3}}) {
    URELoop L;
    L.Name = Name;
    L.Upper = Upper;
    L.UpperBound.Constant = Upper;
    S.Loops.push_back(L);
  }
  UREArray A;
  A.Name = "A";
  S.Arrays.push_back(A);
  UREStatement Pass; // A[t][p] = p == 0 ? in[t] : A[t][p - 1]
  Pass.Reads.push_back({});
  Pass.Reads.back().Array = 0;
  Pass.Reads.back().Distance = {0, 1};
  S.Statements.push_back(Pass);
  UREStatement Out; // if (t == 3) out[p] = A[t][p]
  Out.Extended = true;
  Out.OutputName = "out";
  Out.Reads.push_back({});
  Out.Reads.back().Array = 0;
  Out.Reads.back().Distance = {0, 0};
  S.Statements.push_back(Out);
  S.Directives.push_back(directive("space_time(p)"));
  S.Directives.push_back(directive("loader(in)"));
  S.Directives.push_back(directive("drainer(out)"));
  return S;
}

ExprPtr num(int64_t V) { return intConst(Int, V); }

struct PassDesign {
  Design D;
  std::vector<std::unique_ptr<NestPlan>> Plans;
};

// The Design as the build leaves it before the steps, and its plans.
PassDesign passDesign() {
  PassDesign R;
  llvm::SmallVector<URERejection, 1> Rej;
  std::optional<DataPath> Path = computeDataPath(passSystem(), Rej);
  EXPECT_TRUE(Path && Rej.empty());
  auto P = std::make_unique<NestPlan>();
  static_cast<DataPath &>(*P) = *Path;
  P->ArrayTypes = {Float};
  ExprPtr InT = bufferElement(Float, 0, {loopVar(Int, 0)}, {1});
  ChannelPlan In;
  In.Name = "pass_in";
  In.Buffer = "in";
  In.ElementType = In.ScalarType = Float;
  In.Condition = compare(CompareOp::EQ, false, loopVar(Int, 1), num(0));
  In.Address = InT;
  In.InBody = true;
  In.Loads = {0};
  P->Channels.push_back(In);
  ChannelPlan Out;
  Out.Name = "pass_out";
  Out.Buffer = "out";
  Out.Output = true;
  Out.Dims = {0};
  Out.ElementType = Out.ScalarType = Float;
  Out.Condition = compare(CompareOp::EQ, false, loopVar(Int, 0), num(3));
  Out.Statement = 1;
  Out.InBody = true;
  P->Channels.push_back(Out);
  R.Plans.push_back(std::move(P));

  Design &D = R.D;
  D.Function = "pass(const float *, float *)";
  D.Name = "pass";
  D.File = "pass.cpp";
  D.Line = 3;
  D.Params.push_back({"in", true, Float});
  D.Params.push_back({"out", true, Float});
  D.Buffers.push_back({0, "in", 0, Float, true, false, 4});
  D.Buffers.push_back({1, "out", 0, Float, false, true, 3});
  Design::Nest N;
  N.Name = "pass";
  N.Scheduled = true;
  N.Title = "the systolic array at line 3";
  N.Loops = {"t", "p"};
  N.SourceLoops = {{"t", 0, 4, nullptr}, {"p", 0, 3, nullptr}};
  N.PELoops = {1};
  N.PEs = 3;
  N.Steps = 4;
  Design::Statement A;
  A.Array = "A";
  A.Value = select(compare(CompareOp::EQ, false, loopVar(Int, 1), num(0)),
                   load(Float, 0, InT), ureValue(Float, 0, 0));
  A.Reads.push_back({"A", {0, 1}});
  N.Statements.push_back(A);
  Design::Statement O;
  O.Array = "A";
  O.Extended = true;
  O.Value = ureValue(Float, 1, 0);
  O.Guard = Out.Condition;
  O.Target = bufferElement(Float, 1, {loopVar(Int, 1)}, {1});
  O.Reads.push_back({"A", {0, 0}});
  N.Statements.push_back(O);
  D.Nests.push_back(N);
  return R;
}

std::string dump(const Design &D) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  D.print(OS);
  return Text;
}

TEST(LoweringTest, StepsBuildLoaderArrayAndDrainerWithoutIR) {
  PassDesign R = passDesign();
  Design &D = R.D;
  buildKernels(D, R.Plans, {0});
  ASSERT_EQ(D.Kernels.size(), 1u);
  EXPECT_EQ(D.Kernels[0].Role, KernelRole::Systolic);
  ASSERT_EQ(D.Registers.size(), 1u);
  EXPECT_EQ(D.Registers[0].Array, "A");
  EXPECT_EQ(D.Registers[0].Words, 1); // the longest read waits 0 steps

  isolateLoadersAndDrainers(D, R.Plans);
  ASSERT_EQ(D.Kernels.size(), 3u);
  EXPECT_EQ(D.Kernels[0].Role, KernelRole::Loader);
  EXPECT_EQ(D.Kernels[2].Role, KernelRole::Drainer);
  ASSERT_EQ(D.Channels.size(), 2u);
  // The loader's channel serves the one PE its condition pins; the
  // drainer's runs over the PEs.
  EXPECT_TRUE(D.Channels[0].Extents.empty());
  EXPECT_EQ(D.Channels[1].Extents, (llvm::SmallVector<int64_t, 4>{3}));

  vectorizeChannels(D, R.Plans);
  chainPEs(D, R.Plans);
  EXPECT_EQ(D.Channels[0].Lanes.Mode, LaneMode::None);
  ASSERT_FALSE(unrollKernels(D, R.Plans));

  // The loader reads in[t] for the PE at p == 0 and sends it; the array
  // receives it there, passes A along p and sends each PE's value at
  // t == 3; the drainer writes out[p] with what it receives.
  std::string Text = dump(D);
  size_t At = Text.find("  kernel pass_load_in runs:");
  ASSERT_NE(At, std::string::npos) << Text;
  EXPECT_EQ(Text.substr(At), R"(  kernel pass_load_in runs:
    time loop t from 0 to 4
      // What each PE reads, when it reads it.
      PE loop p from 0 to 3
        if (p == 0)
          write pass_in <- in[t]
  kernel pass runs:
    decl sr_A: f32 [1] [3]
    time loop t from 0 to 4
      // The PEs.
      PE loop p from 0 to 3
        decl in_in: f32 = 0
        if (p == 0)
          in_in = read pass_in
        sr_A[0][p] = ((p == 0) ? in_in : sr_A[0][p - 1])
        if (t == 3)
          write pass_out[p] <- sr_A[0][p]
  kernel pass_drain_out runs:
    time loop t from 0 to 4
      // What each PE writes, when it writes it.
      PE loop p from 0 to 3
        if (t == 3)
          out[p] = read pass_out[p]
)");
}

// The run-time bound of a loop comes from the Design (Nest::SourceLoop),
// as the build lifted it: the kernels' time loop runs to it.
TEST(LoweringTest, RunTimeBoundComesFromTheDesign) {
  PassDesign R = passDesign();
  Design &D = R.D;
  // t < T + 1 for a parameter T (argument 2): the schedule counts the
  // stand-in range [0, 4).
  D.Params.push_back({"T", false, Int, 3});
  // The URE model marks the loop with the IR value of its bound; the steps
  // never look at it.
  llvm::LLVMContext Ctx;
  llvm::Argument Bound(llvm::Type::getInt32Ty(Ctx), "T");
  R.Plans[0]->Sch.System.Loops[0].RunTimeBoundValue = &Bound;
  D.Nests[0].SourceLoops[0].RunTimeUpper =
      binary(BinaryOp::Add, false, param(Int, 2), intConst(Int, 1));
  buildKernels(D, R.Plans, {0});
  isolateLoadersAndDrainers(D, R.Plans);
  vectorizeChannels(D, R.Plans);
  chainPEs(D, R.Plans);
  ASSERT_FALSE(unrollKernels(D, R.Plans));
  std::string Text = dump(D);
  EXPECT_NE(Text.find("kernel pass runs:\n    decl sr_A: f32 [1] [3]\n    time loop t from 0 to "
                      "(T + 1)\n"),
            std::string::npos)
      << Text;
  // Without the Design's bound the step cannot lay the kernel out.
  D.Nests[0].SourceLoops[0].RunTimeUpper = nullptr;
  EXPECT_TRUE(unrollKernels(D, R.Plans).has_value());
}

TEST(LoweringTest, LanesOfAChannelAreTypedAndWorded) {
  EXPECT_EQ(describeLanes({}), "");
  EXPECT_EQ(describeLanes({LaneMode::Vector, "k", 20, 0}), "vectors of 20 lanes of k");
  EXPECT_EQ(describeLanes({LaneMode::Pinned, "kkk", 1, 15}), "the lane kkk = 15");
  EXPECT_EQ(describeLanes({LaneMode::Serial, "k", 1, 0}), "single lanes of k in order");
  EXPECT_EQ(describeLanes({LaneMode::PEVector, "i", 4, 0}), "vectors of the 4 PEs along i");
}

} // namespace
} // namespace t2s
