//===- ReuseBufferPlan.cpp - buffer(a, k): the loader keeps a tile --------===//

#include "systolic/ReuseBufferPlan.h"
#include "systolic/SpaceTimeSchedule.h"

#include "llvm/ADT/Twine.h"

namespace t2s {

llvm::SmallVector<unsigned, 6> loaderLoops(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector) {
  // As the unroll step opens them: the loops outside the first time loop,
  // then each step's time loop; the vectorized loop runs inside the PEs.
  int Vec = Vector && !Vector->Space ? int(Vector->Loop) : -1;
  const SpaceTimeStep &First = Sch.Steps.front();
  unsigned Outer = First.HasTimeLoop ? First.TimeLoop : 0;
  llvm::SmallVector<unsigned, 6> Loops;
  for (unsigned L = 0; L < Outer; ++L)
    if (int(L) != Vec)
      Loops.push_back(L);
  for (const SpaceTimeStep &St : Sch.Steps)
    if (St.HasTimeLoop && int(St.TimeLoop) != Vec)
      Loops.push_back(St.TimeLoop);
  return Loops;
}

llvm::SmallVector<ReuseBufferPlan, 2>
planReuseBuffers(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
                 llvm::SmallVectorImpl<URERejection> &Rejections) {
  const URESystem &S = Sch.System;
  llvm::SmallVector<ReuseBufferPlan, 2> Plans;
  llvm::SmallVector<unsigned, 6> Loops = loaderLoops(Sch, Vector);
  for (const LocatedDirective &LD : S.Directives) {
    if (LD.D.Kind != DirectiveKind::Buffer)
      continue;
    std::string Text = LD.D.str();
    auto reject = [&](const llvm::Twine &Why) {
      Rejections.push_back({URERule::Buffer, LD.Loc, "'" + Text + "': " + Why.str()});
    };
    std::optional<unsigned> K = S.loopIndex(LD.D.Args[1].Name);
    if (!K)
      continue; // reported by the URE model ([loop names])
    const URELoop &KL = S.Loops[*K];
    auto At = llvm::find(Loops, *K);
    if (At == Loops.end()) {
      bool Vectorized = Vector && Vector->Loop == *K;
      reject("'" + KL.Name + "' is " +
             (Vectorized ? "the vectorized loop, whose lanes"
                         : "a space loop, whose PEs") +
             " the loader serves in one step; name a time loop outside the space loops, "
             "the one whose iterations reuse a tile of '" + LD.D.Args[0].Name + "'");
      continue;
    }
    if (const SpaceTimeStep *Skewed =
            llvm::find_if(Sch.Steps, [&](const SpaceTimeStep &St) {
              return St.needsRecovery() && St.TimeLoop == *K;
            });
        Skewed != Sch.Steps.end()) {
      reject("the schedule skews loop '" + KL.Name +
             "' into a time variable, so each of its steps runs a different iteration of '" +
             KL.Name + "' in each PE, and no tile holds what one iteration reads; buffer at "
             "a time loop outside '" + KL.Name + "', or drop the schedule(...) clause");
      continue;
    }
    bool Bad = false;
    for (auto It = Loops.begin(); It != Loops.end() && !Bad; ++It) {
      const URELoop &L = S.Loops[*It];
      if (It > At && L.runTime()) {
        reject("loop '" + L.Name + "' inside '" + KL.Name +
               "' runs up to a size known only at run time, but the buffer holds what one "
               "iteration of '" + KL.Name + "' reads, and its size is hardware; buffer at '" +
               L.Name + "' or a loop inside it, or give '" + L.Name + "' a constant bound");
        Bad = true;
      } else if (It > At && L.affine()) {
        reject("loop '" + L.Name + "' inside '" + KL.Name +
               "' has bounds affine in other loops, but the buffer holds what one iteration "
               "of '" + KL.Name + "' reads, and its size is hardware; buffer at a loop inside '" +
               L.Name + "', or give '" + L.Name + "' constant bounds");
        Bad = true;
      } else if (It <= At && L.affine()) {
        reject("loop '" + L.Name + "' has bounds affine in other loops, but the loader counts "
               "the tiles of '" + KL.Name + "' and the loops outside it as one range; give '" +
               L.Name + "' constant or run-time bounds");
        Bad = true;
      }
    }
    if (!Bad)
      Plans.push_back({LD.D.Args[0].Name, *K, LD.Loc});
  }
  return Plans;
}

} // namespace t2s
