//===- StreamChannels.h - Arrays that become channels -----------*- C++ -*-===//
//
// In a function with several kernel nests ('#pragma t2s kernel(name)' nests
// and scheduled URE systems), an array that one nest writes and a later nest
// reads, and that nothing else uses, becomes a channel: the writer sends each
// value, the reader receives it. ChannelAnalysis finds these arrays and
// checks what the source must say for a channel to work: one write site and
// one read site (loads of the same element, one of them dominating the
// others, as in 'y[n] > 0 ? y[n] : 0', are one read), one reader, no other
// use, subscripts affine in the loop variables, and kernels that share
// memory run in their source order. That both
// nests traverse the elements in the same order is checked on the kernels
// themselves, once they are laid out (systolic/StreamOrder.h). Each broken
// rule is a URERejection of rule 'channel'.
//
// Preconditions: UREAnalysis and SpaceTimeAnalysis found no errors.
//
//===----------------------------------------------------------------------===//

#ifndef T2S_STREAMCHANNELS_H
#define T2S_STREAMCHANNELS_H

#include "ure/UREModel.h"

#include "llvm/IR/PassManager.h"

namespace llvm {
class LoadInst;
class StoreInst;
} // namespace llvm

namespace t2s {

struct DataPath;

/// A kernel nest of a function: a plain kernel nest or a scheduled system.
struct KernelUnit {
  const URESystem *System = nullptr;
  const DataPath *Schedule = nullptr; // null: a plain kernel nest
  /// "kernel 'name' (line N)" or "the systolic array at line N".
  std::string describe() const;
};

/// One array turned into a channel.
struct StreamChannel {
  std::string Array;
  const llvm::Value *Object = nullptr;
  unsigned Producer = 0, Consumer = 0; // indices into ChannelResult::Units
  llvm::StoreInst *Write = nullptr;
  llvm::LoadInst *Read = nullptr;
  /// Every load of the consumer that reads the element Read reads, Read (the
  /// one that dominates the others) first: one read of the channel.
  llvm::SmallVector<llvm::LoadInst *, 2> Reads;
};

struct ChannelResult {
  llvm::SmallVector<KernelUnit, 4> Units; // in source order
  llvm::SmallVector<StreamChannel, 2> Channels;
  llvm::SmallVector<URERejection, 1> Rejections;
  /// Per unit, its stage: units joined by channels run together, as one
  /// stage; stages run one after the other, numbered in the source order of
  /// their first units, as the sequential program runs them.
  llvm::SmallVector<unsigned, 4> StageOf;

  /// The channel written by W or read by R, or null.
  const StreamChannel *channelOf(const llvm::Instruction *I) const;
};

class ChannelAnalysis : public llvm::AnalysisInfoMixin<ChannelAnalysis> {
  friend llvm::AnalysisInfoMixin<ChannelAnalysis>;
  static llvm::AnalysisKey Key;

public:
  using Result = ChannelResult;
  ChannelResult run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace t2s

#endif // T2S_STREAMCHANNELS_H
