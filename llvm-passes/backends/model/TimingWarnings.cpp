//===- TimingWarnings.cpp - Where a kernel's II rises above 1 -------------===//

#include "backends/model/TimingWarnings.h"
#include "language/Warnings.h"
#include "systolic/DesignAnalysis.h"
#include "systolic/RegisterPlan.h"
#include "systolic/SpaceTimeSchedule.h"

#include <set>

namespace t2s {

namespace {

// The directive of kind K whose first argument is Array, or (Any) whose
// arguments name it anywhere.
const LocatedDirective *directiveOf(const URESystem &S, DirectiveKind K, const std::string &Array) {
  for (const LocatedDirective &LD : S.Directives)
    if (LD.D.Kind == K)
      for (const DirectiveArg &A : LD.D.Args)
        if (A.Name == Array)
          return &LD;
  return nullptr;
}

const Design::Channel *channelNamed(const Design &D, const std::string &Name) {
  for (const Design::Channel &C : D.Channels)
    if (C.Name == Name)
      return &C;
  return nullptr;
}

// How K could read less off-chip memory per step, by what it is: a loader
// that keeps a reuse buffer already sends each value more often only with
// longer tiles; another loader can keep one; an array that reads memory
// itself can have a loader.
std::string reuseAdvice(const Design &D, const KernelTiming &K) {
  const Design::Kernel *Kernel = nullptr;
  for (const Design::Kernel &X : D.Kernels)
    if (X.Name == K.Kernel)
      Kernel = &X;
  if (Kernel && Kernel->Reuse)
    return "its loader keeps '" + Kernel->Buffer + "' in a reuse buffer already "
           "(buffer(" + Kernel->Buffer + ", " + Kernel->Reuse->Loop + ")), which sends "
           "each value read " + std::to_string(Kernel->Reuse->SendsPerValue) +
           " times: send each more often with longer loops inside '" +
           Kernel->Reuse->Loop + "' that its values do not name (larger tiles), or "
           "reuse them among neighbouring PEs";
  if (Kernel && Kernel->Role == KernelRole::Drainer)
    return "a drainer writes each result once, so its traffic is the outputs' and the "
           "board's bandwidth bounds it: more work per output (a longer reduction "
           "before each is written) spreads its writes over more steps";
  if (Kernel && Kernel->Role == KernelRole::Loader)
    return "keep what one iteration of a time loop sends in a reuse buffer, "
           "'#pragma t2s buffer(" + Kernel->Buffer + ", k)' with k the loop, so the "
           "loader reads each value once and sends it as often as the PEs read it, "
           "or reuse values among neighbouring PEs";
  return "reuse values on chip (loader(...) with buffer(...), or reads from "
         "neighbouring PEs)";
}

// Where the cause of K's II is, and what to do about it.
std::pair<SourceLoc, std::string> placeOf(const DesignResult &DR, unsigned Nest,
                                          const KernelTiming &K) {
  const URESystem &S = *DR.Nests[Nest]->System;
  const Design &D = DR.D;
  SourceLoc Loc = S.Loc;
  switch (K.Cause) {
  case IICause::Channel:
  case IICause::InnerLoops: {
    const Design::Channel *C = channelNamed(D, K.Subject);
    if (!C)
      break;
    for (DirectiveKind Chain : {DirectiveKind::Scatter, DirectiveKind::Gather})
      if (const LocatedDirective *LD = directiveOf(S, Chain, C->Array))
        return {LD->Loc, "a " + LD->D.Name + " whose PEs " +
                             (LD->D.Kind == DirectiveKind::Gather ? "write" : "read") +
                             " at their own steps passes every PE's value along the "
                             "chain, one per clock, inside each step; where they all " +
                             (LD->D.Kind == DirectiveKind::Gather ? "write" : "read") +
                             " at the same steps one transfer per step carries their "
                             "values, and without '" + LD->D.str() +
                             "' each PE has a channel of its own"};
    for (DirectiveKind End : {DirectiveKind::Loader, DirectiveKind::Drainer})
      if (const LocatedDirective *LD = directiveOf(S, End, C->Array))
        return {LD->Loc, "a channel moves one value per clock; send fewer values per "
                         "step through one channel (vectorize along the loop they "
                         "differ in, or a channel per PE)"};
    break;
  }
  case IICause::Recurrence:
    // A word of a PE buffer, read across a round (systolic/PEBuffer.h): the
    // rounds get padded so that its reads are far enough apart.
    if (const SpaceTimeSchedule &Sch = DR.Nests[Nest]->Sch; K.Indexed)
      for (const RegisterPlan &P : Sch.Registers) {
        const UREArray &A = Sch.System.Arrays[P.Array];
        if (A.Name != K.Subject || P.Buffer.empty() || A.Writer >= S.Statements.size())
          continue;
        const std::string &Round = Sch.System.Loops[P.Buffer.front().Loop].Name;
        // Rounds as long as the operations take, more where the padding
        // keeps the accesses fewer steps apart than a round's length.
        int64_t Apart = Sch.Padding ? Sch.Padding->Apart : 1;
        int64_t Steps = K.Latency > 0 ? K.Latency : K.II * Apart;
        if (Sch.Padding)
          Steps += std::max<int64_t>(0, Sch.Padding->Least - Apart);
        std::string Pad = "pad_rounds(" + Round + ", " + std::to_string(Steps) + ")";
        // What goes wrong at the rounds, padded or not.
        std::string Problem =
            Sch.Padding ? "the padded rounds keep the buffer's accesses only " +
                              std::to_string(Apart) + " steps apart"
                        : "at the shortest round of '" + Round + "' a value kept in a PE "
                          "buffer is read one step after its write, and the kernel cannot "
                          "tell which word a step reads";
        // The padding proposed must be one the nest takes (RegisterPlan.h).
        llvm::SmallVector<int, 4> BufferFrom(Sch.System.Arrays.size(), -1);
        for (const RegisterPlan &Q : Sch.Registers)
          if (!Q.Buffer.empty())
            BufferFrom[Q.Array] = int(Q.Buffer.front().Loop);
        RoundPadding Trial;
        if (std::optional<std::string> Why = padRoundsProblem(
                Sch, BufferFrom, P.Buffer.front().Loop, Steps, Trial))
          return {S.Statements[A.Writer].Loc,
                  Problem + "; padding the rounds to as many steps as its operations take ('" +
                      Pad + "') does not apply here: it " + *Why +
                      "; or make each round of '" + Round + "' at least " +
                      std::to_string(Steps) + " steps long in the loops themselves"};
        return {S.Statements[A.Writer].Loc,
                Sch.Padding
                    ? Problem + "; pad each round of '" + Round + "' to more steps: '#pragma t2s " +
                          Pad + "' in place of '#pragma t2s pad_rounds(" + Round + ", " +
                          std::to_string(Sch.Padding->Least) + ")'"
                    : Problem + "; pad each round to at least as many steps as its operations "
                      "take: '#pragma t2s " + Pad + "', as T2SP's triangular_loop_optimize does"};
      }
    for (const UREArray &A : S.Arrays)
      if (A.Name == K.Subject && A.Writer < S.Statements.size())
        return {S.Statements[A.Writer].Loc,
                "a value used again after fewer steps than its operations take; "
                "make the loops between its write and its read longer (a larger "
                "tile inside the loop it is carried across), as T2SP's II x JJ "
                "tiles do"};
    break;
  case IICause::Memory:
    if (const LocatedDirective *LD = directiveOf(S, DirectiveKind::Buffer, K.Subject))
      return {LD->Loc, "each bank has one read and one write port; a step that reads "
                       "several values of one bank waits for each"};
    break;
  case IICause::OffChip:
    return {Loc, "the kernels read and write more off-chip memory per step than the "
                 "board's bandwidth gives; " + reuseAdvice(D, K)};
  case IICause::Port:
    return {Loc, "each buffer has a port of its own, a 512-bit AXI master; " +
                     reuseAdvice(D, K) + ", or read fewer of its values per step"};
  case IICause::None:
    break;
  }
  return {Loc, ""};
}

} // namespace

void warnAboutTiming(llvm::Function &F, const DesignResult &DR, unsigned Nest,
                     const DesignTiming &T, const FPGADevice &Dev) {
  std::set<std::pair<unsigned, std::string>> Said;
  for (const KernelTiming &K : T.Kernels) {
    if (K.II <= 1)
      continue;
    auto [Loc, Fix] = placeOf(DR, Nest, K);
    if (!Said.insert({Loc.Line, K.Reason}).second)
      continue;
    reportWarning(F, Loc, WarningGroup::InitiationInterval,
                  "kernel '" + K.Kernel + "' starts a step every " + std::to_string(K.II) +
                      " clocks on " + Dev.Name + ", not every clock: " + K.Reason +
                      (Fix.empty() ? std::string() : " (" + Fix + ")"));
  }
}

} // namespace t2s
