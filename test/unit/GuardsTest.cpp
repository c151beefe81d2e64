// Unit tests of the conditions read from a nest's branches (ure/Guards.h):
// bool locals and short-circuit operators as clang emits them after
// mem2reg ('bool last = i == 3 && o == 1; if (last && j == 3)'), read as
// the '&&' / '||' of their comparisons.
#include "ure/Guards.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

namespace {

// %and = (i == 3 && o == 1) kept in a bool (%and8), read back as %back;
// %or = (i == 3 || o == 1); %three = a && b && c; %neg = !back;
// %nested = t1 && (j != 1 || o != 6), as clang emits it for a bool local;
// %notphi: a phi whose constant arm comes from a block that does not test.
const char *GuardsIR = R"IR(
define void @f(i32 %i, i32 %o, i32 %j) {
entry:
  %a = icmp eq i32 %i, 3
  br i1 %a, label %rhs, label %and.end
rhs:
  %b = icmp eq i32 %o, 1
  br label %and.end
and.end:
  %and = phi i1 [ false, %entry ], [ %b, %rhs ]
  %and8 = zext i1 %and to i8
  %back = trunc i8 %and8 to i1
  %ne = icmp ne i8 %and8, 0
  %eq = icmp eq i8 %and8, 0
  %neg = xor i1 %back, true
  br i1 %a, label %or.end, label %or.rhs
or.rhs:
  %c = icmp eq i32 %o, 1
  br label %or.end
or.end:
  %or = phi i1 [ true, %and.end ], [ %c, %or.rhs ]
  %t1 = icmp eq i32 %i, 0
  br i1 %t1, label %t2b, label %three.end
t2b:
  %t2 = icmp eq i32 %o, 0
  br i1 %t2, label %t3b, label %three.end
t3b:
  %t3 = icmp eq i32 %j, 0
  br label %three.end
three.end:
  %three = phi i1 [ false, %or.end ], [ false, %t2b ], [ %t3, %t3b ]
  %sel = select i1 %t1, i1 %t2, i1 false
  br i1 %t1, label %n.rhs, label %n.end
n.rhs:
  %n1 = icmp ne i32 %j, 1
  br i1 %n1, label %n.or.end, label %n.or.rhs
n.or.rhs:
  %n2 = icmp ne i32 %o, 6
  br label %n.or.end
n.or.end:
  %n.or = phi i1 [ true, %n.rhs ], [ %n2, %n.or.rhs ]
  br label %n.end
n.end:
  %nested = phi i1 [ false, %three.end ], [ %n.or, %n.or.end ]
  br label %merge
merge:
  %notphi = phi i1 [ false, %n.end ], [ %t2, %other ]
  ret void
other:
  br label %merge
}
)IR";

class GuardsTest : public ::testing::Test {
protected:
  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  llvm::Function *F = nullptr;

  void SetUp() override {
    llvm::SMDiagnostic Err;
    M = llvm::parseAssemblyString(GuardsIR, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str();
    F = M->getFunction("f");
  }

  llvm::Value *value(llvm::StringRef Name) {
    for (llvm::Instruction &I : llvm::instructions(*F))
      if (I.getName() == Name)
        return &I;
    ADD_FAILURE() << "no value %" << Name.str();
    return nullptr;
  }

  // The terms of Name as "name=value" pairs, '&&' or '||' first.
  std::string terms(llvm::StringRef Name) {
    std::optional<t2s::LogicalTerms> L = t2s::logicalTerms(value(Name));
    if (!L)
      return "none";
    std::string Out = L->IsAnd ? "and" : "or";
    for (auto [Term, WhenTrue] : L->Terms)
      Out += " " + Term->getName().str() + "=" + (WhenTrue ? "1" : "0");
    return Out;
  }
};

TEST_F(GuardsTest, BoolLocalsAreTheirValue) {
  bool WhenTrue = true;
  EXPECT_EQ(t2s::throughBoolCasts(value("back"), WhenTrue), value("and"));
  EXPECT_TRUE(WhenTrue);
  EXPECT_EQ(t2s::throughBoolCasts(value("ne"), WhenTrue), value("and"));
  EXPECT_TRUE(WhenTrue);
  EXPECT_EQ(t2s::throughBoolCasts(value("eq"), WhenTrue), value("and"));
  EXPECT_FALSE(WhenTrue);
  WhenTrue = true;
  EXPECT_EQ(t2s::throughBoolCasts(value("neg"), WhenTrue), value("and"));
  EXPECT_FALSE(WhenTrue);
  WhenTrue = true;
  EXPECT_EQ(t2s::throughBoolCasts(value("a"), WhenTrue), value("a"));
  EXPECT_TRUE(WhenTrue);
}

TEST_F(GuardsTest, ShortCircuitPhisAreTheirOperators) {
  EXPECT_EQ(terms("and"), "and a=1 b=1");
  // 'a || c': the exit edge is taken when a holds.
  EXPECT_EQ(terms("or"), "or a=1 c=1");
  EXPECT_EQ(terms("three"), "and t1=1 t2=1 t3=1");
  EXPECT_EQ(terms("sel"), "and t1=1 t2=1");
  // The second term is itself a short circuit, in blocks of its own.
  EXPECT_EQ(terms("nested"), "and t1=1 n.or=1");
  EXPECT_EQ(terms("n.or"), "or n1=1 n2=1");
}

TEST_F(GuardsTest, OtherPhisAndComparisonsAreNot) {
  EXPECT_EQ(terms("notphi"), "none");
  EXPECT_EQ(terms("a"), "none");
  EXPECT_EQ(terms("back"), "none"); // the casts are throughBoolCasts' part
}

} // namespace
