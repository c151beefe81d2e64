// Unit tests of the kernels' own names (systolic/KernelNames.h): what the
// lowering mints is what the models parse back, and what kernelLocal keeps
// the design's loop variables and parameters away from.
#include "systolic/DesignNames.h"
#include "systolic/KernelNames.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

using namespace t2s;

TEST(KernelNames, RegistersParseBackToTheirArray) {
  for (const std::string &Id : {std::string("Z"), std::string("acc_2"), identifier("local")}) {
    for (const std::string &Name :
         {registerName(Id), laneRegisterName(Id, "kkk", 7), roundRegisterName(Id)}) {
      EXPECT_TRUE(isRegisterOf(Name, Id)) << Name;
      EXPECT_FALSE(isRegisterOf(Name, Id + "x")) << Name;
    }
  }
  EXPECT_EQ(registerName("Z"), "sr_Z");
  EXPECT_EQ(laneRegisterName("Z", "kkk", 3), "sr_Z_kkk3");
  EXPECT_EQ(roundRegisterName("Z"), "sr_Z_round");
  EXPECT_FALSE(isRegisterOf("a_in", "a"));
  EXPECT_FALSE(isRegisterOf("sr_Zed", "Z"));
}

TEST(KernelNames, EndpointsParseBackToTheirChannel) {
  std::string Chain = chainChannel("gemm_a");
  EXPECT_EQ(Chain, "gemm_a_chain");
  EXPECT_EQ(channelOfEndpoint(Chain + "[0][3]"), Chain);
  EXPECT_EQ(channelOfEndpoint("gemm_c"), "gemm_c");
  EXPECT_EQ(channelOfEndpoint("gemm_c[2]"), "gemm_c");
}

TEST(KernelNames, MintedNamesAreReservedFromTheDesignsNames) {
  std::vector<std::string> Minted = {
      registerName("a"),        laneRegisterName("a", "kk", 1), roundRegisterName("a"),
      timeVariable(0),          timeVariable(11),               ShiftSlot.str(),
      readTemp("a"),            readTemp("a", "_2"),            lanesTemp("a", "_3"),
      outTemp("c"),             outTemp("c", "_2"),             peTemp(readTemp("a")),
      vectorTemp(readTemp("a")), stepTemp("a"),                 chainChannel("k_a")};
  EXPECT_EQ(timeVariable(0), "t1");
  EXPECT_EQ(readTemp("a", "_2"), "a_in_2");
  EXPECT_EQ(peTemp(readTemp("a")), "a_in_pe");
  for (const std::string &M : Minted) {
    EXPECT_TRUE(isKernelOwnName(M)) << M;
    std::string Local = kernelLocal(M);
    EXPECT_NE(Local, M);
    for (const std::string &Other : Minted)
      EXPECT_NE(Local, Other) << M;
  }
  for (const char *Free : {"a", "i", "t", "tile", "input", "slots", "kkk"})
    EXPECT_EQ(kernelLocal(Free), Free);
}

} // namespace
