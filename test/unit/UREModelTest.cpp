// Unit tests of the URE model: extraction from IR (as PrepareNests leaves it)
// and the typed reasons of its rejections; the design's buffers read from it.
#include "systolic/Buffers.h"
#include "ure/UREModel.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace {

// A[j][i] = i == 0 ? in[j] : A[j][i - 1] + 1;  if (i == 4) out[j] = A[j][i];
// for j in [0, 4), i in [0, 5). DIST and OFFSET are replaced per test.
const char *NestIR = R"IR(
define void @f(ptr %in, ptr %out) !t2s.arg.names !20 {
entry:
  %A = alloca [4 x [5 x i32]], !t2s.name !10
  br label %j.header
j.header:
  %j = phi i32 [ 0, %entry ], [ %j.next, %j.latch ]
  %jc = icmp slt i32 %j, 4
  br i1 %jc, label %i.pre, label %exit
i.pre:
  br label %i.header
i.header:
  %i = phi i32 [ 0, %i.pre ], [ %i.next, %i.latch ]
  %ic = icmp slt i32 %i, 5
  br i1 %ic, label %body, label %j.latch
body:
  %j64 = sext i32 %j to i64
  %i64 = sext i32 %i to i64
  %ip = DIST
  %ip64 = sext i32 %ip to i64
  %inp = getelementptr inbounds i32, ptr %in, i64 %j64
  %inv = load i32, ptr %inp
  %Arow = getelementptr inbounds [4 x [5 x i32]], ptr %A, i64 0, i64 %j64
  %Aprev = getelementptr inbounds [5 x i32], ptr %Arow, i64 0, i64 %ip64
  %prev = load i32, ptr %Aprev
  %inc = add nsw i32 %prev, 1
  %first = icmp eq i32 %i, 0
  %v = select i1 %first, i32 %inv, i32 %inc
  %Ap = getelementptr inbounds [5 x i32], ptr %Arow, i64 0, i64 OFFSET
  store i32 %v, ptr %Ap
  %last = icmp eq i32 %i, 4
  br i1 %last, label %emit, label %i.latch
emit:
  %outp = getelementptr inbounds i32, ptr %out, i64 %j64
  %cur = load i32, ptr %Ap
  store i32 %cur, ptr %outp
  br label %i.latch
i.latch:
  %i.next = add nsw i32 %i, 1
  br label %i.header, !llvm.loop !2
j.latch:
  %j.next = add nsw i32 %j, 1
  br label %j.header, !llvm.loop !0
exit:
  ret void
}
!0 = distinct !{!0, !1, !5}
!1 = !{!"t2s.loop.name", !"j"}
!5 = !{!"t2s.directive", !"ure", !"f.cpp", i32 3, i32 15}
!2 = distinct !{!2, !3}
!3 = !{!"t2s.loop.name", !"i"}
!10 = !{!"A"}
!20 = !{!"in", !"out"}
)IR";

class UREModelTest : public testing::Test {
protected:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  llvm::LoopAnalysisManager LAM;
  llvm::FunctionAnalysisManager FAM;
  llvm::CGSCCAnalysisManager CGAM;
  llvm::ModuleAnalysisManager MAM;

  void SetUp() override {
    llvm::PassBuilder PB;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
    FAM.registerPass([] { return t2s::UREAnalysis(); });
  }

  const t2s::UREModel &model(llvm::StringRef Dist = "sub nsw i32 %i, 1",
                             llvm::StringRef Offset = "%i64") {
    std::string Text = NestIR;
    Text.replace(Text.find("DIST"), 4, Dist.str());
    Text.replace(Text.find("OFFSET"), 6, Offset.str());
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(Text, Err, Ctx);
    if (!M) {
      std::string Msg;
      llvm::raw_string_ostream OS(Msg);
      Err.print("UREModelTest", OS);
      ADD_FAILURE() << Msg;
      static t2s::UREModel Empty;
      return Empty;
    }
    return FAM.getResult<t2s::UREAnalysis>(*M->getFunction("f"));
  }
};

TEST_F(UREModelTest, ExtractsLoopsArraysStatementsAndDistances) {
  const t2s::UREModel &Model = model();
  ASSERT_TRUE(Model.Rejections.empty()) << Model.Rejections.front().Message;
  ASSERT_EQ(Model.Systems.size(), 1u);
  const t2s::URESystem &S = Model.Systems.front();
  EXPECT_EQ(S.Loc.File, "f.cpp");
  EXPECT_EQ(S.Loc.Line, 3u);
  ASSERT_EQ(S.Loops.size(), 2u);
  EXPECT_EQ(S.Loops[0].Name, "j");
  EXPECT_EQ(S.Loops[0].Lower, 0);
  EXPECT_EQ(S.Loops[0].Upper, 4);
  EXPECT_EQ(S.Loops[1].Name, "i");
  EXPECT_EQ(S.Loops[1].extent(), 5);
  EXPECT_EQ(S.loopIndex("i"), 1u);
  EXPECT_FALSE(S.loopIndex("k").has_value());

  ASSERT_EQ(S.Arrays.size(), 1u);
  EXPECT_EQ(S.Arrays[0].Name, "A");
  EXPECT_TRUE(S.Arrays[0].ElementType->isIntegerTy(32));
  EXPECT_EQ(S.Arrays[0].Extents, (llvm::SmallVector<uint64_t, 4>{4, 5}));

  ASSERT_EQ(S.Statements.size(), 2u);
  const t2s::UREStatement &U = S.Statements[0];
  EXPECT_FALSE(U.Extended);
  EXPECT_TRUE(U.Guards.empty());
  ASSERT_EQ(U.Reads.size(), 1u);
  EXPECT_EQ(U.Reads[0].Distance, (llvm::SmallVector<int64_t, 4>{0, 1}));
  ASSERT_EQ(U.Inputs.size(), 1u);
  EXPECT_EQ(S.Inputs[U.Inputs[0]].Name, "in");
  // select(first, in, A + 1): one alternative needs nothing.
  EXPECT_EQ(U.Init.kind(), t2s::InitFormula::True);

  const t2s::UREStatement &Out = S.Statements[1];
  EXPECT_TRUE(Out.Extended);
  EXPECT_EQ(Out.OutputName, "out");
  ASSERT_EQ(Out.OutputSubscripts.size(), 1u);
  EXPECT_EQ(Out.OutputSubscripts[0].singleLoop(), 0u);
  ASSERT_EQ(Out.Guards.size(), 1u);
  EXPECT_TRUE(Out.Guards[0].WhenTrue);
  ASSERT_EQ(Out.Reads.size(), 1u);
  EXPECT_EQ(Out.Reads[0].Distance, (llvm::SmallVector<int64_t, 4>{0, 0}));
  EXPECT_EQ(Out.Init.kind(), t2s::InitFormula::Var);
}

TEST_F(UREModelTest, PrintsTheModel) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  model().print(OS);
  EXPECT_NE(Text.find("loops: j in [0, 4), i in [0, 5)"), std::string::npos) << Text;
  EXPECT_NE(Text.find("URE array A: i32[4][5]"), std::string::npos) << Text;
  EXPECT_NE(Text.find("reads A at distance (0, 1)"), std::string::npos) << Text;
  EXPECT_NE(Text.find("extended URE, output out[j]"), std::string::npos) << Text;
  EXPECT_NE(Text.find("(i == 4)"), std::string::npos) << Text;
}

struct RejectCase {
  const char *Dist;
  const char *Offset;
  t2s::URERule Rule;
  const char *Message;
};

class UREModelRejects : public UREModelTest,
                        public testing::WithParamInterface<RejectCase> {};

TEST_P(UREModelRejects, NamesTheRule) {
  const RejectCase &C = GetParam();
  const t2s::UREModel &Model = model(C.Dist, C.Offset);
  EXPECT_TRUE(Model.Systems.empty());
  ASSERT_FALSE(Model.Rejections.empty());
  EXPECT_EQ(Model.Rejections.front().Rule, C.Rule)
      << Model.Rejections.front().Message;
  EXPECT_NE(Model.Rejections.front().Message.find(C.Message), std::string::npos)
      << Model.Rejections.front().Message;
}

INSTANTIATE_TEST_SUITE_P(
    Rules, UREModelRejects,
    testing::Values(
        RejectCase{"add nsw i32 %i, 1", "%i64", t2s::URERule::PositiveDistance,
                   "the read A[j][i + 1] has distance (0, -1)"},
        RejectCase{"add nsw i32 %i, %j", "%i64", t2s::URERule::SimpleArgs,
                   "subscript 2 of the read A[j][j + i]"},
        RejectCase{"add nsw i32 %j, 0", "%i64", t2s::URERule::Order,
                   "uses 'j' where 'i' belongs"},
        RejectCase{"mul nsw i32 %i, 2", "%i64", t2s::URERule::SimpleArgs,
                   "must be the loop variable 'i' plus or minus a constant"},
        RejectCase{"sub nsw i32 %i, 1", "%j64", t2s::URERule::WriteAtLoopVariables,
                   "this writes A[j][j]"},
        RejectCase{"sub nsw i32 %i, 0", "%i64", t2s::URERule::ReadAfterWrite,
                   "from the statement that writes it"}),
    [](const testing::TestParamInfo<RejectCase> &Info) {
      return "Case" + std::to_string(Info.index);
    });

TEST(AffineExpr, SingleLoopAndPrint) {
  llvm::LLVMContext Ctx;
  t2s::AffineExpr E;
  E.Coeffs = {0, 1, 0};
  E.Constant = -2;
  EXPECT_EQ(E.singleLoop(), 1u);
  llvm::SmallVector<t2s::URELoop, 3> Loops(3);
  Loops[0].Name = "k";
  Loops[1].Name = "j";
  Loops[2].Name = "i";
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  E.print(OS, Loops);
  EXPECT_EQ(Text, "j - 2");

  E.Coeffs = {2, 0, -1};
  E.Constant = 3;
  EXPECT_FALSE(E.singleLoop().has_value());
  Text.clear();
  E.print(OS, Loops);
  EXPECT_EQ(Text, "2*k - i + 3");

  E.Coeffs = {0, 0, 0};
  E.Constant = 7;
  EXPECT_FALSE(E.singleLoop().has_value());
  Text.clear();
  E.print(OS, Loops);
  EXPECT_EQ(Text, "7");
}

TEST(URERule, EveryRuleHasAName) {
  for (int R = 0; R <= static_cast<int>(t2s::URERule::SpaceLoops); ++R)
    EXPECT_FALSE(t2s::ruleName(static_cast<t2s::URERule>(R)).empty());
}

} // namespace

// The design's buffers (systolic/Buffers.h): element type, written or not,
// and the elements the nest touches, from the same IR the model reads.
TEST_F(UREModelTest, BuffersOfTheDesign) {
  const t2s::UREModel &Model = model();
  ASSERT_EQ(Model.Systems.size(), 1u);
  const llvm::DataLayout &DL = M->getDataLayout();
  llvm::SmallVector<t2s::DesignBuffer, 4> Buffers =
      t2s::findBuffers(Model.Systems.front(), DL);
  ASSERT_EQ(Buffers.size(), 2u);
  llvm::Function *F = M->getFunction("f");
  const t2s::DesignBuffer *In = t2s::findBuffer(Buffers, F->getArg(0));
  const t2s::DesignBuffer *Out = t2s::findBuffer(Buffers, F->getArg(1));
  ASSERT_TRUE(In && Out);
  EXPECT_EQ(Buffers.front().Arg, F->getArg(0)); // first accessed first
  EXPECT_TRUE(In->Element->isIntegerTy(32));
  EXPECT_FALSE(In->Written);
  EXPECT_EQ(In->Extent, std::optional<uint64_t>(4)); // in[j], j in [0, 4)
  EXPECT_TRUE(Out->Written);
  EXPECT_EQ(Out->Extent, std::optional<uint64_t>(4));
}
