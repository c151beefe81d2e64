//===- KernelNames.cpp - The names the kernels declare themselves ---------===//

#include "systolic/KernelNames.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

namespace t2s {

namespace {

constexpr llvm::StringLiteral RegisterPrefix = "sr_";
constexpr llvm::StringLiteral In = "_in", Lanes = "_lanes", Out = "_out", PE = "_pe",
                              Vec = "_vec", Step = "_step", Chain = "_chain";

} // namespace

std::string registerName(llvm::StringRef ArrayId) { return (RegisterPrefix + ArrayId).str(); }

std::string laneRegisterName(llvm::StringRef ArrayId, llvm::StringRef LaneLoop, int64_t Lane) {
  return registerName(ArrayId) + "_" + LaneLoop.str() + std::to_string(Lane);
}

std::string delayLineCursor(llvm::StringRef Register) { return Register.str() + "_at"; }

std::string delayLineWord(llvm::StringRef Register) { return Register.str() + "_word"; }

std::string roundRegisterName(llvm::StringRef ArrayId) { return registerName(ArrayId) + "_round"; }

bool isRegisterOf(llvm::StringRef Name, llvm::StringRef ArrayId) {
  std::string Register = registerName(ArrayId);
  return Name == Register || Name.starts_with(Register + "_");
}

std::string timeVariable(unsigned Step) { return "t" + std::to_string(Step + 1); }

std::string readTemp(llvm::StringRef Buffer, llvm::StringRef Suffix) {
  return (Buffer + In + Suffix).str();
}

std::string lanesTemp(llvm::StringRef Buffer, llvm::StringRef Suffix) {
  return (Buffer + Lanes + Suffix).str();
}

std::string outTemp(llvm::StringRef Buffer, llvm::StringRef Suffix) {
  return (Buffer + Out + Suffix).str();
}

std::string peTemp(llvm::StringRef Temp) { return (Temp + PE).str(); }
std::string vectorTemp(llvm::StringRef Temp) { return (Temp + Vec).str(); }
std::string stepTemp(llvm::StringRef Buffer) { return (Buffer + Step).str(); }
std::string chainChannel(llvm::StringRef Channel) { return (Channel + Chain).str(); }

// A temporary may end in its channel's suffix ('a_in_2'), so a suffix
// followed by '_<digits>' is reserved too.
bool isKernelOwnName(llvm::StringRef Id) {
  llvm::StringRef Base = Id.rtrim("0123456789");
  bool Numbered = Base.size() < Id.size() && Base.ends_with("_");
  return Id.starts_with(RegisterPrefix) || Id == ShiftSlot || (Base == "t" && Id.size() > 1) ||
         llvm::any_of(llvm::ArrayRef<llvm::StringRef>{In, Step, Lanes, PE, Vec, Chain, Out},
                      [&](llvm::StringRef Suffix) {
                        return Id.ends_with(Suffix) ||
                               (Numbered && Base.drop_back().ends_with(Suffix));
                      });
}

llvm::StringRef channelOfEndpoint(llvm::StringRef Endpoint) {
  return Endpoint.take_until([](char C) { return C == '['; });
}

} // namespace t2s
