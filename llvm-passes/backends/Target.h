//===- Target.h - What a back end is -----------------------------*- C++ -*-===//
//
// A target turns a function's Design (systolic/Design.h) into the files of
// one toolchain: Intel's OpenCL for FPGAs (opencl/), AMD's Vitis HLS
// (hls/). Each is a class of its own folder behind this interface, listed
// once in Targets.def; the emit pass (EmitPass.h) runs the ones the command
// line asks for, as Halide's host code generator runs each CodeGen_GPU_Dev.
// A target has
//   - its capabilities, as data: what the Design it is given may hold;
//   - check(): its rules, before anything is printed; a refusal is the
//     design's error, reported at the design's line; warnings(): where
//     what it builds will compute otherwise than the reference;
//   - print(): one function's kernels, host stub and extra files (v++'s
//     connectivity), appended to the texts of the translation unit;
//   - what each of its files starts with, once, and how its kernels file
//     is told to define a kernel already (another translation unit's).
// The costs a target's toolchain charges (the initiation-interval rules,
// the ports, the least channel depth) are the device table's, by the
// device's toolchain (model/FPGADevices.h); a target names the toolchain
// whose devices it builds for.
//
// Adding a target: docs/developer-guide.md, "Adding a target".
//
//===----------------------------------------------------------------------===//

#ifndef T2S_TARGET_H
#define T2S_TARGET_H

#include "Options.h"
#include "backends/model/FPGADevices.h"
#include "language/Warnings.h"
#include "systolic/Design.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace t2s {

/// What a target can express.
struct TargetCapabilities {
  /// How kernels pass values to each other.
  enum class ChannelKind {
    IntelChannel, ///< Intel's channel extension (t2s/channels.h)
    Stream,       ///< hls::stream objects, passed to processes
  };
  ChannelKind Channels = ChannelKind::IntelChannel;
  /// The array can run by itself, started with the program (Intel's
  /// autorun kernels; an hls::task).
  bool Autorun = true;
  /// Vectors with a built-in type (lanes 2, 3, 4, 8, 16); other widths
  /// are structs.
  bool BuiltinVectors = true;
  /// Buffers of vectors of any lanes; without, only powers of two.
  bool AnyBufferLanes = true;
  /// The toolchain whose devices the target builds for ("aoc", "vitis"),
  /// and whose rules the timing model applies.
  llvm::StringRef Toolchain;
};

/// The texts one function's design adds to a target's files.
struct TargetTexts {
  std::string Kernels, Host, Config;
};

/// A warning a target has about a design it writes: at a line of the
/// design's file (the design's own line for 0).
struct TargetWarning {
  unsigned Line = 0;
  WarningGroup Group;
  std::string Text;
};

/// What a target's print() is given beside the Design.
struct TargetContext {
  const TargetOutput &Output; ///< the files asked for, and how they will run
  const FPGADevice &Device;   ///< the board (-t2s-device=)
  const BoardOptions &Board;
  /// The connectivity's next memory bank (v++ --link): banks go on across
  /// the functions and translation units of one program.
  unsigned &NextBank;
};

class Target {
public:
  virtual ~Target() = default;

  /// The name in Targets.def and in TargetOutput::Target ("intel-opencl").
  virtual llvm::StringRef name() const = 0;
  /// The toolchain's name in messages ("OpenCL", "Vitis HLS C++").
  virtual llvm::StringRef language() const = 0;
  /// The name of the target's rules in its refusals ("[hls]").
  virtual llvm::StringRef rule() const = 0;
  virtual const TargetCapabilities &capabilities() const = 0;

  /// Why \p D cannot be written for this target as \p Out asks (a message
  /// that names the rule and the fix, without the location), or none. Runs
  /// before anything is printed.
  virtual std::optional<std::string> check(const Design &D, const TargetOutput &Out) const {
    return std::nullopt;
  }

  /// What the design will do otherwise than the reference where it runs as
  /// \p Out asks (device math that rounds its own way, say), appended to
  /// \p W. Runs after check() has passed.
  virtual void warnings(const Design &D, const TargetOutput &Out,
                        std::vector<TargetWarning> &W) const {}

  /// Appends \p D's files to \p Texts. Returns why it could not (an internal
  /// error, or what a stub cannot run), having appended nothing useful.
  virtual std::optional<std::string> print(const Design &D, const TargetContext &C,
                                           TargetTexts &Texts) const = 0;

  /// What each file starts with, once ("" for nothing).
  virtual llvm::StringRef kernelsPrelude() const { return ""; }
  virtual llvm::StringRef hostPrelude() const { return ""; }
  virtual llvm::StringRef configPrelude() const { return ""; }
  /// The number of memory banks a connectivity file \p Text assigns already.
  virtual unsigned banksAssigned(llvm::StringRef Text) const { return 0; }
  /// Whether the kernels file \p Text (of this target) defines a kernel
  /// named \p Name.
  virtual bool definesKernel(llvm::StringRef Text, llvm::StringRef Name) const = 0;
};

/// The target named \p Name in Targets.def, or null.
const Target *findTarget(llvm::StringRef Name);

} // namespace t2s

#endif // T2S_TARGET_H
