//===- GatherScatterPlan.cpp - The chains of gather and scatter -----------===//

#include "systolic/GatherScatterPlan.h"
#include "ure/IterationDomain.h"
#include "systolic/SpaceTimeSchedule.h"
#include "ure/Guards.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

namespace t2s {

namespace {

class ChainPlanner {
  const SpaceTimeSchedule &Sch;
  const std::optional<VectorPlan> &Vector;
  const URESystem &S;
  llvm::SmallVectorImpl<URERejection> &Rejections;
  std::optional<llvm::DominatorTree> DT;

public:
  ChainPlanner(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
               llvm::SmallVectorImpl<URERejection> &Rej)
      : Sch(Sch), Vector(Vector), S(Sch.System), Rejections(Rej) {}

  llvm::SmallVector<PEChain, 2> run() {
    llvm::SmallVector<PEChain, 2> Chains;
    llvm::StringMap<const LocatedDirective *> Seen;
    for (const LocatedDirective &LD : S.Directives) {
      if (LD.D.Kind != DirectiveKind::Gather && LD.D.Kind != DirectiveKind::Scatter)
        continue;
      const std::string &Array = LD.D.Args[0].Name;
      if (auto [It, New] = Seen.try_emplace(Array, &LD); !New) {
        reject(LD.Loc, "'" + Array + "' already has '" + It->second->D.str() +
                           "'; an array forms one chain: keep one of the two");
        continue;
      }
      if (std::optional<PEChain> C = plan(LD))
        Chains.push_back(*C);
    }
    return Chains;
  }

private:
  void reject(const SourceLoc &Loc, const llvm::Twine &Message) {
    Rejections.push_back({URERule::GatherScatter, Loc, Message.str()});
  }

  std::optional<PEChain> plan(const LocatedDirective &LD) {
    PEChain C;
    C.Array = LD.D.Args[0].Name;
    C.Gather = LD.D.Kind == DirectiveKind::Gather;
    C.Down = LD.D.Args[2].Name == "down";
    C.Loc = LD.Loc;
    const std::string Dir = LD.D.str();
    const char *Feeder = C.Gather ? "drainer" : "loader";
    // The array must travel through the loader's (drainer's) channels.
    bool Isolated = llvm::any_of(S.Directives, [&](const LocatedDirective &O) {
      return O.D.Kind == (C.Gather ? DirectiveKind::Drainer : DirectiveKind::Loader) &&
             llvm::any_of(O.D.Args, [&](const DirectiveArg &A) { return A.Name == C.Array; });
    });
    if (!Isolated) {
      reject(LD.Loc, "'" + Dir + "' chains the PEs' " +
                         (C.Gather ? "writes of '" : "reads of '") + C.Array +
                         "' through its " + Feeder + ", but '" + C.Array +
                         "' has none; add '#pragma t2s " + Feeder + "(" + C.Array +
                         ")' to this nest");
      return std::nullopt;
    }
    // Along a final space loop on which the time does not depend.
    std::optional<unsigned> L = S.loopIndex(LD.D.Args[1].Name);
    if (!L)
      return std::nullopt; // reported by the URE model ([loop names])
    auto Dim = llvm::find(Sch.PELoops, *L);
    if (Dim == Sch.PELoops.end()) {
      std::string Space;
      for (unsigned P : Sch.PELoops)
        Space += (Space.empty() ? "" : ", ") + S.Loops[P].Name;
      reject(LD.Loc, "'" + Dir + "' needs a chain of PEs, but '" +
                         LD.D.Args[1].Name + "' is not a space loop of the array; "
                         "its space loops are " + (Space.empty() ? "none" : Space) +
                         "; name one of them");
      return std::nullopt;
    }
    C.Loop = *L;
    C.PEDim = Dim - Sch.PELoops.begin();
    for (const SpaceTimeStep &St : Sch.Steps)
      for (unsigned K = 0; K < St.SpaceLoops.size(); ++K)
        if (St.SpaceLoops[K] == C.Loop && St.Schedule[K] != 0) {
          reject(LD.Loc, "'" + Dir + "' needs every PE along '" + S.Loops[C.Loop].Name +
                             "' to run the same time step, but the schedule gives '" +
                             S.Loops[C.Loop].Name + "' the coefficient " +
                             std::to_string(St.Schedule[K]) +
                             "; chain along a loop whose coefficient is 0");
          return std::nullopt;
        }
    if (S.Loops[C.Loop].extent() < 2) {
      reject(LD.Loc, "'" + Dir + "': loop '" + S.Loops[C.Loop].Name +
                         "' has one PE, there is no chain to form; drop the directive");
      return std::nullopt;
    }
    // One access, under a condition that is the same for the whole chain.
    llvm::SmallVector<llvm::Instruction *, 2> Sites;
    if (C.Gather) {
      for (const UREStatement &St : S.Statements)
        if (St.Extended && St.OutputName == C.Array)
          Sites.push_back(St.Store);
    } else {
      for (const InputRead &In : S.Inputs)
        if (In.Name == C.Array && !llvm::is_contained(Sites, In.Load))
          Sites.push_back(In.Load);
    }
    if (Sites.size() != 1) {
      reject(Sites.size() > 1 ? sourceLocOf(Sites[1]) : LD.Loc,
             "'" + Dir + "' passes one value per PE and time step along the "
             "chain, but '" + C.Array + "' is " + (C.Gather ? "written" : "read") +
                 " at " + std::to_string(Sites.size()) +
                 " places in the nest; " + (C.Gather ? "write" : "read") + " it once");
      return std::nullopt;
    }
    if (!DT)
      DT.emplace(*S.innermost()->getHeader()->getParent());
    llvm::SmallVector<Guard, 2> Guards = accessGuards(S, *DT, Sites.front());
    const char *Access = C.Gather ? "write" : "read";
    for (const Guard &G : Guards) {
      if (!dependsOnLoop(S, G.Condition, C.Loop))
        continue;
      if (onlyLoopVariables(S, G.Condition) && !Vector) {
        C.PerPE = true;
        continue;
      }
      unsigned Line = 0;
      if (auto *I = llvm::dyn_cast<llvm::Instruction>(G.Condition))
        Line = sourceLocOf(I).Line;
      reject(sourceLocOf(Sites.front()),
             "'" + Dir + "' needs every PE along '" + S.Loops[C.Loop].Name + "' to " +
                 (C.Gather ? "write '" : "read '") + C.Array +
                 "' at the same time steps, but this " + Access +
                 " happens under a condition" +
                 (Line ? " (line " + std::to_string(Line) + ")" : std::string()) +
                 " that tests '" + S.Loops[C.Loop].Name + "' and " +
                 (Vector ? "the design is vectorized"
                             : "values the nest computes") +
                 "; chain along a loop the condition does not test, or drop the "
                 "directive");
      return std::nullopt;
    }
    // Affine bounds that name the chain's loop: each PE runs its own steps.
    if (S.Loops[C.Loop].affine() || boundsName(S.Loops, C.Loop)) {
      if (Vector) {
        reject(LD.Loc, "'" + Dir + "' chains the PEs along '" + S.Loops[C.Loop].Name +
                           "', whose PEs run different steps (affine bounds), in a "
                           "vectorized design; give '" + S.Loops[C.Loop].Name +
                           "' and the loops whose bounds name it constant bounds, or "
                           "drop the directive");
        return std::nullopt;
      }
      C.PerPE = true;
    }
    if (Vector && Vector->Space && Vector->Loop != C.Loop &&
        classifyLanes(S, Vector->Loop, Guards).Kind != LaneAccess::Pinned) {
      const std::string &V = S.Loops[Vector->Loop].Name;
      reject(LD.Loc, "'" + Dir + "' chains the PEs along '" + S.Loops[C.Loop].Name +
                         "', but 'vectorize(" + V + ")' puts the PEs along '" + V +
                         "' into one vector; chain along '" + V + "' (each PE then "
                         "merges its lane into the vector passed on), or access '" +
                         C.Array + "' at one PE along '" + V + "' only");
      return std::nullopt;
    }
    if (Vector && !Vector->Space &&
        classifyLanes(S, Vector->Loop, Guards).Kind == LaneAccess::Serial) {
      const std::string &V = S.Loops[Vector->Loop].Name;
      reject(sourceLocOf(Sites.front()),
             "'" + Dir + "' passes whole vectors of the lanes of '" + V +
                 "' (or one lane) along the chain, but this " + Access +
                 " happens at some lanes only (its condition tests '" + V +
                 "'); make the condition independent of '" + V + "' or a test '" + V +
                 " == constant', or drop the directive");
      return std::nullopt;
    }
    return C;
  }

};

} // namespace

llvm::SmallVector<PEChain, 2>
planChains(const SpaceTimeSchedule &Sch, const std::optional<VectorPlan> &Vector,
           llvm::SmallVectorImpl<URERejection> &Rejections) {
  return ChainPlanner(Sch, Vector, Rejections).run();
}

} // namespace t2s
