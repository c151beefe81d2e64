// Unit tests of the '#pragma t2s' directive grammar.
#include "language/Directive.h"

#include "llvm/Support/Error.h"

#include <gtest/gtest.h>

namespace {

// Parses Text and expects success; returns the directive.
t2s::Directive parseOK(llvm::StringRef Text) {
  llvm::Expected<t2s::Directive> D = t2s::parseDirective(Text);
  if (!D) {
    ADD_FAILURE() << "parse of '" << Text.str()
                  << "' failed: " << llvm::toString(D.takeError());
    return {};
  }
  return std::move(*D);
}

// Parses Text, expects a syntax error and returns it.
t2s::DirectiveError parseError(llvm::StringRef Text) {
  llvm::Expected<t2s::Directive> D = t2s::parseDirective(Text);
  if (D) {
    ADD_FAILURE() << "'" << Text.str() << "' parsed as '" << D->str() << "'";
    return {0, "", ""};
  }
  t2s::DirectiveError Result(0, "", "");
  llvm::handleAllErrors(D.takeError(),
                        [&](const t2s::DirectiveError &E) { Result = E; });
  return Result;
}

TEST(Directive, SpaceTimeWithClauses) {
  t2s::Directive D = parseOK("space_time( i ,j )schedule(2,3)   check_time");
  EXPECT_EQ(D.Kind, t2s::DirectiveKind::SpaceTime);
  ASSERT_EQ(D.Args.size(), 2u);
  EXPECT_EQ(D.Args[0].Name, "i");
  EXPECT_EQ(D.Args[1].Name, "j");
  const t2s::DirectiveClause *S = D.clause("schedule");
  ASSERT_NE(S, nullptr);
  ASSERT_EQ(S->Args.size(), 2u);
  EXPECT_EQ(S->Args[0].Value, 2);
  EXPECT_EQ(S->Args[1].Value, 3);
  EXPECT_NE(D.clause("check_time"), nullptr);
  EXPECT_EQ(D.str(), "space_time(i, j) schedule(2, 3) check_time");
}

TEST(Directive, CanonicalTextRoundTrips) {
  for (llvm::StringRef Text :
       {"ure", "merge_ures(A, B, C)", "space_time(i)", "vectorize(k)",
        "unroll(j)", "gather(C, i, down)", "gather(C, i, up)", "scatter(a, j, up)",
        "scatter(a, j, down)", "kernel(loader)", "pad_rounds(i, 64)",
        "space_time(i) schedule(-1)"}) {
    t2s::Directive D = parseOK(Text);
    EXPECT_EQ(D.str(), Text.str());
    EXPECT_EQ(parseOK(D.str()).str(), D.str());
  }
}

TEST(Directive, NegativeCoefficientsMayBeSpaced) {
  // clang hands '-1' to the pragma handler as two tokens.
  t2s::Directive D = parseOK("space_time(i, j) schedule(- 1, -2)");
  const t2s::DirectiveClause *S = D.clause("schedule");
  ASSERT_NE(S, nullptr);
  EXPECT_EQ(S->Args[0].Value, -1);
  EXPECT_EQ(S->Args[1].Value, -2);
  EXPECT_EQ(D.str(), "space_time(i, j) schedule(-1, -2)");
}

TEST(Directive, EveryDirectiveHasAName) {
  EXPECT_EQ(t2s::directiveNames().size(), 12u);
  for (llvm::StringRef Name : t2s::directiveNames())
    EXPECT_FALSE(Name.empty());
}

struct BadCase {
  const char *Text;
  size_t Offset;
  const char *Message; // a substring of the message
};

void PrintTo(const BadCase &C, std::ostream *OS) { *OS << '"' << C.Text << '"'; }

class DirectiveErrors : public testing::TestWithParam<BadCase> {};

TEST_P(DirectiveErrors, ReportsRuleAndPosition) {
  const BadCase &C = GetParam();
  t2s::DirectiveError E = parseError(C.Text);
  EXPECT_EQ(E.Offset, C.Offset) << C.Text;
  EXPECT_NE(E.Message.find(C.Message), std::string::npos)
      << "message: " << E.Message;
  EXPECT_FALSE(E.Hint.empty()) << "every error needs a fix hint: " << C.Text;
}

INSTANTIATE_TEST_SUITE_P(
    Grammar, DirectiveErrors,
    testing::Values(
        BadCase{"", 0, "expected a T2S directive"},
        BadCase{"spacetime(i)", 0, "unknown T2S directive 'spacetime'"},
        BadCase{"(i)", 0, "expected a directive name"},
        BadCase{"space_time(i, j", 10, "unbalanced parentheses"},
        BadCase{"space_time(i))", 13, "extra ')'"},
        BadCase{"space_time(i,)", 13, "expected an argument after ','"},
        BadCase{"space_time()", 11, "empty argument list"},
        BadCase{"space_time", 10, "needs an argument list"},
        BadCase{"space_time(i i)", 13, "expected ',' or ')'"},
        BadCase{"space_time(i, i)", 14, "'i' is named twice"},
        BadCase{"space_time(i, 2)", 14, "expects names"},
        BadCase{"space_time(i, j) schedule(2)", 17, "schedule has 1 coefficient but space_time names 2 space loops"},
        BadCase{"space_time(i) schedule(x)", 23, "expects integers"},
        BadCase{"space_time(i) check_time(1)", 24, "takes no arguments"},
        BadCase{"space_time(i) scheduled(1)", 14, "unknown clause 'scheduled'"},
        BadCase{"space_time(i) check_time check_time", 25, "given twice"},
        BadCase{"ure(x)", 3, "takes no arguments"},
        BadCase{"ure check_time", 4, "unknown clause"},
        BadCase{"vectorize(k, j)", 13, "exactly one"},
        BadCase{"gather(C, i)", 10, "three arguments"},
        BadCase{"gather(C, i, left)", 13, "must be 'up' or 'down'"},
        BadCase{"scatter(a, i)", 11, "three arguments"},
        BadCase{"scatter(a, 2, up)", 11, "a loop name"},
        BadCase{"kernel(3)", 7, "expects a name"},
        BadCase{"buffer(a)", 7, "two arguments"},
        BadCase{"buffer(a, k, j)", 13, "two arguments"},
        BadCase{"buffer(a, 2)", 10, "a loop name"},
        BadCase{"unroll(j) ;", 10, "unexpected character ';'"},
        BadCase{"ure, ure", 3, "unexpected ','"}),
    [](const testing::TestParamInfo<BadCase> &Info) {
      return "Case" + std::to_string(Info.index);
    });

TEST(Directive, SuggestsTheClosestName) {
  t2s::DirectiveError E = parseError("vectorise(k)");
  EXPECT_EQ(E.Hint, "did you mean 'vectorize'?");
  E = parseError("frobnicate");
  EXPECT_NE(E.Hint.find("known directives: ure, merge_ures"), std::string::npos);
}

} // namespace
