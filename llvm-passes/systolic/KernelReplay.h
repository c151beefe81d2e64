//===- KernelReplay.h - Running a kernel's integer decisions -----*- C++ -*-===//
//
// Runs a laid-out kernel (Design::Kernel::Body) as the device would, as far
// as its loops, pinned variables, recoveries of loop variables from time and
// conditions on them decide where some accesses happen: the stream-order
// check (StreamOrder.h) replays the two ends of a stream, the channel depths
// (ChannelDepths.h) the two kernels of a pair. A subclass says which
// statements access what it follows (accessesHere) and records an access
// (access); statements that do not contain one are skipped whole. A
// decision on a value the kernel computes stops the run (Computed).
//
//===----------------------------------------------------------------------===//

#ifndef T2S_KERNELREPLAY_H
#define T2S_KERNELREPLAY_H

#include "systolic/KernelScope.h"
#include "systolic/StmtWalk.h"

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace t2s {

class KernelReplay {
public:
  virtual ~KernelReplay() = default;

  /// Runs Body; false if the run stopped (by access, a computed decision or
  /// the statement limit).
  bool run(const Stmts &Body) {
    size_t Open = Scope.size();
    for (const Stmt &S : Body)
      if (!exec(S))
        return false;
    Scope.resize(Open);
    return true;
  }

  /// Runs with the design's parameters at these values (by argument
  /// number; the stand-ins of run-time sizes).
  void setParams(llvm::ArrayRef<std::optional<int64_t>> Values) {
    Scope.Params.assign(Values.begin(), Values.end());
  }

  /// Whether Body accesses what the replay follows at all.
  bool accesses(const Stmts &Body) {
    return llvm::any_of(Body, [&](const Stmt &S) { return touches(S); });
  }

  /// Set when a decision depended on a computed value: that value's source
  /// line (0 if unknown).
  std::optional<unsigned> Computed;
  /// Set when the run stopped after StatementLimit statements.
  bool Truncated = false;
  uint64_t StatementLimit = UINT64_MAX;

protected:
  KernelScope Scope;
  IntEval &Eval = Scope.Eval;

  /// Whether the statement itself (not inside it) makes an access.
  virtual bool accessesHere(const Stmt &S) const = 0;
  /// Records the accesses of S; false stops the run.
  virtual bool access(const Stmt &S) = 0;

  /// Stops the run at a decision on a computed value.
  bool computed() {
    Computed = Eval.UnknownLine;
    return false;
  }

private:
  llvm::DenseMap<const Stmt *, bool> Touches;
  uint64_t Statements = 0;

  // Whether S makes an access, itself or inside.
  bool touches(const Stmt &S) {
    return containsWhere(
        S, [&](const Stmt &X) { return accessesHere(X) || X.Counts; }, // a counter decides later steps
        Touches);
  }

  bool exec(const Stmt &S) {
    if (++Statements > StatementLimit) {
      Truncated = true;
      return false;
    }
    switch (S.Kind) {
    case StmtKind::Comment:
    case StmtKind::Shift:
      return true;
    case StmtKind::Decl:
    case StmtKind::Let:
    case StmtKind::Assign:
    case StmtKind::Write:
      if (accessesHere(S) && !access(S))
        return false;
      if (S.Kind != StmtKind::Write)
        Scope.assign(S);
      return true;
    default:
      break;
    }
    if (!touches(S))
      return true;
    Eval.UnknownLine = 0;
    switch (S.Kind) {
    case StmtKind::If: {
      std::optional<int64_t> Cond = Eval(*S.Value);
      if (!Cond)
        return computed();
      return run(*Cond ? S.Body : S.Else);
    }
    case StmtKind::Block: {
      size_t Open = Scope.size();
      for (const Stmts *L : {&S.Head, &S.Body}) // one scope
        for (const Stmt &X : *L)
          if (!exec(X))
            return false;
      Scope.resize(Open);
      return true;
    }
    case StmtKind::Loop: {
      std::optional<int64_t> From = Eval(*S.Value), Bound = Eval(*S.Bound);
      if (!From || !Bound)
        return computed();
      size_t Open = Scope.size();
      Scope.bind(S.Name, From);
      for (int64_t X = *From; S.Down ? X >= *Bound : X < *Bound; S.Down ? --X : ++X) {
        Scope.innermost() = X;
        if (!run(S.Body))
          return false;
      }
      Scope.resize(Open);
      return true;
    }
    case StmtKind::Recover: {
      size_t Open = Scope.size();
      std::optional<bool> Runs = Scope.recover(S);
      if (!Runs)
        return computed();
      if (*Runs && !run(S.Body))
        return false;
      Scope.resize(Open);
      return true;
    }
    default:
      return true;
    }
  }
};

} // namespace t2s

#endif // T2S_KERNELREPLAY_H
