//===- VectorizeChannels.cpp - Vector channels and registers of lanes -----===//

#include "systolic/ReadPaths.h"
#include "systolic/lowering/Lowering.h"

#include <map>

namespace t2s {

namespace {

// Per URE read (statement, read) of a nest: the one value of loop Loop at
// which it can run, where there is one (ReadPaths.h: every path to it is
// tried at every combination of the loops its conditions test).
std::map<std::pair<unsigned, unsigned>, std::optional<int64_t>>
lanePins(const URESystem &S, const Design::Nest &N, unsigned Loop) {
  std::map<std::pair<unsigned, unsigned>, std::optional<int64_t>> Pin;
  for (const ReadPath &P : readPaths(N)) {
    llvm::SmallVector<unsigned, 4> Loops{Loop};
    for (unsigned L : testedLoops(P))
      if (L != Loop)
        Loops.push_back(L);
    std::optional<int64_t> Lane;
    bool One = true;
    bool Tried = forEachPoint(S, Loops, P, [&](llvm::ArrayRef<int64_t> At, PathAt Taken) {
      if (Taken == PathAt::NotTaken)
        return true;
      One = !Lane || *Lane == At[0];
      Lane = At[0];
      return One;
    });
    if (!Tried || !One)
      Lane = std::nullopt;
    auto [It, New] = Pin.insert({{P.Statement, P.Read}, Lane});
    if (!New && It->second != Lane)
      It->second = std::nullopt;
  }
  return Pin;
}

// vectorize keeps every lane of a URE array for as many steps as its oldest
// read goes back. Reads of older steps that want one lane (the reads a
// condition such as 'kkk == 0' pins to lane 'kkk + KKK - 1') get a register
// of that lane alone, so the array's lanes are kept only as long as its
// other reads need them.
void splitLaneRegisters(Design &D, unsigned N, const NestPlan &P) {
  const VectorPlan &Vec = *P.Vector;
  const URESystem &S = P.Sch.System;
  const URELoop &Loop = S.Loops[Vec.Loop];
  std::map<std::pair<unsigned, unsigned>, std::optional<int64_t>> Pins =
      lanePins(S, D.Nests[N], Vec.Loop);
  for (unsigned A = 0; A < S.Arrays.size(); ++A) {
    auto Full = llvm::find_if(D.Registers, [&](const Design::Register &R) {
      return R.Nest == N && R.Lane < 0 && R.Array == S.Arrays[A].Name;
    });
    if (Full == D.Registers.end())
      continue;
    // The lane (as the loop's value) each read of A wants, where one.
    llvm::SmallVector<std::pair<unsigned, std::optional<int64_t>>, 8> Reads;
    int64_t AllLanes = 1; // words the reads of every lane need
    for (unsigned R = 0; R < P.Sch.Reads.size(); ++R) {
      const ScheduledRead &SR = P.Sch.Reads[R];
      const URERead &Rd = S.Statements[SR.Statement].Reads[SR.Read];
      if (Rd.Array != A)
        continue;
      std::optional<int64_t> Lane;
      auto It = Pins.find({SR.Statement, SR.Read});
      if (!Rd.NamesNoIteration && It != Pins.end() && It->second) {
        int64_t L = *It->second - Rd.Distance[Vec.Loop];
        if (L >= Loop.Lower && L < Loop.Upper)
          Lane = L;
      }
      Reads.push_back({R, Lane});
      if (!Lane)
        AllLanes = std::max(AllLanes, Vec.TimeDistance[R] + 1);
    }
    std::map<int64_t, Design::Register> ByLane;
    for (auto [R, Lane] : Reads) {
      if (!Lane || Vec.TimeDistance[R] < AllLanes)
        continue;
      Design::Register &L = ByLane[*Lane];
      L.Array = Full->Array;
      L.Nest = N;
      L.Element = Full->Element;
      L.PEExtents = Full->PEExtents;
      L.Lane = *Lane;
      L.LaneLoop = Loop.Name;
      L.Words = std::max(L.Words, Vec.TimeDistance[R] + 1);
      L.Reads.push_back({P.Sch.Reads[R].Statement, P.Sch.Reads[R].Read});
    }
    if (ByLane.empty())
      continue;
    Full->Words = AllLanes;
    for (auto &[Lane, Reg] : ByLane)
      D.Registers.push_back(std::move(Reg));
  }
}

} // namespace

void vectorizeChannels(Design &D, NestPlans Plans) {
  for (Design::Register &Reg : D.Registers) {
    const NestPlan &P = *Plans[Reg.Nest];
    if (!P.Vector || P.Vector->Space)
      continue;
    const VectorPlan &Vec = *P.Vector;
    for (const RegisterPlan &RP : P.Sch.Registers)
      if (P.Sch.System.Arrays[RP.Array].Name == Reg.Array) {
        Reg.Words = Vec.Words[RP.Array];
        Reg.Lanes = Vec.Lanes + Vec.LanePad[RP.Array];
        Reg.Minimized = false;
      }
  }
  for (unsigned N = 0; N < D.Nests.size(); ++N)
    if (Plans[N]->Vector && !Plans[N]->Vector->Space)
      splitLaneRegisters(D, N, *Plans[N]);
  for (Design::Channel &X : D.Channels) {
    const ChannelPlan *C = planOf(X, Plans);
    const NestPlan &P = *Plans[X.Nest];
    if (!C || !P.Vector)
      continue;
    const URESystem &S = P.Sch.System;
    const VectorPlan &Vec = *P.Vector;
    X.Element = C->ElementType;
    if (C->PEVector) {
      // One vector for the PEs along the loop: the channel loses its dimension.
      const std::string &Along = S.Loops[Vec.Loop].Name;
      for (unsigned I = 0; I < X.Along.size(); ++I)
        if (X.Along[I] == Along) {
          X.Used /= uint64_t(X.Extents[I]);
          X.Extents.erase(X.Extents.begin() + I);
          X.Along.erase(X.Along.begin() + I);
          break;
        }
      X.Lanes = {LaneMode::PEVector, Along, Vec.Lanes, 0};
    } else if (!Vec.Space) {
      const std::string &K = S.Loops[Vec.Loop].Name;
      switch (C->Lanes.Kind) {
      case LaneAccess::Vector:
        X.Lanes = {LaneMode::Vector, K, Vec.Lanes, 0};
        break;
      case LaneAccess::Pinned:
        X.Lanes = {LaneMode::Pinned, K, 1, C->Lanes.Lane};
        break;
      case LaneAccess::Serial:
        X.Lanes = {LaneMode::Serial, K, 1, 0};
        break;
      }
    }
  }
}

} // namespace t2s
