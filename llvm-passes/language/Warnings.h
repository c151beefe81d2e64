//===- Warnings.h - T2S's warning groups (-Wt2s-...) ----------*- C++ -*-===//
//
// Warnings of the T2S passes, each in a named group the user can silence
// (-Wno-t2s-utilization) or turn into an error (-Werror=t2s-utilization), as
// with clang's own groups. Clang does not know these groups: t2s-clang turns
// each such flag into '-mllvm -t2s-warn=<flag without -W>'; with plain clang,
// pass that option yourself. A plain -Werror or -w applies as usual (clang
// sees the warnings as backend-plugin warnings).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_WARNINGS_H
#define T2S_WARNINGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <iterator>
#include <optional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace t2s {

struct SourceLoc;

enum class WarningGroup {
  Utilization,  // the schedule leaves most PEs idle most of the time
  RegisterSize, // shift registers of many words per PE
  NoChannels,   // --opencl: loaders and drainers left out (no channels)
  NoDesign,     // --report/--emit-dot/--emit-opencl of a file without designs
  InitiationInterval, // a kernel starts a step less often than every clock
  BufferReuse,        // buffer(a, k) whose loader sends each value it reads once
  UnknownSize,        // --size=NAME= that names no run-time size of the file
  ChannelDepth,       // a channel whose depth the run-time sizes can outgrow
  DeviceMath,         // --opencl: a math call the device's library rounds its own way
};

/// Each group's name as it follows -W, indexed by WarningGroup. (Header-only:
/// the driver checks -Wt2s-... flags against it.)
inline constexpr llvm::StringLiteral WarningGroupNames[] = {
    "t2s-utilization",
    "t2s-register-size",
    "t2s-no-channels",
    "t2s-no-design",
    "t2s-initiation-interval",
    "t2s-buffer-reuse",
    "t2s-unknown-size",
    "t2s-channel-depth",
    "t2s-device-math",
};

inline llvm::StringRef warningGroupName(WarningGroup G) {
  return WarningGroupNames[unsigned(G)];
}

/// The group named \p Name ("t2s-utilization"), if there is one.
inline std::optional<WarningGroup> warningGroupNamed(llvm::StringRef Name) {
  for (unsigned G = 0; G < std::size(WarningGroupNames); ++G)
    if (WarningGroupNames[G] == Name)
      return WarningGroup(G);
  return std::nullopt;
}

/// Reports \p Message at \p Loc as a warning of group \p G ("... [-Wt2s-x]"),
/// an error if -Werror=t2s-x, nothing if -Wno-t2s-x.
void reportWarning(const llvm::Function &F, const SourceLoc &Loc,
                   WarningGroup G, const llvm::Twine &Message);

/// Reports \p Message about the whole file of \p M ("file: message
/// [-Wt2s-x]"), as reportWarning does at a source line.
void reportFileWarning(llvm::Module &M, WarningGroup G, const llvm::Twine &Message);

} // namespace t2s

#endif // T2S_WARNINGS_H
