// Unit tests of the comparison the examples and tests make against the
// reference (t2s/compare.h): integers exactly, floats within a tolerance,
// and any NaN equal to any NaN, whatever its sign (IEEE 754 leaves the sign
// of an invalid operation's NaN unspecified, and builds differ in it).
#include "t2s/compare.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace {

TEST(CompareTest, NaNsOfEitherSignAgree) {
  const float NaN = std::numeric_limits<float>::quiet_NaN();
  float Want[] = {NaN, -NaN, NaN, 1.f};
  float Got[] = {-NaN, NaN, NaN, 1.f};
  EXPECT_EQ(t2s::countMismatches("x", Got, Want, 4), 0u);
  EXPECT_TRUE(std::signbit(-NaN) != std::signbit(NaN));
}

TEST(CompareTest, ANaNIsNotANumber) {
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  double Want[] = {NaN, 2.0};
  double Got[] = {0.0, NaN};
  EXPECT_EQ(t2s::countMismatches("y", Got, Want, 2, 1e-3, 0), 2u);
}

TEST(CompareTest, FloatsWithinTheTolerance) {
  float Want[] = {100.f, 0.5f};
  float Got[] = {100.01f, 0.5001f};
  EXPECT_EQ(t2s::countMismatches("z", Got, Want, 2, 1e-3, 0), 0u);
  EXPECT_EQ(t2s::countMismatches("z", Got, Want, 2, 0.0, 0), 2u);
  int IWant[] = {3, 4}, IGot[] = {3, 5};
  EXPECT_EQ(t2s::countMismatches("i", IGot, IWant, 2, 0.0, 0), 1u);
}

} // namespace
