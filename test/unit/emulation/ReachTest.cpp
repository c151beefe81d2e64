// Unit tests of what the emulation measures of a buffer the kernels read at
// computed indices (t2s/reach.h): the range each buffer pointer's accesses
// reach, below its start too, only while a stub measures, and forgotten by
// the next call; and what the HLS C simulation's threads reach.
#include "t2s/emulation.h"
#include "t2s/hls-sim/reach_marks.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace {

namespace reach = t2s::emu::reach;

TEST(ReachTest, TheRangeTheAccessesReach) {
  static float X[64];
  reach::start();
  reach::reached(X + 8, X + 20, sizeof(float));
  reach::reached(X + 8, X + 5, sizeof(float)); // a negative index
  reach::reached(X + 8, X + 12, 2 * sizeof(float));
  reach::stop();
  t2s::BufferUse U = reach::use("x", X + 8, false);
  EXPECT_EQ(U.Begin, static_cast<const void *>(X + 5));
  EXPECT_EQ(U.Bytes, 16 * sizeof(float)); // X[5] .. X[20]
  EXPECT_STREQ(U.Name, "x");
  EXPECT_FALSE(U.Written);
}

TEST(ReachTest, NothingOutsideAMeasuredCall) {
  static int Y[8];
  reach::start();
  reach::stop();
  reach::reached(Y, Y + 7, sizeof(int)); // not measuring
  EXPECT_EQ(reach::use("y", Y, true).Bytes, 0u);
  reach::start(); // a new call forgets the last one's
  reach::reached(Y, Y + 1, sizeof(int));
  reach::stop();
  reach::start();
  reach::stop();
  EXPECT_EQ(reach::use("y", Y, true).Bytes, 0u);
}

TEST(ReachTest, TheMacroRecordsEachAccess) {
  static float Z[16];
  reach::start();
  float Sum = 0;
  for (int I = 3; I < 9; ++I)
    Sum += T2S_OFFCHIP(Z, Z[I]);
  T2S_OFFCHIP(Z, Z[10]) = 1.0f; // an lvalue
  reach::stop();
  t2s::BufferUse U = reach::use("z", Z, true);
  EXPECT_EQ(U.Begin, static_cast<const void *>(Z + 3));
  EXPECT_EQ(U.Bytes, 8 * sizeof(float));
  EXPECT_EQ(Z[10], 1.0f);
  EXPECT_EQ(Sum, 0.0f);
}

// The HLS C simulation's processes are threads: what each reaches widens
// one range, and the HLS mark records as the emulation's does.
TEST(ReachTest, ThreadsOfOneCallWidenOneRange) {
  static double W[4096];
  reach::start();
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([T] {
      for (int I = 100 + T; I < 4000; I += 4)
        (void)T2S_HLS_REACH(W, W[I]);
    });
  for (std::thread &T : Threads)
    T.join();
  reach::stop();
  t2s::BufferUse U = reach::use("w", W, false);
  EXPECT_EQ(U.Begin, static_cast<const void *>(W + 100));
  EXPECT_EQ(U.Bytes, 3900 * sizeof(double));
}

} // namespace
