// The table of gains bench/optvls measured (OptVLS/OVLSMeasured.h): parsing,
// lookup by target CPU and group shape, and the text the remarks append.

#include "OptVLS/OVLSMeasured.h"

#include "gtest/gtest.h"

namespace t2s {
namespace {

const char *Table = R"json({
  "machine": "a test",
  "gains": [
    {"cpu": "znver4", "shape": "2 gathers of <8 x double>", "kernels": ["g2_f64", "p2_f64"],
     "min": 0.931, "max": 1.514, "cases": 16},
    {"cpu": "znver4", "shape": "3 gathers of <8 x double>", "kernels": ["g3_f64"],
     "min": 1.2, "max": 1.2, "cases": 1},
    {"cpu": "znver4", "shape": "", "kernels": [], "min": 1, "max": 1, "cases": 3},
    {"cpu": "haswell", "shape": "2 gathers of <4 x double>", "min": 1, "max": 2, "cases": 0}
  ]
})json";

TEST(MeasuredGainsTest, FindsByCPUAndShape) {
  MeasuredGains G = MeasuredGains::parse(Table);
  EXPECT_EQ(G.Machine, "a test");
  ASSERT_EQ(G.Gains.size(), 2u) << "entries without a shape or cases are dropped";
  ASSERT_TRUE(G.find("znver4", "2 gathers of <8 x double>"));
  EXPECT_EQ(G.find("znver4", "2 gathers of <8 x double>")->Kernels.size(), 2u);
  EXPECT_FALSE(G.find("haswell", "2 gathers of <8 x double>"));
  EXPECT_FALSE(G.find("znver4", "2 gathers of <4 x double>"));
}

TEST(MeasuredGainsTest, RemarkTextGivesTheRange) {
  MeasuredGains G = MeasuredGains::parse(Table);
  EXPECT_EQ(G.remarkText("znver4", "2 gathers of <8 x double>"),
            "; measured by bench/optvls on znver4: 0.93-1.51x against the plain build "
            "over 16 cases (g2_f64, p2_f64)");
  EXPECT_EQ(G.remarkText("znver4", "3 gathers of <8 x double>"),
            "; measured by bench/optvls on znver4: 1.20x against the plain build over 1 "
            "case (g3_f64)");
  EXPECT_EQ(G.remarkText("skylake", "2 gathers of <8 x double>"), "");
}

TEST(MeasuredGainsTest, MalformedTablesAreEmpty) {
  EXPECT_TRUE(MeasuredGains::parse("{").Gains.empty());
  EXPECT_TRUE(MeasuredGains::parse("[1, 2]").Gains.empty());
  EXPECT_TRUE(MeasuredGains::parse(R"({"gains": [3, {"cpu": 4}]})").Gains.empty());
}

TEST(MeasuredGainsTest, TheBuiltInTableParses) {
  MeasuredGains G = MeasuredGains::embedded();
  for (const MeasuredGain &X : G.Gains) {
    EXPECT_FALSE(X.CPU.empty());
    EXPECT_GT(X.Cases, 0u);
    EXPECT_LE(X.Min, X.Max) << X.CPU << " " << X.Shape;
  }
}

} // namespace
} // namespace t2s
